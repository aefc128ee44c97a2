package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The run over time, from its samples: actions and payload completed, packets waiting in the
 * fabric, the rings' occupancy and the links' utilisation. Many rings or links are drawn as their
 * spread (lowest, median, highest at each point) and the few that stand out; a long run gets its
 * samples thinned to at most {@link #MAX_POINTS} per line.
 */
final class SeriesPlots {
  static final int MAX_POINTS = 500;
  /** Rings and links, drawn as their spread, get at most this many points a line. */
  static final int SPREAD_POINTS = 125;
  /** Up to this many rings or links are drawn one by one; more are drawn as their spread. */
  static final int FEW = 4;
  /** Of many, at most this many that stand out are drawn one by one. */
  static final int STANDING_OUT = 4;
  private static final String MEDIAN = "#333";

  private SeriesPlots() {}

  static String html(Series s) {
    int n = s.atNs().length;
    if (n == 0) {
      return Html.paragraph("The run was sampled, but it ended before the first sample.", "note");
    }
    int every = (n + MAX_POINTS - 1) / MAX_POINTS;
    double[] x = thin(s.atNs(), every, true);
    Axis time = Axis.time("simulated time", x[x.length - 1]);
    double perUs = 1000 / s.intervalNs();
    String mean = every == 1 ? "" : "Each point is the mean of " + every + " samples of "
        + SimTime.scaled(s.intervalNs()) + ".";
    String highest = every == 1 ? "" : "Each point is the highest of " + every + " samples.";

    StringBuilder b = new StringBuilder("<div class=\"plots\">\n");
    double[] puts = thin(scaled(s.puts(), perUs), every, false);
    double[] gets = thin(scaled(s.gets(), perUs), every, false);
    b.append(plot("ops-over-time", "Actions completed", time, "ops/us", List.of(
        LinePlot.Line.of("put", x, puts), LinePlot.Line.of("get", x, gets)), mean));
    double[] gbps = thin(scaled(s.bytes(), 1 / s.intervalNs()), every, false);
    b.append(plot("payload-over-time", "Payload completed", time, "GB/s",
        List.of(LinePlot.Line.of("payload", x, gbps)), mean));
    double[] queued = thin(scaled(s.packetsInFabric(), 1), every, true);
    b.append(plot("queued-over-time", "Packets in the fabric (queued or on a link)", time, "packets",
        List.of(LinePlot.Line.of("in the fabric", x, queued)), highest));
    // Many lines' spread is read from fewer points: a link's share of one short interval is noisy.
    int coarse = (n + SPREAD_POINTS - 1) / SPREAD_POINTS;
    double[] xCoarse = thin(s.atNs(), coarse, true);
    if (!s.rings().isEmpty()) {
      b.append(rings(s, xCoarse, time, coarse, coarse == 1 ? "" : "Each point is the highest of " + coarse + " samples."));
    }
    if (!s.links().isEmpty()) {
      b.append(links(s, xCoarse, time, coarse, coarse == 1 ? "" : "Each point is the mean of " + coarse
          + " samples of " + SimTime.scaled(s.intervalNs()) + "."));
    }
    return b.append("</div>\n").toString();
  }

  private static String rings(Series s, double[] x, Axis time, int every, String note) {
    List<Series.RingSeries> all = s.rings();
    List<String> names = all.stream().map(r -> "node " + r.node() + " ring " + r.ring()).toList();
    List<double[]> values = all.stream().map(r -> thin(scaled(r.occupancy(), 1), every, true)).toList();
    String kept = s.ringsLeftOut() == 0 ? "" : " Only the " + Report.count(all.size()) + " fullest of "
        + Report.count(all.size() + s.ringsLeftOut()) + " rings keep a time series (stats.series-most).";
    return spread("rings-over-time", "Ring occupancy", "rings", "fullest at its peak", names, values,
        SeriesPlots::max, x, time, "bytes used", note + kept);
  }

  private static String links(Series s, double[] x, Axis time, int every, String note) {
    List<Series.LinkSeries> all = s.links();
    List<String> names = all.stream().map(Series.LinkSeries::link).toList();
    List<double[]> values = all.stream().map(l -> thin(percent(l.utilisation()), every, false)).toList();
    String kept = s.linksLeftOut() == 0 ? "" : " Only the " + Report.count(all.size()) + " busiest of "
        + Report.count(all.size() + s.linksLeftOut()) + " links keep a time series (stats.series-most);"
        + " the fabric's picture colours every link.";
    return spread("links-over-time", "Link utilisation", "links", "busiest over the run", names, values,
        SeriesPlots::mean, x, time, "% of the interval busy", note + kept);
  }

  /**
   * Many lines of one kind as their spread: at each point the band from the lowest to the highest
   * and the median line, and drawn one by one only those that stand out from the rest by {@code
   * key} ({@link Spread#standOut}); a few lines are drawn one by one.
   */
  private static String spread(String id, String caption, String kind, String keyed, List<String> names,
      List<double[]> values, ToDoubleFunction<double[]> key, double[] x, Axis time, String unit, String note) {
    List<LinePlot.Line> lines = new ArrayList<>();
    if (values.size() <= FEW) {
      for (int i = 0; i < values.size(); i++) {
        lines.add(LinePlot.Line.of(names.get(i), x, values.get(i)));
      }
      return plot(id, caption, time, unit, List.of(), lines, note);
    }
    Spread band = Spread.of(values);
    List<Integer> out = Spread.standOut(values, key, STANDING_OUT);
    for (int i : out) {
      lines.add(LinePlot.Line.of(names.get(i), x, values.get(i)));
    }
    lines.add(new LinePlot.Line("median of all " + Report.count(values.size()) + " " + kind, x, band.median(),
        List.of(), false, MEDIAN));
    String standing = out.isEmpty()
        ? " None stands out from the band."
        : " Drawn one by one: the " + (out.size() == 1 ? "one" : out.size()) + " that stand" + (out.size() == 1 ? "s" : "")
            + " out (" + keyed + ", far above the rest: beyond the upper quartile by 1.5 times the quartiles' spread).";
    return plot(id, caption + ": " + Report.count(values.size()) + " " + kind + ", their spread", time, unit,
        List.of(new LinePlot.Band("lowest to highest of all " + Report.count(values.size()) + " " + kind, x,
            band.lo(), band.hi())), lines, (note + standing).trim());
  }

  private static String plot(String id, String caption, Axis time, String unit, List<LinePlot.Line> lines,
      String note) {
    return plot(id, caption, time, unit, List.of(), lines, note);
  }

  private static String plot(String id, String caption, Axis time, String unit, List<LinePlot.Band> bands,
      List<LinePlot.Line> lines, String note) {
    double hi = 0;
    for (LinePlot.Line l : lines) {
      hi = Math.max(hi, max(l.y()));
    }
    for (LinePlot.Band b : bands) {
      hi = Math.max(hi, max(b.hi()));
    }
    LinePlot p = new LinePlot(id, caption, time, Axis.linear(unit, 0, hi));
    bands.forEach(p::add);
    lines.forEach(p::add);
    return p.note(note.isEmpty() ? null : note).html();
  }

  /**
   * Every {@code every} values as one: their highest, or their mean; a last, shorter group counts
   * too.
   */
  static double[] thin(double[] v, int every, boolean highest) {
    double[] out = new double[(v.length + every - 1) / every];
    for (int g = 0; g < out.length; g++) {
      int from = g * every;
      int to = Math.min(v.length, from + every);
      double acc = highest ? Double.NEGATIVE_INFINITY : 0;
      for (int i = from; i < to; i++) {
        acc = highest ? Math.max(acc, v[i]) : acc + v[i];
      }
      out[g] = highest ? acc : acc / (to - from);
    }
    return out;
  }

  private static double[] scaled(long[] v, double factor) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] * factor;
    }
    return out;
  }

  private static double[] percent(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] * 100;
    }
    return out;
  }

  static double mean(double[] v) {
    double sum = 0;
    for (double d : v) {
      sum += d;
    }
    return v.length == 0 ? 0 : sum / v.length;
  }

  static double max(double[] v) {
    double m = 0;
    for (double d : v) {
      m = Math.max(m, d);
    }
    return m;
  }
}
