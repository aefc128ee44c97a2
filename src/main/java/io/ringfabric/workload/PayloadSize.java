package io.ringfabric.workload;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.model.Core;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * The payload size of each PUT of a put-stream ({@code size}): one size, or a distribution drawn
 * from the process's own random stream, one draw per PUT after the target's draws.
 *
 * <p>In a scenario: {@code size = 64} (or {@code 1KiB}), {@code size { kind = uniform, min = 64,
 * max = 512 }}, {@code size { kind = bimodal, small = 64, large = 4KiB, large-fraction = 0.1 }},
 * {@code size { kind = list, values = [64, 128, 1KiB] }}. Every size is 0..{@link
 * Core#BUFFER_BYTES} bytes.
 */
public sealed interface PayloadSize extends Serializable {

  /** The size of one PUT's payload in bytes. */
  int draw(RandomGenerator random);

  /** The largest size {@link #draw} can return. */
  int largest();

  /** The same size for every PUT; no draw. */
  static PayloadSize fixed(int bytes) {
    return new Fixed(bytes);
  }

  /** Always {@code bytes}; no draw. */
  record Fixed(int bytes) implements PayloadSize {
    @Override
    public int draw(RandomGenerator random) {
      return bytes;
    }

    @Override
    public int largest() {
      return bytes;
    }
  }

  /** Every size from {@code min} to {@code max}, both included, equally likely: {@code min + nextInt(max - min + 1)}. */
  record Uniform(int min, int max) implements PayloadSize {
    public Uniform {
      if (min < 0 || min > max) {
        throw new IllegalArgumentException("need 0 <= min <= max, not " + min + ", " + max);
      }
    }

    @Override
    public int draw(RandomGenerator random) {
      return min + random.nextInt(max - min + 1);
    }

    @Override
    public int largest() {
      return max;
    }
  }

  /** {@code large} with probability {@code largeFraction}, else {@code small}: one {@code nextDouble()}. */
  record Bimodal(int small, int large, double largeFraction) implements PayloadSize {
    @Override
    public int draw(RandomGenerator random) {
      return random.nextDouble() < largeFraction ? large : small;
    }

    @Override
    public int largest() {
      return Math.max(small, large);
    }
  }

  /**
   * One of {@code values}, each entry equally likely ({@code nextInt(values.size())}); a value
   * listed twice is twice as likely.
   */
  record Listed(List<Integer> values) implements PayloadSize {
    public Listed {
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("no sizes");
      }
    }

    @Override
    public int draw(RandomGenerator random) {
      return values.get(random.nextInt(values.size()));
    }

    @Override
    public int largest() {
      return values.stream().mapToInt(Integer::intValue).max().orElse(0);
    }
  }

  /**
   * Reads {@code key} of a put-stream: a size, or a block with {@code kind} uniform, bimodal or
   * list. Problems go to the reader and name the exact path.
   */
  static PayloadSize parse(ConfigReader r, String key) {
    ConfigValue v = r.has(key) ? r.config().getValue(key) : null;
    if (v == null || v.valueType() != ConfigValueType.OBJECT) {
      if (v != null && v.valueType() == ConfigValueType.LIST) {
        r.problem(key, "must be a size such as 64 or 1KiB, or a block such as"
            + " { kind = uniform, min = 64, max = 512 }, not a list (a list of sizes is written { kind = list, values = [64, 128] })");
        return fixed(0);
      }
      return fixed((int) r.bytes(key, 0, Core.BUFFER_BYTES));
    }
    ConfigReader block = r.child(key);
    int mark = block.problems().count();
    String kind = block.oneOf("kind", "uniform", "bimodal", "list");
    if (block.problems().count() != mark) {
      return fixed(0); // the other keys depend on the kind
    }
    keysOf(block, kind);
    switch (kind) {
      case "uniform": {
        int min = (int) block.bytes("min", 0, Core.BUFFER_BYTES);
        int max = (int) block.bytes("max", 0, Core.BUFFER_BYTES);
        if (block.problems().count() == mark && min > max) {
          block.problem("max", "must be at least min (" + min + " bytes), not " + max + " bytes");
          max = min;
        }
        return new Uniform(min, Math.max(min, max));
      }
      case "bimodal": {
        int small = (int) block.bytes("small", 0, Core.BUFFER_BYTES);
        int large = (int) block.bytes("large", 0, Core.BUFFER_BYTES);
        double fraction = block.doubleValue("large-fraction", 0, 1);
        return new Bimodal(small, large, fraction);
      }
      case "list":
      default: {
        List<Integer> values = sizes(block, "values");
        return values == null ? fixed(0) : new Listed(values);
      }
    }
  }

  /**
   * Checks the keys of a size block of {@code kind}: a key of another kind is named as such, any
   * other unknown key gets the closest known one.
   */
  private static void keysOf(ConfigReader block, String kind) {
    Map<String, List<String>> keys = Map.of(
        "uniform", List.of("min", "max"),
        "bimodal", List.of("small", "large", "large-fraction"),
        "list", List.of("values"));
    Set<String> all = new TreeSet<>(Set.of("kind"));
    keys.values().forEach(all::addAll);
    block.allowOnly(all);
    for (String key : new TreeSet<>(block.config().root().keySet())) {
      if (!all.contains(key) || key.equals("kind") || keys.get(kind).contains(key)) {
        continue;
      }
      String owner = keys.entrySet().stream().filter(e -> e.getValue().contains(key))
          .map(Map.Entry::getKey).findFirst().orElse("?");
      block.problem(key, "is a key of kind = " + owner + ", not of kind = " + kind + " (its keys: "
          + String.join(", ", keys.get(kind)) + ")");
    }
  }

  /** A non-empty list of sizes at {@code key}, or null after a problem. */
  private static List<Integer> sizes(ConfigReader block, String key) {
    ConfigList list = block.list(key, "64, 128, 1KiB");
    if (list == null) {
      return null;
    }
    if (list.isEmpty()) {
      block.problem(key, "must hold at least one size, such as [64, 128, 1KiB]");
      return null;
    }
    List<Integer> values = new ArrayList<>();
    for (ConfigValue element : list) {
      Long n = size(element);
      if (n == null || n < 0 || n > Core.BUFFER_BYTES) {
        block.problem(key, "must be a list of sizes between 0 and " + Core.BUFFER_BYTES
            + " bytes such as [64, 128, 1KiB], but it holds " + shown(element));
        return null;
      }
      values.add(n.intValue());
    }
    return values;
  }

  /** A size in bytes written as a whole number or a string such as 1KiB, or null. */
  private static Long size(ConfigValue element) {
    Object u = element.unwrapped();
    if (element.valueType() == ConfigValueType.NUMBER) {
      return u instanceof Integer || u instanceof Long ? ((Number) u).longValue() : null;
    }
    if (element.valueType() == ConfigValueType.STRING) {
      try {
        return ConfigFactory.empty().withValue("v", element).getBytes("v");
      } catch (ConfigException e) {
        return null;
      }
    }
    return null;
  }

  private static String shown(ConfigValue v) {
    switch (v.valueType()) {
      case STRING:
        return "'" + v.unwrapped() + "'";
      case LIST:
        return "a list";
      case OBJECT:
        return "a block { ... }";
      default:
        return String.valueOf(v.unwrapped());
    }
  }
}
