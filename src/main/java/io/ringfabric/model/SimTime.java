package io.ringfabric.model;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Simulated time, a {@code long} count of picoseconds, as people write and read it: the one
 * parser for scenarios, the command line and trace queries, and the formats that reports, traces,
 * messages and exports print it in.
 *
 * <p>Parsing: a decimal number (sign, fraction and exponent allowed), optional spaces, and a unit:
 * {@code ps}, {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code m}, {@code h},
 * {@code d} or Typesafe Config's long names ({@code nanoseconds}, {@code minute}, ...), in any
 * case. Nothing is rounded: a value finer than a picosecond is refused, as are a negative one and
 * one beyond the clock's {@code long}. What a number without a unit means depends on where it is
 * written, so there are two entry points: {@link #parse} takes it as picoseconds (the command line
 * and trace queries), {@link #parseWithUnit} refuses it unless it is 0 (a scenario, where Typesafe
 * Config would read a plain number as milliseconds, a trap in a model of nanosecond latencies).
 */
public final class SimTime {
  /** The units an error message names; the long names, {@code ps} and {@code µs} work as well. */
  public static final String UNITS = "ns, us, ms, s, m, h, d";

  /** Picoseconds in a nanosecond: results are given in nanoseconds of the model's picoseconds. */
  public static final long PS_PER_NS = 1_000L;
  private static final long PS_PER_US = 1_000_000L;
  private static final long PS_PER_MS = 1_000_000_000L;
  private static final long PS_PER_S = 1_000_000_000_000L;

  private static final Pattern QUANTITY = Pattern.compile(
      "\\s*([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\\s*(\\S*?)\\s*");

  private static final Map<String, Long> PS_PER_UNIT = units();

  private SimTime() {}

  /** Why a text is not a simulated time; {@link #reason()} reads after the place it came from. */
  public static final class BadTime extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String text;
    private final String reason;
    private final boolean outsideClock;

    BadTime(String text, String reason, boolean outsideClock) {
      super(reason + ", not '" + text + "'");
      this.text = text;
      this.reason = reason;
      this.outsideClock = outsideClock;
    }

    /** The text as it was given. */
    public String text() {
      return text;
    }

    /** What is wrong, e.g. {@code "is finer than the model's time step of one picosecond (0.001ns)"}. */
    public String reason() {
      return reason;
    }

