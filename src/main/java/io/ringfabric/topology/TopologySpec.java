package io.ringfabric.topology;

import java.util.List;

/**
 * The shape of the fabric as a scenario writes it: {@code topology.kind} and {@code topology.dims}.
 *
 * <p>{@code ring} and {@code star} take one dimension (the node count); {@code mesh} and
 * {@code torus} take two ({@code [x, y]}, a line being {@code [n, 1]}); {@code fat-tree} holds
 * {@code [arity, levels]} ({@code topology.arity} and {@code topology.levels}): arity^levels nodes.
 * {@code file} ({@code topology.file}, see {@link TopologyFile}) holds {@code [nodes, switches,
 * root]} (root -1: chosen), its links as pairs of switch ids in {@code links}, and the file's name.
 */
public record TopologySpec(String kind, List<Integer> dims, List<Integer> links, String file) {
  public TopologySpec {
    dims = List.copyOf(dims);
    links = List.copyOf(links);
  }

  public TopologySpec(String kind, List<Integer> dims) {
    this(kind, dims, List.of(), "");
  }

  public int nodes() {
    if (kind.equals(Topologies.FAT_TREE)) {
      return FatTreeTopology.power(dims.get(0), dims.get(1));
    }
    if (kind.equals(Topologies.FILE)) {
      return dims.get(0);
    }
    int n = 1;
    for (int d : dims) {
      n *= d;
    }
    return n;
  }
}
