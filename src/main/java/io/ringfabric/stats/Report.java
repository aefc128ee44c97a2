package io.ringfabric.stats;

import io.ringfabric.model.SimTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human report of a run: plain text, aligned columns, numbers formatted the same way on every
 * machine ({@link Locale#ROOT}). The fingerprint is always the last line.
 */
public final class Report {
  /** Width the scenario paragraph is wrapped to. */
  static final int WIDTH = 100;
  /** Failure messages listed one by one; the rest are counted (results.json has them all). */
  static final int MAX_FAILURES_SHOWN = 20;

  private static final String INDENT = "  ";
  private static final int LABEL = 22;

  private final StringBuilder b = new StringBuilder();

  private Report() {}

  /** The report text, ending with a newline. */
  public static String render(RunResult r) {
    Report report = new Report();
    report.write(r);
    return report.b.toString();
  }

  private void write(RunResult r) {
    line("ringfabric run: " + r.nodes() + " nodes, engine " + r.engine() + ", seed " + r.seed());
    if (r.interrupted()) {
      line("interrupted at " + SimTime.scaled(r.simulatedNs()) + ": what follows is the run up to there");
    }
    if (integrityBroken(r)) {
      line("");
      line("!!! INTEGRITY VIOLATED: " + integrityText(r.integrity())
          + " - see Integrity below !!!");
    }

    section("Scenario");
    for (String l : wrap(r.scenario() == null ? "" : r.scenario(), WIDTH - INDENT.length())) {
      line(INDENT + l);
    }

    operations(r);
    latency(r);

    section("Throughput");
    item("completed actions", fmt("%.6f ops/us", r.throughput().opsPerUs()));
    item("payload", fmt("%.6f GB/s", r.throughput().payloadGBps())
        + "  (" + count(sumBytes(r.bytes())) + " B moved by ok PUTs and GETs)");
    if (r.throughput().offeredOpsPerUs() != null) {
      item("open-loop PUTs", fmt("%.6f ops/us offered, %.6f accepted", r.throughput().offeredOpsPerUs(),
          r.throughput().acceptedOpsPerUs()));
    }

    links(r.links());
    rings(r.rings());

    RunResult.Cores c = r.cores();
    section("Cores");
    item("polls", count(c.polls()) + ", " + pct(c.pollShare()) + " of busy core time spent polling"
        + " (" + SimTime.scaled(c.pollTimeNs()) + " of " + SimTime.scaled(c.busyTimeNs()) + ")");

    RunResult.Module m = r.module();
    section("Messaging modules");
    item("requests served", count(m.requestsServed()));
    if (m.notifications() > 0) {
      item("arrival notifications", count(m.notifications()));
    }
    if (m.retries() > 0 || m.lateResponses() > 0 || m.refusedLate() > 0) {
      item("retries", count(m.retries()));
      item("late responses", count(m.lateResponses()));
      item("refused as too late", count(m.refusedLate()));
    }
    if (m.confirmations() > 0) {
      item("confirmations", count(m.confirmations()) + " copies sent after an action's last deadline,"
          + " to learn the target's answer");
    }
    if (m.unanswered() > 0) {
      item("unanswered", count(m.unanswered()) + " action(s) ended TIMEOUT with no answer at all"
          + " (whether the target applied them is unknown)");
    }
    if (m.duplicatesSuppressed() > 0) {
      long dropped = m.duplicatesDropped();
      item("duplicates suppressed", count(m.duplicatesSuppressed()) + (dropped == 0
          ? " copies of requests answered from the record, not applied again"
          : " copies of requests not applied again: " + count(m.duplicatesSuppressed() - dropped)
              + " answered from the record, " + count(dropped)
              + " dropped unanswered (their action still being served, or over)"));
    }

    processes(r.processes());
    schedule(r.schedule());
    integrity(r);

    section("Run");
    item("events handled", count(r.events()));
    item("simulated time", SimTime.scaled(r.simulatedNs()));
    item("wall time", fmt("%.3f s", r.wallSeconds()));
    item("events per second", count(Math.round(r.eventsPerSecond())));
    Series series = r.series();
    if (series != null) {
      item("time series", count(series.atNs().length) + " samples, every " + SimTime.scaled(series.intervalNs())
          + " (results.json series)");
    }
    line("");
    line("fingerprint " + r.fingerprint());
  }

  private void operations(RunResult r) {
    section("Operations");
    table(operationRows(r), 4);
    for (Map.Entry<String, RunResult.Ops> e : r.ops().entrySet()) {
      long pending = e.getValue().issued() - e.getValue().ok()
          - e.getValue().errors().values().stream().mapToLong(Long::longValue).sum();
      if (pending > 0) {
        line(INDENT + count(pending) + " " + e.getKey() + " action(s) still in flight at the end");
      }
    }
  }

  /** The operations table: a header, then per op type its counts and each error that happened. */
  public static List<String[]> operationRows(RunResult r) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"op", "issued", "ok", "failed", "errors"});
    for (Map.Entry<String, RunResult.Ops> e : r.ops().entrySet()) {
      RunResult.Ops ops = e.getValue();
      long failed = 0;
      List<String> kinds = new ArrayList<>();
      for (Map.Entry<String, Long> err : ops.errors().entrySet()) {
        if (err.getValue() != 0) {
          failed += err.getValue();
          kinds.add(err.getKey() + " " + count(err.getValue())
              + (err.getKey().equals("TIMEOUT") && ops.unknown() > 0
                  ? " (" + count(ops.unknown()) + " outcome unknown)" : ""));
        }
      }
      rows.add(new String[] {
        e.getKey(), count(ops.issued()), count(ops.ok()), count(failed),
        kinds.isEmpty() ? "none" : String.join(", ", kinds)
      });
    }
    return rows;
  }

  private void latency(RunResult r) {
    section("Latency, doorbell to completion (ns)");
    List<String[]> rows = latencyRows(r);
    if (rows.size() == 1) {
      line(INDENT + "no action completed");
    } else {
      table(rows, -1);
    }
  }

  /** The latency table: a header, then a row per kind that completed any action. */
  public static List<String[]> latencyRows(RunResult r) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"", "count", "p50", "p90", "p99", "p99.9", "max", "mean"});
    for (Map.Entry<String, LatencyRecorder.Summary> e : r.latencyNs().entrySet()) {
      LatencyRecorder.Summary s = e.getValue();
      if (s.count() <= 0) {
        continue;
      }
      rows.add(new String[] {
        e.getKey(), count(s.count()), SimTime.nsOneDecimal(s.p50()), SimTime.nsOneDecimal(s.p90()), SimTime.nsOneDecimal(s.p99()), SimTime.nsOneDecimal(s.p999()),
        SimTime.nsOneDecimal(s.max()), SimTime.nsOneDecimal(s.mean())
      });
    }
    return rows;
  }

  private void links(RunResult.Links l) {
    section("Links (" + l.count() + " between switches)");
    item("utilisation", "mean " + pct(l.meanUtilisation()) + ", max " + pct(l.maxUtilisation())
        + (l.maxLink() == null || l.maxLink().isEmpty() ? "" : " on " + l.maxLink()));
    item("packets", count(l.packets()) + ", " + count(l.packetsQueued()) + " queued behind a busy link"
        + (l.packets() > 0 ? " (" + pct((double) l.packetsQueued() / l.packets()) + ")" : ""));
    if (l.packetsQueued() > 0) {
      item("wait when queued", "mean " + fmt("%.1f", l.meanWaitNs()) + " ns, max "
          + fmt("%.1f", l.maxWaitNs()) + " ns, longest queue " + l.maxQueueDepth() + " packet(s)");
    }
    if (l.creditStalls() > 0) {
      item("credit stalls", count(l.creditStalls()) + " waits for room in the next switch, mean "
          + fmt("%.1f", l.meanCreditStallNs()) + " ns");
    }
    if (l.dropped() > 0 || l.lostOnDownLinks() > 0 || l.corruptDetected() > 0) {
      item("faults", count(l.dropped()) + " packet(s) lost on the wire, " + count(l.lostOnDownLinks())
          + " on down links, " + count(l.corruptDetected()) + " corrupted (checksum failed, dropped)");
    }
  }

  private void rings(RunResult.Rings g) {
    section("Rings (" + g.count() + ")");
    if (g.peakRing() == null || g.peakRing().isEmpty()) {
      item("peak occupancy", pct(g.peakOccupancy()));
    } else {
      item("peak occupancy", pct(g.peakOccupancy()) + " (" + count(g.peakBytes()) + " B, "
          + count(g.peakElements()) + " element(s)) in " + g.peakRing());
    }
    item("remaining at end", count(g.elementsRemaining()) + " element(s), "
        + count(g.bytesRemaining()) + " B of payload");
  }

  private void processes(RunResult.Processes p) {
    section("Processes (" + p.total() + ")");
    item("finished", count(p.finished()));
    item("faulted", count(p.faulted()));
    item("failed", count(p.failed()));
    item("unfinished", count(p.unfinished()) + (p.unfinished() > 0 ? " (still running at the time limit)" : ""));
    List<String> failures = p.failures() == null ? List.of() : p.failures();
    for (int i = 0; i < failures.size() && i < MAX_FAILURES_SHOWN; i++) {
      line(INDENT + "- " + failures.get(i));
    }
    if (failures.size() > MAX_FAILURES_SHOWN) {
      line(INDENT + "... and " + (failures.size() - MAX_FAILURES_SHOWN)
          + " more (results.json lists every one under processes.failures)");
    }
  }

  private void schedule(RunResult.Schedule s) {
    if (s == null) {
      return;
    }
    section("Schedule (" + s.source() + ")");
    item("ranks", s.finishedRanks() == s.ranks() ? count(s.ranks()) + ", all finished"
        : count(s.ranks()) + ", " + count(s.finishedRanks()) + " finished");
    if (s.completedNs() != null) {
      item("completed", SimTime.scaled(s.completedNs()) + " (the last rank's end)");
    }
    if (s.iterations() != null) {
      item("iterations", count(s.iterations().count()) + ", p50 " + SimTime.scaled(s.iterations().p50Ns()) + ", max "
          + SimTime.scaled(s.iterations().maxNs()));
    }
    double send = 0;
    double waiting = 0;
    double calc = 0;
    for (RunResult.Rank rank : s.perRank()) {
      send += rank.sendNs();
      waiting += rank.waitNs();
      calc += rank.calcNs();
    }
    double all = send + waiting + calc;
    if (all > 0) {
      item("ranks' time", fmt("%.1f%% sending, %.1f%% receiving and waiting, %.1f%% calculating",
          100 * send / all, 100 * waiting / all, 100 * calc / all));
    }
    item("unmatched", count(s.unmatched()));
    for (String what : s.unmatchedOps()) {
      line(INDENT + "  " + what);
    }
  }

  private void integrity(RunResult r) {
    RunResult.Integrity i = r.integrity();
    section("Integrity (every element a GET returned, checked against what was PUT)");
    item("checked", count(i.checked()));
    item("corrupt", count(i.corrupt()));
    item("out of order", count(i.outOfOrder()));
    if (i.unstamped() > 0) {
      item("not checkable", count(i.unstamped()) + " (too short to carry a stamp)");
    }
    if (integrityBroken(r)) {
      line(INDENT + "!!! INTEGRITY VIOLATED: " + integrityText(i)
          + ". Elements must arrive whole and in order (DESIGN.md 1.5): this is a simulator bug.");
    }
  }

  public static boolean integrityBroken(RunResult r) {
    return r.integrity() != null && (r.integrity().corrupt() > 0 || r.integrity().outOfOrder() > 0);
  }

  public static String integrityText(RunResult.Integrity i) {
    return count(i.corrupt()) + " corrupt and " + count(i.outOfOrder()) + " out-of-order element(s)";
  }

  // ---- layout helpers

  private void section(String title) {
    line("");
    line(title);
  }

  private void item(String label, String value) {
    StringBuilder l = new StringBuilder(INDENT).append(label);
    while (l.length() < INDENT.length() + LABEL) {
      l.append(' ');
    }
    line(l.append(value).toString());
  }

  private void line(String s) {
    b.append(s).append('\n');
  }

  /**
   * Prints rows as columns: the first column left-aligned, the others right-aligned, except
   * column {@code leftFrom} and later (if >= 0), which are left-aligned too.
   */
  private void table(List<String[]> rows, int leftFrom) {
    int cols = rows.get(0).length;
    int[] width = new int[cols];
    for (String[] row : rows) {
      for (int c = 0; c < cols; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder l = new StringBuilder(INDENT);
      for (int c = 0; c < cols; c++) {
        boolean left = c == 0 || (leftFrom >= 0 && c >= leftFrom);
        if (c > 0) {
          l.append("   ");
        }
        String cell = row[c];
        if (left) {
          l.append(cell);
          if (c < cols - 1) {
            l.append(" ".repeat(width[c] - cell.length()));
          }
        } else {
          l.append(" ".repeat(width[c] - cell.length())).append(cell);
        }
      }
      line(stripTrailing(l.toString()));
    }
  }

  private static String stripTrailing(String s) {
    int end = s.length();
    while (end > 0 && s.charAt(end - 1) == ' ') {
      end--;
    }
    return s.substring(0, end);
  }

  /** Greedy word wrap; a word longer than the width gets a line of its own. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    for (String word : text.trim().split("\\s+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (cur.length() > 0 && cur.length() + 1 + word.length() > width) {
        lines.add(cur.toString());
        cur.setLength(0);
      }
      if (cur.length() > 0) {
        cur.append(' ');
      }
      cur.append(word);
    }
    if (cur.length() > 0) {
      lines.add(cur.toString());
    }
    return lines;
  }

  // ---- number formats (Locale.ROOT: the same text on every machine)

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  public static String count(long n) {
    return fmt("%,d", n);
  }

  public static String pct(double share) {
    return fmt("%.1f%%", share * 100);
  }

  private static long sumBytes(Map<String, Long> bytes) {
    return bytes == null ? 0 : bytes.values().stream().mapToLong(Long::longValue).sum();
  }
}
