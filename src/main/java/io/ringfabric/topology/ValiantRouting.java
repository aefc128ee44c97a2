package io.ringfabric.topology;

/**
 * {@code valiant}: a packet goes dimension-order to an intermediate node picked from its spread
 * (so uniformly over the nodes, the same for every packet of an action), then dimension-order on
 * to its destination. Any traffic pattern then loads the links as uniform traffic does, at the
 * cost of routes twice as long on average. The two phases use channels of their own, each with
 * its dateline classes, since a second phase's x after a first phase's y would close a cycle:
 * class = phase * dateline classes + dateline class, channel v serving class v mod classes.
 */
final class ValiantRouting implements Routing {
  private final Topology topology;
  private final int datelines;

  ValiantRouting(Topology topology, int datelineClasses) {
    this.topology = topology;
    this.datelines = datelineClasses;
  }

  @Override
  public String kind() {
    return VALIANT;
  }

  @Override
  public int classes() {
    return 2 * datelines;
  }

  @Override
  public int classOf(int channel, int vcs) {
    return channel % classes();
  }

  @Override
  public int leastChannels() {
    return classes();
  }

  /** The intermediate node of a packet with {@code spread}. */
  int intermediate(int spread) {
    return (int) (((spread >>> 2) & 0x3FFF_FFFFL) * topology.nodes() >>> 30);
  }

  @Override
  public int route(int switchId, int inPort, int arrivedClass, int destinationNode, int spread, int[] ways) {
    boolean injected = inPort == Topology.LOCAL_PORT;
    int phase = injected ? 0 : arrivedClass / datelines;
    boolean fresh = injected;
    if (phase == 0 && switchId == intermediate(spread)) {
      phase = 1;
      fresh = true;
    }
    int toward = phase == 0 ? intermediate(spread) : destinationNode;
    int out = topology.route(switchId, toward, spread);
    ways[0] = out;
    ways[1] = out == Topology.LOCAL_PORT ? 0 : phase * datelines + (datelines == 1 ? 0 : fresh
        ? topology.datelineClass(switchId, Topology.LOCAL_PORT, 0, out)
        : topology.datelineClass(switchId, inPort, arrivedClass % datelines, out));
    return 1;
  }
}
