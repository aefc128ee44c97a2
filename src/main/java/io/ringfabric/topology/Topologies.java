package io.ringfabric.topology;

/** Builds a {@link Topology} from its spec. IMPLEMENTATION PENDING (topology helper). */
public final class Topologies {
  /** Kinds in the order the documentation lists them. */
  public static final java.util.List<String> KINDS = java.util.List.of("ring", "mesh", "torus", "star");

  private Topologies() {}

  /**
   * How many dims a kind takes (1 for ring and star, 2 for mesh and torus), or -1 for an unknown
   * kind.
   */
  public static int dimsFor(String kind) {
    throw new UnsupportedOperationException("pending");
  }

  /** The topology for a valid spec (validation has already checked kind and dims). */
  public static Topology build(TopologySpec spec) {
    throw new UnsupportedOperationException("pending");
  }
}
