package io.ringfabric.topology;

/**
 * {@code minimal-adaptive}: a head may take any output on a shortest way to its destination, in
 * an adaptive channel, or the dimension-order output in an escape channel (Duato's protocol).
 * The escape channels are one per dateline class (2 on a ring or torus with a dimension of 4 or
 * more, else 1) and are routed dimension-order with datelines, a network without cycles of its
 * own; a packet that has taken one stays in them to its destination, so a packet in an adaptive
 * channel can always wait for an escape channel that will move. So it needs a channel per escape
 * class and at least one adaptive: channels 0 .. e-1 are the escape classes, the rest class e.
 */
final class MinimalAdaptiveRouting implements Routing {
  private final Topology topology;
  private final int escape; // escape classes: 0 .. escape-1; the adaptive class is `escape`
  private final int[] minimal = new int[4];

  MinimalAdaptiveRouting(Topology topology, int datelineClasses) {
    this.topology = topology;
    this.escape = datelineClasses;
  }

  @Override
  public String kind() {
    return MINIMAL_ADAPTIVE;
  }

  @Override
  public boolean adaptive() {
    return true;
  }

  @Override
  public int classes() {
    return escape + 1;
  }

  @Override
  public int classOf(int channel, int vcs) {
    return Math.min(channel, escape);
  }

  @Override
  public int leastChannels() {
    return escape + 1;
  }

  @Override
  public int route(int switchId, int inPort, int arrivedClass, int destinationNode, int spread, int[] ways) {
    int dimensionOrder = topology.route(switchId, inPort, destinationNode, spread);
    if (dimensionOrder == Topology.LOCAL_PORT) {
      ways[0] = Topology.LOCAL_PORT;
      ways[1] = 0;
      return 1;
    }
    boolean inEscape = inPort != Topology.LOCAL_PORT && arrivedClass < escape;
    int n = 0;
    if (!inEscape) {
      int count = topology.minimalPorts(switchId, destinationNode, minimal);
      for (int i = 0; i < count; i++) {
        ways[n++] = minimal[i];
        ways[n++] = escape;
      }
    }
    ways[n++] = dimensionOrder;
    // Entering the escape channels is entering their dimension afresh: class 0 until the wrap link.
    ways[n++] = escape == 1 ? 0 : inEscape
        ? topology.datelineClass(switchId, inPort, arrivedClass, dimensionOrder)
        : topology.datelineClass(switchId, Topology.LOCAL_PORT, 0, dimensionOrder);
    return n / 2;
  }
}
