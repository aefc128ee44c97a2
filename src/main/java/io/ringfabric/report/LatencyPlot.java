package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.stats.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Latency against percentile, one line per kind that completed any action (put, get, the rows of
 * errors such as put-full, the programs' own measures), as HdrHistogram's plotter draws them: the
 * x axis gives each further nine of the tail the same room.
 */
final class LatencyPlot {
  /** Percentiles results.json holds, in order, and their names. */
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final String[] NAMES = {"p50", "p90", "p99", "p99.9"};
  /** A spread wider than this between the fastest and slowest point is drawn on a log axis. */
  private static final double LOG_ABOVE = 20;

  private LatencyPlot() {}

  /** The plot, or null when no kind completed anything. */
  static String html(Map<String, LatencyRecorder.Summary> latencyNs) {
    List<String> kinds = new ArrayList<>();
    List<String> left = new ArrayList<>();
    long most = 0;
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (Map.Entry<String, LatencyRecorder.Summary> e : latencyNs.entrySet()) {
      LatencyRecorder.Summary s = e.getValue();
      if (s.count() <= 0) {
        continue;
      }
      if (kinds.size() == Html.PALETTE.size()) {
        left.add(e.getKey());
        continue;
      }
      kinds.add(e.getKey());
      most = Math.max(most, s.count());
      lo = Math.min(lo, s.p50());
      hi = Math.max(hi, s.max());
    }
    if (kinds.isEmpty()) {
      return null;
    }
    int nines = Math.max(3, (int) Math.ceil(Math.log10(most)));
    Axis y = lo > 0 && hi / lo > LOG_ABOVE ? Axis.log("latency (ns, log)", lo, hi) : Axis.linear("latency (ns)", 0, hi);
    LinePlot plot = new LinePlot("latency-percentiles", "Latency by percentile, doorbell to completion",
        Axis.nines("percentile", nines), y);
    for (String kind : kinds) {
      plot.add(line(kind, latencyNs.get(kind)));
    }
    String note = "Each line joins the percentiles results.json holds (p50, p90, p99, p99.9, and above"
        + " 1,000 actions the max, at 1 - 1/count); each further nine of the tail gets the same room.";
    if (!left.isEmpty()) {
      note += " Not drawn (the table has them): " + String.join(", ", left) + ".";
    }
    return plot.note(note).html();
  }

  private static LinePlot.Line line(String kind, LatencyRecorder.Summary s) {
    double[] ns = {s.p50(), s.p90(), s.p99(), s.p999()};
    boolean withMax = s.count() > 1000; // with fewer, p99.9 is already the slowest action
    int n = ns.length + (withMax ? 1 : 0);
    double[] x = new double[n];
    double[] y = new double[n];
    List<String> tips = new ArrayList<>();
    for (int i = 0; i < ns.length; i++) {
      x[i] = Axis.ninesOf(PERCENTILES[i]);
      y[i] = ns[i];
      tips.add(kind + " " + NAMES[i] + ": " + SimTime.nsOneDecimal(ns[i]) + " ns");
    }
    if (withMax) {
      x[n - 1] = Math.log10(s.count());
      y[n - 1] = s.max();
      tips.add(kind + " max: " + SimTime.nsOneDecimal(s.max()) + " ns (1 of " + Report.count(s.count()) + ")");
    }
    return new LinePlot.Line(kind, x, y, tips, false);
  }
}
