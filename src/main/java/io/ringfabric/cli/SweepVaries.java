package io.ringfabric.cli;

import io.ringfabric.config.ScenarioLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * A sweep's {@code --vary} lists: parsed ({@code key=v1,v2,...}, values split at the commas outside
 * brackets and quotes), and their combinations numbered with the first key outermost.
 */
final class SweepVaries {
  private SweepVaries() {}

  /** One {@code --vary}: the key as written and its values, each HOCON text. */
  record Vary(String key, List<String> values) {}

  static long combinations(List<Vary> vary) {
    long n = 1;
    for (Vary v : vary) {
      n *= v.values().size();
    }
    return n;
  }

  /**
   * The values of key {@code k} that give the same runs as an earlier value of it, whatever the
   * other keys' values: each such value's index, mapped to the index of the first value it repeats.
   * {@code same} says whether combinations {@code i} and {@code j} give the same machine.
   */
  static Map<Integer, Integer> repeatedValues(List<Vary> vary, int k, BiPredicate<Integer, Integer> same) {
    int stride = 1;
    for (int later = vary.size() - 1; later > k; later--) {
      stride *= vary.get(later).values().size();
    }
    int size = vary.get(k).values().size();
    int all = (int) combinations(vary);
    Map<Integer, Integer> repeats = new TreeMap<>();
    for (int q = 1; q < size; q++) {
      for (int p = 0; p < q && !repeats.containsKey(q); p++) {
        boolean always = true;
        for (int base = 0; base < all && always; base++) {
          if ((base / stride) % size == 0) { // the other keys' values, with k at its first
            always = same.test(base + p * stride, base + q * stride);
          }
        }
        if (always) {
          repeats.put(q, p);
        }
      }
    }
    return repeats;
  }

  /**
   * A problem line of the loader, which names every override {@code --set key=value}, naming a
   * varied value {@code --vary key=value} instead.
   */
  static String asVary(String line, List<String> varied) {
    for (String v : varied) {
      String set = "--set " + v + ":";
      if (line.startsWith(set)) {
        return "--vary " + line.substring("--set ".length());
      }
    }
    return line;
  }

  /** The values of combination {@code index}: the last key varies fastest. */
  static List<String> combination(List<Vary> vary, long index) {
    String[] values = new String[vary.size()];
    long rest = index;
    for (int k = vary.size() - 1; k >= 0; k--) {
      List<String> vs = vary.get(k).values();
      values[k] = vs.get((int) (rest % vs.size()));
      rest /= vs.size();
    }
    return List.of(values);
  }

  static String describe(List<String> keys, List<String> values, String separator) {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      parts.add(keys.get(k) + "=" + values.get(k));
    }
    return String.join(separator, parts);
  }

  /** Parses every {@code --vary}; bad syntax or a key varied twice is bad input. */
  static List<Vary> parseVaries(List<String> varies) {
    List<Vary> out = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    for (String v : varies) {
      int eq = v.indexOf('=');
      String key = eq < 0 ? "" : v.substring(0, eq).trim();
      if (key.isEmpty()) {
        throw new BadInput("--vary needs key=v1,v2,..., got '" + v + "'");
      }
      List<String> values = splitValues(v.substring(eq + 1), v);
      String normal = key.startsWith(ScenarioLoader.ROOT + ".") ? key.substring(ScenarioLoader.ROOT.length() + 1) : key;
      String before = seen.putIfAbsent(normal, key);
      if (before != null) {
        throw new BadInput("--vary " + key + " is given twice; list all its values in one --vary");
      }
      out.add(new Vary(key, values));
    }
    return out;
  }

  /**
   * Splits a value list at the commas that are not inside brackets, braces, parentheses or double
   * quotes ({@code [4,4],[8,8]} is two values); each value trimmed. An empty value or unbalanced
   * brackets or quotes are bad input.
   */
  static List<String> splitValues(String list, String whole) {
    List<String> values = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int depth = 0;
    boolean quoted = false;
    for (int i = 0; i < list.length(); i++) {
      char ch = list.charAt(i);
      if (quoted) {
        cur.append(ch);
        if (ch == '\\' && i + 1 < list.length()) {
          cur.append(list.charAt(++i));
        } else if (ch == '"') {
          quoted = false;
        }
        continue;
      }
      switch (ch) {
        case '"' -> quoted = true;
        case '[', '{', '(' -> depth++;
        case ']', '}', ')' -> {
          if (--depth < 0) {
            throw new BadInput("--vary " + whole + ": '" + ch + "' without its opening bracket");
          }
        }
        case ',' -> {
          if (depth == 0) {
            values.add(value(cur, whole));
            cur.setLength(0);
            continue;
          }
        }
        default -> { }
      }
      cur.append(ch);
    }
    if (quoted) {
      throw new BadInput("--vary " + whole + ": a double quote is not closed");
    }
    if (depth > 0) {
      throw new BadInput("--vary " + whole + ": a bracket or brace is not closed");
    }
    values.add(value(cur, whole));
    return values;
  }

  private static String value(StringBuilder cur, String whole) {
    String v = cur.toString().trim();
    if (v.isEmpty()) {
      throw new BadInput("--vary " + whole + ": empty value; give key=v1,v2,... with a value between"
          + " every two commas");
    }
    return v;
  }
}
