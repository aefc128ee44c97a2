package io.ringfabric.trace;

import static io.ringfabric.model.SimTime.nsThreeDecimals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

/** What {@code trace FILE summary} prints: a trace's records by kind and its operations by outcome. */
public record TraceSummary(
    TraceReader.Header header,
    long records,
    long firstT,
    long lastT,
    SortedMap<String, Long> byKind,
    SortedMap<String, Long> byStatus,
    long busy,
    long unfinished,
    List<SlowOp> slowest) {

  /** One of the slowest operations: its id, doorbell-to-completed latency and outcome. */
  public record SlowOp(String op, long latencyPs, String action, int targetNode, String status, long t) {}

  /** The summary as text, naming the file as {@code file}. */
  public String render(String file) {
    StringBuilder b = new StringBuilder();
    String nl = System.lineSeparator();
    b.append("trace ").append(file).append(": level ").append(header.level()).append(", ")
        .append(header.nodes()).append(" nodes");
    if (header.seed() != null) {
      b.append(", seed ").append(header.seed());
    }
    b.append(nl);
    if (header.scenario() != null && !header.scenario().isBlank()) {
      wrap(b, header.scenario(), "  ", 96);
    }
    String window = window(header);
    if (window != null) {
      b.append("  recorded ").append(window).append(nl);
    }
    if (records == 0) {
      b.append("  no records").append(nl);
    } else {
      b.append("  ").append(String.format(Locale.ROOT, "%,d", records)).append(records == 1 ? " record" : " records")
          .append(" from ").append(fitting(firstT)).append(" to ").append(fitting(lastT)).append(" (")
          .append(fitting(lastT - firstT)).append(")").append(nl);
    }

    b.append(nl).append("Records by kind").append(nl);
    int w = Math.max(16, byKind.keySet().stream().mapToInt(String::length).max().orElse(0) + 2);
    for (Map.Entry<String, Long> e : byKind.entrySet()) {
      b.append(String.format(Locale.ROOT, "  %-" + w + "s%,14d", e.getKey(), e.getValue())).append(nl);
    }
    b.append(String.format(Locale.ROOT, "  %-" + w + "s%,14d", "total", records)).append(nl);

    b.append(nl).append("Operations by final status").append(nl);
    if (byStatus.isEmpty() && busy == 0 && unfinished == 0) {
      b.append("  none (no doorbell or completed records in the trace)").append(nl);
    }
    for (Map.Entry<String, Long> e : byStatus.entrySet()) {
      b.append(String.format(Locale.ROOT, "  %-16s%,14d", e.getKey(), e.getValue())).append(nl);
    }
    if (busy > 0) {
      b.append(String.format(Locale.ROOT, "  %-16s%,14d  doorbell refused: an action was in flight", "BUSY", busy))
          .append(nl);
    }
    if (unfinished > 0) {
      b.append(String.format(Locale.ROOT, "  %-16s%,14d  a doorbell with no completed record in the trace",
          "unfinished", unfinished)).append(nl);
    }

    b.append(nl).append("Slowest operations, doorbell to completion").append(nl);
    if (slowest.isEmpty()) {
      b.append("  none (no completed records in the trace)").append(nl);
    } else {
      int ow = Math.max(10, slowest.stream().mapToInt(s -> s.op().length()).max().orElse(0) + 2);
      b.append(String.format(Locale.ROOT, "  %-" + ow + "s%16s  %-6s  %-8s  %s", "op", "latency (ns)", "action",
          "target", "status")).append(nl);
      for (SlowOp s : slowest) {
        b.append(String.format(Locale.ROOT, "  %-" + ow + "s%16s  %-6s  %-8s  %s", s.op(), nsThreeDecimals(s.latencyPs()),
            s.action() == null ? "?" : s.action(), s.targetNode() < 0 ? "?" : "node " + s.targetNode(),
            s.status() == null ? "?" : s.status())).append(nl);
      }
      b.append("follow one: ringfabric trace ").append(file).append(" op ").append(slowest.get(0).op()).append(nl);
    }
    return b.toString();
  }

  /**
   * A time in the largest unit it reaches, exactly, without trailing zeros: {@code 2.4815 ms},
   * {@code 27.8568 us}, {@code 160 ns}, {@code 0.5 ns}. A span of a run reads better so than as
   * {@code 2,481,500.000 ns}; the tables keep nanoseconds, so their rows compare at a glance.
   */
  static String fitting(long ps) {
    long a = Math.abs(ps);
    int scale = a >= 1_000_000_000_000L ? 12 : a >= 1_000_000_000L ? 9 : a >= 1_000_000L ? 6 : 3; // s, ms, us, ns
    String unit = scale == 12 ? " s" : scale == 9 ? " ms" : scale == 6 ? " us" : " ns";
    return BigDecimal.valueOf(ps, scale).stripTrailingZeros().toPlainString() + unit;
  }

  /** The window a header says was recorded, or null when it is the whole run on every node. */
  static String window(TraceReader.Header h) {
    boolean time = (h.from() != null && h.from() != 0) || h.to() != null;
    if (!time && h.traceNodes() == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    if (time) {
      b.append("from ").append(fitting(h.from() == null ? 0 : h.from())).append(" to ")
          .append(h.to() == null ? "the end of the run" : fitting(h.to()));
    } else {
      b.append("the whole run");
    }
    if (h.traceNodes() != null) {
      b.append(", nodes ").append(h.traceNodes().stream().map(String::valueOf).collect(Collectors.joining(", ")));
    } else {
      b.append(", every node");
    }
    return b.toString();
  }

  private static void wrap(StringBuilder b, String text, String indent, int width) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.strip().split("\\s+")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > width) {
        b.append(line).append(System.lineSeparator());
        line.setLength(0);
        line.append(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > indent.length()) {
      b.append(line).append(System.lineSeparator());
    }
  }
}
