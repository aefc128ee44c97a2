package io.ringfabric.stats;

import io.ringfabric.model.SimTime;
import io.ringfabric.workload.schedule.Envelope;
import io.ringfabric.workload.schedule.RankResult;
import io.ringfabric.workload.schedule.ScheduleSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** A schedule's results from its ranks' results, whichever parts they ran in: {@link RunResult.Schedule}. */
final class ScheduleMerge {
  /** Unmatched operations named one by one in the results; the count covers them all. */
  static final int NAMED = 20;

  private ScheduleMerge() {}

  /** Null when the scenario ran no schedule. */
  static RunResult.Schedule of(ScheduleSpec spec, List<PartTally> parts) {
    if (spec == null) {
      return null;
    }
    List<RankResult> ranks = new ArrayList<>();
    for (PartTally t : parts) {
      ranks.addAll(t.ranks());
    }
    ranks.sort(Comparator.comparingInt(RankResult::rank));
    List<String> named = new ArrayList<>();
    long unmatched = 0;
    int finished = 0;
    long lastEnd = 0;
    List<RunResult.Rank> rows = new ArrayList<>();
    for (RankResult r : ranks) {
      finished += r.endedPs() >= 0 ? 1 : 0;
      lastEnd = Math.max(lastEnd, r.endedPs());
      rows.add(new RunResult.Rank(r.rank(), r.node(), SimTime.toNs(r.startedPs()),
          r.endedPs() < 0 ? null : SimTime.toNs(r.endedPs()), SimTime.toNs(r.sendPs()), SimTime.toNs(r.waitPs()),
          SimTime.toNs(r.calcPs()), r.failure()));
      for (RankResult.Leftover op : r.unfinished()) {
        unmatched++;
        String peer = switch (op.kind()) {
          case SEND -> " to " + op.peer() + " tag " + op.tag();
          case RECV -> " from " + op.peer() + " tag " + op.tag();
          case CALC -> "";
        };
        name(named, "rank " + r.rank() + " " + label(op.label(), op.op()) + ": " + op.kind().word() + peer
            + " did not complete");
      }
      for (Envelope m : r.unexpected()) {
        unmatched++;
        name(named, "rank " + r.rank() + ": the message from rank " + m.source() + " tag " + m.tag() + " ("
            + m.bytes() + " B, its send #" + m.sequence() + " to rank " + r.rank() + ") arrived and no receive took it");
      }
    }
    for (RankResult sender : ranks) {
      for (RankResult receiver : ranks) {
        int left = sender.completedTo()[receiver.rank()] - receiver.arrivedFrom()[sender.rank()];
        if (left > 0) {
          unmatched += left;
          name(named, "rank " + receiver.rank() + ": " + left + " message(s) from rank " + sender.rank()
              + " were left in its ring, never taken");
        }
      }
    }
    return new RunResult.Schedule(spec.schedule().source(), ranks.size(), finished,
        finished == ranks.size() ? SimTime.toNs(lastEnd) : null, unmatched, named, iterations(ranks), rows);
  }

  private static void name(List<String> named, String what) {
    if (named.size() < NAMED) {
      named.add(what);
    }
  }

  private static String label(String label, int op) {
    return label == null ? "op " + (op + 1) : label;
  }

  /** Each iteration from its first op's start on any rank to its last op's completion on any: p50 and max. */
  private static RunResult.Iterations iterations(List<RankResult> ranks) {
    int n = ranks.stream().mapToInt(r -> r.iterationFirstPs().length).max().orElse(0);
    if (n == 0) {
      return null;
    }
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      long first = Long.MAX_VALUE;
      long last = 0;
      for (RankResult r : ranks) {
        if (i < r.iterationFirstPs().length) {
          first = Math.min(first, r.iterationFirstPs()[i]);
          last = Math.max(last, r.iterationLastPs()[i]);
        }
      }
      times[i] = first == Long.MAX_VALUE ? 0 : Math.max(0, last - first);
    }
    long[] sorted = times.clone();
    Arrays.sort(sorted);
    return new RunResult.Iterations(n, SimTime.toNs(sorted[(n - 1) / 2]), SimTime.toNs(sorted[n - 1]));
  }
}
