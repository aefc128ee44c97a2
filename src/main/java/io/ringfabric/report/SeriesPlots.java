package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.Series;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The run over time, from its samples: actions and payload completed, packets waiting in the
 * fabric, the fullest rings and the busiest links. A machine of thousands of rings and links gets
 * the few that matter and the mean of all; a long run gets its samples thinned to at most {@link
 * #MAX_POINTS} per line.
 */
final class SeriesPlots {
  static final int MAX_POINTS = 500;
  /** Rings and links drawn one by one; the rest go into the mean line. */
  static final int MOST_DRAWN = 8;

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
    if (!s.rings().isEmpty()) {
      b.append(rings(s.rings(), x, time, every, highest));
    }
    if (!s.links().isEmpty()) {
      b.append(links(s.links(), x, time, every, mean));
    }
    return b.append("</div>\n").toString();
  }

  private static String rings(List<Series.RingSeries> all, double[] x, Axis time, int every, String note) {
    List<Series.RingSeries> fullest = most(all, r -> max(scaled(r.occupancy(), 1)));
    List<LinePlot.Line> lines = new ArrayList<>();
    for (Series.RingSeries r : fullest) {
      lines.add(LinePlot.Line.of("node " + r.node() + " ring " + r.ring(), x,
          thin(scaled(r.occupancy(), 1), every, true)));
    }
    if (all.size() > fullest.size()) {
      lines.add(LinePlot.Line.of("mean of all " + Report.count(all.size()) + " rings", x,
          thin(meanOf(all.stream().map(r -> scaled(r.occupancy(), 1)).toList()), every, true)));
    }
    return plot("rings-over-time", fullest.size() == all.size() ? "Ring occupancy"
        : "Ring occupancy: the " + fullest.size() + " fullest of " + Report.count(all.size()), time,
        "bytes used", lines, note);
  }

  private static String links(List<Series.LinkSeries> all, double[] x, Axis time, int every, String note) {
    List<Series.LinkSeries> busiest = most(all, l -> mean(l.utilisation()));
    List<LinePlot.Line> lines = new ArrayList<>();
    for (Series.LinkSeries l : busiest) {
      lines.add(LinePlot.Line.of(l.link(), x, thin(percent(l.utilisation()), every, false)));
    }
    if (all.size() > busiest.size()) {
      lines.add(LinePlot.Line.of("mean of all " + Report.count(all.size()) + " links", x,
          thin(percent(meanOf(all.stream().map(Series.LinkSeries::utilisation).toList())), every, false)));
    }
    return plot("links-over-time", busiest.size() == all.size() ? "Link utilisation"
        : "Link utilisation: the " + busiest.size() + " busiest of " + Report.count(all.size()), time,
        "% of the interval busy", lines, note);
  }

  private static String plot(String id, String caption, Axis time, String unit, List<LinePlot.Line> lines,
      String note) {
    double hi = 0;
    for (LinePlot.Line l : lines) {
      hi = Math.max(hi, max(l.y()));
    }
    LinePlot p = new LinePlot(id, caption, time, Axis.linear(unit, 0, hi));
    lines.forEach(p::add);
    return p.note(note.isEmpty() ? null : note).html();
  }

  /** The {@link #MOST_DRAWN} with the highest key, highest first; the first of equals first. */
  private static <T> List<T> most(List<T> all, ToDoubleFunction<T> key) {
    List<T> sorted = new ArrayList<>(all);
    sorted.sort(Comparator.comparingDouble(key).reversed());
    return sorted.subList(0, Math.min(MOST_DRAWN, sorted.size()));
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

  /** Sample by sample, the mean over all the arrays (which are as long as the first). */
  private static double[] meanOf(List<double[]> all) {
    double[] sum = new double[all.get(0).length];
    for (double[] v : all) {
      for (int i = 0; i < sum.length && i < v.length; i++) {
        sum[i] += v[i];
      }
    }
    for (int i = 0; i < sum.length; i++) {
      sum[i] /= all.size();
    }
    return sum;
  }

  static double mean(double[] v) {
    double sum = 0;
    for (double d : v) {
      sum += d;
    }
    return v.length == 0 ? 0 : sum / v.length;
  }

  private static double max(double[] v) {
    double m = 0;
    for (double d : v) {
      m = Math.max(m, d);
    }
    return m;
  }
}
