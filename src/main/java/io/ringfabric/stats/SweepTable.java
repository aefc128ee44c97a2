package io.ringfabric.stats;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results of a parameter sweep, one row per run: {@code sweep.csv} and the table printed at
 * the end of {@code ringfabric sweep}. The CSV holds only simulated results (no wall time), with
 * numbers written the same way on every machine, so two sweeps of the same scenario give the same
 * bytes.
 */
public final class SweepTable {
  /** The CSV columns after the varied keys, in order. */
  public static final List<String> RESULT_COLUMNS = List.of(
      "fingerprint", "simulatedNs", "events",
      "put_issued", "put_ok", "put_errors", "get_issued", "get_ok", "get_errors",
      "opsPerUs", "payloadGBps", "offered_ops_per_us", "accepted_ops_per_us",
      "put_p50_ns", "put_p90_ns", "put_p99_ns", "put_p999_ns", "put_max_ns",
      "get_p50_ns", "get_p99_ns", "roundTrip_p50_ns",
      "link_util_mean", "link_util_max", "ring_peak_occupancy", "errors");

  /** Width the errors cell of the printed table is cut to (the CSV has it whole). */
  static final int TABLE_ERRORS_WIDTH = 32;

  private static final Ops NO_OPS = new Ops();

  private final List<String> keys;
  private final List<List<String>> values = new ArrayList<>();
  private final List<RunResult> results = new ArrayList<>();

  /** @param keys the varied keys, as the user wrote them; they name the first columns */
  public SweepTable(List<String> keys) {
    this.keys = List.copyOf(keys);
  }

  /** Adds one run: the value given to each key (in key order) and what the run gave. */
  public void add(List<String> runValues, RunResult result) {
    if (runValues.size() != keys.size()) {
      throw new IllegalArgumentException(
          "a sweep row needs " + keys.size() + " value(s), got " + runValues.size());
    }
    values.add(List.copyOf(runValues));
    results.add(result);
  }

  public int rows() {
    return results.size();
  }

  /** The varied keys, as the user wrote them. */
  public List<String> keys() {
    return keys;
  }

  /** The values run {@code row} gave the keys, in key order. */
  public List<String> values(int row) {
    return values.get(row);
  }

  public RunResult result(int row) {
    return results.get(row);
  }

  // --- CSV ---------------------------------------------------------------------------------------

  /** {@code sweep.csv}: a header line, then one line per run; every line ends with {@code \n}. */
  public String csv() {
    StringBuilder b = new StringBuilder();
    List<String> header = new ArrayList<>(keys);
    header.addAll(RESULT_COLUMNS);
    csvLine(b, header);
    for (int i = 0; i < results.size(); i++) {
      List<String> row = new ArrayList<>(values.get(i));
      row.addAll(resultCells(results.get(i)));
      csvLine(b, row);
    }
    return b.toString();
  }

  /** The cells of {@link #RESULT_COLUMNS} for one run. */
  public static List<String> resultCells(RunResult r) {
    Ops put = ops(r, "put");
    Ops get = ops(r, "get");
    LatencyRecorder.Summary putNs = latency(r, "put");
    LatencyRecorder.Summary getNs = latency(r, "get");
    LatencyRecorder.Summary roundTrip = latency(r, "roundTrip");
    RunResult.Throughput t = r.throughput();
    RunResult.Links l = r.links();
    return List.of(
        nullToEmpty(r.fingerprint()),
        number(r.simulatedNs()),
        Long.toString(r.events()),
        Long.toString(put.issued), Long.toString(put.ok), Long.toString(put.errors),
        Long.toString(get.issued), Long.toString(get.ok), Long.toString(get.errors),
        t == null ? "" : number(t.opsPerUs()),
        t == null ? "" : number(t.payloadGBps()),
        t == null || t.offeredOpsPerUs() == null ? "" : number(t.offeredOpsPerUs()),
        t == null || t.acceptedOpsPerUs() == null ? "" : number(t.acceptedOpsPerUs()),
        measured(putNs, putNs.p50()), measured(putNs, putNs.p90()), measured(putNs, putNs.p99()),
        measured(putNs, putNs.p999()), measured(putNs, putNs.max()),
        measured(getNs, getNs.p50()), measured(getNs, getNs.p99()),
        measured(roundTrip, roundTrip.p50()),
        l == null ? "" : number(l.meanUtilisation()),
        l == null ? "" : number(l.maxUtilisation()),
        r.rings() == null ? "" : number(r.rings().peakOccupancy()),
        errors(r));
  }

  /**
   * Error counts of every op type, added up by name, as {@code EMPTY=10;FULL=3}: names in
   * alphabetical order, only errors that happened; empty when there were none.
   */
  public static String errors(RunResult r) {
    return errors(r.ops());
  }

