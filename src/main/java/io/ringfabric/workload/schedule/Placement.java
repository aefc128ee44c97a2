package io.ringfabric.workload.schedule;

import java.io.Serializable;

/**
 * Where each rank runs: on which node, and which ring there it receives in. {@code blocks} puts
 * ranks 0..k-1 on the first node, k..2k-1 on the next, and so on; {@code round-robin} deals them
 * out one a node in turn over the nodes the ranks need. The j-th rank on a node receives in ring
 * {@code firstRing + j} and runs on core {@code firstCore + j} (modulo the node's cores).
 *
 * @param ranks the schedule's ranks
 * @param perNode ranks on each node ({@code ranks-per-node})
 * @param roundRobin whether ranks are dealt out in turn rather than in blocks
 * @param firstRing the ring the first rank on a node receives in
 */
public record Placement(int ranks, int perNode, boolean roundRobin, int firstRing) implements Serializable {
  /** The nodes the ranks take: the first this many of the machine. */
  public int nodes() {
    return (ranks + perNode - 1) / perNode;
  }

  public int node(int rank) {
    return roundRobin ? rank % nodes() : rank / perNode;
  }

  /** The rank's place among the ranks of its node: 0, 1, ... */
  public int local(int rank) {
    return roundRobin ? rank / nodes() : rank % perNode;
  }

  public int ring(int rank) {
    return firstRing + local(rank);
  }
}
