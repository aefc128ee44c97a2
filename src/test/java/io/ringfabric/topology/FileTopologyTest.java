package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.model.TestScenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code topology.kind = file}: the reader's refusals, and up-down routes that arrive, are as short as up-down allows and never go up after down. */
class FileTopologyTest {
  // Equivalent mutants left alive. FileTopology: the rank comparisons' boundaries in tables (lines
  // 186, 197), pick (218, 224), route (258) and routePorts (277, 281) compare two different
  // switches (a link from a switch to itself is refused), whose ranks are never equal; in pick, the
  // second loop always returns before its end (a switch with a finite distance has a neighbour one
  // nearer, and k < their count), so its bound (223) and the -1 after it (228) are never reached.
  // In routePorts (286) (on - 1) << 16 | p sorts as (on + 1) << 16 | p does (on >= 0: a key of -1
  // << 16 | p is still the least, and the mask leaves p); the insertion sort's i > 1 as i >= 1 (288)
  // compares ports[0], a port, below 1 << 16, with a key of at least 1 << 16, and ports[i - 1] > key
  // as >= (288) compares keys of different ports, never equal. (TopologyFile's counts are 0 until
  // read and tested with == and !=, which leaves no boundary mutant to survive.)

  /** A 4-ary 2-tree written out: nodes 0..15, leaves 16..19, tops 20..23. */
  static String fatTree() {
    StringBuilder b = new StringBuilder("nodes 16\n");
    for (int p = 0; p < 16; p++) {
      b.append("link ").append(p).append(' ').append(16 + p / 4).append('\n');
    }
    for (int leaf = 0; leaf < 4; leaf++) {
      for (int top = 0; top < 4; top++) {
        b.append("link ").append(16 + leaf).append(' ').append(20 + top).append('\n');
      }
    }
    return b.toString();
  }

  private static Topology build(String text) {
    return Topologies.build(TopologyFile.parse(text, "test.topo"));
  }

  @Test
  void aFatTreeAsAFileRoutesAsTheFatTreeDoes() {
    Topology file = build(fatTree());
    Topology tree = Topologies.build(new TopologySpec("fat-tree", List.of(4, 2)));
    assertEquals(24, file.switches());
    for (int s = 0; s < 16; s++) {
      for (int d = 0; d < 16; d++) {
        assertEquals(tree.hops(s, d), walk(file, s, d).length - 1, s + " -> " + d);
      }
    }
    assertEquals("switch 16", file.switchName(16));
    assertEquals("to switch 16", file.portName(0, 1));
    assertEquals("to node 1", file.portName(16, 2));
    assertEquals("node 0 -> switch 16", file.linkAt(0, 1).name());
  }

  @Test
  void upDownRoutesAreTheShortestThatNeverGoUpAfterDown() {
    for (String text : List.of(fatTree(), TestScenarios.RING_AND_RELAY, "nodes 3\nlink 0 1\nlink 1 2\nlink 1 2\n")) {
      Topology t = build(text);
      int[] rank = ranks(t);
      for (int s = 0; s < t.nodes(); s++) {
        for (int d = 0; d < t.nodes(); d++) {
          int[] path = walk(t, s, d);
          boolean down = false;
          for (int i = 1; i < path.length; i++) {
            boolean up = rank[path[i]] < rank[path[i - 1]];
            assertTrue(!(up && down), s + " -> " + d + " goes up after down: " + Arrays.toString(path));
            down |= !up;
          }
          assertEquals(shortestUpDown(t, rank, s, d), path.length - 1, s + " -> " + d + ": " + Arrays.toString(path));
          assertEquals(path.length - 1, t.hops(s, d));
        }
      }
    }
  }

  @Test
  void theRootIsTheSwitchNearestToAllAndTheFileMayNameIt() {
    // 0, 3 and the relay 6 are each at most 2 from every switch: the lowest of them
    assertEquals(0, FileTopology.root(TopologyFile.parse(TestScenarios.RING_AND_RELAY, "t")));
    assertEquals(2, FileTopology.root(TopologyFile.parse(TestScenarios.RING_AND_RELAY + "root 2\n", "t")));
  }

