package io.ringfabric.report;

import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;

/**
 * Where each switch of a fabric sits in its picture, drawn as what the fabric is: a mesh or torus
 * as its grid (node id = y * X + x, x to the right, y down), a ring as its circle (node 0 at the
 * top, clockwise), a star as its spokes, a fat tree as its levels (nodes at the bottom, the top
 * level at the top), and a file's fabric as its switches round a circle.
 *
 * @param spacing the distance between neighbouring switches, which sizes their marks
 * @param grid whether a link between switches that are not neighbours in the picture is a
 *     wrap-around link (a torus's), drawn as stubs at the grid's edges
 */
record FabricLayout(double width, double height, double[] x, double[] y, double spacing, boolean grid) {
  static final double WIDTH = 720;
  private static final double MAX_HEIGHT = 720;
  private static final double MARGIN = 44;

  static FabricLayout of(Topology t) {
    String kind = t.spec().kind();
    return switch (kind) {
      case "mesh", "torus" -> grid(t, t.spec().dims().get(0), t.spec().dims().get(1));
      case Topologies.FAT_TREE -> tree(t, t.spec().dims().get(0), t.spec().dims().get(1));
      case "star" -> circle(t, t.nodes(), true);
      default -> circle(t, t.switches(), false); // ring, file
    };
  }

  private static FabricLayout grid(Topology t, int sizeX, int sizeY) {
    double spacing = Math.min(110, Math.min((WIDTH - 2 * MARGIN) / sizeX, (MAX_HEIGHT - 2 * MARGIN) / sizeY));
    double[] x = new double[t.switches()];
    double[] y = new double[t.switches()];
    for (int s = 0; s < t.switches(); s++) {
      x[s] = MARGIN + (s % sizeX + 0.5) * spacing;
      y[s] = MARGIN + (s / sizeX + 0.5) * spacing;
    }
    return new FabricLayout(2 * MARGIN + sizeX * spacing, 2 * MARGIN + sizeY * spacing, x, y, spacing, true);
  }

  /** The first {@code around} switches round a circle; with {@code centre}, the next one in the middle. */
  private static FabricLayout circle(Topology t, int around, boolean centre) {
    double r = (WIDTH - 2 * MARGIN) / 2 - 40;
    double c = WIDTH / 2;
    double[] x = new double[t.switches()];
    double[] y = new double[t.switches()];
    for (int s = 0; s < around; s++) {
      double a = -Math.PI / 2 + 2 * Math.PI * s / around;
      x[s] = c + r * Math.cos(a);
      y[s] = c + r * Math.sin(a);
    }
    if (centre) {
      x[around] = c;
      y[around] = c;
    }
    return new FabricLayout(WIDTH, WIDTH, x, y, Math.min(64, 2 * Math.PI * r / around), false);
  }

  /** Nodes along the bottom; above them each level's k^(n-1) switches, level 0 (the leaves) lowest. */
  private static FabricLayout tree(Topology t, int k, int levels) {
    int nodes = t.nodes();
    int perLevel = (t.switches() - nodes) / levels;
    double row = Math.min(110, (MAX_HEIGHT - 2 * MARGIN) / levels);
    double height = 2 * MARGIN + levels * row;
    double span = WIDTH - 2 * MARGIN;
    double[] x = new double[t.switches()];
    double[] y = new double[t.switches()];
    for (int p = 0; p < nodes; p++) {
      x[p] = MARGIN + (p + 0.5) * span / nodes;
      y[p] = height - MARGIN;
    }
    for (int s = nodes; s < t.switches(); s++) {
      int level = (s - nodes) / perLevel;
      x[s] = MARGIN + ((s - nodes) % perLevel + 0.5) * span / perLevel;
      y[s] = height - MARGIN - (level + 1) * row;
    }
    return new FabricLayout(WIDTH, height, x, y, Math.min(64, span / nodes), false);
  }
}
