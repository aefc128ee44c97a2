package io.ringfabric.workload.schedule;

import java.io.Serializable;
import java.util.List;

/**
 * What one rank did, after the run. Times in picoseconds; {@code endedPs} is -1 for a rank that
 * did not finish (its run ended first, or an action failed: {@code failure}).
 *
 * @param sendPs time in its PUTs (the doorbell to the completion its poll saw)
 * @param waitPs time in GETs, and idle with nothing to send or calculate
 * @param calcPs time in calcs
 * @param unfinished its operations that did not complete, in index order
 * @param unexpected messages that reached it and that no receive of its took
 * @param completedTo by rank: how many of its sends to that rank completed
 * @param arrivedFrom by rank: how many messages from that rank wholly arrived
 * @param iterationFirstPs by iteration of a generated motif: when its first op started here
 * @param iterationLastPs and when its last op completed here
 */
public record RankResult(int rank, int node, long startedPs, long endedPs, long sendPs, long waitPs, long calcPs,
    String failure, List<Leftover> unfinished, List<Envelope> unexpected, int[] completedTo, int[] arrivedFrom,
    long[] iterationFirstPs, long[] iterationLastPs) implements Serializable {

  /** An operation that did not complete: a send not wholly PUT, a receive no message matched, a calc cut off. */
  public record Leftover(int op, String label, OpKind kind, int peer, int tag) implements Serializable {}
}
