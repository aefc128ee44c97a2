package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/** A set of node ids written in a scenario as {@code all} or as a list such as {@code [0, 3, 9]}. */
public final class NodeSet implements Serializable {
  private static final NodeSet ALL = new NodeSet(null);
  private final int[] ids; // sorted, distinct; null means every node

  private NodeSet(int[] ids) {
    this.ids = ids;
  }

  public static NodeSet all() {
    return ALL;
  }

  public static NodeSet of(int... ids) {
    int[] sorted = Arrays.stream(ids).distinct().sorted().toArray();
    return new NodeSet(sorted);
  }

  public boolean isAll() {
    return ids == null;
  }

  public boolean contains(int node) {
    return ids == null || Arrays.binarySearch(ids, node) >= 0;
  }

  /** The members among {@code 0 .. nodes-1}, in ascending order. */
  public int[] members(int nodes) {
    if (ids == null) {
      int[] all = new int[nodes];
      Arrays.setAll(all, i -> i);
      return all;
    }
    return Arrays.stream(ids).filter(i -> i < nodes).toArray();
  }

  /** The ids as written (null for {@code all}); used by validation to find ids that do not exist. */
  public int[] listed() {
    return ids == null ? null : ids.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NodeSet other && Arrays.equals(ids, other.ids);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(ids);
  }

  @Override
  public String toString() {
    return ids == null ? "all" : Arrays.toString(ids);
  }
}
