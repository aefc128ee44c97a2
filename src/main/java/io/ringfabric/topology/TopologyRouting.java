package io.ringfabric.topology;

/**
 * The topology's own deterministic routes: dimension-order on rings, meshes and tori (the
 * shorter way round, ties shared by the spread; see {@link Topology#route(int, int, int)}), one
 * way through a star's centre, up-down on fat trees and file topologies. Classes are the
 * topology's dateline classes: channel v serves class v mod classes.
 */
final class TopologyRouting implements Routing {
  private final String kind;
  private final Topology topology;
  private final int classes;

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
    int out = topology.route(switchId, inPort, destinationNode, spread);
    ways[0] = out;
    ways[1] = out == Topology.LOCAL_PORT || classes == 1 ? 0
        : topology.datelineClass(switchId, inPort, arrivedClass, out);
    return 1;
  }
}
