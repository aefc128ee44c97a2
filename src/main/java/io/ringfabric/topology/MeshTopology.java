package io.ringfabric.topology;

import static io.ringfabric.topology.GridPorts.MINUS_X;
import static io.ringfabric.topology.GridPorts.MINUS_Y;
import static io.ringfabric.topology.GridPorts.PLUS_X;
import static io.ringfabric.topology.GridPorts.PLUS_Y;

/**
 * {@code mesh [X, Y]}: a grid without wrap-around. Ports follow {@link GridPorts}; a port on the
 * edge has no link. Routing is dimension-order: all x moves, then all y moves, which keeps the
 * route deterministic and free of cyclic channel dependencies.
 */
final class MeshTopology extends AbstractTopology {
  private final int sizeX;

  MeshTopology(TopologySpec spec) {
    super(spec, table(spec.dims().get(0), spec.dims().get(1)));
    this.sizeX = spec.dims().get(0);
  }

  private static LinkTable table(int sizeX, int sizeY) {
    LinkTable.Builder b = GridPorts.builder(sizeX * sizeY);
    for (int y = 0; y < sizeY; y++) {
      for (int x = 0; x < sizeX; x++) {
        int id = y * sizeX + x;
        if (x + 1 < sizeX) {
          GridPorts.link(b, id, PLUS_X, id + 1);
        }
        if (x > 0) {
          GridPorts.link(b, id, MINUS_X, id - 1);
        }
        if (y + 1 < sizeY) {
          GridPorts.link(b, id, PLUS_Y, id + sizeX);
        }
        if (y > 0) {
          GridPorts.link(b, id, MINUS_Y, id - sizeX);
        }
      }
    }
    return b.build();
  }

  @Override
  public int route(int switchId, int destinationNode) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    int dx = destinationNode % sizeX - switchId % sizeX;
    if (dx != 0) {
      return dx > 0 ? PLUS_X : MINUS_X;
    }
    int dy = destinationNode / sizeX - switchId / sizeX;
    if (dy != 0) {
      return dy > 0 ? PLUS_Y : MINUS_Y;
    }
    return LOCAL_PORT;
  }

  @Override
  public int minimalPorts(int switchId, int destinationNode, int[] ports) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    int dx = destinationNode % sizeX - switchId % sizeX;
    int dy = destinationNode / sizeX - switchId / sizeX;
    int n = 0;
    if (dx != 0) {
      ports[n++] = dx > 0 ? PLUS_X : MINUS_X;
    }
    if (dy != 0) {
      ports[n++] = dy > 0 ? PLUS_Y : MINUS_Y;
    }
    return n;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    return Math.abs(destinationNode % sizeX - sourceNode % sizeX)
        + Math.abs(destinationNode / sizeX - sourceNode / sizeX);
  }

  @Override
  String namePort(int switchId, int port) {
    return GridPorts.name(port);
  }
}
