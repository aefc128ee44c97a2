package io.ringfabric.topology;

import java.util.List;

/**
 * The fabric's switches and the directed links between them, and the route a packet takes.
 *
 * <p>Switches {@code 0 .. nodes()-1} belong to the node with the same id; switches from
 * {@code nodes()} on belong to no node (the centre of a star). On a node's switch, port 0 is the
 * port to its own messaging module; ports 1.. lead to other switches. A standalone switch has no
 * local port; its ports are numbered from 1 as well (port 0 unused).
 *
 * <p>Routing is dimension-order and deterministic: X first, then Y; on a ring or torus the
 * shorter way round in each dimension. When both ways are equally long (distance k/2 on an even
 * ring or torus dimension) a bit of the packet's {@code spread} picks the way, so ties are shared
 * evenly between the two directions instead of all going the positive way, which loaded the +x
 * and +y links 1.25 times the mean under uniform traffic.
 */
public interface Topology {
  /** The port of a node's switch that leads to the node's own messaging module. */
  int LOCAL_PORT = 0;

  /** The spec this topology was built from. */
  TopologySpec spec();

  int nodes();

  /** Every switch, node switches first. */
  int switches();

  /**
   * Ports of a switch, port 0 included (so valid ports are {@code 0 .. ports(s)-1}). A kind numbers
   * its ports the same way on every switch, so a port may have no link behind it (see {@link
   * #linkAt}).
   */
  int ports(int switchId);

  /** Every directed link between two switches, sorted by (from switch, from port). */
  List<Link> links();

  /**
   * The link leaving {@code switchId} by {@code port}, or null when nothing is behind that port:
   * port 0, and ports without a neighbour (the edge of a mesh, a torus dimension of size 1). The
   * returned links are precomputed, so this is cheap enough for every hop.
   */
  Link linkAt(int switchId, int port);

  /**
   * The output port a packet for {@code destinationNode} takes at {@code switchId}: 0 when the
   * switch is the destination node's own switch. The destination must exist. Called on every
   * packet hop: implementations compute it with arithmetic only, without allocating.
   */
  int route(int switchId, int destinationNode);

  /**
   * As {@link #route(int, int)} for a packet whose {@code spread} (bits fixed per packet, the
   * same at every hop) breaks ties: bit 0 in the first dimension, bit 1 in the second; a clear
   * bit takes the positive (cw) way. {@code route(s, d)} is {@code route(s, d, 0)}.
   */
  default int route(int switchId, int destinationNode, int spread) {
    return route(switchId, destinationNode);
  }

  /**
   * As {@link #route(int, int, int)} for a packet that arrived by {@code inPort} (0: from the
   * node's own module): the topologies whose routes depend on the way a packet came (up-down on
   * a file topology, which must not go up once it has gone down) override this.
   */
  default int route(int switchId, int inPort, int destinationNode, int spread) {
    return route(switchId, destinationNode, spread);
  }

  /**
   * Every output port of {@code switchId} by which the topology's own routes may go on, as {@link
   * #route(int, int, int, int)} judges the packet: its port first, then the others in the order a
   * packet tries them to go around a down link; written into {@code ports} (room for {@link
   * #ports}{@code (switchId)}), returns how many. Only up-down offers more than one: every up port
   * toward an ancestor of the destination, or every port of a legal up-down route on a file
   * topology; dimension-order has one way.
   */
  default int routePorts(int switchId, int inPort, int destinationNode, int spread, int[] ports) {
    ports[0] = route(switchId, inPort, destinationNode, spread);
    return 1;
  }

  /**
   * Every output port of {@code switchId} that is the first link of some shortest route to
   * {@code destinationNode}, written into {@code ports} (room for 4), in port order; returns how
   * many. On a ring, mesh or torus that is the way of each dimension the packet still has to
   * travel (both ways at a tie). Empty at the destination's own switch.
   */
  default int minimalPorts(int switchId, int destinationNode, int[] ports) {
    int out = route(switchId, destinationNode);
    if (out == LOCAL_PORT) {
      return 0;
    }
    ports[0] = out;
    return 1;
  }

  /**
   * Dateline classes the routes need so that, with a virtual channel per class, no packets can
   * wait on each other in a cycle: 2 on a ring or torus with a dimension of 4 or more (its
   * routes chain the links of a dimension round the loop), else 1 (dimension-order routes on a
   * mesh or star, and loops of 2 or 3 whose routes take one hop per dimension, have no cycle).
   */
  default int datelineClasses() {
    return 1;
  }

  /**
   * The dateline class of a packet leaving {@code switchId} by {@code outPort}, having arrived by
   * {@code inPort} (0: from the node's own module) in class {@code arrivedClass}: 1 once it has
   * crossed the wrap-around link of the dimension it travels in, 0 as it enters a dimension.
   */
  default int datelineClass(int switchId, int inPort, int arrivedClass, int outPort) {
    return 0;
  }

  /** Number of switch-to-switch links a packet crosses from one node's switch to another's. */
  int hops(int sourceNode, int destinationNode);

  /**
   * Readable name of a port, such as {@code "local"}, {@code "+x"}, {@code "-y"}, {@code "cw"} or
   * {@code "to node 7"}.
   */
  String portName(int switchId, int port);

  /** Readable name of a switch: {@code "node 3"} or {@code "star centre"}. */
  String switchName(int switchId);

  /**
   * A directed link between two switches.
   *
   * @param name readable, e.g. {@code "node 3 +x -> node 7"}
   */
  record Link(int fromSwitch, int fromPort, int toSwitch, int toPort, String name) {}
}
