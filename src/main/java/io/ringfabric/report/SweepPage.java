package io.ringfabric.report;

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
 * run to run, the latency-load curve and accepted against offered load come first; then every
 * measured column of sweep.csv against the varied value; then sweep.csv as a table.
 *
 * <p>The x axis of a column's plot is the last varied key (the one that changes fastest), its
 * values in the order of the runs; each combination of the other keys' values is a line of its
 * own, up to {@value #MOST_LINES} lines.
 */
public final class SweepPage {
  static final int MOST_LINES = 10;
  private static final List<String> NOT_PLOTTED = List.of("fingerprint", "errors");
  private static final String OFFERED = "offered_ops_per_us";
  private static final String ACCEPTED = "accepted_ops_per_us";
  private static final double LOG_ABOVE = 20;

  private final SweepTable table;
  private final List<List<String>> cells = new ArrayList<>();
  /** By run: the name of its line (the values of every key but the last). */
  private final List<String> lineOf = new ArrayList<>();
  private final List<String> lines = new ArrayList<>();
  private final List<String> xs = new ArrayList<>();

  private SweepPage(SweepTable table) {
    this.table = table;
    int last = table.keys().size() - 1;
    for (int row = 0; row < table.rows(); row++) {
      cells.add(SweepTable.resultCells(table.result(row)));
      List<String> values = table.values(row);
      List<String> others = new ArrayList<>();
      for (int k = 0; k < last; k++) {
        others.add(table.keys().get(k) + "=" + values.get(k));
      }
      String line = String.join(", ", others);
      lineOf.add(line);
      if (!lines.contains(line)) {
        lines.add(line);
      }
      if (last >= 0 && !xs.contains(values.get(last))) {
        xs.add(values.get(last));
      }
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
    String keyNote = lines.size() > MOST_LINES ? " Only the first " + MOST_LINES + " of the " + lines.size()
        + " combinations of the other keys are drawn; the table has them all." : "";
    if (distinct(column(OFFERED)) > 1) {
      b.append(Html.section("load", "Latency against offered load")).append("<div class=\"plots\">\n")
          .append(latencyLoad()).append(acceptedLoad()).append("</div>\n");
    }
    b.append(Html.section("columns", "Each measured column against " + last()))
        .append(Html.paragraph("The columns of sweep.csv, one run a point, in the order of the runs." + keyNote, "note"))
        .append("<div class=\"plots\">\n");
    for (String name : SweepTable.RESULT_COLUMNS) {
      double[] v = NOT_PLOTTED.contains(name) ? new double[0] : column(name);
      if (distinct(v) > 0) {
        b.append(columnPlot(name, v));
      }
    }
    b.append("</div>\n").append(Html.section("csv", "sweep.csv")).append(Html.table(csvRows(), -1));
    return Html.page("ringfabric sweep: " + varied, b.toString());
  }

  private String last() {
    return table.keys().get(table.keys().size() - 1);
  }

  private String columnPlot(String name, double[] v) {
    LinePlot p = new LinePlot("sweep-" + name, name, Axis.categories(last(), xs), Axis.linear(name, 0, max(v))).small();
    for (String line : drawnLines()) {
      double[] x = new double[xs.size()];
      double[] y = new double[xs.size()];
      List<String> tips = new ArrayList<>();
      for (int i = 0; i < xs.size(); i++) {
        x[i] = i;
        y[i] = Double.NaN;
      }
      for (int row = 0; row < table.rows(); row++) {
        if (lineOf.get(row).equals(line)) {
          int i = xs.indexOf(table.values(row).get(table.keys().size() - 1));
          y[i] = v[row];
        }
      }
      for (int i = 0; i < xs.size(); i++) {
        tips.add((line.isEmpty() ? "" : line + ", ") + last() + "=" + xs.get(i) + ": "
            + (Double.isNaN(y[i]) ? "no run" : SweepTable.number(y[i])));
      }
      p.add(new LinePlot.Line(line.isEmpty() ? name : line, x, y, tips, false));
    }
    return p.html();
  }

  /**
   * Put latency against offered load, each line's runs in order of load: p50 to p99.9 when the
   * sweep is one line, else each line's p99.
   */
  private String latencyLoad() {
    double[] offered = column(OFFERED);
    List<String> drawn = drawnLines();
    String[] names = drawn.size() == 1 ? new String[] {"put_p50_ns", "put_p90_ns", "put_p99_ns", "put_p999_ns"}
        : new String[] {"put_p99_ns"};
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (String n : names) {
      for (double d : column(n)) {
        if (d > 0) {
          lo = Math.min(lo, d);
          hi = Math.max(hi, d);
        }
      }
    }
    Axis y = hi / lo > LOG_ABOVE ? Axis.log("PUT latency (ns, log)", lo, hi) : Axis.linear("PUT latency (ns)", 0, hi);
    LinePlot p = new LinePlot("latency-load", "PUT latency against offered load",
        Axis.linear("offered load (ops/us)", 0, max(offered)), y);
    for (String line : drawn) {
      for (String n : names) {
        p.add(byLoad((line.isEmpty() ? "" : line + " ") + n.replace("put_", "").replace("_ns", ""), line,
            offered, column(n), " ns"));
      }
    }
    return p.note("Each run's PUT latency percentiles, measured after the warm-up.").html();
  }

  private String acceptedLoad() {
    double[] offered = column(OFFERED);
    double[] accepted = column(ACCEPTED);
    double top = Math.max(max(offered), max(accepted));
    LinePlot p = new LinePlot("accepted-load", "Accepted against offered load",
        Axis.linear("offered load (ops/us)", 0, max(offered)), Axis.linear("accepted (ops/us)", 0, top));
    for (String line : drawnLines()) {
      p.add(byLoad(line.isEmpty() ? "accepted" : line, line, offered, accepted, " ops/us"));
    }
    p.add(new LinePlot.Line("accepted = offered", new double[] {0, top}, new double[] {0, top}, List.of(), true));
    return p.html();
  }

  /** One line's runs as points (offered load, value), in order of load. */
  private LinePlot.Line byLoad(String name, String line, double[] offered, double[] value, String unit) {
    List<Integer> rows = new ArrayList<>();
    for (int row = 0; row < table.rows(); row++) {
      if (lineOf.get(row).equals(line) && !Double.isNaN(offered[row])) {
        rows.add(row);
      }
    }
    rows.sort((a, b) -> Double.compare(offered[a], offered[b]));
    double[] x = new double[rows.size()];
    double[] y = new double[rows.size()];
    List<String> tips = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      int row = rows.get(i);
      x[i] = offered[row];
      y[i] = value[row];
      tips.add("run " + (row + 1) + " (" + String.join(", ", describe(row)) + "): offered "
          + SweepTable.number(x[i]) + " ops/us, " + SweepTable.number(y[i]) + unit);
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

  private List<String> drawnLines() {
    return lines.subList(0, Math.min(MOST_LINES, lines.size()));
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

  private List<String[]> csvRows() {
    List<String[]> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(table.keys());
    header.addAll(SweepTable.RESULT_COLUMNS);
    rows.add(header.toArray(new String[0]));
    for (int row = 0; row < table.rows(); row++) {
      List<String> r = new ArrayList<>(table.values(row));
      r.addAll(cells.get(row));
      rows.add(r.toArray(new String[0]));
    }
    return rows;
  }
}
