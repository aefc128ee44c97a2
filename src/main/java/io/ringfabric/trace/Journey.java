package io.ringfabric.trace;

import static io.ringfabric.model.SimTime.nsThreeDecimals;

import io.ringfabric.trace.TraceRecord.Kinds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code trace FILE op ID} prints: every record of one operation, in trace order.
 *
 * <p>A packet's time in a switch past the switch's latency is a wait (for its output link, a
 * credit or its turn), whether or not a record says so: under credit flow control a switch
 * records its packets as sent when they leave, with no wait of their own.
 *
 * @param switchLatencyPs the fabric's switch latency, or -1 when the trace does not say
 */
public record Journey(String op, List<TraceRecord> records, long notShown, long switchLatencyPs) {

  /** One operation's records, in a trace that does not say its switch latency. */
  public Journey(String op, List<TraceRecord> records, long notShown) {
    this(op, records, notShown, -1);
  }

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
        String where = r.port() != null ? r.port() : r.component();
        best = new Contributor(r.waitPs(), nsThreeDecimals(r.waitPs()) + (Kinds.CREDIT_STALL.equals(r.kind())
            ? " ns waiting for room in the next switch (a credit) at " : " ns waiting for the link at ") + where);
      }
    }
    Map<TraceRecord, Long> inSwitches = switchWaits();
    for (Map.Entry<TraceRecord, Long> e : inSwitches.entrySet()) {
      if (best == null || e.getValue() > best.ps()) {
        best = new Contributor(e.getValue(), nsThreeDecimals(e.getValue()) + " ns waiting in " + e.getKey().component()
            + " past its " + nsThreeDecimals(switchLatencyPs) + " ns latency");
      }
    }
    return best;
  }

  /**
   * Each packet-sent record of a switch whose packet spent longer in the switch than its latency
   * and the wait the record gives, with that time past both: the packet waited there unrecorded.
   * In trace order; empty when the trace does not say the switch latency.
   */
  public Map<TraceRecord, Long> switchWaits() {
    Map<TraceRecord, Long> waits = new LinkedHashMap<>();
    if (switchLatencyPs < 0) {
      return waits;
    }
    Map<String, Long> arrived = new HashMap<>(); // switch and packet -> when it came in
    for (TraceRecord r : records) {
      if (r.component() == null || !r.component().endsWith(" switch")) {
        continue;
      }
      String key = r.component() + "|" + r.detail();
      if (Kinds.PACKET_RECEIVED.equals(r.kind())) {
        arrived.put(key, r.t());
      } else if (Kinds.PACKET_SENT.equals(r.kind()) && arrived.containsKey(key)) {
        long past = r.t() - arrived.remove(key) - switchLatencyPs - r.waitPs();
        if (past > 0) {
          waits.put(r, past);
        }
      }
    }
    return waits;
  }

  /** The time its packets waited for room in the next switch, added up, or null if they never did. */
  public String creditWaits() {
    long total = 0;
    int n = 0;
    TraceRecord longest = null;
    for (TraceRecord r : records) {
      if (Kinds.CREDIT_STALL.equals(r.kind())) {
        total += r.waitPs();
        n++;
        longest = longest == null || r.waitPs() > longest.waitPs() ? r : longest;
      }
    }
    return n == 0 ? null : "waiting for credits: " + nsThreeDecimals(total) + " ns in all, " + n
        + (n == 1 ? " stall" : " stalls") + "; the longest " + nsThreeDecimals(longest.waitPs()) + " ns at "
        + longest.port() + " (" + longest.detail() + ")";
  }

  /**
   * The time its packets waited, added up: for busy links as the records say (each wait counted
   * once, from the packet-sent records, or the packet-queued ones when there are no packet-sent
   * records), and in switches past their latency ({@link #switchWaits}); null if they never waited.
   */
  public String waits() {
    long links = 0;
    int n = 0;
    long longest = 0;
    String longestAt = null;
    for (String kind : List.of(Kinds.PACKET_SENT, Kinds.PACKET_QUEUED)) {
      for (TraceRecord r : records) {
        if (kind.equals(r.kind()) && r.waitPs() > 0) {
          links += r.waitPs();
          n++;
          if (r.waitPs() > longest) {
            longest = r.waitPs();
            longestAt = r.port() != null ? r.port() : r.component();
          }
        }
      }
      if (n > 0) {
        break;
      }
    }
    long inSwitches = 0;
    for (Map.Entry<TraceRecord, Long> e : switchWaits().entrySet()) {
      inSwitches += e.getValue();
      n++;
      if (e.getValue() > longest) {
        longest = e.getValue();
        longestAt = e.getKey().component();
      }
    }
    if (n == 0) {
      return null;
    }
    String parts = inSwitches == 0 ? ""
        : " (" + (links > 0 ? nsThreeDecimals(links) + " ns for links, " : "") + nsThreeDecimals(inSwitches)
            + " ns in switches past their latency)";
    return (inSwitches == 0 ? "waiting for links: " : "waiting: ") + nsThreeDecimals(links + inSwitches)
        + " ns in all, " + n + (n == 1 ? " wait" : " waits") + parts + "; the longest " + nsThreeDecimals(longest)
        + " ns at " + longestAt;
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
    Map<TraceRecord, Long> inSwitches = switchWaits();
    for (TraceRecord r : records) {
      String delta = prev < 0 ? "" : "+" + nsThreeDecimals(r.t() - prev);
      prev = r.t();
      String where = TraceQuery.describe(r, false);
      Long past = inSwitches.get(r);
      if (past != null) {
        where = r.waitPs() > 0 ? where + ", and " + nsThreeDecimals(past) + " ns more in " + r.component()
            : where.substring(0, where.length() - "  no wait".length()) + "  WAITED " + nsThreeDecimals(past)
                + " ns in " + r.component();
      }
      b.append(String.format(Locale.ROOT, "%16s  %12s  %-16s  %s", nsThreeDecimals(r.t()), delta, r.kind(), where))
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
    for (String line : new String[] {waits(), creditWaits()}) {
      if (line != null) {
        b.append(line).append(nl);
      }
    }
    return b.toString();
  }
}