  @Test
  void aRootOfZeroInTheFileOverridesTheCentre() {
    String line = "nodes 3\nlink 0 1\nlink 1 2\n"; // 1 is one hop from each end
    assertEquals(1, FileTopology.root(TopologyFile.parse(line, "t")));
    assertEquals(0, FileTopology.root(TopologyFile.parse(line + "root 0\n", "t")));
  }

  /** The largest counts a file may give: 4096 switches, a switch count equal to the node count, root 4095. */
  @Test
  void theLimitsThemselvesAreAccepted() {
    StringBuilder chain = new StringBuilder("nodes 4096\nswitches 4096\nroot 4095\n");
    for (int s = 0; s + 1 < 4096; s++) {
      chain.append("link ").append(s).append(' ').append(s + 1).append('\n');
    }
    TopologySpec spec = TopologyFile.parse(chain.toString(), "t");
    assertEquals(List.of(4096, 4096, 4095), spec.dims());
    assertEquals(List.of(1, 1, -1), TopologyFile.parse("nodes 1", "t").dims());
  }

  /** Of parallel shortest ways, the destination's number picks one (d mod the count), so destinations share them. */
  @Test
  void destinationsShareParallelWays() {
    Topology t = build("nodes 2\nlink 0 1\nlink 0 1\n");
    assertEquals(2, t.route(0, 1)); // 1 mod 2: the second link
    assertEquals(1, t.route(1, 0)); // 0 mod 2: the first
  }

  /**
   * In the 4-ary 2-tree as a file the root is top switch 20, and the other tops rank below the
   * leaves: a packet that came down from 20 to leaf 16 may only go on down, and from 16 there is no
   * way down to node 5 (-1); arrived from its node, it goes up to 20 (port 5).
   */
  @Test
  void aPacketThatCameDownMayOnlyGoOnDown() {
    Topology t = build(fatTree());
    assertEquals(20, FileTopology.root(t.spec()));
    int fromRoot = 5; // leaf 16's ports: 1..4 its nodes, 5..8 the tops 20..23
    assertEquals(20, t.linkAt(16, fromRoot).toSwitch());
    assertEquals(-1, t.route(16, fromRoot, 5, 0));
    assertEquals(2, t.route(16, fromRoot, 1, 0));
    assertEquals(5, t.route(16, 1, 5, 0));
    assertEquals(5, t.route(16, Topology.LOCAL_PORT, 5, 0));
    assertEquals(5, t.route(16, 5));
    assertEquals(1, t.route(5, 9));
    assertEquals(Topology.LOCAL_PORT, t.route(9, 9));
    assertEquals("unused", t.portName(16, 0));
    assertEquals("file test.topo", t.toString());
  }

