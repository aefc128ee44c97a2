package io.ringfabric.topology;

import java.util.Arrays;

/**
 * Port numbering shared by mesh and torus: every node switch has the same five ports (0 local,
 * 1 +x, 2 -x, 3 +y, 4 -y) whether or not a neighbour sits behind them, so a port number means
 * the same direction on every node and in every trace. Node id = y * X + x (x varies fastest).
 */
final class GridPorts {
  static final int PLUS_X = 1;
  static final int MINUS_X = 2;
  static final int PLUS_Y = 3;
  static final int MINUS_Y = 4;
  static final int PORTS = 5;

  private static final String[] NAMES = {"local", "+x", "-x", "+y", "-y"};

  private GridPorts() {}

  static String name(int port) {
    return NAMES[port];
  }

  /** The port a packet arrives on after leaving by {@code port}: the one facing back. */
  static int opposite(int port) {
    switch (port) {
      case PLUS_X:
        return MINUS_X;
      case MINUS_X:
        return PLUS_X;
      case PLUS_Y:
        return MINUS_Y;
      case MINUS_Y:
        return PLUS_Y;
      default:
        throw new IllegalArgumentException("not a grid link port: " + port);
    }
  }

  /** A builder for {@code nodes} switches of five ports each. */
  static LinkTable.Builder builder(int nodes) {
    int[] ports = new int[nodes];
    Arrays.fill(ports, PORTS);
    return new LinkTable.Builder(ports);
  }

  /** Adds the link leaving {@code from} by {@code port}, named like "node 3 +x -> node 4". */
  static void link(LinkTable.Builder b, int from, int port, int to) {
    b.link(
        from,
        port,
        to,
        opposite(port),
        AbstractTopology.nodeName(from) + " " + name(port) + " -> " + AbstractTopology.nodeName(to));
  }
}
