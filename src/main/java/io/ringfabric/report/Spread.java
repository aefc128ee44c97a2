package io.ringfabric.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Many lines of one kind (rings, links) as one picture: point by point the lowest, the median and
 * the highest, and which lines stand out from the rest, by a key of each line (its peak, its
 * mean) as a box plot finds outliers: above the upper quartile by more than 1.5 times the spread
 * between the quartiles (Tukey's fence), and clearly above the median (by a tenth of it), so that
 * lines that differ in the last digit do not.
 */
record Spread(double[] lo, double[] median, double[] hi) {

  /** Point by point over {@code lines} (at least one, all as long as the first). */
  static Spread of(List<double[]> lines) {
    int n = lines.get(0).length;
    double[] lo = new double[n];
    double[] median = new double[n];
    double[] hi = new double[n];
    double[] at = new double[lines.size()];
    for (int i = 0; i < n; i++) {
      for (int l = 0; l < at.length; l++) {
        at[l] = lines.get(l)[i];
      }
      Arrays.sort(at);
      lo[i] = at[0];
      median[i] = quantile(at, 0.5);
      hi[i] = at[at.length - 1];
    }
    return new Spread(lo, median, hi);
  }

  /** The lines that stand out by {@code key}, at most {@code most}, highest first; of equals, the first first. */
  static List<Integer> standOut(List<double[]> lines, ToDoubleFunction<double[]> key, int most) {
    double[] keys = lines.stream().mapToDouble(key).toArray();
    double[] sorted = keys.clone();
    Arrays.sort(sorted);
    double q1 = quantile(sorted, 0.25);
    double q3 = quantile(sorted, 0.75);
    double median = quantile(sorted, 0.5);
    double fence = Math.max(q3 + 1.5 * (q3 - q1), median * 1.1);
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      if (keys[i] > fence) {
        out.add(i);
      }
    }
    out.sort(Comparator.comparingDouble((Integer i) -> keys[i]).reversed());
    return out.subList(0, Math.min(most, out.size()));
  }

  /** The {@code q} quantile of sorted values, between neighbours where it falls between them. */
  static double quantile(double[] sorted, double q) {
    double at = q * (sorted.length - 1);
    int below = (int) Math.floor(at);
    int above = Math.min(sorted.length - 1, below + 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (at - below);
  }
}
