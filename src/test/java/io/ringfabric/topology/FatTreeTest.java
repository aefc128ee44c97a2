package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The k-ary n-tree: its shape, and up-down routes that reach every node by a shortest path. */
class FatTreeTest {

  private static Topology tree(int k, int n) {
    return Topologies.build(new TopologySpec(Topologies.FAT_TREE, List.of(k, n)));
  }

  @ParameterizedTest(name = "{0}-ary {1}-tree")
  @CsvSource({"2, 1", "2, 3", "4, 2", "3, 3", "2, 5"})
  void everyRouteIsUpThenDownShortestAndEndsAtItsNode(int k, int n) {
    Topology t = tree(k, n);
    int nodes = FatTreeTopology.power(k, n);
    int perLevel = FatTreeTopology.power(k, n - 1);
    assertEquals(nodes, t.nodes());
    assertEquals(nodes + n * perLevel, t.switches());
    // a node's switch, its leaf, the levels: every directed link once each way
    assertEquals(2 * (nodes + (n - 1) * perLevel * k), t.links().size());
    for (int a = 0; a < nodes; a++) {
      for (int b = 0; b < nodes; b++) {
        int at = a;
        List<Integer> levels = new ArrayList<>();
        for (int port = t.route(at, b); port != 0; port = t.route(at, b)) {
          at = t.linkAt(at, port).toSwitch();
          levels.add(at < nodes ? -1 : (at - nodes) / perLevel);
          assertTrue(levels.size() <= 2 * n + 2, "route from " + a + " to " + b + " too long");
        }
        assertEquals(b, at);
        assertEquals(t.hops(a, b), levels.size(), a + " to " + b);
        // the lowest common level: where the nodes' digits from there up agree
        int common = 0;
        for (int unit = k; a != b && a / unit != b / unit; unit *= k) {
          common++;
        }
        assertEquals(a == b ? 0 : 2 * common + 2, levels.size(), a + " to " + b + " by levels " + levels);
        if (a != b) { // up level by level to the common one, then down: 0, 1, .., c, .., 1, 0, then the node
          List<Integer> want = new ArrayList<>();
          for (int l = 0; l <= common; l++) {
            want.add(l);
          }
          for (int l = common - 1; l >= 0; l--) {
            want.add(l);
          }
          want.add(-1);
          assertEquals(want, levels, a + " to " + b);
        }
      }
    }
    assertEquals(1, t.datelineClasses(), "up-down routes have no cycle");
  }

  @ParameterizedTest(name = "{0}-ary {1}-tree")
  @CsvSource({"2, 3", "4, 2"})
  void destinationsShareTheTopSwitchesEvenly(int k, int n) {
    Topology t = tree(k, n);
    int nodes = t.nodes();
    int perLevel = FatTreeTopology.power(k, n - 1);
    int[] through = new int[perLevel];
    for (int a = 0; a < nodes; a++) {
      for (int b = 0; b < nodes; b++) {
        Set<Integer> seen = new HashSet<>();
        int at = a;
        for (int port = t.route(at, b); port != 0; port = t.route(at, b)) {
          at = t.linkAt(at, port).toSwitch();
          if (at >= nodes + (n - 1) * perLevel && seen.add(at)) {
            through[at - nodes - (n - 1) * perLevel]++;
          }
        }
      }
    }
    for (int c : through) {
      assertEquals(through[0], c, java.util.Arrays.toString(through));
    }
  }

  @ParameterizedTest(name = "{0}-ary {1}-tree")
  @CsvSource({"2, 3", "3, 2"})
  void linksAndSwitchesHaveNames(int k, int n) {
    Topology t = tree(k, n);
    assertEquals("node 0 up -> tree 0.0", t.linkAt(0, 1).name());
    assertEquals("tree 0.0", t.switchName(t.nodes()));
    assertEquals("up", t.portName(0, 1));
    assertEquals("down 1", t.portName(t.nodes(), 2));
  }

