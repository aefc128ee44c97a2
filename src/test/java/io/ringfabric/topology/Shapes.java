package io.ringfabric.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The shapes the tests walk, written as {@code "torus 4x4"} or {@code "ring 5"}, and the expected
 * distances, worked out here from coordinates independently of the production code.
 */
final class Shapes {
  static final List<String> MESHES = List.of("mesh 1x1", "mesh 4x1", "mesh 1x4", "mesh 3x3",
      "mesh 4x4", "mesh 5x3");
  static final List<String> TORI = List.of("torus 4x4", "torus 5x5", "torus 2x3", "torus 8x1",
      "torus 1x4", "torus 6x4");
  static final List<String> RINGS = List.of("ring 1", "ring 2", "ring 5", "ring 6", "ring 8");
  static final List<String> STARS = List.of("star 1", "star 5");

  private Shapes() {}

  static Stream<String> all() {
    return Stream.of(MESHES, TORI, RINGS, STARS).flatMap(List::stream);
  }

  static Stream<String> grids() {
    return Stream.of(MESHES, TORI).flatMap(List::stream);
  }

  static TopologySpec spec(String shape) {
    String[] parts = shape.split(" ");
    List<Integer> dims = new ArrayList<>();
    for (String d : parts[1].split("x")) {
      dims.add(Integer.parseInt(d));
    }
    return new TopologySpec(parts[0], dims);
  }

  static Topology build(String shape) {
    return Topologies.build(spec(shape));
  }

  /** Hops between two nodes by the textbook formula for the kind. */
  static int expectedHops(TopologySpec spec, int a, int b) {
    List<Integer> dims = spec.dims();
    switch (spec.kind()) {
      case "mesh": {
        int sx = dims.get(0);
        return Math.abs(a % sx - b % sx) + Math.abs(a / sx - b / sx);
      }
      case "torus": {
        int sx = dims.get(0);
        int sy = dims.get(1);
        return ringDistance(a % sx, b % sx, sx) + ringDistance(a / sx, b / sx, sy);
      }
      case "ring":
        return ringDistance(a, b, dims.get(0));
      case "star":
        return a == b ? 0 : 2;
      default:
        throw new IllegalArgumentException(spec.kind());
    }
  }

  /** min(d, k - d) for positions p, q on a cycle of k. */
  static int ringDistance(int p, int q, int k) {
    int d = Math.abs(p - q);
    return Math.min(d, k - d);
  }

  /** Links from every switch to {@code target} (the same as from it: every link has its partner), by breadth-first search; -1 if unreachable. */
  static int[] distances(Topology t, int target) {
    int[] dist = new int[t.switches()];
    Arrays.fill(dist, -1);
    dist[target] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>(List.of(target));
    while (!q.isEmpty()) {
      int s = q.poll();
      for (int p = 1; p < t.ports(s); p++) {
        Topology.Link link = t.linkAt(s, p);
        if (link != null && dist[link.toSwitch()] < 0) {
          dist[link.toSwitch()] = dist[s] + 1;
          q.add(link.toSwitch());
        }
      }
    }
    return dist;
  }
}
