package io.ringfabric.topology;

import java.io.Serializable;
import java.util.List;

/**
 * How a packet finds its way through the fabric ({@code fabric.routing}), and the channel
 * classes its routes need so that no packets wait on each other in a cycle.
 *
 * <p>Each message class (requests, responses) has {@code vcs} virtual channels at a switch
 * input; a routing sorts them into its own classes ({@link #classOf}): dateline classes on rings
 * and tori, Valiant's two phases, minimal-adaptive's escape channels. A head is offered the ways
 * it may go on ({@link #route}), each an output port and the class of channel it needs there;
 * the switch takes the first way whose output is free and has room.
 */
public interface Routing extends Serializable {
  String AUTO = "auto";
  String DIMENSION_ORDER = "dimension-order";
  String MINIMAL_ADAPTIVE = "minimal-adaptive";
  String VALIANT = "valiant";
  String UP_DOWN = "up-down";

  /** Every {@code fabric.routing} value, in the order the documentation lists them. */
  List<String> KINDS = List.of(AUTO, DIMENSION_ORDER, MINIMAL_ADAPTIVE, VALIANT, UP_DOWN);

  /**
   * Most ways an adaptive routing offers a head: two minimal ports in each of two dimensions, and
   * the escape way. A routing that is not adaptive may offer one per port of the switch.
   */
  int MAX_WAYS = 5;

  /** The {@code fabric.routing} value this is, {@code auto} resolved. */
  String kind();

  /**
   * Whether a head may take any of its ways: the switch gives it the first of their outputs free
   * with room (minimal-adaptive). Otherwise the ways after the first are not a choice but the
   * order in which to go around down links: the head takes the first whose link is up, alone.
   */
  default boolean adaptive() {
    return false;
  }

  /** Channel classes of a message class. */
  int classes();

  /** The class channel {@code channel} (0 .. vcs-1 within its message class) serves, given {@code vcs} channels. */
  int classOf(int channel, int vcs);

  /** Channels per message class the routing needs: one for every class, or deadlocks are possible. */
  int leastChannels();

  /**
   * The ways the head of a channel at {@code switchId} may go on, having arrived by {@code inPort}
   * (0: from the node's own module) in a channel of class {@code arrivedClass}: writes output port
   * and class pairs into {@code ways}, the preferred first, and returns how many (at least 1; at
   * most {@link #MAX_WAYS} if {@link #adaptive}, else at most the switch's ports).
   * Port 0 (to the node's own module) comes alone, with class 0. {@code spread} is fixed per
   * packet: its low two bits share the ties, the rest is a hash (Valiant's intermediate node).
   */
  int route(int switchId, int inPort, int arrivedClass, int destinationNode, int spread, int[] ways);

  /**
   * The routing {@code kind} names on {@code topology}; {@code datelines} false leaves the
   * dateline classes out (only a test that must reach a deadlock does). Throws {@link
   * IllegalArgumentException} naming the kinds that would do for a kind the topology cannot take.
   */
  static Routing of(String kind, Topology topology, boolean datelines) {
    String topologyKind = topology.spec().kind();
    String resolved = kind.equals(AUTO) ? defaultFor(topologyKind) : kind;
    if (!allowed(topologyKind).contains(resolved)) {
      throw new IllegalArgumentException("routing " + resolved + " does not apply to a " + topologyKind
          + "; it takes " + String.join(" or ", allowed(topologyKind)));
    }
    int dateline = datelines ? topology.datelineClasses() : 1;
    switch (resolved) {
      case MINIMAL_ADAPTIVE:
        return new MinimalAdaptiveRouting(topology, dateline);
      case VALIANT:
        return new ValiantRouting(topology, dateline);
      default:
        return new TopologyRouting(resolved, topology, dateline);
    }
  }

  /** What {@code auto} means on a topology kind. */
  static String defaultFor(String topologyKind) {
    return topologyKind.equals(Topologies.FAT_TREE) || topologyKind.equals(Topologies.FILE) ? UP_DOWN
        : DIMENSION_ORDER;
  }

  /** The routings a topology kind can take, {@code auto} aside. */
  static List<String> allowed(String topologyKind) {
    switch (topologyKind) {
      case "ring":
      case "mesh":
      case "torus":
        return List.of(DIMENSION_ORDER, MINIMAL_ADAPTIVE, VALIANT);
      case "star":
        return List.of(DIMENSION_ORDER, UP_DOWN); // one way through the centre: they are the same
      default:
        return List.of(UP_DOWN);
    }
  }
}