  @Test
  void aFileIsReadAsItsTextOrRefusedSayingWhy(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("two.topo"), "nodes 2\nlink 0 1\n");
    TopologySpec spec = TopologyFile.read(file);
    assertEquals(List.of(2, 2, -1), spec.dims());
    assertEquals(List.of(0, 1), spec.links());
    assertEquals(file.toString(), spec.file());
    assertEquals(dir + ": cannot read it: it is a directory",
        assertThrows(IllegalArgumentException.class, () -> TopologyFile.read(dir)).getMessage());
    Path missing = dir.resolve("missing.topo");
    assertEquals(missing + ": cannot read it: no such file",
        assertThrows(IllegalArgumentException.class, () -> TopologyFile.read(missing)).getMessage());
    Path binary = Files.write(dir.resolve("binary.topo"), new byte[] {(byte) 0xFF, '\n'});
    assertEquals(binary + ": cannot read it: it is not text in UTF-8",
        assertThrows(IllegalArgumentException.class, () -> TopologyFile.read(binary)).getMessage());
    Path nul = Files.write(dir.resolve("nul.topo"), new byte[] {'n', 'o', 0, '\n'});
    assertEquals(nul + ": cannot read it: it is not text: byte 2 is NUL",
        assertThrows(IllegalArgumentException.class, () -> TopologyFile.read(nul)).getMessage());
    assertEquals("/dev/zero: cannot read it: it is not a regular file (a device, a pipe or a socket); give a text file",
        assertThrows(IllegalArgumentException.class, () -> TopologyFile.read(Path.of("/dev/zero"))).getMessage());
  }

  /** The switches a packet passes from node {@code s} to node {@code d}, following the topology's route. */
  static int[] walk(Topology t, int s, int d) {
    int[] path = new int[t.switches() + 1];
    int n = 0;
    int at = s;
    int in = Topology.LOCAL_PORT;
    for (int step = 0; step <= t.switches(); step++) {
      path[n++] = at;
      int out = t.route(at, in, d, 0);
      if (out == Topology.LOCAL_PORT) {
        assertEquals(d, at);
        return Arrays.copyOf(path, n);
      }
      assertTrue(out > 0, "no way on from " + at + " to " + d);
      Topology.Link link = t.linkAt(at, out);
      at = link.toSwitch();
      in = link.toPort();
    }
    throw new AssertionError(s + " -> " + d + " loops: " + Arrays.toString(path));
  }

  /** Ranks worked out here: distance from the root, then id. */
  private static int[] ranks(Topology t) {
    int[] dist = Shapes.distances(t, FileTopology.root(t.spec()));
    Integer[] order = new Integer[t.switches()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> dist[a] != dist[b] ? dist[a] - dist[b] : a - b);
    int[] rank = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = i;
    }
    return rank;
  }

  /** Breadth-first over (switch, gone down yet): the fewest links of a legal up-down route. */
  private static int shortestUpDown(Topology t, int[] rank, int s, int d) {
    int hops = shortestUpDown(t, rank, s, false, d);
    if (hops < 0) {
      throw new AssertionError("no up-down route from " + s + " to " + d);
    }
    return hops;
  }

  /** The same from a packet at {@code s} that has gone down already ({@code wentDown}: down only); -1 if none. */
  private static int shortestUpDown(Topology t, int[] rank, int s, boolean wentDown, int d) {
    int[][] dist = new int[t.switches()][2];
    for (int[] row : dist) {
      Arrays.fill(row, -1);
    }
    int start = wentDown ? 1 : 0;
    dist[s][start] = 0;
    ArrayDeque<int[]> q = new ArrayDeque<>();
    q.add(new int[] {s, start});
    while (!q.isEmpty()) {
      int[] at = q.poll();
      if (at[0] == d) {
        return dist[at[0]][at[1]];
      }
      for (int p = 1; p < t.ports(at[0]); p++) {
        int v = t.linkAt(at[0], p).toSwitch();
        boolean up = rank[v] < rank[at[0]];
        if (up && at[1] == 1) {
          continue;
        }
        int phase = up ? 0 : 1;
        if (dist[v][phase] < 0) {
          dist[v][phase] = dist[at[0]][at[1]] + 1;
          q.add(new int[] {v, phase});
        }
      }
    }
    return -1;
  }

  @Test
  void parallelLinksAreNamedApart() {
    Topology t = build("nodes 2\nlink 0 1\nlink 0 1\n");
    assertEquals("node 0 -> node 1", t.linkAt(0, 1).name());
    assertEquals("node 0 -> node 1 (2)", t.linkAt(0, 2).name());
    assertEquals("to node 1 (2)", t.portName(0, 2));
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "link 0 1|test.topo:1: the first line must be 'nodes N', not 'link 0 1'",
      "nodes 2\\nlink 0 0|test.topo:2: a link from switch 0 to itself",
      "nodes 2\\nlink 0 x|test.topo:2: 'x' is not a whole number",
      "nodes 2\\nlink 0|test.topo:2: a link is 'link A B' (two switch ids), not 'link 0'",
      "nodes 2\\nwire 0 1|test.topo:2: unknown line 'wire 0 1': expected nodes, switches, root or link",
      "nodes 0|test.topo:1: nodes 0 is out of range: a node count from 1 to 65536",
      "nodes 3\\nlink 0 1|test.topo: node 2 is not connected to node 0: every switch must be reachable from every other",
      "nodes 2\\nswitches 2\\nlink 0 5|test.topo: switch 5 is used but 'switches 2' numbers them 0..1",
      "# nothing|test.topo: no 'nodes N' line: the file is empty",
      "nodes 2\\nnodes 2|test.topo:2: 'nodes' given twice",
      "nodes 2\\nswitches 3\\nlink 0 1\\nlink 1 3|test.topo: switch 3 is used but 'switches 3' numbers them 0..2",
      "nodes 2\\nlink 0 4096|test.topo:2: switch 4096 is out of range 0..4095",
      "nodes 2\\nlink -1 1|test.topo:2: switch -1 is out of range 0..4095",
      "nodes 2\\nswitches 1|test.topo:2: switches 1 is out of range: a switch count (at least the node count, 2) from 2 to 4096",
      "nodes 2\\nswitches 5000|test.topo:2: switches 5000 is out of range: a switch count (at least the node count, 2) from 2 to 4096",
      "nodes 2\\nlink 0 1\\nroot 9|test.topo:3: root 9 is not one of the switches, 0..1 (the nodes' and those the links name)",
      "nodes 2\\nswitches 2\\nlink 0 1\\nroot 2|test.topo:4: root 2 is not one of the switches, 0..1 ('switches 2')",
      "nodes 2\\nlink 0 99999999999|test.topo:2: '99999999999' is out of range (at most 4096 switches, 65536 nodes)",
      "nodes 65537|test.topo:1: nodes 65537 is out of range: a node count from 1 to 65536",
      "nodes 65536|test.topo: 65536 switches (one for each node), more than the 4096 a file may give (the routing tables hold a port for each switch and destination)",
      "nodes 4097|test.topo: 4097 switches (one for each node), more than the 4096 a file may give (the routing tables hold a port for each switch and destination)"})
  void aBadFileIsRefusedWithItsLineAndTheReason(String text, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TopologyFile.parse(text.replace("\\n", "\n"), "test.topo"));
    assertEquals(message, e.getMessage());
  }

  /**
   * {@link Topology#routePorts} offers every port of a legal up-down route from here, the route's
   * own first, then by length: each one, followed by the routes from the switch it leads to, never
   * goes up after going down and arrives. With two spines, a node has two up ports to every other
   * node; in the fat tree written as a file, whose other tops rank below the leaves, a leaf has
   * its one way up to the root and no other.
   */
  @Test
  void everyWayOfferedIsALegalUpDownRouteThatArrives() {
    String spines = "nodes 4\nswitches 7\nroot 6\nlink 0 4\nlink 0 5\nlink 1 4\nlink 1 5\nlink 2 4\nlink 2 5\n"
        + "link 3 4\nlink 3 5\nlink 4 6\nlink 5 6\n";
    int[] ports = new int[64];
    for (String text : List.of(spines, TestScenarios.RING_AND_RELAY, fatTree())) {
      Topology t = build(text);
      FileTopology f = (FileTopology) t;
      for (int s = 0; s < t.switches(); s++) {
        for (int in = 0; in < t.ports(s); in++) {
          for (int d = 0; d < t.nodes(); d++) {
            int first = t.route(s, in, d, 0);
            int count = t.routePorts(s, in, d, 0, ports);
            assertEquals(first, ports[0]);
            if (first <= Topology.LOCAL_PORT) {
              assertEquals(1, count);
              continue;
            }
            boolean cameDown = in != Topology.LOCAL_PORT && f.nearerRoot(t.linkAt(s, in).toSwitch(), s);
            for (int i = 0; i < count; i++) {
              for (int j = 0; j < i; j++) {
                assertTrue(ports[i] != ports[j], "twice: port " + ports[i]);
              }
              assertTrue(!cameDown || !f.nearerRoot(t.linkAt(s, ports[i]).toSwitch(), s), "up after down");
              arrives(t, f, s, ports[i], d);
            }
          }
        }
      }
    }
    Topology t = build(spines);
    assertEquals(2, t.routePorts(0, Topology.LOCAL_PORT, 2, 0, ports));
    assertEquals(List.of(1, 2), List.of(ports[0], ports[1])); // node 2 mod 2 ways: switch 4 first
    assertEquals(2, t.routePorts(0, Topology.LOCAL_PORT, 3, 0, ports));
    assertEquals(List.of(2, 1), List.of(ports[0], ports[1])); // 3 mod 2: switch 5 first, 4 next
    assertEquals(1, build(fatTree()).routePorts(16, Topology.LOCAL_PORT, 5, 0, ports));
  }

  /** Leaving {@code s} by {@code port}, then by the routes, a packet reaches node {@code d} never going up after down. */
  private static void arrives(Topology t, FileTopology f, int s, int port, int d) {
    boolean down = !f.nearerRoot(t.linkAt(s, port).toSwitch(), s);
    int at = t.linkAt(s, port).toSwitch();
    int in = t.linkAt(s, port).toPort();
    for (int hops = 1; at != d; hops++) {
      int out = t.route(at, in, d, 0);
      assertTrue(out > 0 && hops < 2 * t.switches(), "stuck or looping from " + s + " port " + port + " to " + d);
      Topology.Link l = t.linkAt(at, out);
      boolean up = f.nearerRoot(l.toSwitch(), at);
      assertTrue(!(down && up), "up after down from " + s + " port " + port + " to " + d);
      down |= !up;
      at = l.toSwitch();
      in = l.toPort();
    }
  }

  /**
   * Five switches round root 2 (the one a hop from all the others): ranks 2, 0, 1, 3, 4. Switch 1's
   * ports lead to 0 (up), 3 (down) and 2 (up); switch 2's to 0, 4, 1 and 3, all down.
   */
  static final String KITE = "nodes 5\nlink 0 1\nlink 0 2\nlink 1 3\nlink 2 4\nlink 3 4\nlink 1 2\nlink 3 2\n";

  /**
   * The ways around a down link come shortest first, not in port order: from switch 1 to node 3 the
   * direct link down (port 2), then up to the root 2 and down (port 3, two hops), then up to 0, the
   * root, and down (port 1, three). From the root to node 4 every way goes down: the direct link
   * (port 2), by 3 (port 4, two hops), by 1 and 3 (port 3, three), by 0, 1 and 3 (port 1, four).
   * A packet that came down to 1 (from 0 or 2) has only its link down to 3.
   */
  @Test
  void theWaysAroundADownLinkComeShortestFirst() {
    Topology t = build(KITE);
    FileTopology f = (FileTopology) t;
    assertEquals(2, FileTopology.root(t.spec()));
    assertEquals(List.of(0, 3, 2), List.of(t.linkAt(1, 1).toSwitch(), t.linkAt(1, 2).toSwitch(), t.linkAt(1, 3).toSwitch()));
    int[] ports = new int[8];
    assertEquals(3, t.routePorts(1, Topology.LOCAL_PORT, 3, 0, ports));
    assertEquals(List.of(2, 3, 1), List.of(ports[0], ports[1], ports[2]));
    assertEquals(3, t.routePorts(1, 2, 4, 0, ports)); // came up from 3: may still go up
    assertEquals(List.of(2, 3, 1), List.of(ports[0], ports[1], ports[2]));
    assertEquals(4, t.routePorts(2, Topology.LOCAL_PORT, 4, 0, ports));
    assertEquals(List.of(2, 4, 3, 1), List.of(ports[0], ports[1], ports[2], ports[3]));
    assertEquals(3, t.routePorts(2, Topology.LOCAL_PORT, 3, 0, ports));
    assertEquals(List.of(4, 3, 1), List.of(ports[0], ports[1], ports[2]));
    for (int cameDownBy : new int[] {1, 3}) {
      assertEquals(1, t.routePorts(1, cameDownBy, 3, 0, ports), "came down by port " + cameDownBy);
      assertEquals(2, ports[0]);
    }
    assertEquals(List.of(1, 1, 2, 2, 2), List.of(t.hops(1, 3), t.hops(2, 4), t.hops(0, 3), t.hops(0, 4), t.hops(4, 0)));
    assertTrue(f.nearerRoot(2, 0) && f.nearerRoot(0, 1) && f.nearerRoot(1, 3) && f.nearerRoot(3, 4));
    for (int s = 0; s < t.switches(); s++) {
      assertTrue(!f.nearerRoot(s, s), "switch " + s + " ranks before itself");
      assertTrue(!f.nearerRoot(4, s));
    }
  }

  /** With two links between two switches, the one the destination does not pick is offered too: its route is the one hop (0 more). */
  @Test
  void aParallelLinkToTheDestinationIsTheWayAroundTheOther() {
    Topology t = build("nodes 2\nlink 0 1\nlink 0 1\n");
    int[] ports = new int[3];
    assertEquals(2, t.routePorts(0, Topology.LOCAL_PORT, 1, 0, ports)); // down from the root 0
    assertEquals(List.of(2, 1), List.of(ports[0], ports[1]));
    assertEquals(2, t.routePorts(1, Topology.LOCAL_PORT, 0, 0, ports)); // up
    assertEquals(List.of(1, 2), List.of(ports[0], ports[1]));
    assertEquals(1, t.routePorts(1, 1, 0, 0, ports)); // came down from the root: no way on, none offered
    assertEquals(-1, ports[0]);
  }

  /** routePorts writes its count of ports and nothing past them, ports or keys. */
  @Test
  void routePortsWritesNothingPastItsCount() {
    for (String text : List.of(KITE, "nodes 2\nlink 0 1\nlink 0 1\n", TestScenarios.RING_AND_RELAY)) {
      Topology t = build(text);
      int[] ports = new int[16];
      for (int s = 0; s < t.switches(); s++) {
        for (int in = 0; in < t.ports(s); in++) {
          for (int d = 0; d < t.nodes(); d++) {
            Arrays.fill(ports, -1);
            int count = t.routePorts(s, in, d, 0, ports);
            for (int i = 0; i < ports.length; i++) {
              assertTrue(i < count ? ports[i] >= -1 && ports[i] < t.ports(s) : ports[i] == -1,
                  text + ": switch " + s + " in " + in + " to " + d + ": " + Arrays.toString(ports));
            }
          }
        }
      }
    }
  }

  /**
   * Every port routePorts offers after the route's own, for every switch, input and destination:
   * exactly the ports a legal up-down route goes on by (no up port once the packet came down), in
   * the order of the shortest such route through each, the lower port of equals, worked out here
   * by breadth-first search.
   */
  @Test
  void theOtherWaysAreEveryLegalPortByTheLengthOfItsRoute() {
    String spines = "nodes 4\nswitches 7\nroot 6\nlink 0 4\nlink 0 5\nlink 1 4\nlink 1 5\nlink 2 4\nlink 2 5\n"
        + "link 3 4\nlink 3 5\nlink 4 6\nlink 5 6\n";
    int[] ports = new int[64];
    for (String text : List.of(KITE, spines, TestScenarios.RING_AND_RELAY, fatTree(), "nodes 2\nlink 0 1\nlink 0 1\n",
        "nodes 5\nlink 0 1\nlink 1 2\nlink 2 3\nlink 3 4\nlink 4 0\n")) {
      Topology t = build(text);
      int[] rank = ranks(t);
      for (int s = 0; s < t.switches(); s++) {
        for (int in = 0; in < t.ports(s); in++) {
          for (int d = 0; d < t.nodes(); d++) {
            int first = t.route(s, in, d, 0);
            List<Integer> expected = new java.util.ArrayList<>(List.of(first));
            if (first > Topology.LOCAL_PORT) {
              boolean cameDown = in != Topology.LOCAL_PORT && rank[t.linkAt(s, in).toSwitch()] < rank[s];
              List<int[]> others = new java.util.ArrayList<>();
              for (int p = 1; p < t.ports(s); p++) {
                int v = t.linkAt(s, p).toSwitch();
                boolean up = rank[v] < rank[s];
                int on = up && cameDown ? -1 : shortestUpDown(t, rank, v, !up, d);
                if (p != first && on >= 0) {
                  others.add(new int[] {on, p});
                }
              }
              others.sort((a, b) -> a[0] != b[0] ? a[0] - b[0] : a[1] - b[1]);
              others.forEach(o -> expected.add(o[1]));
            }
            int count = t.routePorts(s, in, d, 0, ports);
            List<Integer> got = new java.util.ArrayList<>();
            for (int i = 0; i < count; i++) {
              got.add(ports[i]);
            }
            assertEquals(expected, got, "switch " + s + " in " + in + " to " + d);
          }
        }
      }
    }
  }
}
