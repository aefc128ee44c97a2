package io.ringfabric.cli;

import java.math.BigDecimal;
import java.util.Locale;

/** Simulated times as the command line takes them: {@code 20us}, {@code 1500ns}, or picoseconds. */
final class Times {
  private Times() {}

  /** Picoseconds of {@code text}; a bad value is bad input naming {@code option}. */
  static long parsePs(String option, String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    String[][] units = {{"ps", "1"}, {"ns", "1000"}, {"us", "1000000"}, {"ms", "1000000000"},
        {"s", "1000000000000"}};
    String number = s;
    BigDecimal scale = BigDecimal.ONE;
    for (String[] u : units) {
      if (s.endsWith(u[0]) && !(u[0].equals("s") && (s.endsWith("ps") || s.endsWith("ns")
          || s.endsWith("us") || s.endsWith("ms")))) {
        number = s.substring(0, s.length() - u[0].length()).strip();
        scale = new BigDecimal(u[1]);
        break;
      }
    }
    try {
      BigDecimal ps = new BigDecimal(number).multiply(scale);
      if (ps.signum() < 0) {
        throw new BadInput(option + ": a time cannot be negative: '" + text + "'");
      }
      return ps.setScale(0, java.math.RoundingMode.CEILING).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new BadInput(option + ": '" + text + "' is not a time; write e.g. 20us, 1500ns, 2ms"
          + " or a number of picoseconds");
    }
  }

  /** A wall-clock duration such as {@code 90s}, {@code 5m} or {@code 2 minutes} (HOCON's form). */
  static java.time.Duration wallClock(String option, String text) {
    try {
      return com.typesafe.config.ConfigFactory.parseMap(java.util.Map.of("t", text)).getDuration("t");
    } catch (com.typesafe.config.ConfigException e) {
      throw new BadInput(option + ": '" + text + "' is not a duration; write e.g. 90s or 5m");
    }
  }

  /** {@code --join-timeout} of the cluster commands: a wall-clock duration of at least a second. */
  static java.time.Duration joinTimeout(String text) {
    java.time.Duration d = wallClock("--join-timeout", text);
    if (d.toSeconds() < 1) {
      throw new BadInput("--join-timeout must be at least 1s, not " + text);
    }
    return d;
  }
}
