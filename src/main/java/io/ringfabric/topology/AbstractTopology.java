package io.ringfabric.topology;

import java.util.List;
import java.util.Objects;

/**
 * What every topology kind shares: the spec, the precomputed {@link LinkTable}, range checks and
 * the naming of node switches. A subclass supplies the shape (its links and port names) and the
 * routing arithmetic.
 */
abstract class AbstractTopology implements Topology {
  private final TopologySpec spec;
  private final int nodes;
  private final LinkTable table;

  AbstractTopology(TopologySpec spec, LinkTable table) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.nodes = spec.nodes();
    this.table = table;
  }

  @Override
  public final TopologySpec spec() {
    return spec;
  }

  @Override
  public final int nodes() {
    return nodes;
  }

  @Override
  public final int switches() {
    return table.switches();
  }

  @Override
  public final int ports(int switchId) {
    return table.ports(checkSwitch(switchId));
  }

  @Override
  public final List<Link> links() {
    return table.links();
  }

  /** Null for port 0 (the local port, or unused on a standalone switch) and unconnected ports. */
  @Override
  public final Link linkAt(int switchId, int port) {
    checkPort(switchId, port);
    return table.at(switchId, port);
  }

  @Override
  public String switchName(int switchId) {
    return nodeName(checkSwitch(switchId));
  }

  @Override
  public final String portName(int switchId, int port) {
    checkPort(switchId, port);
    return switchId < nodes && port == LOCAL_PORT ? "local" : namePort(switchId, port);
  }

  /** The name of a port other than a node switch's local port; arguments already checked. */
  abstract String namePort(int switchId, int port);

  static String nodeName(int node) {
    return "node " + node;
  }

  /**
   * Range check for the hot path: {@link Objects#checkIndex} is a JIT intrinsic, so it costs
   * next to nothing and allocates only when it throws.
   */
  final int checkSwitch(int switchId) {
    return Objects.checkIndex(switchId, table.switches());
  }

  final int checkNode(int node) {
    return Objects.checkIndex(node, nodes);
  }

  private void checkPort(int switchId, int port) {
    Objects.checkIndex(port, table.ports(checkSwitch(switchId)));
  }

  @Override
  public String toString() {
    return spec.kind() + " " + spec.dims();
  }
}