  /** As {@link #errors(RunResult)}, from a run's {@code ops}. */
  public static String errors(Map<String, RunResult.Ops> ops) {
    Map<String, Long> byName = new TreeMap<>();
    if (ops != null) {
      for (RunResult.Ops o : ops.values()) {
        if (o != null && o.errors() != null) {
          o.errors().forEach((name, n) -> {
            if (n != null && n != 0) {
              byName.merge(name, n, Long::sum);
            }
          });
        }
      }
    }
    List<String> parts = new ArrayList<>();
    byName.forEach((name, n) -> parts.add(name + "=" + n));
    return String.join(";", parts);
  }

  /**
   * A number as results.json has it, without exponent or grouping: whole numbers without a
   * fraction ({@code 2463550}), others with the shortest decimals that give the same double
   * ({@code 1388.5}, {@code 0.000123}).
   */
  public static String number(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return Double.toString(v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  /**
   * One CSV field as RFC 4180 wants it: in double quotes, with inner quotes doubled, when it holds
   * a comma, a double quote, a line break, or starts or ends with a space; as is otherwise.
   */
  public static String csvField(String s) {
    if (s == null) {
      return "";
    }
    boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0
        || s.indexOf('\r') >= 0 || (!s.isEmpty() && (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' '));
    return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  private static void csvLine(StringBuilder b, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      b.append(csvField(cells.get(i)));
    }
    b.append('\n');
  }

  // --- the printed table -------------------------------------------------------------------------

  /**
   * The table printed to the terminal: the varied values, then PUTs ok of issued, completed actions
   * per microsecond, PUT p50 and p99, the busiest link's utilisation and the errors (cut to
   * {@value #TABLE_ERRORS_WIDTH} characters). Columns aligned; every line ends with {@code \n}.
   */
  public String render() {
    List<String[]> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(keys);
    header.addAll(List.of("put ok/issued", "ops/us", "put p50 ns", "put p99 ns", "link max", "errors"));
    rows.add(header.toArray(new String[0]));
    for (int i = 0; i < results.size(); i++) {
      RunResult r = results.get(i);
      Ops put = ops(r, "put");
      LatencyRecorder.Summary putNs = latency(r, "put");
      List<String> row = new ArrayList<>(values.get(i));
      String errors = errors(r);
      if (errors.length() > TABLE_ERRORS_WIDTH) {
        errors = errors.substring(0, TABLE_ERRORS_WIDTH - 3) + "...";
      }
      row.addAll(List.of(
          fmt("%,d/%,d", put.ok, put.issued),
          r.throughput() == null ? "" : fmt("%.4f", r.throughput().opsPerUs()),
          putNs.count() == 0 ? "-" : fmt("%,.1f", putNs.p50()),
          putNs.count() == 0 ? "-" : fmt("%,.1f", putNs.p99()),
          r.links() == null ? "" : fmt("%.1f%%", r.links().maxUtilisation() * 100),
          errors.isEmpty() ? "none" : errors));
      rows.add(row.toArray(new String[0]));
    }
    int cols = header.size();
    int[] width = new int[cols];
    for (String[] row : rows) {
      for (int c = 0; c < cols; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    StringBuilder b = new StringBuilder();
    int firstNumber = keys.size();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < cols; c++) {
        if (c > 0) {
          line.append("  ");
        }
        // The varied values and the errors read left to right; the numbers line up on the right.
        boolean left = c < firstNumber || c == cols - 1;
        String pad = " ".repeat(width[c] - row[c].length());
        line.append(left ? row[c] + pad : pad + row[c]);
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }

  // --- helpers -----------------------------------------------------------------------------------

  /** One op type's counts, errors added up; zeros when the run has none of that type. */
  private static final class Ops {
    long issued;
    long ok;
    long errors;
  }

  private static Ops ops(RunResult r, String name) {
    RunResult.Ops o = r.ops() == null ? null : r.ops().get(name);
    if (o == null) {
      return NO_OPS;
    }
    Ops out = new Ops();
    out.issued = o.issued();
    out.ok = o.ok();
    if (o.errors() != null) {
      for (Long n : o.errors().values()) {
        out.errors += n == null ? 0 : n;
      }
    }
    return out;
  }

  private static LatencyRecorder.Summary latency(RunResult r, String name) {
    LatencyRecorder.Summary s = r.latencyNs() == null ? null : r.latencyNs().get(name);
    return s == null ? new LatencyRecorder.Summary(0, 0, 0, 0, 0, 0, 0) : s;
  }

  /** A latency figure, or an empty cell when nothing was measured: 0 ns would read as a measurement. */
  private static String measured(LatencyRecorder.Summary s, double figure) {
    return s.count() == 0 ? "" : number(figure);
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
