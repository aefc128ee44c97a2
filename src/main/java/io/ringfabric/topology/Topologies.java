package io.ringfabric.topology;

import java.util.List;

/** Builds a {@link Topology} from its spec. */
public final class Topologies {
  /** Kinds in the order the documentation lists them. */
  public static final List<String> KINDS = List.of("ring", "mesh", "torus", "star", "fat-tree", "file");

  /** The k-ary n-tree, whose spec's dims are {@code [arity, levels]}. */
  public static final String FAT_TREE = "fat-tree";

  /** A fabric read from {@code topology.file} ({@link TopologyFile}). */
  public static final String FILE = "file";

  /** Node ids are 16-bit (0..65535), so no topology may have more nodes than this. */
  public static final int MAX_NODES = 1 << 16;

  private Topologies() {}

  /**
   * How many dims a kind takes (1 for ring and star, 2 for mesh and torus), or -1 for an unknown
   * kind.
   */
  public static int dimsFor(String kind) {
    if (kind == null) {
      return -1;
    }
    switch (kind) {
      case "ring":
      case "star":
        return 1;
      case "mesh":
      case "torus":
      case FAT_TREE:
        return 2;
      case FILE:
        return 3;
      default:
        return -1;
    }
  }

  /**
   * The topology for a valid spec (validation has already checked kind and dims). A spec that
   * still is not valid (unknown kind, wrong number of dims, a dim below 1, more than {@link
   * #MAX_NODES} nodes) throws {@link IllegalArgumentException} rather than building nonsense.
   */
  public static Topology build(TopologySpec spec) {
    check(spec);
    switch (spec.kind()) {
      case "ring":
        return new RingTopology(spec);
      case "mesh":
        return new MeshTopology(spec);
      case "torus":
        return new TorusTopology(spec);
      case "star":
        return new StarTopology(spec);
      case FAT_TREE:
        return new FatTreeTopology(spec);
      case FILE:
        return new FileTopology(spec);
      default:
        throw new AssertionError(spec.kind()); // check() accepted an unknown kind
    }
  }

  private static void check(TopologySpec spec) {
    int want = dimsFor(spec.kind());
    if (want < 0) {
      throw new IllegalArgumentException(
          "unknown topology kind '" + spec.kind() + "', expected one of " + KINDS);
    }
    List<Integer> dims = spec.dims();
    if (dims.size() != want) {
      throw new IllegalArgumentException(
          spec.kind() + " takes " + want + " dims, got " + dims.size() + ": " + dims);
    }
    if (spec.kind().equals(FILE)) {
      return; // its reader checked it
    }
    long nodes = 1;
    for (int d : dims) {
      if (d < 1) {
        throw new IllegalArgumentException("topology dims must be at least 1: " + dims);
      }
      nodes *= d; // at most two dims of int, so this long cannot overflow
    }
    if (spec.kind().equals(FAT_TREE)) {
      nodes = 1;
      for (int l = 0; l < dims.get(1) && nodes <= MAX_NODES; l++) {
        nodes *= dims.get(0);
      }
    }
    if (nodes > MAX_NODES) {
      throw new IllegalArgumentException(
          "topology " + spec.kind() + " " + dims + " has " + nodes + " nodes, at most "
              + MAX_NODES + " (16-bit node ids)");
    }
  }
}
