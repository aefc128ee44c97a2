package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code fabric.routing}: every route of every kind arrives, minimal-adaptive ones by a shortest
 * way, Valiant's through its intermediate node; and the channels a routing's packets can wait on
 * (every channel for dimension-order and Valiant, the escape channels for minimal-adaptive) have
 * no cycle of dependencies, which is what deadlock freedom needs.
 */
class RoutingKindsTest {
  // Equivalent mutant left alive: in TopologyRouting.route, ports.length < topology.ports(switchId)
  // as <= (line 46) only replaces the array with a new one as long, whose entries routePorts writes
  // before they are read.
  private static final List<String> SHAPES = List.of("ring 6", "ring 8", "mesh 4x4", "mesh 5x3", "torus 4x4",
      "torus 5x5", "torus 6x4", "torus 8x8", "torus 2x3");

  static Stream<Arguments> shapesAndKinds() {
    List<Arguments> a = new ArrayList<>();
    for (String shape : SHAPES) {
      for (String kind : List.of(Routing.DIMENSION_ORDER, Routing.MINIMAL_ADAPTIVE, Routing.VALIANT)) {
        a.add(Arguments.of(shape, kind));
      }
    }
    return a.stream();
  }

  /** A hop of a walk: the switch, the port it arrived by, the class it arrived in. */
  private record At(int switchId, int inPort, int cls) {}

  /** Walks a packet from {@code source} to {@code destination}, taking a way at random at each switch; the switches passed. */
  private static List<Integer> walk(Routing r, Topology t, int source, int destination, int spread, SplittableRandom random) {
    int[] ways = new int[2 * Routing.MAX_WAYS];
    List<Integer> passed = new ArrayList<>();
    At at = new At(source, Topology.LOCAL_PORT, 0);
    for (int step = 0; step < 4 * t.switches(); step++) {
      passed.add(at.switchId());
      int n = r.route(at.switchId(), at.inPort(), at.cls(), destination, spread, ways);
      assertTrue(n >= 1 && n <= Routing.MAX_WAYS, "ways " + n);
      int i = random.nextInt(n);
      int out = ways[2 * i];
      if (out == Topology.LOCAL_PORT) {
        assertEquals(1, n, "the local port comes alone");
        assertEquals(destination, at.switchId());
        return passed;
      }
      assertTrue(ways[2 * i + 1] >= 0 && ways[2 * i + 1] < r.classes(), "class " + ways[2 * i + 1]);
      Topology.Link link = t.linkAt(at.switchId(), out);
      at = new At(link.toSwitch(), link.toPort(), ways[2 * i + 1]);
    }
    throw new AssertionError(source + " -> " + destination + " never arrives: " + passed);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("shapesAndKinds")
  void everyRouteArrivesMinimalOrThroughItsIntermediate(String shape, String kind) {
    Topology t = Shapes.build(shape);
    Routing r = Routing.of(kind, t, true);
    SplittableRandom random = new SplittableRandom(shape.hashCode());
    for (int s = 0; s < t.nodes(); s++) {
      for (int d = 0; d < t.nodes(); d++) {
        int spread = random.nextInt();
        List<Integer> passed = walk(r, t, s, d, spread, random);
        int links = passed.size() - 1;
        if (kind.equals(Routing.VALIANT)) {
          int mid = ((ValiantRouting) r).intermediate(spread);
          assertTrue(passed.contains(mid), s + " -> " + d + " passes " + mid + ": " + passed);
          assertEquals(t.hops(s, mid) + t.hops(mid, d), links, s + " -> " + mid + " -> " + d + ": " + passed);
        } else {
          assertEquals(t.hops(s, d), links, s + " -> " + d + ": " + passed);
        }
      }
    }
  }

  @Test
  void valiantsIntermediatesAreSpreadEvenlyOverTheNodes() {
    Topology t = Shapes.build("torus 8x8");
    ValiantRouting r = (ValiantRouting) Routing.of(Routing.VALIANT, t, true);
    int[] count = new int[64];
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < 64_000; i++) {
      count[r.intermediate(random.nextInt())]++;
    }
    for (int c : count) {
      assertTrue(Math.abs(c - 1000) < 150, "an intermediate taken " + c + " times of an expected 1000");
    }
  }

