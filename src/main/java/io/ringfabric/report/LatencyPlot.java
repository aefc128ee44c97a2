package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.stats.Report;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Latency against percentile, one line per kind that completed any action (put, get, the programs'
 * own measures, the message latency), as HdrHistogram's plotter draws them: the whole
 * distribution, on an x axis that gives each further nine of the tail the same room, with a dot at
 * each percentile the table gives.
 */
final class LatencyPlot {
  /** Percentiles the table gives, in order, and their names. */
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final String[] NAMES = {"p50", "p90", "p99", "p99.9"};
  /** A spread wider than this between the fastest and slowest point is drawn on a log axis. */
  private static final double LOG_ABOVE = 20;

  private LatencyPlot() {}

  /** The plot, or null when no kind completed anything. */
  static String html(Map<String, LatencyRecorder> latencies) {
    List<String> kinds = new ArrayList<>();
    List<String> left = new ArrayList<>();
    long most = 0;
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (Map.Entry<String, LatencyRecorder> e : latencies.entrySet()) {
      LatencyRecorder.Summary s = e.getValue().summary();
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
      plot.add(line(kind, latencies.get(kind)));
    }
    String note = "Each line is the whole distribution at HdrHistogram's steps (what --hgrm writes), up to the"
        + " slowest action at 1 - 1/count; the dots are the table's p50, p90, p99 and p99.9 and the max. Each"
        + " further nine of the tail gets the same room.";
    if (!left.isEmpty()) {
      note += " Not drawn (the table has them): " + String.join(", ", left) + ".";
    }
    return plot.note(note).html();
  }

  /** A point of a line: where it is, and its tooltip or null for none. */
  private record Point(double x, double ns, String tip) {}

  /**
   * The distribution's points up to the resolution the count allows (1 - 1/count: beyond it is the
   * max alone), the table's percentiles within it, and the max at its end.
   */
  private static LinePlot.Line line(String kind, LatencyRecorder recorder) {
    LatencyRecorder.Summary s = recorder.summary();
    double end = Math.log10(s.count());
    List<Point> points = new ArrayList<>();
    for (LatencyRecorder.Point p : recorder.percentiles()) {
      double x = p.percentile() >= 100 ? end : Axis.ninesOf(p.percentile());
      if (x < end) {
        points.add(new Point(x, p.ns(), null));
      }
    }
    double[] ns = {s.p50(), s.p90(), s.p99(), s.p999()};
    for (int i = 0; i < ns.length; i++) {
      double x = Axis.ninesOf(PERCENTILES[i]);
      if (x < end) {
        points.add(new Point(x, ns[i], kind + " " + NAMES[i] + ": " + SimTime.nsOneDecimal(ns[i]) + " ns"));
      }
    }
    points.sort(Comparator.comparingDouble(Point::x));
    points.add(new Point(end, s.max(),
        kind + " max: " + SimTime.nsOneDecimal(s.max()) + " ns (1 of " + Report.count(s.count()) + ")"));
    double[] x = new double[points.size()];
    double[] y = new double[points.size()];
    List<String> tips = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      x[i] = points.get(i).x();
      y[i] = points.get(i).ns();
      tips.add(points.get(i).tip());
    }
    return new LinePlot.Line(kind, x, y, tips, false);
  }
}
