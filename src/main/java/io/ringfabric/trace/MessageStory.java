package io.ringfabric.trace;

import static io.ringfabric.model.SimTime.nsThreeDecimals;

import io.ringfabric.trace.TraceRecord.Kinds;
import io.ringfabric.workload.schedule.MessageMark;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code trace FILE op RANK:LABEL} prints: one message of a schedule in simulated time, from
 * its send's posting to its receive's completion. The PUTs of its first and last element are shown
 * hop by hop, as {@code trace FILE op ID} shows one operation; every other PUT and GET a line.
 *
 * @param marks the message's marks, in trace order
 * @param ops the records of each PUT and GET a mark claimed, by operation id, in mark order
 */
public record MessageStory(MessageQuery.Resolved resolved, List<TraceRecord> marks, Map<String, List<TraceRecord>> ops,
    long switchLatencyPs) {

  /** A line of the story at time {@code t}, with the lines of a journey under it, if any. */
  private record Line(long t, String text, String block) {}

  /** One PUT or GET of an element. */
  private record Action(TraceRecord mark, MessageMark what, Journey journey) {
    long start() {
      return journey.records().isEmpty() ? mark.t() : journey.records().get(0).t();
    }

    TraceRecord first(String kind) {
      for (TraceRecord r : journey.records()) {
        if (kind.equals(r.kind())) {
          return r;
        }
      }
      return null;
    }

    String status() {
      TraceRecord c = first(Kinds.COMPLETED);
      return c == null || c.status() == null ? "not completed in the trace" : c.status();
    }
  }

  /** The story as text. */
  public String render(String file) {
    String nl = System.lineSeparator();
    List<Line> lines = new ArrayList<>();
    List<Action> puts = new ArrayList<>();
    List<Action> gets = new ArrayList<>();
    Map<Long, Action> lastPutOf = new HashMap<>(); // by element: its last attempt
    TraceRecord send = null;
    TraceRecord match = null;
    MessageMark sendMark = null;
    for (TraceRecord r : marks) {
      MessageMark m = MessageMark.parse(r.detail());
      switch (m.verb()) {
        case MessageMark.SEND -> {
          send = r;
          sendMark = m;
          lines.add(new Line(r.t(), "send " + m.op() + " posted on " + r.from() + ": to rank " + m.peer() + ", tag "
              + m.tag() + ", " + bytes(m.bytes()), null));
        }
        case MessageMark.RECV -> lines.add(new Line(r.t(), "receive " + m.op() + " posted on " + r.from() + ": from "
            + (m.peer() < 0 ? "any rank" : "rank " + m.peer()) + ", " + (m.tag() < 0 ? "any tag" : "tag " + m.tag())
            + ", " + bytes(m.bytes()), null));
        case MessageMark.PUT, MessageMark.GET -> {
          Action a = new Action(r, m, new Journey(r.op(), ops.getOrDefault(r.op(), List.of()), 0, switchLatencyPs));
          (m.verb().equals(MessageMark.PUT) ? puts : gets).add(a);
          if (m.verb().equals(MessageMark.PUT)) {
            lastPutOf.put(m.element(), a);
          }
        }
        case MessageMark.SENT -> lines.add(new Line(r.t(), "send " + m.op() + " complete: its last PUT is DONE", null));
        case MessageMark.MATCH -> {
          match = r;
          lines.add(new Line(r.t(), "match: receive " + m.op() + " takes message " + m.message()
              + (resolved.sendOp() == null ? "" : " of send " + resolved.sendOp()), null));
          lines.add(new Line(r.t(), "receive " + m.op() + " complete", null));
        }
        default -> {}
      }
    }
    long elements = puts.isEmpty() ? (gets.isEmpty() ? 0 : gets.get(0).what().elements()) : puts.get(0).what().elements();
    for (Action a : puts) {
      boolean full = (a.what().element() == 1 || a.what().element() == elements) && lastPutOf.get(a.what().element()) == a;
      lines.add(new Line(a.start(), element(a) + " PUT " + a.mark().op() + ": " + putSummary(a),
          full ? indent(a.journey().render(file)) : null));
    }
    for (Action a : gets) {
      lines.add(new Line(a.start(), element(a) + " GET " + a.mark().op() + ": " + getSummary(a), null));
    }
    lines.sort(Comparator.comparingLong(Line::t)); // stable: marks of one instant keep their order

    StringBuilder b = new StringBuilder();
    b.append("message ").append(resolved.message() == null ? "(none)" : resolved.message()).append(" in ").append(file)
        .append(": send ")
        .append(or(resolved.sendOp(), resolved.message() == null ? "(none matched)" : "(not in the trace)")).append(" to receive ")
        .append(or(resolved.recvOp(), "(none matched)"));
    if (sendMark != null) {
      b.append(", ").append(bytes(sendMark.bytes())).append(", tag ").append(sendMark.tag());
    }
    if (elements > 0) {
      b.append(", ").append(elements).append(elements == 1 ? " element" : " elements");
    }
    b.append(nl);
    b.append(String.format(Locale.ROOT, "%16s  %12s  %s", "time (ns)", "+ns", "step")).append(nl);
    long prev = -1;
    for (Line l : lines) {
      String delta = prev < 0 ? "" : "+" + nsThreeDecimals(l.t() - prev);
      prev = l.t();
      b.append(String.format(Locale.ROOT, "%16s  %12s  %s", nsThreeDecimals(l.t()), delta, l.text())).append(nl);
      if (l.block() != null) {
        b.append(l.block());
      }
    }
    total(b, send, match, puts, gets, lastPutOf.get(elements), nl);
    return b.toString();
  }

  /** The time from the send's posting to the receive's completion, and where it went. */
  private void total(StringBuilder b, TraceRecord send, TraceRecord match, List<Action> puts, List<Action> gets,
      Action lastPut, String nl) {
    if (!puts.isEmpty()) {
      long sum = 0;
      int full = 0;
      for (Action a : puts) {
        sum += a.journey().totalPs();
        full += "FULL".equals(a.status()) ? 1 : 0;
      }
      b.append(String.format(Locale.ROOT, "PUTs: %,d, %s answered FULL, %s ns doorbell to completion in all, %s ns"
          + " on average", puts.size(), full == 0 ? "none" : String.format(Locale.ROOT, "%,d", full),
          nsThreeDecimals(sum), nsThreeDecimals(sum / puts.size()))).append(nl);
    }
    if (!gets.isEmpty()) {
      long sum = 0;
      for (Action a : gets) {
        sum += a.journey().totalPs();
      }
      b.append(String.format(Locale.ROOT, "GETs: %,d, one an element, %s ns doorbell to completion in all, %s ns"
          + " on average", gets.size(), nsThreeDecimals(sum), nsThreeDecimals(sum / gets.size()))).append(nl);
    }
    if (send == null || match == null) {
      b.append(unfinished(send, match)).append(nl);
      return;
    }
    b.append("total ").append(nsThreeDecimals(match.t() - send.t())).append(" ns from send posted to receive complete")
        .append(nl);
    Action lastGet = gets.isEmpty() ? null : gets.get(gets.size() - 1);
    TraceRecord inRing = lastPut == null ? null : lastPut.first(Kinds.APPLIED);
    TraceRecord taken = lastGet == null ? null : lastGet.first(Kinds.APPLIED);
    if (puts.isEmpty() || inRing == null || taken == null) {
      b.append("  (the trace does not hold the last element's PUT and GET at its target: no split)").append(nl);
      return;
    }
    long firstDoorbell = puts.get(0).start();
    split(b, "to the first doorbell", firstDoorbell - send.t(), "the rank's earlier work, then the element's store"
        + " and register writes", nl);
    split(b, "in PUTs", inRing.t() - firstDoorbell, "first doorbell to the last element in " + inRing.component()
        .replace(" module", "") + "'s ring", nl);
    split(b, "in the ring", taken.t() - inRing.t(), "until the GET that took the last element reached it", nl);
    split(b, "in the GET", lastGet.mark().t() - taken.t(), "its answer back to the rank, seen", nl);
    split(b, "unexpected", match.t() - lastGet.mark().t(), "whole, until the receive was posted", nl);
  }

  /** Why there is no total: what the trace lacks. */
  private String unfinished(TraceRecord send, TraceRecord match) {
    if (match == null) {
      return send == null ? "no message matched it by the end of the trace"
          : resolved.message() == null ? "the send began no PUT by the end of the trace"
          : "no receive took it by the end of the trace";
    }
    return "the trace holds no mark of the send of message " + resolved.message() + " (a trace of some nodes or"
        + " of a time window may leave it out): no total";
  }

  private static void split(StringBuilder b, String part, long ps, String what, String nl) {
    b.append(String.format(Locale.ROOT, "  %-22s %16s ns  %s", part, nsThreeDecimals(ps), what)).append(nl);
  }

  private static String putSummary(Action a) {
    TraceRecord applied = a.first(Kinds.APPLIED);
    TraceRecord refused = a.first(Kinds.REFUSED);
    StringBuilder s = new StringBuilder(a.status()).append(" after ").append(nsThreeDecimals(a.journey().totalPs()))
        .append(" ns");
    if (applied != null) {
      s.append(", in ring ").append(applied.ring()).append(" of ").append(applied.component().replace(" module", ""))
          .append(" at ").append(nsThreeDecimals(applied.t()));
    } else if (refused != null && refused.detail() != null) {
      s.append(" (").append(refused.detail()).append(")");
    }
    return s.toString();
  }

  private static String getSummary(Action a) {
    TraceRecord applied = a.first(Kinds.APPLIED);
    StringBuilder s = new StringBuilder(a.status()).append(" after ").append(nsThreeDecimals(a.journey().totalPs()))
        .append(" ns");
    if (applied != null) {
      s.append(", took it from ring ").append(applied.ring()).append(" at ").append(nsThreeDecimals(applied.t()));
    }
    return s.append(", the rank had it at ").append(nsThreeDecimals(a.mark().t())).toString();
  }

  private static String element(Action a) {
    return "element " + a.what().element() + "/" + a.what().elements();
  }

  private static String indent(String text) {
    StringBuilder b = new StringBuilder();
    text.lines().forEach(l -> b.append("        ").append(l).append(System.lineSeparator()));
    return b.toString();
  }

  private static String bytes(long n) {
    return String.format(Locale.ROOT, "%,d B", n);
  }

  private static String or(String s, String otherwise) {
    return s == null ? otherwise : s;
  }
}
