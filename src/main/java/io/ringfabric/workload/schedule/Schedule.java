package io.ringfabric.workload.schedule;

import java.util.List;

/**
 * What each rank of an application does, as a GOAL file states it ({@link GoalParser}) or a
 * collective generates it ({@link Collectives}): ranks 0..numRanks()-1, each a {@link RankSchedule}
 * of operations with dependencies. Immutable. See {@link RankSchedule} for the memory it takes.
 */
public final class Schedule {
  private final String source;
  private final RankSchedule[] ranks;
  private final List<String> warnings;

  /**
   * @param source where it came from, for messages: the GOAL file, or the pattern and its settings
   * @param warnings {@code file:line: ...} lines for the caller to print (a repeated label)
   */
  public Schedule(String source, List<RankSchedule> ranks, List<String> warnings) {
    this.source = source;
    this.ranks = ranks.toArray(new RankSchedule[0]);
    this.warnings = List.copyOf(warnings);
    for (int r = 0; r < this.ranks.length; r++) {
      if (this.ranks[r].rank() != r) {
        throw new IllegalArgumentException("rank " + this.ranks[r].rank() + " at position " + r);
      }
    }
  }

  public String source() {
    return source;
  }

  public int numRanks() {
    return ranks.length;
  }

  public RankSchedule rank(int r) {
    return ranks[r];
  }

  /** Things in the file that run but look like mistakes, one {@code file:line: ...} line each. */
  public List<String> warnings() {
    return warnings;
  }

  /** The number of operations of all ranks. */
  public long size() {
    long n = 0;
    for (RankSchedule r : ranks) {
      n += r.size();
    }
    return n;
  }

  /** The number of iterations of a generated motif (the most of any rank); 0 if not generated. */
  public int iterationCount() {
    int n = 0;
    for (RankSchedule r : ranks) {
      n = Math.max(n, r.iterationCount());
    }
    return n;
  }
}
