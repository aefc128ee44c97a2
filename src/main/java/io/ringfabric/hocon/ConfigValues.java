package io.ringfabric.hocon;

import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.math.BigDecimal;

/** What a value of a scenario holds, and how a message shows it and its path. */
public final class ConfigValues {
  private ConfigValues() {}

  /** How a value reads in a message: {@code 'big'}, {@code 12}, {@code a list}. */
  public static String show(ConfigValue v) {
    switch (v.valueType()) {
      case STRING:
        return "'" + v.unwrapped() + "'";
      case LIST:
        return "a list " + v.render(ConfigRenderOptions.concise());
      case OBJECT:
        return "a block { ... }";
      default:
        return String.valueOf(v.unwrapped());
    }
  }

  /**
   * A hint for a list turned into a block by a path such as {@code processes.1.ops}: HOCON reads
   * {@code 1} as a key, not as an index, a natural thing to try with {@code --set}.
   */
  static String indexHint(ConfigValue v) {
    if (!(v instanceof ConfigObject o) || o.isEmpty()
        || !o.keySet().stream().allMatch(k -> k.chars().allMatch(Character::isDigit))) {
      return "";
    }
    return " (a path cannot pick one entry of a list, as in processes.1.ops: write the whole"
        + " list, or set the value for every entry in ringfabric.defaults)";
  }

  /** A whole number from a number or a numeric string; null if it is anything else. */
  static Long wholeNumber(ConfigValue v) {
    BigDecimal d = decimal(v);
    if (d == null) {
      return null;
    }
    try {
      return d.longValueExact();
    } catch (ArithmeticException e) {
      return null; // a fraction, or beyond a long
    }
  }

  static Double number(ConfigValue v) {
    BigDecimal d = decimal(v);
    return d == null ? null : d.doubleValue();
  }

  private static BigDecimal decimal(ConfigValue v) {
    Object u = v.unwrapped();
    try {
      if (v.valueType() == ConfigValueType.NUMBER) {
        return new BigDecimal(u.toString());
      }
      if (v.valueType() == ConfigValueType.STRING) {
        return new BigDecimal(((String) u).trim());
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return null;
  }

  /** A key as it would be written in a path: {@code "a.b"} for a key containing a dot. */
  public static String quoteIfNeeded(String key) {
    return ConfigUtil.joinPath(key);
  }
}
