package io.ringfabric.oracle;

import java.util.List;

/**
 * One scenario as the oracle draws it: small numbers and picks that jqwik shrinks towards the
 * simplest case (the first choice of each list, zero, false, fewer entries). {@link Render} turns
 * it into a valid scenario file, resolving each pick against the machine it describes (a node
 * pick modulo the node count, a link pick modulo the links, and so on).
 */
record Draw(long seed, Shape shape, Fabric fabric, List<Fault> faults, Module module, List<RingDraw> rings,
    List<Group> groups, int cores, int checkpointPermille) {

  /** The scenario file, as jqwik prints a falsified sample. */
  @Override
  public String toString() {
    return Render.render(this).forUser() + "# checkpoint at " + checkpointPermille + "/1000 of the run\n";
  }

  enum Kind { RING, MESH, TORUS, STAR, FAT_TREE, FILE }

  /** The topology: dims (or arity and levels of a fat tree, or which canned file) from a and b. */
  record Shape(Kind kind, int a, int b) {}

  /**
   * @param extraVcs virtual channels above the least the routing needs
   * @param routing a pick among the routings the topology takes (0: auto)
   */
  record Fabric(boolean credit, int extraVcs, int vcPackets, boolean storeAndForward, int routing, int mtu,
      boolean islip) {}

  enum FaultKind { DOWN, LOSSY_ALL, LOSSY_ONE }

  /** A link down from {@code fromUs} for {@code spanUs} (0: to the end), or packets lost on links. */
  record Fault(FaultKind kind, int link, int fromUs, int spanUs, double drop, double corrupt) {}

  /** {@code module.*}; times in picoseconds, confirmations -1 for auto. */
  record Module(boolean hold, long holdLimitPs, long timeoutPs, int retries, int confirmations, boolean direct) {}

  /**
   * Ring {@code index} of the list gets id {@code index}.
   *
   * @param nodes 0: all nodes, else the node {@code nodes - 1} (modulo the node count) alone
   * @param putAccess 0: all, else only node {@code putAccess - 1}; getAccess likewise
   */
  record RingDraw(int nodes, int maxElement, int capacityFactor, int alignment, int putAccess, int getAccess,
      boolean notifies) {}

  enum Program { PUT_STREAM, GET_STREAM, PING_PONG }

  enum Pattern { FIXED, UNIFORM, NEIGHBOR, INCAST, HOTSPOT, ALL_TO_ALL, TORNADO }

  /**
   * One process group. Fields a program does not use are ignored by {@link Render}.
   *
   * @param nodes 0: all nodes, else node {@code nodes - 1} alone
   * @param node a put-stream's target node (fixed: as drawn, so it may not exist), a get-stream's
   *     source (0: self, else {@code node - 1}), a ping-pong's first node
   * @param size payload bytes; {@code sizeMax} above it makes the size uniform in [size, sizeMax]
   */
  record Group(Program program, int nodes, int core, int count, boolean interrupt, Pattern pattern, int node,
      int ring, int size, int sizeMax, int ops, boolean think, boolean retryOnFull, int idleLimit,
      boolean notification) {}
}
