package io.ringfabric.report;

import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.stats.RunResult;
import io.ringfabric.stats.SweepTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code sweep.html}: a sweep as one page that loads nothing. When the offered load changes from
 * run to run, the latency-load curve (a line per percentile) and accepted against offered load
 * (with accepted = offered) come first, a line per combination of the keys that do not set the
 * load; then the measures people read (throughput, latency, links, rings, errors) against the
 * varied keys, each with its unit, those that change from run to run; then sweep.csv as a table,
 * which has the rest. A value a run does not have (a latency of a kind that completed nothing) is
 * a gap in a line, never 0.
 */
public final class SweepPage {
  static final int MOST_LINES = 10;
  private static final String OFFERED = "offered_ops_per_us";
  private static final String ACCEPTED = "accepted_ops_per_us";
  private static final double LOG_ABOVE = 20;

  /**
   * A column plotted against the varied keys: its plot's caption, its y axis's unit, the factor
   * from the column to that unit, and the latency kind it summarises (null: none), whose runs
   * without an action have no value.
   */
  record Measure(String column, String caption, String unit, double factor, String kind) {}

  static final List<Measure> MEASURES = List.of(
      new Measure("opsPerUs", "Completed actions", "ops/us", 1, null),
      new Measure("payloadGBps", "Payload completed", "GB/s", 1, null),
      new Measure("put_p50_ns", "PUT latency, p50", "ns", 1, "put"),
      new Measure("put_p99_ns", "PUT latency, p99", "ns", 1, "put"),
      new Measure("get_p50_ns", "GET latency, p50", "ns", 1, "get"),
      new Measure("get_p99_ns", "GET latency, p99", "ns", 1, "get"),
      new Measure("roundTrip_p50_ns", "Round trip, p50", "ns", 1, "roundTrip"),
      new Measure("link_util_max", "Busiest link", "% of the time busy", 100, null),
      new Measure("link_util_mean", "Links' mean", "% of the time busy", 100, null),
      new Measure("ring_peak_occupancy", "Fullest ring", "% full at its peak", 100, null),
      new Measure("put_errors", "PUTs ended in an error", "count", 1, null),
      new Measure("get_errors", "GETs ended in an error", "count", 1, null));

  private final SweepTable table;
  private final List<List<String>> cells = new ArrayList<>();

  private SweepPage(SweepTable table) {
    this.table = table;
    for (int row = 0; row < table.rows(); row++) {
      cells.add(SweepTable.resultCells(table.result(row)));
    }
  }

  /** The page, ending with a newline. */
  public static String render(SweepTable table) {
    return new SweepPage(table).page();
  }

  /** Writes {@link #render} to {@code file} as UTF-8, replacing what was there. */
  public static void write(SweepTable table, Path file) throws IOException {
    Files.write(file, render(table).getBytes(StandardCharsets.UTF_8));
  }

  private String page() {
    String varied = String.join(", ", table.keys());
    StringBuilder b = new StringBuilder("<h1>").append(Html.escape("ringfabric sweep: " + table.rows()
        + " runs of " + varied)).append("</h1>\n");
    if (table.rows() == 0) {
      return Html.page("ringfabric sweep", b.append(Html.paragraph("No run finished.", "note")).toString());
    }
    double[] offered = column(OFFERED);
    if (distinct(offered) > 1) {
      SweepLines byLoad = SweepLines.of(table, loadKeys(offered));
      b.append(Html.section("load", "Latency and accepted load against offered load"));
      if (byLoad.lines().size() > MOST_LINES) {
        b.append(Html.paragraph(leftOut(byLoad.lines().size()), "note"));
      }
      b.append("<div class=\"plots\">\n").append(latencyLoad(byLoad, offered)).append(acceptedLoad(byLoad, offered))
          .append("</div>\n");
    }
    b.append(measures());
    b.append(Html.section("csv", "sweep.csv")).append(Html.paragraph("Every column of every run. A blank latency:"
        + " that kind completed no action in the run (sweep.csv writes 0 there).", "note"))
        .append(Html.table(csvRows(), -1));
    return Html.page("ringfabric sweep: " + varied, b.toString());
  }

  private static String leftOut(int lines) {
    return "Only the first " + MOST_LINES + " of the " + lines + " combinations of the other keys are drawn;"
        + " the table has them all.";
  }

  /** The measures that change from run to run against the key with the most values, a line per combination of the others. */
  private String measures() {
    SweepLines lines = SweepLines.of(table, List.of(xKey()));
    String x = table.keys().get(xKey());
    StringBuilder plots = new StringBuilder();
    List<String> same = new ArrayList<>();
    List<String> none = new ArrayList<>();
    for (Measure m : MEASURES) {
      double[] v = values(m);
      long n = distinct(v);
      if (n == 0) {
        none.add(m.column());
      } else if (n == 1) {
        same.add(m.column());
      } else {
        plots.append(measurePlot(m, v, lines, xKey()));
      }
    }
    StringBuilder b = new StringBuilder(Html.section("measures", "Against " + x));
    String note = "Each run a point, " + x + "'s values in the order of the runs"
        + (lines.lines().size() > 1 ? ", a line per combination of the other keys." : ".")
        + (lines.lines().size() > MOST_LINES ? " " + leftOut(lines.lines().size()) : "")
        + (same.isEmpty() ? "" : " The same in every run (in the table): " + String.join(", ", same) + ".")
        + (none.isEmpty() ? "" : " In no run: " + String.join(", ", none) + ".");
    b.append(Html.paragraph(note, "note"));
    if (plots.length() > 0) {
      b.append("<div class=\"plots\">\n").append(plots).append("</div>\n");
    }
    return b.toString();
  }