  @Test
  void adaptiveOffersEveryShortestWayThenTheEscape() {
    Topology t = Shapes.build("torus 8x8");
    Routing r = Routing.of(Routing.MINIMAL_ADAPTIVE, t, true);
    int[] ways = new int[2 * Routing.MAX_WAYS];
    // from 0 to 36: 4 each way in x and in y, a tie in both
    int n = r.route(0, Topology.LOCAL_PORT, 0, 36, 0, ways);
    assertEquals(5, n);
    assertEquals(List.of(1, 2, 2, 2, 3, 2, 4, 2, 1, 0), box(ways, n));
    // arrived in an escape channel: it stays in them, dimension-order
    n = r.route(1, 2, 0, 3, 0, ways);
    assertEquals(List.of(1, 0), box(ways, n));
    // arrived over a link in the adaptive class (2, the escape count): offered the adaptive ways again
    n = r.route(1, GridPorts.MINUS_X, 2, 36, 0, ways);
    assertEquals(List.of(1, 2, 3, 2, 4, 2, 1, 0), box(ways, n));
    assertEquals(3, r.leastChannels());
    assertEquals(List.of(0, 1, 2, 2), List.of(r.classOf(0, 4), r.classOf(1, 4), r.classOf(2, 4), r.classOf(3, 4)));
  }

  /** Dimension-order and Valiant use their classes round-robin over the channels; each names its kind. */
  @Test
  void channelsServeTheClassesInTurn() {
    Topology torus = Shapes.build("torus 4x4");
    Routing order = Routing.of(Routing.DIMENSION_ORDER, torus, true);
    assertEquals(Routing.DIMENSION_ORDER, order.kind());
    assertEquals(2, order.leastChannels());
    assertEquals(List.of(0, 1, 0, 1), List.of(order.classOf(0, 4), order.classOf(1, 4), order.classOf(2, 4),
        order.classOf(3, 4)));
    Routing valiant = Routing.of(Routing.VALIANT, torus, true);
    assertEquals(Routing.VALIANT, valiant.kind());
    assertEquals(4, valiant.classes());
    assertEquals(4, valiant.leastChannels());
    assertEquals(List.of(0, 3, 0, 1), List.of(valiant.classOf(0, 8), valiant.classOf(3, 8), valiant.classOf(4, 8),
        valiant.classOf(5, 8)));
    assertEquals(Routing.MINIMAL_ADAPTIVE, Routing.of(Routing.MINIMAL_ADAPTIVE, torus, true).kind());
    Routing mesh = Routing.of(Routing.VALIANT, Shapes.build("mesh 3x3"), true);
    assertEquals(2, mesh.leastChannels());
  }

  @Test
  void aStarTakesDimensionOrderOrUpDownAlike() {
    assertEquals(List.of(Routing.DIMENSION_ORDER, Routing.UP_DOWN), Routing.allowed("star"));
    Routing r = Routing.of(Routing.UP_DOWN, Shapes.build("star 5"), true);
    assertEquals(Routing.UP_DOWN, r.kind());
    int[] ways = new int[2 * Routing.MAX_WAYS];
    assertEquals(1, r.route(5, 1, 0, 3, 0, ways));
    assertEquals(List.of(4, 0), box(ways, 1));
  }