  /**
   * Every switch, port and link of a 3-ary 3-tree by name, worked out from where it is: "tree l.w"
   * is switch w of level l; a level switch has k down ports and, below the top, k up ports.
   *
   * <p>Equivalent mutant left alive: in {@code route}, {@code w = (switchId - nodes) % perLevel}
   * with + for - (line 90): nodes = k^n is a multiple of perLevel = k^(n-1), so both give w.
   */
  @ParameterizedTest(name = "{0}-ary {1}-tree")
  @CsvSource({"3, 3", "2, 2"})
  void everySwitchPortAndLinkIsNamedForItsPlace(int k, int n) {
    Topology t = tree(k, n);
    int nodes = t.nodes();
    int perLevel = FatTreeTopology.power(k, n - 1);
    List<String> names = new ArrayList<>();
    for (int s = 0; s < t.switches(); s++) {
      names.add(s < nodes ? "node " + s : "tree " + (s - nodes) / perLevel + "." + (s - nodes) % perLevel);
      assertEquals(names.get(s), t.switchName(s));
      boolean top = s >= nodes + (n - 1) * perLevel;
      assertEquals(s < nodes ? 2 : top ? k + 1 : 2 * k + 1, t.ports(s), names.get(s) + " ports");
      for (int p = 0; p < t.ports(s); p++) {
        String want = s < nodes ? (p == 0 ? "local" : "up") : p == 0 ? "unused" : p <= k ? "down " + (p - 1)
            : "up " + (p - k - 1);
        assertEquals(want, t.portName(s, p), names.get(s) + " port " + p);
      }
    }
    for (Topology.Link link : t.links()) {
      String from = names.get(link.fromSwitch());
      String to = names.get(link.toSwitch());
      String want = link.fromSwitch() < nodes ? from + " up -> " + to
          : link.toSwitch() < nodes ? from + " down -> " + to
          : from + " " + t.portName(link.fromSwitch(), link.fromPort()) + " -> " + to;
      assertEquals(want, link.name());
    }
  }

  /**
   * Going up, every up port leads to an ancestor of the destination one level higher, so {@link
   * Topology#routePorts} offers all k: the route's own first (so fault-free routes are as before),
   * then round from it. Going down, and on a node's switch, the one port. Every way offered still
   * reaches the destination in as few hops as the route.
   */
  @ParameterizedTest(name = "{0}-ary {1}-tree")
  @CsvSource({"2, 2", "3, 3", "4, 2"})
  void goingUpEveryUpPortIsAWayAndEachIsAsShort(int k, int n) {
    Topology t = tree(k, n);
    int nodes = t.nodes();
    int[] ports = new int[2 * k + 1];
    for (int s = 0; s < t.switches(); s++) {
      for (int d = 0; d < nodes; d++) {
        int first = t.route(s, d);
        int count = t.routePorts(s, Topology.LOCAL_PORT, d, 0, ports);
        boolean up = s >= nodes && first > k;
        assertEquals(up ? k : 1, count, t.switchName(s) + " to " + d);
        assertEquals(first, ports[0]);
        if (first == Topology.LOCAL_PORT) {
          continue;
        }
        int hops = hopsOn(t, s, first, d);
        for (int i = 0; i < count; i++) {
          assertEquals(up ? k + 1 + (first - k - 1 + i) % k : first, ports[i], t.switchName(s) + " to " + d + " way " + i);
          assertEquals(hops, hopsOn(t, s, ports[i], d), t.switchName(s) + " to " + d + " by " + t.portName(s, ports[i]));
        }
      }
    }
  }

  /** Hops from {@code s} to node {@code d}'s switch, leaving by {@code port} and then by the routes. */
  private static int hopsOn(Topology t, int s, int port, int d) {
    int at = t.linkAt(s, port).toSwitch();
    int hops = 1;
    for (; at != d; hops++) {
      at = t.linkAt(at, t.route(at, d)).toSwitch();
      assertTrue(hops < 4 * t.switches(), "no end");
    }
    return hops;
  }
}