    /**
     * Whether the text is a well-written time that is negative or beyond the clock, so a caller
     * with bounds of its own can say it is out of them.
     */
    public boolean outsideClock() {
      return outsideClock;
    }
  }

  /** Picoseconds of {@code text}; a number without a unit is picoseconds. */
  public static long parse(String text) {
    return parse(text, false);
  }

  /** Picoseconds of {@code text}, which needs a unit unless it is 0. */
  public static long parseWithUnit(String text) {
    return parse(text, true);
  }

  private static long parse(String text, boolean unitNeeded) {
    String given = text == null ? "" : text;
    Matcher m = QUANTITY.matcher(given);
    if (!m.matches()) {
      throw notATime(given);
    }
    BigDecimal number;
    try {
      number = new BigDecimal(m.group(1));
    } catch (NumberFormatException e) {
      throw notATime(given); // an exponent beyond an int
    }
    String unit = m.group(2);
    if (unit.isEmpty() && unitNeeded && number.signum() != 0) {
      throw new BadTime(given, "a duration needs a unit (" + UNITS + "), e.g. 20ns", false);
    }
    Long perUnit = unit.isEmpty() ? Long.valueOf(1) : PS_PER_UNIT.get(unit.toLowerCase(Locale.ROOT));
    if (perUnit == null) {
      throw notATime(given);
    }
    BigDecimal ps = number.multiply(BigDecimal.valueOf(perUnit));
    if (ps.signum() != 0 && ps.stripTrailingZeros().scale() > 0) {
      throw new BadTime(given, "is finer than the model's time step of one picosecond (0.001ns)", false);
    }
    if (ps.signum() < 0) {
      throw new BadTime(given, "must not be negative", true);
    }
    if (ps.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new BadTime(given, "is beyond the model's clock of " + compact(Long.MAX_VALUE), true);
    }
    return ps.longValueExact();
  }

  private static BadTime notATime(String text) {
    return new BadTime(text, "must be a duration such as 20ns, 1.5us or 2ms (units " + UNITS + ")", false);
  }

  // ---------------------------------------------------------------------------------------------
  // Limits

  /**
   * The last moment a model event may be due (about 26.7 days): a limit beyond it never comes.
   * Engines keep their own markers above it ({@code Agenda}'s empty queue is {@code Long.MAX_VALUE
   * / 2}) and add bounds to event times, so no event may lie near the end of a {@code long}.
   */
  public static final long CLOCK_END = Long.MAX_VALUE / 4;

  /**
   * {@code at + times x step} for {@code at, times, step >= 0}, or never ({@code Long.MAX_VALUE},
   * which the model posts no event for) where that lies beyond {@link #CLOCK_END}: a limit set
   * far off never wraps round into the past and comes at once, nor lands where engines keep
   * their markers.
   */
  public static long later(long at, long times, long step) {
    return times != 0 && step > (CLOCK_END - at) / times ? Long.MAX_VALUE : at + times * step;
  }

  /** {@code at + step}, saturated as {@link #later(long, long, long)}. */
  public static long later(long at, long step) {
    return later(at, 1, step);
  }

  // ---------------------------------------------------------------------------------------------
  // Formats

  /**
   * For messages and bounds: the largest unit that divides it exactly, {@code 20us},
   * {@code 0.5ns}, {@code 0ns}.
   */
  public static String compact(long ps) {
    if (ps == Long.MAX_VALUE) {
      return "about 106 days";
    }
    if (ps == 0) {
      return "0ns";
    }
    String[] names = {"s", "ms", "us", "ns"};
    long[] sizes = {PS_PER_S, PS_PER_MS, PS_PER_US, PS_PER_NS};
    for (int i = 0; i < names.length; i++) {
      if (ps % sizes[i] == 0) {
        return ps / sizes[i] + names[i];
      }
    }
    return nsExact(ps).stripTrailingZeros().toPlainString() + "ns";
  }

  /**
   * For a scenario's description: milliseconds, microseconds or nanoseconds, whichever divides
   * it exactly, with a space: {@code 20 us}, {@code 1.5 ns}.
   */
  public static String spaced(long ps) {
    if (ps % PS_PER_MS == 0 && ps != 0) {
      return ps / PS_PER_MS + " ms";
    }
    if (ps % PS_PER_US == 0 && ps != 0) {
      return ps / PS_PER_US + " us";
    }
    if (ps % PS_PER_NS == 0) {
      return ps / PS_PER_NS + " ns";
    }
    return ps / 1000.0 + " ns";
  }

  /** For trace tools' columns: nanoseconds, three decimals, thousands separators: {@code 1,388.500}. */
  public static String nsThreeDecimals(long ps) {
    String sign = ps < 0 ? "-" : "";
    long a = Math.abs(ps);
    return sign + String.format(Locale.ROOT, "%,d.%03d", a / PS_PER_NS, a % PS_PER_NS);
  }

  /** Exact nanoseconds, three decimals: {@code 1388.500}. */
  public static BigDecimal nsExact(long ps) {
    return BigDecimal.valueOf(ps, 3);
  }

  /** Exact microseconds without an exponent or trailing zeros, as Perfetto takes them: {@code 1.234567}. */
  public static String us(long ps) {
    if (ps < 0) {
      return "-" + us(-ps);
    }
    long whole = ps / PS_PER_US;
    long frac = ps % PS_PER_US;
    if (frac == 0) {
      return Long.toString(whole);
    }
    String f = String.format(Locale.ROOT, "%06d", frac);
    int end = f.length();
    while (f.charAt(end - 1) == '0') {
      end--;
    }
    return whole + "." + f.substring(0, end);
  }

  /** Picoseconds to nanoseconds, rounded to the picosecond so printing stays exact. */
  public static double toNs(double ps) {
    return Math.round(ps) / 1000.0;
  }

  /** For a report column: nanoseconds, one decimal, thousands separators: {@code 1,388.5}. */
  public static String nsOneDecimal(double ns) {
    return String.format(Locale.ROOT, "%,.1f", ns);
  }

  /**
   * For a report line: a time given in nanoseconds in the largest unit that keeps it readable,
   * {@code 20.000 us}, {@code 1.500000 ms}.
   */
  public static String scaled(double ns) {
    double a = Math.abs(ns);
    if (a >= 1e9) {
      return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }
    if (a >= 1e6) {
      return String.format(Locale.ROOT, "%.6f ms", ns / 1e6);
    }
    if (a >= 1e3) {
      return String.format(Locale.ROOT, "%.3f us", ns / 1e3);
    }
    return String.format(Locale.ROOT, "%.3f ns", ns);
  }

  // Typesafe Config's duration unit names, so that a scenario means what Typesafe's docs say.
  private static Map<String, Long> units() {
    Map<String, Long> units = new HashMap<>();
    addUnit(units, 1L, "ps", "picosecond", "picoseconds");
    addUnit(units, PS_PER_NS, "ns", "nano", "nanos", "nanosecond", "nanoseconds");
    addUnit(units, PS_PER_US, "us", "µs", "μs", "micro", "micros", "microsecond", "microseconds");
    addUnit(units, PS_PER_MS, "ms", "milli", "millis", "millisecond", "milliseconds");
    addUnit(units, PS_PER_S, "s", "second", "seconds");
    addUnit(units, 60 * PS_PER_S, "m", "minute", "minutes");
    addUnit(units, 3_600 * PS_PER_S, "h", "hour", "hours");
    addUnit(units, 86_400 * PS_PER_S, "d", "day", "days");
    return Map.copyOf(units);
  }

  private static void addUnit(Map<String, Long> units, long ps, String... names) {
    for (String name : names) {
      units.put(name, ps);
    }
  }
}
