package io.ringfabric.topology;

import java.util.Arrays;

/**
 * {@code fat-tree}, a k-ary n-tree ({@code topology.arity} k, {@code topology.levels} n): k^n
 * nodes and n levels of k^(n-1) switches that belong to no node. Each node's own switch has one
 * link up (port 1) to a leaf switch; a tree switch has k ports down (1..k) and, below the top
 * level, k up (k+1..2k).
 *
 * <p>Node p's digits in base k are p_0 (lowest) to p_(n-1); node p hangs from leaf switch p / k,
 * on its down port p_0 + 1. Switch w of level l (digits w_0..w_(n-2)) goes up by port k + 1 + j
 * to switch w' of level l + 1 that has digit j in place of w_l, and reaches it on down port
 * w_l + 1; its subtree is the nodes whose digits from l + 1 up equal its digits from l up.
 *
 * <p>Routing is up-down: up until the first switch whose subtree holds the destination, by the up
 * port of the destination's digit at that level (destination mod k, so the destinations share
 * the top switches evenly), then down by the destination's digits. When that up link is down the
 * packet takes the next up port, round from it, whose link is up ({@link #routePorts}). Routes are minimal, and no
 * packet ever goes up after going down, so no channels can wait on each other in a cycle.
 */
final class FatTreeTopology extends AbstractTopology {
  static final int UP = 1; // a node switch's one link

  private final int k;
  private final int levels;
  private final int perLevel; // switches in each level: k^(n-1)
  private final int nodes;

  FatTreeTopology(TopologySpec spec) {
    super(spec, table(spec.dims().get(0), spec.dims().get(1)));
    this.k = spec.dims().get(0);
    this.levels = spec.dims().get(1);
    this.perLevel = power(k, levels - 1);
    this.nodes = spec.nodes();
  }

  static int power(int base, int exponent) {
    int p = 1;
    for (int i = 0; i < exponent; i++) {
      p *= base;
    }
    return p;
  }

  private static LinkTable table(int k, int levels) {
    int nodes = power(k, levels);
    int perLevel = power(k, levels - 1);
    int[] ports = new int[nodes + levels * perLevel];
    Arrays.fill(ports, 0, nodes, 2);
    for (int l = 0; l < levels; l++) {
      Arrays.fill(ports, nodes + l * perLevel, nodes + (l + 1) * perLevel, l == levels - 1 ? k + 1 : 2 * k + 1);
    }
    LinkTable.Builder b = new LinkTable.Builder(ports);
    for (int p = 0; p < nodes; p++) {
      int leaf = nodes + p / k;
      b.link(p, UP, leaf, p % k + 1, nodeName(p) + " up -> " + name(k, levels, leaf - nodes));
      b.link(leaf, p % k + 1, p, UP, name(k, levels, leaf - nodes) + " down -> " + nodeName(p));
    }
    for (int l = 0; l + 1 < levels; l++) {
      int unit = power(k, l);
      for (int w = 0; w < perLevel; w++) {
        int digit = w / unit % k;
        int from = nodes + l * perLevel + w;
        for (int j = 0; j < k; j++) {
          int upper = nodes + (l + 1) * perLevel + w + (j - digit) * unit;
          String low = name(k, levels, l * perLevel + w);
          String high = name(k, levels, (l + 1) * perLevel + w + (j - digit) * unit);
          b.link(from, k + 1 + j, upper, digit + 1, low + " up " + j + " -> " + high);
          b.link(upper, digit + 1, from, k + 1 + j, high + " down " + digit + " -> " + low);
        }
      }
    }
    return b.build();
  }

  /** {@code "tree 1.5"}: switch 5 of level 1 (leaves are level 0). */
  private static String name(int k, int levels, int treeIndex) {
    int perLevel = power(k, levels - 1);
    return "tree " + treeIndex / perLevel + "." + treeIndex % perLevel;
  }

  @Override
  public int route(int switchId, int destinationNode) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    if (switchId < nodes) {
      return switchId == destinationNode ? LOCAL_PORT : UP;
    }
    int level = (switchId - nodes) / perLevel;
    int w = (switchId - nodes) % perLevel;
    int unit = power(k, level);
    if (destinationNode / (unit * k) == w / unit) { // below: down by the destination's digit here
      return destinationNode / unit % k + 1;
    }
    return k + 1 + destinationNode / unit % k;
  }

  /**
   * Going up, every up port: each leads to an ancestor of the destination one level higher, from
   * which the route goes on up-down, so any of them will do (deadlock-free whichever is taken).
   * They come from the destination's digit on, round: the destination's own port first, as
   * {@link #route(int, int)} takes it. Going down (or on a node's switch) the one port.
   */
  @Override
  public int routePorts(int switchId, int inPort, int destinationNode, int spread, int[] ports) {
    int first = route(switchId, destinationNode);
    ports[0] = first;
    if (switchId < nodes || first <= k) {
      return 1;
    }
    for (int i = 1; i < k; i++) {
      ports[i] = k + 1 + (first - k - 1 + i) % k;
    }
    return k;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    if (sourceNode == destinationNode) {
      return 0;
    }
    int level = 0;
    for (int unit = k; sourceNode / unit != destinationNode / unit; unit *= k) {
      level++;
    }
    return 2 + 2 * level; // to the leaf, up to the common level, down, and to the node
  }

  @Override
  public String switchName(int switchId) {
    return checkSwitch(switchId) < nodes ? nodeName(switchId) : name(k, levels, switchId - nodes);
  }

  @Override
  String namePort(int switchId, int port) {
    if (switchId < nodes) {
      return "up";
    }
    return port == 0 ? "unused" : port <= k ? "down " + (port - 1) : "up " + (port - k - 1);
  }
}
