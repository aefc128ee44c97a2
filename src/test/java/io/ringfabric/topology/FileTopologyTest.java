package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.model.TestScenarios;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code topology.kind = file}: the reader's refusals, and up-down routes that arrive, are as short as up-down allows and never go up after down. */
class FileTopologyTest {
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
    int root = FileTopology.root(t.spec());
    int[] dist = new int[t.switches()];
    Arrays.fill(dist, -1);
    dist[root] = 0;
    ArrayDeque<Integer> q = new ArrayDeque<>(List.of(root));
    while (!q.isEmpty()) {
      int s = q.poll();
      for (int p = 1; p < t.ports(s); p++) {
        int v = t.linkAt(s, p).toSwitch();
        if (dist[v] < 0) {
          dist[v] = dist[s] + 1;
          q.add(v);
        }
      }
    }
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
    int[][] dist = new int[t.switches()][2];
    for (int[] row : dist) {
      Arrays.fill(row, -1);
    }
    dist[s][0] = 0;
    ArrayDeque<int[]> q = new ArrayDeque<>();
    q.add(new int[] {s, 0});
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
    throw new AssertionError("no up-down route from " + s + " to " + d);
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
      "nodes 2\\nnodes 2|test.topo:2: 'nodes' given twice"})
  void aBadFileIsRefusedWithItsLineAndTheReason(String text, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TopologyFile.parse(text.replace("\\n", "\n"), "test.topo"));
    assertEquals(message, e.getMessage());
  }
}
