package io.ringfabric.hocon;

import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rates as a scenario writes them: {@code bps} or {@code b/s} with a decimal prefix ({@code 10Gbps},
 * {@code 10 Gb/s} as the report writes it), or {@code B/s} (times 8); read exactly, then rounded once to a whole bit per second.
 */
final class BitRates {
  private static final Pattern QUANTITY = Pattern.compile(
      "\\s*([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\\s*(\\S*?)\\s*");

  private static final Pattern RATE_UNIT = Pattern.compile("([kKMGT]?)(bps|b/s|B/s)");

  private BitRates() {}

  /** Bits per second, rounded to the nearest whole one, or null if {@code v} is not a rate. */
  static BigInteger bitsPerSecond(ConfigValue v) {
    Matcher m = quantity(v);
    if (m == null) {
      return null;
    }
    Matcher u = RATE_UNIT.matcher(m.group(2));
    if (!u.matches()) {
      return null;
    }
    BigDecimal rate = new BigDecimal(m.group(1)).scaleByPowerOfTen(prefixPower(u.group(1)));
    if (u.group(2).equals("B/s")) {
      rate = rate.multiply(BigDecimal.valueOf(8));
    }
    return rate.setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
  }

  private static Matcher quantity(ConfigValue v) {
    if (v.valueType() != ConfigValueType.STRING && v.valueType() != ConfigValueType.NUMBER) {
      return null;
    }
    Matcher m = QUANTITY.matcher(v.unwrapped().toString());
    return m.matches() ? m : null;
  }

  private static int prefixPower(String prefix) {
    switch (prefix.toUpperCase(Locale.ROOT)) {
      case "K":
        return 3;
      case "M":
        return 6;
      case "G":
        return 9;
      case "T":
        return 12;
      default:
        return 0;
    }
  }
}
