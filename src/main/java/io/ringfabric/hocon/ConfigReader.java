package io.ringfabric.hocon;

import static io.ringfabric.hocon.ConfigValues.indexHint;
import static io.ringfabric.hocon.ConfigValues.number;
import static io.ringfabric.hocon.ConfigValues.quoteIfNeeded;
import static io.ringfabric.hocon.ConfigValues.show;
import static io.ringfabric.hocon.ConfigValues.wholeNumber;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.SimTime;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Typed, checked access to one block of a scenario. Every getter records a problem (naming the
 * full path and the file and line) instead of throwing, and returns a harmless fallback so that
 * validation can go on and report every problem at once.
 *
 * <p>Units: durations are read by {@link SimTime#parseWithUnit}, exactly to the picosecond
 * (Typesafe's own {@code getDuration} stops at the nanosecond and would turn {@code 0.5ns} into
 * 0); they take Typesafe's unit names and need a unit unless they are 0. Sizes are read with Typesafe's {@code getBytes} (a plain number is
 * bytes). Rates need a unit: {@code bps} with a decimal prefix, or {@code B/s} (times 8).
 */
public final class ConfigReader {
  /** The highest node id: ids are 16 bits. */
  public static final int MAX_NODE_ID = 65535;

  private final Config config;
  private final String path;
  private final Problems problems;
  /** Where the block was written, for problems about a key the block lacks. */
  private final ConfigOrigin blockOrigin;
  /**
   * A stand-in for a block that was not an object: its problem is already recorded, so its keys
   * being missing is not news.
   */
  private final boolean quiet;

  /**
   * @param config the block to read (already merged with its defaults)
   * @param path the block's full path, e.g. {@code ringfabric.workload.processes[2]}
   */
  public ConfigReader(Config config, String path, Problems problems) {
    this(config, path, problems, null, false);
  }

  /**
   * @param blockOrigin where the user wrote the block (a merged block has no single origin of its
   *     own), used for problems about a key the block lacks
   */
  public ConfigReader(Config config, String path, Problems problems, ConfigOrigin blockOrigin) {
    this(config, path, problems, blockOrigin, false);
  }

  private ConfigReader(
      Config config, String path, Problems problems, ConfigOrigin blockOrigin, boolean quiet) {
    this.config = config;
    this.path = path;
    this.problems = problems;
    this.blockOrigin = blockOrigin;
    this.quiet = quiet;
  }

  public Config config() {
    return config;
  }

  public String path() {
    return path;
  }

  public Problems problems() {
    return problems;
  }

  /** Full path of a key in this block. */
  public String pathOf(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** Records a problem for {@code key} of this block. */
  public void problem(String key, String message) {
    ConfigValue value = raw(key);
    problems.add(value != null ? value.origin() : blockOrigin(), pathOf(key), message);
  }

  /**
   * Records one problem for each key of this block not in {@code allowed}, naming the closest
   * allowed key.
   */
  public void allowOnly(Set<String> allowed) {
    for (Map.Entry<String, ConfigValue> e : sortedEntries(config.root())) {
      if (!allowed.contains(e.getKey())) {
        problems.add(
            e.getValue().origin(),
            pathOf(quoteIfNeeded(e.getKey())),
            "unknown key" + Closest.suggestion(e.getKey(), new TreeSet<>(allowed)));
      }
    }
  }

  public boolean has(String key) {
    return config.hasPath(key);
  }

  /** A string (a number or boolean written bare counts as its text), or "" after a problem. */
  public String stringValue(String key) {
    ConfigValue v = value(key);
    if (v == null) {
      return "";
    }
    if (v.valueType() == ConfigValueType.OBJECT || v.valueType() == ConfigValueType.LIST) {
      problem(key, "must be a string, not " + show(v));
      return "";
    }
    return String.valueOf(v.unwrapped());
  }

  /** A duration (Typesafe Config units, e.g. {@code 200ns}) in picoseconds, within bounds. */
  public long durationPs(String key, long minPs, long maxPs) {
    ConfigValue v = value(key);
    if (v == null) {
      return minPs;
    }
    long ps;
    try {
      ps = SimTime.parseWithUnit(String.valueOf(v.unwrapped()));
    } catch (SimTime.BadTime e) {
      boolean past = e.outsideClock() && !e.text().strip().startsWith("-");
      // The clock's own limits are, for a key with bounds, just outside them; for a key bounded by
      // the clock alone, past it is past the clock, not below the lower bound.
      problem(key, past && (maxPs == Long.MAX_VALUE || maxPs == SimTime.CLOCK_END) ? pastTheClock(maxPs, show(v))
          : e.outsideClock() ? outOfRange(show(v), SimTime.compact(minPs), SimTime.compact(maxPs), minPs, maxPs)
          : e.reason() + ", not " + show(v));
      return minPs;
    }
    if (maxPs == SimTime.CLOCK_END && ps > maxPs) {
      problem(key, pastTheClock(maxPs, show(v)));
      return minPs;
    }
    return inRange(key, ps, minPs, maxPs, SimTime.compact(minPs), SimTime.compact(maxPs), show(v));
  }

  /**
   * A time past the model's clock: {@code clockPs} is the largest {@code long} of picoseconds, or
   * {@link SimTime#CLOCK_END}, the last moment an event may be due.
   */
  private static String pastTheClock(long clockPs, String shown) {
    double days = clockPs / 86_400e12;
    return "is beyond the model's clock of about " + (clockPs == SimTime.CLOCK_END
        ? String.format(Locale.ROOT, "%.1f", days) : String.valueOf((long) days)) + " days, not " + shown;
  }

  /** A size in bytes (e.g. {@code 4KiB} or {@code 64}), within bounds. */
  public long bytes(String key, long min, long max) {
    ConfigValue v = value(key);
    if (v == null) {
      return min;
    }
    Long n = null;
    if (v.valueType() == ConfigValueType.NUMBER) {
      n = wholeNumber(v);
    } else if (v.valueType() == ConfigValueType.STRING) {
      try {
        n = config.getBytes(key);
      } catch (com.typesafe.config.ConfigException e) {
        n = null; // Typesafe's message names an internal path; ours below names the real one
      }
    }
    if (n == null && v.valueType() == ConfigValueType.NUMBER && number(v) != null && number(v) > max) {
      problem(key, "is too large: at most " + byteCount(max) + ", not " + show(v)); // 1e30: a number, past a long
      return min;
    }
    if (n == null) {
      problem(key, "must be a size in bytes such as 256, 256B, 4KiB or 4kB, not " + show(v));
      return min;
    }
    return inRange(key, n, min, max, byteCount(min), byteCount(max), show(v));
  }

  /** A rate such as {@code 10Gbps} or {@code 12.8GB/s}, in bits per second, within bounds. */
  public long bitsPerSecond(String key, long min, long max) {
    ConfigValue v = value(key);
    if (v == null) {
      return min;
    }
    BigInteger bps = BitRates.bitsPerSecond(v);
    if (bps == null) {
      problem(key, "must be a rate such as 10Gbps, 2.5 Gbps, 100Mbps, 1e10bps, 5GB/s or 800MB/s "
          + "(bits: bps or b/s, Kbps, Mbps, Gbps, Tbps; bytes: B/s, KB/s, MB/s, GB/s, TB/s), not " + show(v));
      return min;
    }
    if (bps.bitLength() > 63) { // past a long: too large, not below the lower bound
      problem(key, bps.signum() > 0 ? "is too large: at most " + max + " bit/s, not " + show(v)
          : outOfRange(show(v), min + " bit/s", max + " bit/s", min, max));
      return min;
    }
    return inRange(key, bps.longValue(), min, max, min + " bit/s", max + " bit/s", show(v));
  }

  public int intValue(String key, int min, int max) {
    return (int) longValue(key, min, max);
  }

  public long longValue(String key, long min, long max) {
    ConfigValue v = value(key);
    if (v == null) {
      return min;
    }
    Long n = wholeNumber(v);
    if (n == null) {
      problem(key, "must be a whole number, not " + show(v));
      return min;
    }
    return inRange(key, n, min, max, String.valueOf(min), String.valueOf(max), show(v));
  }

  public double doubleValue(String key, double min, double max) {
    ConfigValue v = value(key);
    if (v == null) {
      return min;
    }
    Double d = number(v);
    if (d == null || d.isNaN() || d.isInfinite()) {
      problem(key, "must be a number, not " + show(v));
      return min;
    }
    if (d < min || d > max) {
      problem(key, "must be between " + min + " and " + max + ", not " + show(v));
      return min;
    }
    return d;
  }

  public boolean booleanValue(String key) {
    ConfigValue v = value(key);
    if (v == null) {
      return false;
    }
    try {
      return config.getBoolean(key);
    } catch (com.typesafe.config.ConfigException e) {
      problem(key, "must be true or false, not " + show(v));
      return false;
    }
  }

  /** A string that must be one of {@code allowed}; a problem names the allowed values. */
  public String oneOf(String key, String... allowed) {
    ConfigValue v = value(key);
    if (v == null) {
      return allowed[0];
    }
    List<String> options = List.of(allowed);
    boolean scalar =
        v.valueType() != ConfigValueType.OBJECT && v.valueType() != ConfigValueType.LIST;
    String text = scalar ? String.valueOf(v.unwrapped()) : null;
    if (text != null && options.contains(text)) {
      return text;
    }
    String hint = text == null ? "" : " (closest: '" + Closest.nearest(text, options) + "')";
    problem(key, "must be one of " + String.join(", ", options) + ", not " + show(v) + hint);
    return allowed[0];
  }

  /**
   * {@code all} or a list of node ids; ids are checked against {@code nodes}. With {@code nodes}
   * 0 or less (the node count is unknown because the topology is invalid) ids are only checked
   * against the 16-bit id range. The set returned holds every listed id in 0..65535, so that
   * callers counting a list's entries see what the user wrote.
   */
  public NodeSet nodeSet(String key, int nodes) {
    ConfigValue v = value(key);
    if (v == null) {
      return NodeSet.all();
    }
    if (v.valueType() == ConfigValueType.STRING && "all".equals(v.unwrapped())) {
      return NodeSet.all();
    }
    if (v.valueType() != ConfigValueType.LIST) {
      problem(key, "must be all or a list of node ids such as [0, 3], not " + show(v));
      return NodeSet.of();
    }
    List<Integer> ids = new ArrayList<>();
    List<Long> missing = new ArrayList<>();
    for (ConfigValue element : (ConfigList) v) {
      Long id = wholeNumber(element);
      if (id == null) {
        problem(key, "must be all or a list of node ids such as [0, 3], but it holds " + show(element));
        return NodeSet.of();
      }
      boolean isId = id >= 0 && id <= MAX_NODE_ID;
      if (isId) {
        ids.add(id.intValue());
      }
      if (!isId || (nodes > 0 && id >= nodes)) {
        missing.add(id);
      }
    }
    if (!missing.isEmpty()) {
      problem(key, doNotExist(missing, nodes));
    }
    return NodeSet.of(ids.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * A node written as {@code self} or an id. Returns -1 for {@code self}. The id is not checked
   * against the node count: an id that does not exist is a legal target (NO_SUCH_NODE).
   */
  public int nodeOrSelf(String key) {
    ConfigValue v = value(key);
    if (v == null) {
      return -1;
    }
    if (v.valueType() == ConfigValueType.STRING && "self".equals(v.unwrapped())) {
      return -1;
    }
    Long id = wholeNumber(v);
    if (id == null) {
      problem(key, "must be self or a node id such as 3, not " + show(v));
      return -1;
    }
    return (int) inRange(key, id, 0, MAX_NODE_ID, "0", String.valueOf(MAX_NODE_ID), show(v));
  }

  /** The sub-block at {@code key}, or an empty block (with a problem) if it is not an object. */
  public ConfigReader child(String key) {
    ConfigValue v = raw(key);
    if (v == null) {
      if (!quiet) {
        problem(key, "missing");
      }
      return new ConfigReader(ConfigFactory.empty(), pathOf(key), problems, blockOrigin(), true);
    }
    if (v.valueType() != ConfigValueType.OBJECT) {
      // Worded as ScenarioLoader's key check words it, so the two reports collapse into one.
      problem(key, "must be a block { ... }, not " + show(v));
      return new ConfigReader(ConfigFactory.empty(), pathOf(key), problems, v.origin(), true);
    }
    return new ConfigReader(((ConfigObject) v).toConfig(), pathOf(key), problems, v.origin(), quiet);
  }

  /**
   * The list at {@code key}, or null (with a problem) if it is not one.
   *
   * @param example how an entry is written, for the message
   */
  public ConfigList list(String key, String example) {
    ConfigValue v = value(key);
    if (v == null) {
      return null;
    }
    if (v.valueType() != ConfigValueType.LIST) {
      problem(key, "must be a list such as [ " + example + " ], not " + show(v) + indexHint(v));
      return null;
    }
    return (ConfigList) v;
  }

  /**
   * A list of whole numbers, each within bounds, or null after a problem.
   *
   * @param example a valid value, for the message
   */
  public List<Integer> intList(String key, int min, int max, String example) {
    ConfigList list = list(key, example.replaceAll("^\\[\\s*|\\s*\\]$", ""));
    if (list == null) {
      return null;
    }
    List<Integer> values = new ArrayList<>();
    for (ConfigValue element : list) {
      Long n = wholeNumber(element);
      if (n == null || n < min || n > max) {
        problem(key, "must be a list of whole numbers between " + min + " and " + max + " such as "
            + example + ", but it holds " + show(element));
        return null;
      }
      values.add(n.intValue());
    }
    return values;
  }

  /** Where the value at {@code key} was written, or null if it is absent. */
  public ConfigOrigin origin(String key) {
    ConfigValue v = raw(key);
    return v == null ? null : v.origin();
  }

  /**
   * Whether the value at {@code key} comes from a library's reference.conf rather than from the
   * user, so a message about it can point at what the user wrote instead.
   */
  public boolean isDefault(String key) {
    ConfigOrigin o = origin(key);
    return o != null && o.resource() != null;
  }

  private static String byteCount(long n) {
    return n == 1 ? "1 byte" : n + " bytes";
  }

  /** {@code "node 20 does not exist (nodes are 0..15)"} and its plural. */
  static String doNotExist(List<Long> ids, int nodes) {
    String list = ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    String range = nodes > 0
        ? (nodes == 1 ? "the only node is 0" : "nodes are 0.." + (nodes - 1))
        : "node ids are 0.." + MAX_NODE_ID;
    return ids.size() == 1
        ? "node " + list + " does not exist (" + range + ")"
        : "nodes " + list + " do not exist (" + range + ")";
  }

  // ---------------------------------------------------------------------------------------------

  /** The value at {@code key}, or null after recording that it is missing or null. */
  private ConfigValue value(String key) {
    ConfigValue v = raw(key);
    if (v == null || v.valueType() == ConfigValueType.NULL) {
      if (!quiet) {
        problem(key, v == null ? "missing" : "is null; it needs a value");
      }
      return null;
    }
    return v;
  }

  /** The value at {@code key} including a null, without throwing; null when absent. */
  private ConfigValue raw(String key) {
    ConfigValue current = config.root();
    List<String> parts;
    try {
      parts = ConfigUtil.splitPath(key);
    } catch (com.typesafe.config.ConfigException e) {
      // Not a path expression (a key with odd characters, as allowOnly meets them): a plain key.
      parts = List.of(key);
    }
    for (String part : parts) {
      if (!(current instanceof ConfigObject)) {
        return null;
      }
      current = ((ConfigObject) current).get(part);
    }
    return current;
  }

  private ConfigOrigin blockOrigin() {
    if (blockOrigin != null) {
      return blockOrigin;
    }
    return config.root().origin();
  }

  private long inRange(String key, long n, long min, long max, String minText, String maxText,
      String shown) {
    if (n > max && (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) && n >= min) {
      // a bound that is only the field's width: name the largest value it holds
      problem(key, "is too large: at most " + maxText + ", not " + shown);
      return min;
    }
    if (n < min || n > max) {
      problem(key, outOfRange(shown, minText, maxText, min, max));
      return min;
    }
    return n;
  }

  private static String outOfRange(String shown, String minText, String maxText, long min, long max) {
    String bound;
    if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE || max == SimTime.CLOCK_END) {
      bound = min == 1 ? "must be greater than 0" : "must be at least " + minText;
    } else {
      bound = "must be between " + minText + " and " + maxText;
    }
    return bound + ", not " + shown;
  }

  private static List<Map.Entry<String, ConfigValue>> sortedEntries(ConfigObject o) {
    List<Map.Entry<String, ConfigValue>> entries = new ArrayList<>(o.entrySet());
    entries.sort(Map.Entry.comparingByKey());
    return entries;
  }
}
