package io.ringfabric.topology;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * {@code file}: the switches and links of {@link TopologyFile}. Ports are numbered from 1 at each
 * switch in the order its links appear in the file, named {@code "to switch 9"} or {@code "to
 * node 3"} ({@code "to node 3 (2)"} for a second link to the same switch).
 *
 * <p>Routing is up-down (Autonet's): switches are ranked by their distance from the root, then by
 * id; a link towards a lower rank goes up. A route goes up zero or more links, then down zero or
 * more, and never up after down, so no channels can wait on each other in a cycle, on any graph.
 * Each switch holds two tables, port by destination: the shortest such route from here, and the
 * shortest going down only, for a packet that has already gone down (it arrived by a down link).
 * Among equally short ways the destination picks (destination mod their count), so the
 * destinations share them. Around a down link a packet takes the next legal up-down port whose
 * link is up ({@link #routePorts}), the shortest first.
 */
final class FileTopology extends AbstractTopology {
  private final int nodes;
  private final int switches;
  private final int[] rank; // by switch: its place in (distance from the root, id) order
  private final short[] anyNext; // [switch * nodes + destination]: the port of the shortest up-down route
  private final short[] downNext; // the same going down only (-1: none)
  private final short[] length; // hops of the shortest up-down route
  private final short[] downLength; // hops of the shortest down-only route (-1: none)

  FileTopology(TopologySpec spec) {
    super(spec, table(spec));
    this.nodes = spec.dims().get(0);
    this.switches = spec.dims().get(1);
    int[] level = levels(spec, root(spec));
    Integer[] order = new Integer[switches];
    for (int s = 0; s < switches; s++) {
      order[s] = s;
    }
    Arrays.sort(order, (a, b) -> level[a] != level[b] ? Integer.compare(level[a], level[b]) : Integer.compare(a, b));
    this.rank = new int[switches];
    for (int i = 0; i < switches; i++) {
      rank[order[i]] = i;
    }
    this.anyNext = new short[switches * nodes];
    this.downNext = new short[switches * nodes];
    this.length = new short[switches * nodes];
    this.downLength = new short[switches * nodes];
    for (int d = 0; d < nodes; d++) {
      tables(d, order);
    }
  }

  private static LinkTable table(TopologySpec spec) {
    int nodes = spec.dims().get(0);
    int[][] n = neighbours(spec);
    int[] ports = new int[n.length];
    for (int s = 0; s < n.length; s++) {
      ports[s] = n[s].length;
    }
    int[] next = new int[n.length];
    Arrays.fill(next, 1);
    int[][] seen = new int[n.length][]; // by switch: how many links so far to each neighbour, for names
    LinkTable.Builder b = new LinkTable.Builder(ports);
    List<Integer> l = spec.links();
    for (int i = 0; i < l.size(); i += 2) {
      int a = l.get(i);
      int c = l.get(i + 1);
      int pa = next[a]++;
      int pc = next[c]++;
      String suffix = parallel(seen, n.length, a, c);
      b.link(a, pa, c, pc, name(a, nodes) + " -> " + name(c, nodes) + suffix);
      b.link(c, pc, a, pa, name(c, nodes) + " -> " + name(a, nodes) + suffix);
    }
    return b.build();
  }

  /** {@code ""} for the first link between two switches, {@code " (2)"} for the second. */
  private static String parallel(int[][] seen, int switches, int a, int c) {
    int lo = Math.min(a, c);
    if (seen[lo] == null) {
      seen[lo] = new int[switches];
    }
    int n = ++seen[lo][Math.max(a, c)];
    return n == 1 ? "" : " (" + n + ")";
  }

  private static String name(int s, int nodes) {
    return s < nodes ? nodeName(s) : "switch " + s;
  }

  /** Every switch's links as neighbour lists, by port: [switch][port] = neighbour (port 0: -1). */
  private static int[][] neighbours(TopologySpec spec) {
    int switches = spec.dims().get(1);
    List<Integer> l = spec.links();
    int[] count = new int[switches];
    Arrays.fill(count, 1);
    for (int i = 0; i < l.size(); i += 2) {
      count[l.get(i)]++;
      count[l.get(i + 1)]++;
    }
    int[][] n = new int[switches][];
    for (int s = 0; s < switches; s++) {
      n[s] = new int[count[s]];
      n[s][0] = -1;
    }
    int[] next = new int[switches];
    Arrays.fill(next, 1);
    for (int i = 0; i < l.size(); i += 2) {
      int a = l.get(i);
      int c = l.get(i + 1);
      n[a][next[a]++] = c;
      n[c][next[c]++] = a;
    }
    return n;
  }

  /** Hops from {@code from} to every switch (-1: unreachable). */
  private static int[] levels(TopologySpec spec, int from) {
    return distances(neighbours(spec), from);
  }

  private static int[] distances(int[][] n, int from) {
    int[] d = new int[n.length];
    Arrays.fill(d, -1);
    d[from] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>();
    q.add(from);
    while (!q.isEmpty()) {
      int s = q.poll();
      for (int p = 1; p < n[s].length; p++) {
        if (d[n[s][p]] < 0) {
          d[n[s][p]] = d[s] + 1;
          q.add(n[s][p]);
        }
      }
    }
    return d;
  }

  /** The file's root, or the switch with the least distance to the farthest (the lowest of equals). */
  static int root(TopologySpec spec) {
    int given = spec.dims().get(2);
    if (given >= 0) {
      return given;
    }
    int[][] n = neighbours(spec);
    int best = 0;
    int bestFar = Integer.MAX_VALUE;
    for (int s = 0; s < n.length; s++) {
      int far = 0;
      for (int d : distances(n, s)) {
        far = Math.max(far, d);
      }
      if (far < bestFar) {
        best = s;
        bestFar = far;
      }
    }
    return best;
  }

  /** Throws naming a switch that the others cannot reach, or a node switch with no link at all (when there are others). */
  static void checkConnected(TopologySpec spec) {
    int switches = spec.dims().get(1);
    int[] d = distances(neighbours(spec), 0);
    for (int s = 0; s < switches; s++) {
      if (d[s] < 0) {
        throw new IllegalArgumentException(spec.file() + ": " + name(s, spec.dims().get(0))
            + " is not connected to " + name(0, spec.dims().get(0)) + ": every switch must be reachable from every other");
      }
    }
  }

  /** Fills the tables for destination {@code d}: shortest down-only routes, then up-down ones in rank order. */
  private void tables(int d, Integer[] order) {
    int[][] n = neighbours();
    int[] down = new int[switches];
    Arrays.fill(down, Integer.MAX_VALUE);
    down[d] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>();
    q.add(d);
    while (!q.isEmpty()) { // backwards along down links: u -> v is down when v ranks below u
      int v = q.poll();
      for (int p = 1; p < n[v].length; p++) {
        int u = n[v][p];
        if (rank[u] < rank[v] && down[u] == Integer.MAX_VALUE) {
          down[u] = down[v] + 1;
          q.add(u);
        }
      }
    }
    int[] any = new int[switches];
    for (int s : order) { // an up link leads to a lower rank, whose route is known by now
      any[s] = down[s];
      for (int p = 1; p < n[s].length; p++) {
        int v = n[s][p];
        if (rank[v] < rank[s] && any[v] != Integer.MAX_VALUE) {
          any[s] = Math.min(any[s], any[v] + 1);
        }
      }
    }
    for (int s = 0; s < switches; s++) {
      int at = s * nodes + d;
      length[at] = (short) any[s];
      downLength[at] = (short) (down[s] == Integer.MAX_VALUE ? -1 : down[s]);
      downNext[at] = (short) (s == d ? LOCAL_PORT : pick(n[s], s, down, down[s], d, false));
      anyNext[at] = (short) (s == d ? LOCAL_PORT : down[s] == any[s] ? downNext[at] : pick(n[s], s, any, any[s], d, true));
    }
  }

  /** Of the ports of {@code s} leading {@code up} (or down) to a switch one hop nearer by {@code dist}, the one {@code d} picks; -1 if none. */
  private int pick(int[] n, int s, int[] dist, int here, int d, boolean up) {
    if (here == Integer.MAX_VALUE) {
      return -1;
    }
    int count = 0;
    for (int p = 1; p < n.length; p++) {
      if ((rank[n[p]] < rank[s]) == up && dist[n[p]] == here - 1) {
        count++;
      }
    }
    int k = d % Math.max(1, count);
    for (int p = 1; p < n.length; p++) {
      if ((rank[n[p]] < rank[s]) == up && dist[n[p]] == here - 1 && k-- == 0) {
        return p;
      }
    }
    return -1;
  }

  /** Whether switch {@code a} ranks before {@code b} (nearer the root): a link from b to a goes up. */
  boolean nearerRoot(int a, int b) {
    return rank[a] < rank[b];
  }

  private int[][] neighbourCache;

  private int[][] neighbours() {
    if (neighbourCache == null) {
      neighbourCache = neighbours(spec());
    }
    return neighbourCache;
  }

  @Override
  public int route(int switchId, int destinationNode) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    return anyNext[switchId * nodes + destinationNode];
  }

  /** A packet that came down its last link (from a switch that ranks above this one) may only go on down. */
  @Override
  public int route(int switchId, int inPort, int destinationNode, int spread) {
    checkSwitch(switchId);
    checkNode(destinationNode);
    Link back = inPort == LOCAL_PORT ? null : linkAt(switchId, inPort);
    boolean cameDown = back != null && rank[back.toSwitch()] < rank[switchId];
    return cameDown ? downNext[switchId * nodes + destinationNode] : anyNext[switchId * nodes + destinationNode];
  }

  /**
   * Every port by which a legal up-down route goes on from here: up (unless the packet came down)
   * to a switch with a route on, or down to one with a down-only route on. Today's port first
   * (what {@link #route(int, int, int, int)} takes); then the others by the length of the route
   * through them, the lower port of equals: the shortest way around a down link, and, when no
   * shortest one is up, a longer one, still up-down, so still deadlock-free.
   */
  @Override
  public int routePorts(int switchId, int inPort, int destinationNode, int spread, int[] ports) {
    int first = route(switchId, inPort, destinationNode, spread);
    ports[0] = first;
    if (first <= LOCAL_PORT) {
      return 1;
    }
    Link back = inPort == LOCAL_PORT ? null : linkAt(switchId, inPort);
    boolean cameDown = back != null && rank[back.toSwitch()] < rank[switchId];
    int n = 1;
    for (int p = 1; p < ports(switchId); p++) {
      int v = linkAt(switchId, p).toSwitch();
      boolean up = rank[v] < rank[switchId];
      int on = up ? (cameDown ? -1 : length[v * nodes + destinationNode]) : downLength[v * nodes + destinationNode];
      if (p == first || on < 0) {
        continue;
      }
      int key = (on + 1) << 16 | p; // by length, then port: sorted in place, nothing allocated per hop
      int i = n++;
      for (; i > 1 && ports[i - 1] > key; i--) {
        ports[i] = ports[i - 1];
      }
      ports[i] = key;
    }
    for (int i = 1; i < n; i++) {
      ports[i] &= 0xFFFF;
    }
    return n;
  }

  @Override
  public int hops(int sourceNode, int destinationNode) {
    checkNode(sourceNode);
    checkNode(destinationNode);
    return length[sourceNode * nodes + destinationNode];
  }

  @Override
  public String switchName(int switchId) {
    return name(checkSwitch(switchId), nodes);
  }

  @Override
  String namePort(int switchId, int port) {
    if (port == LOCAL_PORT) {
      return "unused";
    }
    String full = linkAt(switchId, port).name(); // "a -> b" or "a -> b (2)"
    return "to " + full.substring(full.indexOf(" -> ") + 4);
  }

  @Override
  public String toString() {
    return "file " + spec().file();
  }
}
