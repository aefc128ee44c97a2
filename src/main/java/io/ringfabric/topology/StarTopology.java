package io.ringfabric.topology;

import java.util.Arrays;

/**
 * {@code star [n]}: every node switch has one link (port 1) to a central switch that belongs to no
 * node (switch id n, "star centre"). The centre's port i+1 leads to node i; its port 0 is unused,
 * so that port numbers line up with node ids plus one. Every path between distinct nodes is two
 * hops.
 */
final class StarTopology extends AbstractTopology {
  static final int TO_CENTRE = 1;
  static final String CENTRE_NAME = "star centre";

  private final int centre;

  StarTopology(TopologySpec spec) {
    super(spec, table(spec.nodes()));
    this.centre = spec.nodes();
  }

  private static LinkTable table(int n) {
    int[] ports = new int[n + 1];
    Arrays.fill(ports, 0, n, 2);
    ports[n] = n + 1;
    LinkTable.Builder b = new LinkTable.Builder(ports);
    for (int i = 0; i < n; i++) {
      b.link(i, TO_CENTRE, n, i + 1, nodeName(i) + " -> " + CENTRE_NAME);
    }
    for (int i = 0; i < n; i++) {
      b.link(n, i + 1, i, TO_CENTRE, CENTRE_NAME + " -> " + nodeName(i));
    }
    return b.build();
  }

  @Override
  public int route(int switchId, int destinationNode) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    if (switchId == centre) {
      return destinationNode + 1;
    }
    return switchId == destinationNode ? LOCAL_PORT : TO_CENTRE;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    return sourceNode == destinationNode ? 0 : 2;
  }

  @Override
  public String switchName(int switchId) {
    return checkSwitch(switchId) == centre ? CENTRE_NAME : nodeName(switchId);
  }

  @Override
  String namePort(int switchId, int port) {
    if (switchId != centre) {
      return "to " + CENTRE_NAME;
    }
    return port == 0 ? "unused" : "to " + nodeName(port - 1);
  }
}
