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

/**
 * Questions asked of a trace, each answered in one streaming pass in bounded memory: a
 * {@link #summarize summary}, one operation's {@link #journey journey}, and the records that
 * match a {@link Filter}.
 */
public final class TraceQuery {
  private TraceQuery() {}

  /** Lines of a journey kept at most; more are counted, not shown. */
  public static final int MAX_JOURNEY = 100_000;

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

  /** Orders slow operations slowest first; ties by earlier completion, then id. */
  private static final Comparator<TraceSummary.SlowOp> SLOWEST_FIRST = Comparator.comparingLong(TraceSummary.SlowOp::latencyPs).reversed()
      .thenComparingLong(TraceSummary.SlowOp::t).thenComparing(TraceSummary.SlowOp::op);

  /**
   * Reads the rest of the trace and summarises it: records by kind, time span, operations by
   * final status and the {@code slowest} operations by {@code completed.dur}. Memory: the kinds
   * and statuses seen, one entry per context with an action in flight, and {@code slowest} ops.
   */
  public static TraceSummary summarize(TraceReader r, int slowest) throws IOException {
    TreeMap<String, long[]> kinds = new TreeMap<>();
    TreeMap<String, long[]> statuses = new TreeMap<>();
    // Contexts with an action in flight: context -> {op, doorbell detail}.
    Map<String, String[]> inFlight = new HashMap<>();
    PriorityQueue<TraceSummary.SlowOp> slow = new PriorityQueue<>(Math.max(1, slowest + 1), SLOWEST_FIRST.reversed());
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
            String[] old = inFlight.put(RecordDetails.contextOf(op), new String[] {op, rec.detail()});
            if (old != null) {
              unfinished++;
            }
          }
        }
        case Kinds.COMPLETED -> {
          statuses.computeIfAbsent(rec.status() == null ? "(no status)" : rec.status(), k -> new long[1])[0]++;
          String detail = rec.detail(); // recent writers repeat the doorbell's detail here
          if (op != null) {
            String ctx = RecordDetails.contextOf(op);
            String[] f = inFlight.get(ctx);
            if (f != null && f[0].equals(op)) {
              inFlight.remove(ctx);
              detail = detail == null ? f[1] : detail;
            }
          }
          if (slowest > 0 && op != null) {
            slow.add(new TraceSummary.SlowOp(op, rec.dur(), RecordDetails.action(detail), RecordDetails.targetNode(detail), rec.status(), rec.t()));
            if (slow.size() > slowest) {
              slow.poll();
            }
          }
        }
        default -> {}
      }
    }
    unfinished += inFlight.size();
    List<TraceSummary.SlowOp> top = new ArrayList<>(slow);
    top.sort(SLOWEST_FIRST);
    return new TraceSummary(r.header(), r.records(), first, last, counts(kinds), counts(statuses), busy, unfinished,
        List.copyOf(top));
  }

  private static SortedMap<String, Long> counts(TreeMap<String, long[]> m) {
    TreeMap<String, Long> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, v[0]));
    return Collections.unmodifiableSortedMap(out);
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
    return new Journey(op, List.copyOf(kept), more, r.header().switchLatencyPs());
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
