package io.ringfabric.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One axis of a plot: its title, the range of data values it spans, whether it is logarithmic,
 * and its ticks. Ticks fall on round values (1, 2 or 5 times a power of ten), so two runs whose
 * numbers are close get the same axes.
 */
record Axis(String title, double min, double max, boolean log, List<Tick> ticks) {
  /** A tick at a data value, and what is written there. */
  record Tick(double value, String label) {}

  private static final int TICKS = 5;

  /** Where {@code v} falls between {@code from} (at {@link #min}) and {@code to} (at {@link #max}). */
  double at(double v, double from, double to) {
    double lo = log ? Math.log10(min) : min;
    double hi = log ? Math.log10(max) : max;
    double x = log ? Math.log10(v) : v;
    return hi == lo ? (from + to) / 2 : from + (x - lo) / (hi - lo) * (to - from);
  }

  /** Whether a value can be placed on this axis (a log axis has no place for 0 or less). */
  boolean holds(double v) {
    return !Double.isNaN(v) && !Double.isInfinite(v) && (!log || v > 0);
  }

  /** From 0 (or {@code lo} when it is below 0) to a round value at or above {@code hi}. */
  static Axis linear(String title, double lo, double hi) {
    return scaled(title, Math.min(0, lo), hi, 1);
  }

  /**
   * Simulated time in nanoseconds, from 0 to {@code hiNs}, written in the unit that suits the span
   * (ns, us, ms or s), which the title names.
   */
  static Axis time(String title, double hiNs) {
    String[] units = {"s", "ms", "us", "ns"};
    double[] sizes = {1e9, 1e6, 1e3, 1};
    int u = 0;
    while (u < units.length - 1 && hiNs < sizes[u]) {
      u++;
    }
    return scaled(title + " (" + units[u] + ")", 0, hiNs, sizes[u]);
  }

  /** Linear ticks computed on values divided by {@code unit}, labelled in that unit. */
  private static Axis scaled(String title, double lo, double hi, double unit) {
    double span = hi - lo > 0 ? (hi - lo) / unit : 1;
    double step = roundUp(span / TICKS);
    double first = Math.floor(lo / unit / step) * step;
    double last = Math.ceil(hi / unit / step) * step;
    if (last <= first) {
      last = first + step;
    }
    double reach = Math.max(Math.abs(first), Math.abs(last));
    List<Tick> ticks = new ArrayList<>();
    for (int i = 0; first + i * step <= last + step / 2; i++) {
      double v = first + i * step;
      ticks.add(new Tick(v * unit, label(v, step, reach)));
    }
    return new Axis(title, first * unit, last * unit, false, ticks);
  }

  /** Logarithmic, from the power of ten at or below {@code lo} to the one at or above {@code hi}. */
  static Axis log(String title, double lo, double hi) {
    int from = (int) Math.floor(Math.log10(lo));
    int to = Math.max(from + 1, (int) Math.ceil(Math.log10(hi)));
    List<Tick> ticks = new ArrayList<>();
    int[] steps = to - from <= 2 ? new int[] {1, 2, 5} : new int[] {1};
    for (int e = from; e <= to; e++) {
      for (int m : steps) {
        double v = m * Math.pow(10, e);
        if (e < to || m == 1) {
          ticks.add(new Tick(v, label(v, v, v)));
        }
      }
    }
    return new Axis(title, Math.pow(10, from), Math.pow(10, to), true, ticks);
  }

  /**
   * Percentiles as HdrHistogram plots them: a value {@code n} stands for the percentile with n
   * nines, 1 - 10^-n (0 for 0%, 1 for 90%, 2 for 99%), so each decade of the tail gets the same
   * room; from 0 to {@code nines}.
   */
  static Axis nines(String title, int nines) {
    List<Tick> ticks = new ArrayList<>();
    for (int n = 0; n <= nines; n++) {
      ticks.add(new Tick(n, n == 0 ? "0%" : percentile(n) + "%"));
    }
    return new Axis(title, 0, nines, false, ticks);
  }

  /** The percentile with {@code n} nines, as written: 90, 99, 99.9, 99.99. */
  static String percentile(int n) {
    return BigDecimal.ONE.subtract(BigDecimal.ONE.movePointLeft(n)).movePointRight(2)
        .stripTrailingZeros().toPlainString();
  }

  /** Where percentile {@code p} (0 to 100, below 100) falls on a {@link #nines} axis. */
  static double ninesOf(double p) {
    return Math.log10(100 / (100 - p));
  }

  /**
   * Values 0 to n-1 named by {@code labels}, each in the middle of its own slot; when there are
   * many, only every k-th is written.
   */
  static Axis categories(String title, List<String> labels) {
    int every = Math.max(1, (labels.size() + 11) / 12);
    List<Tick> ticks = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      if (i % every == 0) {
        ticks.add(new Tick(i, labels.get(i)));
      }
    }
    return new Axis(title, -0.5, labels.size() - 0.5, false, ticks);
  }

  /** The least of 1, 2 or 5 times a power of ten that is at or above {@code raw} (above 0). */
  static double roundUp(double raw) {
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    for (int m : new int[] {1, 2, 5, 10}) {
      if (m * power >= raw * (1 - 1e-9)) {
        return m * power;
      }
    }
    return 10 * power;
  }

  /**
   * A tick's value with as many decimals as its step needs, thousands grouped ({@code 2,500},
   * {@code 0.25}); on an axis that reaches 10,000 in thousands ({@code 25k}), and one that reaches
   * a million in millions ({@code 2.5M}), so that the labels fit beside the axis.
   */
  private static String label(double v, double step, double reach) {
    if (v == 0) {
      return "0";
    }
    double big = reach >= 1e6 ? 1e6 : reach >= 1e4 ? 1e3 : 1;
    int decimals = Math.max(0, (int) -Math.floor(Math.log10(step / big) + 1e-9));
    return String.format(Locale.ROOT, "%,." + decimals + "f", v / big) + (big == 1e6 ? "M" : big == 1e3 ? "k" : "");
  }
}
