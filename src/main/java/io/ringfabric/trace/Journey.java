package io.ringfabric.trace;

import static io.ringfabric.model.SimTime.nsThreeDecimals;

import io.ringfabric.trace.TraceRecord.Kinds;
import java.util.List;
import java.util.Locale;

/** What {@code trace FILE op ID} prints: every record of one operation, in trace order. */
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
        String where = r.port() != null ? r.port() : r.component();
        best = new Contributor(r.waitPs(), nsThreeDecimals(r.waitPs()) + (Kinds.CREDIT_STALL.equals(r.kind())
            ? " ns waiting for room in the next switch (a credit) at " : " ns waiting for the link at ") + where);
      }
    }
    return best;
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
      String where = TraceQuery.describe(r, false);
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
