package io.ringfabric.topology;

import java.util.Arrays;

/**
 * {@code ring [n]}: node i is linked to i+1 (port 1, "cw") and to i-1 (port 2, "ccw"), modulo n.
 *
 * <p>A ring of 1 has no links and only the local port. In a ring of 2 both ports lead to the
 * other node: two parallel links, as two cables would be, shared like any tie.
 */
final class RingTopology extends AbstractTopology {
  static final int CW = 1;
  static final int CCW = 2;

  private final int n;

  RingTopology(TopologySpec spec) {
    super(spec, table(spec.nodes()));
    this.n = spec.nodes();
  }

  private static LinkTable table(int n) {
    int[] ports = new int[n];
    // Fixed numbering where a neighbour exists; a lone node only talks to itself.
    Arrays.fill(ports, n == 1 ? 1 : 3);
    LinkTable.Builder b = new LinkTable.Builder(ports);
    if (n > 1) {
      for (int i = 0; i < n; i++) {
        int next = (i + 1) % n;
        int prev = (i + n - 1) % n;
        // Leaving by cw arrives on the neighbour's ccw port, whose link leads straight back.
        b.link(i, CW, next, CCW, nodeName(i) + " cw -> " + nodeName(next));
        b.link(i, CCW, prev, CW, nodeName(i) + " ccw -> " + nodeName(prev));
      }
    }
    return b.build();
  }

  @Override
  public int route(int switchId, int destinationNode) {
    return route(switchId, destinationNode, 0);
  }

  /** Shorter way round; when both ways are equally long (n even, d = n/2) bit 0 of the spread picks: clear is cw. */
  @Override
  public int route(int switchId, int destinationNode, int spread) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    int d = destinationNode - switchId;
    if (d < 0) {
      d += n;
    }
    if (d == 0) {
      return LOCAL_PORT;
    }
    return d < n - d || d == n - d && (spread & 1) == 0 ? CW : CCW;
  }

  @Override
  public int minimalPorts(int switchId, int destinationNode, int[] ports) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    int d = Math.floorMod(destinationNode - switchId, n);
    int count = 0;
    if (d != 0 && d <= n - d) {
      ports[count++] = CW;
    }
    if (d != 0 && d >= n - d) {
      ports[count++] = CCW;
    }
    return count;
  }

  @Override
  public int datelineClasses() {
    return n >= 4 ? 2 : 1;
  }

  @Override
  public int datelineClass(int switchId, int inPort, int arrivedClass, int outPort) {
    boolean wraps = outPort == CW ? switchId == n - 1 : switchId == 0;
    return wraps ? 1 : inPort == LOCAL_PORT ? 0 : arrivedClass;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    int d = Math.floorMod(destinationNode - sourceNode, n);
    return Math.min(d, n - d);
  }

  @Override
  String namePort(int switchId, int port) {
    return port == CW ? "cw" : "ccw";
  }
}