  /** The varied key with the most values, the last of equals (the one that changes fastest). */
  private int xKey() {
    int best = table.keys().size() - 1;
    for (int k = best - 1; k >= 0; k--) {
      if (valuesOf(k).size() > valuesOf(best).size()) {
        best = k;
      }
    }
    return best;
  }

  private List<String> valuesOf(int key) {
    List<String> values = new ArrayList<>();
    for (int row = 0; row < table.rows(); row++) {
      String v = table.values(row).get(key);
      if (!values.contains(v)) {
        values.add(v);
      }
    }
    return values;
  }

  private String measurePlot(Measure m, double[] v, SweepLines lines, int xKey) {
    String xName = table.keys().get(xKey);
    List<String> xs = valuesOf(xKey);
    LinePlot p = new LinePlot("sweep-" + m.column(), m.caption() + " (" + m.column() + ")", Axis.categories(xName, xs),
        yAxis(m.unit(), v)).small();
    for (String line : lines.drawn(MOST_LINES)) {
      double[] x = new double[xs.size()];
      double[] y = new double[xs.size()];
      Arrays.fill(y, Double.NaN);
      List<String> tips = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        x[i] = i;
      }
      for (int row : lines.rows(line)) {
        y[xs.indexOf(table.values(row).get(xKey))] = v[row];
      }
      for (int i = 0; i < xs.size(); i++) {
        tips.add((line.isEmpty() ? "" : line + ", ") + xName + "=" + xs.get(i) + ": "
            + (Double.isNaN(y[i]) ? "no value" : SweepTable.number(y[i])));
      }
      p.add(new LinePlot.Line(line.isEmpty() ? m.column() : line, x, y, tips, false));
    }
    return p.html();
  }

  /** From 0 to the highest value; a log axis where the values span more than {@link #LOG_ABOVE} times. */
  private static Axis yAxis(String title, double[]... all) {
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (double[] v : all) {
      for (double d : v) {
        if (d > 0) {
          lo = Math.min(lo, d);
          hi = Math.max(hi, d);
        }
      }
    }
    if (hi > 0 && hi / lo > LOG_ABOVE) {
      return Axis.log(title.endsWith(")") ? title.substring(0, title.length() - 1) + ", log)" : title + ", log", lo, hi);
    }
    return Axis.linear(title, 0, hi);
  }

  /**
   * The keys that set the offered load: two runs that differ in that key alone offer different
   * loads. When none does on its own (two keys that set it together), every key.
   */
  private List<Integer> loadKeys(double[] offered) {
    List<Integer> keys = new ArrayList<>();
    for (int k = 0; k < table.keys().size(); k++) {
      for (int a = 0; a < table.rows() && !keys.contains(k); a++) {
        for (int b = a + 1; b < table.rows(); b++) {
          if (differOnlyIn(a, b, k) && Double.compare(offered[a], offered[b]) != 0) {
            keys.add(k);
            break;
          }
        }
      }
    }
    if (keys.isEmpty()) {
      for (int k = 0; k < table.keys().size(); k++) {
        keys.add(k);
      }
    }
    return keys;
  }

  private boolean differOnlyIn(int a, int b, int key) {
    for (int k = 0; k < table.keys().size(); k++) {
      boolean same = table.values(a).get(k).equals(table.values(b).get(k));
      if (same == (k == key)) {
        return false;
      }
    }
    return true;
  }

  /**
   * PUT latency against offered load: p50 to p99.9 when the sweep is one line, else each line's
   * p50 (dashed) and p99 in the line's colour.
   */
  private String latencyLoad(SweepLines lines, double[] offered) {
    List<String> drawn = lines.drawn(MOST_LINES / 2);
    String[] names = drawn.size() == 1 ? new String[] {"put_p50_ns", "put_p90_ns", "put_p99_ns", "put_p999_ns"}
        : new String[] {"put_p50_ns", "put_p99_ns"};
    double[][] columns = new double[names.length][];
    for (int n = 0; n < names.length; n++) {
      columns[n] = latency(names[n], "put");
    }
    LinePlot p = new LinePlot("latency-load", "PUT latency against offered load",
        Axis.linear("offered load (ops/us)", 0, max(offered)), yAxis("PUT latency (ns)", columns));
    for (int l = 0; l < drawn.size(); l++) {
      String line = drawn.get(l);
      for (int n = 0; n < names.length; n++) {
        String percentile = names[n].replace("put_", "").replace("_ns", "");
        LinePlot.Line points = byLoad((line.isEmpty() ? "" : line + " ") + percentile, lines.rows(line), offered,
            columns[n], " ns");
        p.add(drawn.size() == 1 ? points : new LinePlot.Line(points.name(), points.x(), points.y(), points.tips(),
            n == 0, Html.colour(l)));
      }
    }
    return p.note("Each run's PUT latency percentiles, measured after the warm-up"
        + (drawn.size() == 1 ? "." : ": p50 dashed, p99 solid.")).html();
  }

  private String acceptedLoad(SweepLines lines, double[] offered) {
    double[] accepted = column(ACCEPTED);
    double top = Math.max(max(offered), max(accepted));
    LinePlot p = new LinePlot("accepted-load", "Accepted against offered load",
        Axis.linear("offered load (ops/us)", 0, max(offered)), Axis.linear("accepted load (ops/us)", 0, top));
    for (String line : lines.drawn(MOST_LINES - 1)) {
      p.add(byLoad(line.isEmpty() ? "accepted" : line, lines.rows(line), offered, accepted, " ops/us"));
    }
    p.add(new LinePlot.Line("accepted = offered", new double[] {0, top}, new double[] {0, top}, List.of(), true, "#888"));
    return p.note("Below the dashed line the fabric no longer takes what is offered: it is saturated.").html();
  }

  /** Runs {@code rows} as points (offered load, value), in order of load. */
  private LinePlot.Line byLoad(String name, List<Integer> rows, double[] offered, double[] value, String unit) {
    List<Integer> sorted = new ArrayList<>();
    for (int row : rows) {
      if (!Double.isNaN(offered[row])) {
        sorted.add(row);
      }
    }
    sorted.sort((a, b) -> Double.compare(offered[a], offered[b]));
    double[] x = new double[sorted.size()];
    double[] y = new double[sorted.size()];
    List<String> tips = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      int row = sorted.get(i);
      x[i] = offered[row];
      y[i] = value[row];
      tips.add("run " + (row + 1) + " (" + String.join(", ", describe(row)) + "): offered "
          + SweepTable.number(x[i]) + " ops/us, " + (Double.isNaN(y[i]) ? "no value" : SweepTable.number(y[i]) + unit));
    }
    return new LinePlot.Line(name, x, y, tips, false);
  }

  private List<String> describe(int row) {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < table.keys().size(); k++) {
      parts.add(table.keys().get(k) + "=" + table.values(row).get(k));
    }
    return parts;
  }

  /** A measure by run, in its unit; NaN where a run has no value. */
  private double[] values(Measure m) {
    double[] v = m.kind() == null ? column(m.column()) : latency(m.column(), m.kind());
    for (int i = 0; i < v.length; i++) {
      v[i] *= m.factor();
    }
    return v;
  }

  /** A latency column by run; NaN where the run completed no action of {@code kind}. */
  private double[] latency(String name, String kind) {
    double[] v = column(name);
    for (int row = 0; row < v.length; row++) {
      if (!measured(table.result(row), kind)) {
        v[row] = Double.NaN;
      }
    }
    return v;
  }

  private static boolean measured(RunResult r, String kind) {
    LatencyRecorder.Summary s = r.latencyNs() == null ? null : r.latencyNs().get(kind);
    return s != null && s.count() > 0;
  }

  /** A result column by run; NaN where a run has no value. */
  private double[] column(String name) {
    int c = SweepTable.RESULT_COLUMNS.indexOf(name);
    double[] v = new double[table.rows()];
    for (int row = 0; row < v.length; row++) {
      String cell = cells.get(row).get(c);
      v[row] = cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
    return v;
  }

  /** How many different numbers the column holds. */
  private static long distinct(double[] v) {
    return Arrays.stream(v).filter(d -> !Double.isNaN(d)).distinct().count();
  }

  private static double max(double[] v) {
    double m = 0;
    for (double d : v) {
      if (!Double.isNaN(d)) {
        m = Math.max(m, d);
      }
    }
    return m;
  }

  /** sweep.csv's rows, a latency of a kind the run did not complete blank. */
  private List<String[]> csvRows() {
    List<String[]> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(table.keys());
    header.addAll(SweepTable.RESULT_COLUMNS);
    rows.add(header.toArray(new String[0]));
    for (int row = 0; row < table.rows(); row++) {
      List<String> r = new ArrayList<>(table.values(row));
      List<String> results = new ArrayList<>(cells.get(row));
      for (int c = 0; c < results.size(); c++) {
        String name = SweepTable.RESULT_COLUMNS.get(c);
        String kind = name.endsWith("_ns") ? name.substring(0, name.indexOf('_')) : null;
        if (kind != null && !measured(table.result(row), kind)) {
          results.set(c, "");
        }
      }
      r.addAll(results);
      rows.add(r.toArray(new String[0]));
    }
    return rows;
  }
}
