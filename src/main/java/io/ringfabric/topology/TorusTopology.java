package io.ringfabric.topology;

import static io.ringfabric.topology.GridPorts.MINUS_X;
import static io.ringfabric.topology.GridPorts.MINUS_Y;
import static io.ringfabric.topology.GridPorts.PLUS_X;
import static io.ringfabric.topology.GridPorts.PLUS_Y;

/**
 * {@code torus [X, Y]}: a mesh whose rows and columns wrap around. Ports follow {@link
 * GridPorts}. A dimension of size 1 has no links; in a dimension of size 2 the + and - ports both
 * lead to the one neighbour (two parallel links). Routing is dimension-order, x then y, the
 * shorter way round in each dimension; on a tie the packet's spread picks the way (see {@link
 * Topology#route(int, int, int)}).
 */
final class TorusTopology extends AbstractTopology {
  private final int sizeX;
  private final int sizeY;

  TorusTopology(TopologySpec spec) {
    super(spec, table(spec.dims().get(0), spec.dims().get(1)));
    this.sizeX = spec.dims().get(0);
    this.sizeY = spec.dims().get(1);
  }

  private static LinkTable table(int sizeX, int sizeY) {
    LinkTable.Builder b = GridPorts.builder(sizeX * sizeY);
    for (int y = 0; y < sizeY; y++) {
      for (int x = 0; x < sizeX; x++) {
        int id = y * sizeX + x;
        if (sizeX > 1) {
          GridPorts.link(b, id, PLUS_X, y * sizeX + (x + 1) % sizeX);
          GridPorts.link(b, id, MINUS_X, y * sizeX + (x + sizeX - 1) % sizeX);
        }
        if (sizeY > 1) {
          GridPorts.link(b, id, PLUS_Y, (y + 1) % sizeY * sizeX + x);
          GridPorts.link(b, id, MINUS_Y, (y + sizeY - 1) % sizeY * sizeX + x);
        }
      }
    }
    return b.build();
  }

  @Override
  public int route(int switchId, int destinationNode) {
    return route(switchId, destinationNode, 0);
  }

  @Override
  public int route(int switchId, int destinationNode, int spread) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    // d = distance going the positive way; the negative way is size - d.
    int dx = destinationNode % sizeX - switchId % sizeX;
    if (dx < 0) {
      dx += sizeX;
    }
    if (dx != 0) {
      return dx < sizeX - dx || dx == sizeX - dx && (spread & 1) == 0 ? PLUS_X : MINUS_X;
    }
    int dy = destinationNode / sizeX - switchId / sizeX;
    if (dy < 0) {
      dy += sizeY;
    }
    if (dy != 0) {
      return dy < sizeY - dy || dy == sizeY - dy && (spread & 2) == 0 ? PLUS_Y : MINUS_Y;
    }
    return LOCAL_PORT;
  }

  @Override
  public int minimalPorts(int switchId, int destinationNode, int[] ports) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    int dx = Math.floorMod(destinationNode % sizeX - switchId % sizeX, sizeX);
    int dy = Math.floorMod(destinationNode / sizeX - switchId / sizeX, sizeY);
    int n = 0;
    if (dx != 0 && dx <= sizeX - dx) {
      ports[n++] = PLUS_X;
    }
    if (dx != 0 && dx >= sizeX - dx) {
      ports[n++] = MINUS_X;
    }
    if (dy != 0 && dy <= sizeY - dy) {
      ports[n++] = PLUS_Y;
    }
    if (dy != 0 && dy >= sizeY - dy) {
      ports[n++] = MINUS_Y;
    }
    return n;
  }

  @Override
  public int datelineClasses() {
    return Math.max(sizeX, sizeY) >= 4 ? 2 : 1;
  }

  @Override
  public int datelineClass(int switchId, int inPort, int arrivedClass, int outPort) {
    int dimension = (outPort - 1) / 2; // +x and -x are 1 and 2, +y and -y 3 and 4
    int x = switchId % sizeX;
    int y = switchId / sizeX;
    boolean wraps = outPort == PLUS_X ? x == sizeX - 1 : outPort == MINUS_X ? x == 0
        : outPort == PLUS_Y ? y == sizeY - 1 : y == 0;
    boolean sameDimension = inPort != LOCAL_PORT && (inPort - 1) / 2 == dimension;
    return wraps ? 1 : sameDimension ? arrivedClass : 0;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    int dx = Math.floorMod(destinationNode % sizeX - sourceNode % sizeX, sizeX);
    int dy = Math.floorMod(destinationNode / sizeX - sourceNode / sizeX, sizeY);
    return Math.min(dx, sizeX - dx) + Math.min(dy, sizeY - dy);
  }

  @Override
  String namePort(int switchId, int port) {
    return GridPorts.name(port);
  }
}