  private static List<Integer> box(int[] a, int n) {
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < 2 * n; i++) {
      l.add(a[i]);
    }
    return l;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("shapesAndKinds")
  void theChannelsPacketsCanWaitOnHaveNoCycle(String shape, String kind) {
    Topology t = Shapes.build(shape);
    Routing r = Routing.of(kind, t, true);
    int escape = kind.equals(Routing.MINIMAL_ADAPTIVE) ? r.classes() - 1 : r.classes();
    // channel = (switch, port, class): every way a head in one can be sent on, from every state reachable
    Map<Long, TreeSet<Long>> dependsOn = new HashMap<>();
    int[] ways = new int[2 * Routing.MAX_WAYS];
    // the tie bits, and for Valiant every intermediate node with each
    int mids = kind.equals(Routing.VALIANT) ? t.nodes() : 1;
    int[] spreads = new int[4 * mids];
    for (int m = 0; m < mids; m++) {
      int high = (int) (((long) m << 30) / t.nodes() + (((long) m << 30) % t.nodes() == 0 ? 0 : 1));
      for (int tie = 0; tie < 4; tie++) {
        spreads[4 * m + tie] = high << 2 | tie;
      }
    }
    if (kind.equals(Routing.VALIANT)) {
      for (int m = 0; m < mids; m++) {
        assertEquals(m, ((ValiantRouting) r).intermediate(spreads[4 * m]));
      }
    }
    for (int d = 0; d < t.nodes(); d++) {
      for (int spread : spreads) {
        ArrayDeque<At> todo = new ArrayDeque<>();
        java.util.HashSet<At> seen = new java.util.HashSet<>();
        for (int s = 0; s < t.nodes(); s++) {
          todo.add(new At(s, Topology.LOCAL_PORT, 0));
        }
        while (!todo.isEmpty()) {
          At at = todo.poll();
          if (!seen.add(at)) {
            continue;
          }
          int n = r.route(at.switchId(), at.inPort(), at.cls(), d, spread, ways);
          for (int i = 0; i < n; i++) {
            if (ways[2 * i] == Topology.LOCAL_PORT) {
              continue;
            }
            Topology.Link link = t.linkAt(at.switchId(), ways[2 * i]);
            At next = new At(link.toSwitch(), link.toPort(), ways[2 * i + 1]);
            todo.add(next);
            // the channel the head holds waits on the one it is sent into; only escape channels count
            if (at.inPort() != Topology.LOCAL_PORT && at.cls() < escape && next.cls() < escape) {
              dependsOn.computeIfAbsent(key(at), k -> new TreeSet<>()).add(key(next));
            }
          }
        }
      }
    }
    assertAcyclic(dependsOn, shape + " " + kind);
  }

  /** A channel: the input port of a switch and the class, as one number. */
  private static long key(At at) {
    return ((long) at.switchId() << 32) | ((long) at.inPort() << 8) | at.cls();
  }

  private static void assertAcyclic(Map<Long, TreeSet<Long>> graph, String what) {
    Map<Long, Integer> state = new HashMap<>(); // 1 on the stack, 2 done
    for (Long start : new TreeSet<>(graph.keySet())) {
      if (state.containsKey(start)) {
        continue;
      }
      ArrayDeque<Long> stack = new ArrayDeque<>();
      ArrayDeque<java.util.Iterator<Long>> its = new ArrayDeque<>();
      stack.push(start);
      its.push(graph.getOrDefault(start, new TreeSet<>()).iterator());
      state.put(start, 1);
      while (!stack.isEmpty()) {
        if (its.peek().hasNext()) {
          Long next = its.peek().next();
          Integer s = state.get(next);
          if (s == null) {
            state.put(next, 1);
            stack.push(next);
            its.push(graph.getOrDefault(next, new TreeSet<>()).iterator());
          } else if (s == 1) {
            throw new AssertionError(what + ": channels wait on each other in a cycle through " + describe(next));
          }
        } else {
          state.put(stack.pop(), 2);
          its.pop();
        }
      }
    }
  }

  private static String describe(long key) {
    return "switch " + (key >>> 32) + " input " + ((key >>> 8) & 0xFFFFFF) + " class " + (key & 0xFF);
  }

