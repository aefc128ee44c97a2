package io.ringfabric.topology;

/**
 * The topology's own deterministic routes: dimension-order on rings, meshes and tori (the
 * shorter way round, ties shared by the spread; see {@link Topology#route(int, int, int)}), one
 * way through a star's centre, up-down on fat trees and file topologies. Classes are the
 * topology's dateline classes: channel v serves class v mod classes. Up-down offers every legal
 * up-down port, its own first; the others are not adaptive ways but the order in which the switch
 * goes around down links ({@link Routing#adaptive}).
 */
final class TopologyRouting implements Routing {
  private final String kind;
  private final Topology topology;
  private final int classes;
  private int[] ports = new int[MAX_WAYS]; // the ports of the head being routed: each switch has its own routing


  TopologyRouting(String kind, Topology topology, int datelineClasses) {
    this.kind = kind;
    this.topology = topology;
    this.classes = datelineClasses;
  }

  @Override
  public String kind() {
    return kind;
  }

  @Override
  public int classes() {
    return classes;
  }

  @Override
  public int classOf(int channel, int vcs) {
    return channel % classes;
  }

  @Override
  public int leastChannels() {
    return classes;
  }

  @Override
  public int route(int switchId, int inPort, int arrivedClass, int destinationNode, int spread, int[] ways) {
    if (ports.length < topology.ports(switchId)) {
      ports = new int[topology.ports(switchId)];
    }
    int n = topology.routePorts(switchId, inPort, destinationNode, spread, ports);
    for (int i = 0; i < n; i++) {
      int out = ports[i];
      ways[2 * i] = out;
      ways[2 * i + 1] = out == Topology.LOCAL_PORT || classes == 1 ? 0
          : topology.datelineClass(switchId, inPort, arrivedClass, out);
    }
    return n;
  }
}
