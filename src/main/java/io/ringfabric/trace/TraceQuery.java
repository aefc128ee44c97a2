package io.ringfabric.trace;

import static io.ringfabric.model.SimTime.nsThreeDecimals;

import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Questions asked of a trace, each answered in one streaming pass in bounded memory: a
 * {@link #summarize summary}, one operation's {@link #journey journey}, and the records that
 * match a {@link Filter}.
 */
public final class TraceQuery {
  private TraceQuery() {}

  /** Lines of a journey kept at most; more are counted, not shown. */
  public static final int MAX_JOURNEY = 100_000;

  // ---------------------------------------------------------------------------------------------
  // Details the writer puts in records

  private static final Pattern ACTION = Pattern.compile("^(put|get)\\b.*?\\bnode (\\d+)");
  private static final Pattern RING_STATE =
      Pattern.compile("ring (\\d+) holds (\\d+) elements?, (\\d+) of (\\d+) B");

  /** "put" or "get" from a doorbell's detail ({@code "put 64 B to node 9 ring 0"}), or null. */
  static String action(String detail) {
    if (detail == null) {
      return null;
    }
    Matcher m = ACTION.matcher(detail);
    return m.find() ? m.group(1) : detail.startsWith("put") ? "put" : detail.startsWith("get") ? "get" : null;
  }

  /** The target node in a doorbell's detail, or -1. */
  static int targetNode(String detail) {
    if (detail == null) {
      return -1;
    }
    Matcher m = ACTION.matcher(detail);
    if (!m.find()) {
      return -1;
    }
    try {
      return Integer.parseInt(m.group(2));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * A ring's state from an applied/refused detail ({@code "ring 0 holds 12 elements, 1234 of 4096
   * B"}): {ring, elements, used bytes, capacity}, or null.
   */
  static long[] ringState(String detail) {
    if (detail == null) {
      return null;
    }
    Matcher m = RING_STATE.matcher(detail);
    if (!m.find()) {
      return null;
    }
    try {
      return new long[] {
        Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
        Long.parseLong(m.group(4))
      };
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The context part {@code node.context} of an operation id {@code node.context.sequence}. */
  static String contextOf(String op) {
    int dot = op.lastIndexOf('.');
    return dot < 0 ? op : op.substring(0, dot);
  }

  /** The kinds of records ringfabric writes (the constants of {@link Kinds}). */
  public static List<String> knownKinds() {
    List<String> kinds = new ArrayList<>();
    for (Field f : Kinds.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          kinds.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    Collections.sort(kinds);
    return kinds;
  }

  // ---------------------------------------------------------------------------------------------
  // Summary

  /** One of the slowest operations: its id, doorbell-to-completed latency and outcome. */
  public record SlowOp(String op, long latencyPs, String action, int targetNode, String status, long t) {}

  /** What {@code trace FILE summary} prints. */
  public record Summary(
      TraceReader.Header header,
      long records,
      long firstT,
      long lastT,
      SortedMap<String, Long> byKind,
      SortedMap<String, Long> byStatus,
      long busy,
      long unfinished,
      List<SlowOp> slowest) {

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
            .append(" from ").append(nsThreeDecimals(firstT)).append(" ns to ").append(nsThreeDecimals(lastT)).append(" ns (")
            .append(nsThreeDecimals(lastT - firstT)).append(" ns)").append(nl);
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
  }

  /** The window a header says was recorded, or null when it is the whole run on every node. */
  static String window(TraceReader.Header h) {
    boolean time = (h.from() != null && h.from() != 0) || h.to() != null;
    if (!time && h.traceNodes() == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    if (time) {
      b.append("from ").append(nsThreeDecimals(h.from() == null ? 0 : h.from())).append(" ns to ")
          .append(h.to() == null ? "the end of the run" : nsThreeDecimals(h.to()) + " ns");
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

  /** Orders slow operations slowest first; ties by earlier completion, then id. */
  private static final Comparator<SlowOp> SLOWEST_FIRST = Comparator.comparingLong(SlowOp::latencyPs).reversed()
      .thenComparingLong(SlowOp::t).thenComparing(SlowOp::op);

  /**
   * Reads the rest of the trace and summarises it: records by kind, time span, operations by
   * final status and the {@code slowest} operations by {@code completed.dur}. Memory: the kinds
   * and statuses seen, one entry per context with an action in flight, and {@code slowest} ops.
   */
  public static Summary summarize(TraceReader r, int slowest) throws IOException {
    TreeMap<String, long[]> kinds = new TreeMap<>();
    TreeMap<String, long[]> statuses = new TreeMap<>();
    // Contexts with an action in flight: context -> {op, doorbell detail}.
    Map<String, String[]> inFlight = new HashMap<>();
    PriorityQueue<SlowOp> slow = new PriorityQueue<>(Math.max(1, slowest + 1), SLOWEST_FIRST.reversed());
    long busy = 0;
    long unfinished = 0;
    long first = -1;
    long last = -1;
    TraceRecord rec;
    while ((rec = r.next()) != null) {
      if (first < 0) {
        first = rec.t();
      }
      last = rec.t();
      kinds.computeIfAbsent(rec.kind(), k -> new long[1])[0]++;
      String op = rec.op();
      switch (rec.kind()) {
        case Kinds.DOORBELL -> {
          if ("BUSY".equals(rec.status())) {
            busy++;
          } else if (op != null) {
            String[] old = inFlight.put(contextOf(op), new String[] {op, rec.detail()});
            if (old != null) {
              unfinished++;
            }
          }
        }
        case Kinds.COMPLETED -> {
          statuses.computeIfAbsent(rec.status() == null ? "(no status)" : rec.status(), k -> new long[1])[0]++;
          String detail = rec.detail(); // recent writers repeat the doorbell's detail here
          if (op != null) {
            String ctx = contextOf(op);
            String[] f = inFlight.get(ctx);
            if (f != null && f[0].equals(op)) {
              inFlight.remove(ctx);
              detail = detail == null ? f[1] : detail;
            }
          }
          if (slowest > 0 && op != null) {
            slow.add(new SlowOp(op, rec.dur(), action(detail), targetNode(detail), rec.status(), rec.t()));
            if (slow.size() > slowest) {
              slow.poll();
            }
          }
        }
        default -> {}
      }
    }
    unfinished += inFlight.size();
    List<SlowOp> top = new ArrayList<>(slow);
    top.sort(SLOWEST_FIRST);
    return new Summary(r.header(), r.records(), first, last, counts(kinds), counts(statuses), busy, unfinished,
        List.copyOf(top));
  }

  private static SortedMap<String, Long> counts(TreeMap<String, long[]> m) {
    TreeMap<String, Long> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v[0]));
    return Collections.unmodifiableSortedMap(out);
  }

  // ---------------------------------------------------------------------------------------------
  // One operation's journey

  /** Every record of one operation, in trace order. */
  public record Journey(String op, List<TraceRecord> records, long notShown) {

    /** The stage that took longest: a gap between two records or a wait for a link. */
    public record Contributor(long ps, String what) {}

    /** The doorbell-to-completed latency, or the time from the first record to the last. */
    public long totalPs() {
      for (TraceRecord r : records) {
        if (Kinds.COMPLETED.equals(r.kind()) && r.dur() > 0) {
          return r.dur();
        }
      }
      return records.isEmpty() ? 0 : records.get(records.size() - 1).t() - records.get(0).t();
    }

    /** The longest gap between consecutive records, or the longest queue wait if not shorter. */
    public Contributor biggest() {
      Contributor best = null;
      for (int i = 1; i < records.size(); i++) {
        TraceRecord a = records.get(i - 1);
        TraceRecord c = records.get(i);
        long gap = c.t() - a.t();
        if (gap > 0 && (best == null || gap > best.ps())) {
          best = new Contributor(gap, nsThreeDecimals(gap) + " ns from " + a.kind() + " at " + a.component() + " to "
              + c.kind() + " at " + c.component());
        }
      }
      for (TraceRecord r : records) {
        if (r.waitPs() > 0 && (best == null || r.waitPs() >= best.ps())) {
          best = new Contributor(r.waitPs(), nsThreeDecimals(r.waitPs()) + " ns waiting for the link at "
              + (r.port() != null ? r.port() : r.component()));
        }
      }
      return best;
    }

    /**
     * The time its packets waited for busy links, added up (each wait counted once, from the
     * packet-sent records, or the packet-queued ones when there are no packet-sent records), or
     * null if they never waited.
     */
    public String waits() {
      for (String kind : List.of(Kinds.PACKET_SENT, Kinds.PACKET_QUEUED)) {
        long total = 0;
        int n = 0;
        TraceRecord longest = null;
        for (TraceRecord r : records) {
          if (kind.equals(r.kind()) && r.waitPs() > 0) {
            total += r.waitPs();
            n++;
            if (longest == null || r.waitPs() > longest.waitPs()) {
              longest = r;
            }
          }
        }
        if (n > 0) {
          return "waiting for links: " + nsThreeDecimals(total) + " ns in all, " + n + (n == 1 ? " wait" : " waits")
              + "; the longest " + nsThreeDecimals(longest.waitPs()) + " ns at "
              + (longest.port() != null ? longest.port() : longest.component());
        }
      }
      return null;
    }

    /** The journey as text: a line per record, then the total and the biggest contributor. */
    public String render(String file) {
      String nl = System.lineSeparator();
      StringBuilder b = new StringBuilder();
      String what = null;
      for (TraceRecord r : records) {
        if (Kinds.DOORBELL.equals(r.kind()) && r.detail() != null) {
          what = r.detail();
          break;
        }
      }
      b.append("operation ").append(op).append(" in ").append(file);
      if (what != null) {
        b.append(": ").append(what);
      }
      b.append(nl);
      b.append(String.format(Locale.ROOT, "%16s  %12s  %-16s  %s", "time (ns)", "+ns", "stage", "where")).append(nl);
      long prev = -1;
      for (TraceRecord r : records) {
        String delta = prev < 0 ? "" : "+" + nsThreeDecimals(r.t() - prev);
        prev = r.t();
        b.append(String.format(Locale.ROOT, "%16s  %12s  %-16s  %s", nsThreeDecimals(r.t()), delta, r.kind(), describe(r, false)))
            .append(nl);
      }
      if (notShown > 0) {
        b.append(String.format(Locale.ROOT, "... and %,d more records of this operation, not shown", notShown))
            .append(nl);
      }
      TraceRecord completed = null;
      TraceRecord seen = null;
      for (TraceRecord r : records) {
        if (Kinds.COMPLETED.equals(r.kind())) {
          completed = r;
        } else if (Kinds.COMPLETION_SEEN.equals(r.kind())) {
          seen = r;
        }
      }
      if (completed != null) {
        b.append("total ").append(nsThreeDecimals(totalPs())).append(" ns from doorbell to completion");
        if (completed.status() != null) {
          b.append(" (").append(completed.status()).append(")");
        }
        if (seen != null && seen.dur() > 0) {
          b.append("; the process saw it ").append(nsThreeDecimals(seen.dur())).append(" ns after the doorbell");
        }
      } else {
        b.append("total ").append(nsThreeDecimals(totalPs())).append(" ns from the first record to the last; no completed"
            + " record (the trace ends before the operation finished, or does not cover its node)");
      }
      b.append(nl);
      Contributor c = biggest();
      if (c != null) {
        b.append("biggest contributor: ").append(c.what()).append(nl);
      }
      String waits = waits();
      if (waits != null) {
        b.append(waits).append(nl);
      }
      return b.toString();
    }
  }

  /**
   * Reads the rest of the trace and keeps the records of operation {@code op} (at most
   * {@link #MAX_JOURNEY}; further ones are counted).
   */
  public static Journey journey(TraceReader r, String op) throws IOException {
    List<TraceRecord> kept = new ArrayList<>();
    long more = 0;
    TraceRecord rec;
    while ((rec = r.next()) != null) {
      if (op.equals(rec.op())) {
        if (kept.size() < MAX_JOURNEY) {
          kept.add(rec);
        } else {
          more++;
        }
      }
    }
    return new Journey(op, List.copyOf(kept), more);
  }

  // ---------------------------------------------------------------------------------------------
  // Filter

  /**
   * Which records to keep; every non-null condition must hold.
   *
   * @param node the record's node
   * @param component a case-insensitive part of the record's component
   * @param kind the record's kind, exactly
   * @param op the record's operation id, exactly
   * @param from earliest time, picoseconds, inclusive
   * @param to latest time, picoseconds, exclusive
   */
  public record Filter(Integer node, String component, String kind, String op, Long from, Long to) {
    public Filter {
      component = component == null ? null : component.toLowerCase(Locale.ROOT);
    }

    public boolean matches(TraceRecord r) {
      return (node == null || r.node() == node)
          && (kind == null || kind.equals(r.kind()))
          && (op == null || op.equals(r.op()))
          && (from == null || r.t() >= from)
          && (to == null || r.t() < to)
          && (component == null || r.component().toLowerCase(Locale.ROOT).contains(component));
    }
  }

  /**
   * Writes the records of the rest of the trace that match {@code f} to {@code out}, one a line:
   * readable text, or with {@code json} the record's line exactly as in the file. Stops early once
   * records are past {@code f.to()}, or when {@code out} fails (a closed pipe). Returns the number
   * written.
   */
  public static long filter(TraceReader r, Filter f, boolean json, PrintWriter out) throws IOException {
    long n = 0;
    TraceRecord rec;
    while ((rec = r.next()) != null) {
      if (f.to() != null && rec.t() >= f.to()) {
        break; // records are in time order
      }
      if (!f.matches(rec)) {
        continue;
      }
      if (json) {
        out.write(r.lineText());
        out.write('\n');
      } else {
        out.write(String.format(Locale.ROOT, "%16s  %-16s  %s", nsThreeDecimals(rec.t()), rec.kind(), describe(rec, true)));
        out.write(System.lineSeparator());
      }
      n++;
      if ((n & 1023) == 0 && out.checkError()) {
        break; // nobody is reading any more
      }
    }
    out.flush();
    return n;
  }

  /**
   * A record's fields after its time and kind, readable: the component, its port and where things
   * come from and go to, then whatever else it carries.
   */
  public static String describe(TraceRecord r, boolean withOp) {
    StringBuilder b = new StringBuilder(r.component());
    if (r.port() != null) {
      b.append(" [").append(r.port()).append("]");
    }
    if (r.from() != null && r.to() != null) {
      b.append(" (").append(r.from()).append(" -> ").append(r.to()).append(")");
    } else if (r.from() != null) {
      b.append(" (from ").append(r.from()).append(")");
    } else if (r.to() != null) {
      b.append(" (to ").append(r.to()).append(")");
    }
    if (withOp && r.op() != null) {
      b.append("  op ").append(r.op());
    }
    if (r.status() != null) {
      b.append("  ").append(r.status());
    }
    if (r.bytes() != 0) {
      b.append("  ").append(String.format(Locale.ROOT, "%,d", r.bytes())).append(" B");
    }
    if (r.ring() >= 0 && (r.detail() == null || !r.detail().contains("ring " + r.ring()))) {
      b.append("  ring ").append(r.ring());
    }
    boolean packet = Kinds.PACKET_QUEUED.equals(r.kind()) || Kinds.PACKET_SENT.equals(r.kind());
    if (r.dur() != 0) {
      String what = Kinds.PACKET_SENT.equals(r.kind()) ? "on the wire "
          : Kinds.COMPLETED.equals(r.kind()) || Kinds.COMPLETION_SEEN.equals(r.kind()) ? "after " : "lasts ";
      b.append("  ").append(what).append(nsThreeDecimals(r.dur())).append(" ns");
    }
    if (r.detail() != null) {
      b.append("  ").append(r.detail());
    }
    if (packet) {
      if (r.waitPs() > 0) {
        b.append("  WAITED ").append(nsThreeDecimals(r.waitPs())).append(" ns at ").append(r.port() != null ? r.port() : r.component());
      } else {
        b.append("  no wait");
      }
    } else if (r.waitPs() > 0) {
      b.append("  waited ").append(nsThreeDecimals(r.waitPs())).append(" ns");
    }
    return b.toString();
  }

  /** Kinds, sorted, for messages. */
  static String kindList() {
    return String.join(", ", new TreeSet<>(knownKinds()));
  }
}