  @Test
  void withoutDatelinesAToruscycleIsFound() {
    // the check above can fail: a torus's dimension-order routes without dateline classes close a loop
    Topology t = Shapes.build("torus 4x4");
    Routing r = Routing.of(Routing.DIMENSION_ORDER, t, false);
    assertEquals(1, r.classes());
    Map<Long, TreeSet<Long>> ring = new HashMap<>();
    int[] ways = new int[2 * Routing.MAX_WAYS];
    for (int s = 0; s < 4; s++) { // along row 0, +x: each input +x... waits on the next
      for (int d = 0; d < 4; d++) {
        At at = new At(s, GridPorts.MINUS_X, 0);
        int n = r.route(s, at.inPort(), 0, d, 0, ways);
        if (ways[0] != Topology.LOCAL_PORT && n == 1) {
          Topology.Link link = t.linkAt(s, ways[0]);
          ring.computeIfAbsent(key(at), k -> new TreeSet<>()).add(key(new At(link.toSwitch(), link.toPort(), ways[1])));
        }
      }
    }
    assertThrows(AssertionError.class, () -> assertAcyclic(ring, "torus 4x4 without datelines"));
  }

  @Test
  void aRoutingTheTopologyCannotTakeIsRefusedWithTheOnesItCan() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Routing.of(Routing.VALIANT, Topologies.build(new TopologySpec("fat-tree", List.of(4, 2))), true));
    assertEquals("routing valiant does not apply to a fat-tree; it takes up-down", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Routing.of(Routing.UP_DOWN, Shapes.build("torus 4x4"), true));
    assertEquals("routing up-down does not apply to a torus; it takes dimension-order or minimal-adaptive or valiant",
        e.getMessage());
    assertEquals(Routing.UP_DOWN, Routing.of(Routing.AUTO, Topologies.build(new TopologySpec("fat-tree", List.of(2, 3))), true).kind());
    assertEquals(Routing.DIMENSION_ORDER, Routing.of(Routing.AUTO, Shapes.build("mesh 3x3"), true).kind());
  }

  /**
   * Up-down on a file topology: the ways are routePorts's, in its order, each with class 0 (one
   * class), and nothing is written past them. From switch 1 of FileTopologyTest's kite to node 3:
   * down (port 2), then up by the root (port 3), then up by 0 (port 1). The same routing asked first
   * at switch 0 (two links) has room afterwards for the root's four ways.
   */
  @Test
  void upDownOffersTheTopologysPortsInOrderAndNoMore() {
    Topology t = Topologies.build(TopologyFile.parse(FileTopologyTest.KITE, "kite.topo"));
    Routing r = Routing.of(Routing.UP_DOWN, t, true);
    assertEquals(1, r.classes());
    int[] ways = new int[2 * Routing.MAX_WAYS];
    java.util.Arrays.fill(ways, -7);
    assertEquals(2, r.route(0, Topology.LOCAL_PORT, 0, 3, 0, ways)); // down by 1, or up by the root 2
    assertEquals(List.of(1, 0, 2, 0, -7, -7), java.util.Arrays.stream(ways).boxed().toList().subList(0, 6));
    java.util.Arrays.fill(ways, -7);
    assertEquals(3, r.route(1, Topology.LOCAL_PORT, 0, 3, 0, ways));
    assertEquals(List.of(2, 0, 3, 0, 1, 0, -7, -7, -7, -7), java.util.Arrays.stream(ways).boxed().toList());
    java.util.Arrays.fill(ways, -7);
    assertEquals(4, r.route(2, Topology.LOCAL_PORT, 0, 4, 0, ways));
    assertEquals(List.of(2, 0, 4, 0, 3, 0, 1, 0, -7, -7), java.util.Arrays.stream(ways).boxed().toList());
    java.util.Arrays.fill(ways, -7);
    assertEquals(1, r.route(3, 3, 0, 3, 0, ways));
    assertEquals(List.of(0, 0, -7, -7), java.util.Arrays.stream(ways).boxed().toList().subList(0, 4));
  }
}
