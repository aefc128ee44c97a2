package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.ringfabric.topology.Topology.Link;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Follows {@link Topology#route} hop by hop for every pair of nodes in every test shape. */
class RoutingTest {
  // Port numbers as the spec fixes them, written out rather than borrowed from production code.
  private static final int LOCAL = 0;
  private static final int PLUS_X = 1;
  private static final int MINUS_X = 2;
  private static final int PLUS_Y = 3;
  private static final int MINUS_Y = 4;
  private static final int CW = 1;
  private static final int CCW = 2;

  static Stream<String> allShapes() {
    return Shapes.all();
  }

  static Stream<String> gridShapes() {
    return Shapes.grids();
  }

  static Stream<String> toriAndRings() {
    return Stream.concat(Shapes.TORI.stream(), Shapes.RINGS.stream());
  }

  /** The output ports taken from node a's switch until the packet leaves by port 0 at b. */
  private static List<Integer> walk(Topology t, int a, int b) {
    boolean[] visited = new boolean[t.switches()];
    List<Integer> ports = new ArrayList<>();
    int at = a;
    while (true) {
      assertFalse(visited[at], () -> "loop from " + a + " to " + b);
      visited[at] = true;
      int port = t.route(at, b);
      assertTrue(port >= 0 && port < t.ports(at), "port " + port + " exists at switch " + at);
      if (port == LOCAL) {
        break;
      }
      Link link = t.linkAt(at, port);
      assertNotNull(link, "route from " + a + " to " + b + " uses unlinked port " + port);
      assertEquals(at, link.fromSwitch());
      assertEquals(port, link.fromPort());
      ports.add(port);
      at = link.toSwitch();
    }
    assertEquals(b, at, "delivered at the destination's own switch");
    return ports;
  }

  @ParameterizedTest
  @MethodSource("allShapes")
  void everyPairArrivesByTheShortestRouteAndHopsAgrees(String shape) {
    Topology t = Shapes.build(shape);
    for (int a = 0; a < t.nodes(); a++) {
      for (int b = 0; b < t.nodes(); b++) {
        int taken = walk(t, a, b).size();
        int expected = Shapes.expectedHops(t.spec(), a, b);
        assertEquals(expected, taken, shape + " " + a + " -> " + b);
        assertEquals(expected, t.hops(a, b), shape + " hops(" + a + ", " + b + ")");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("gridShapes")
  void gridsMoveInXFirstThenYAndNeverTurnBack(String shape) {
    Topology t = Shapes.build(shape);
    for (int a = 0; a < t.nodes(); a++) {
      for (int b = 0; b < t.nodes(); b++) {
        List<Integer> ports = walk(t, a, b);
        String where = shape + " " + a + " -> " + b + " " + ports;
        boolean seenY = false;
        for (int p : ports) {
          boolean isX = p == PLUS_X || p == MINUS_X;
          assertFalse(isX && seenY, "an x move after a y move: " + where);
          seenY |= !isX;
        }
        // One direction per dimension: a detour would show up as both + and - of one axis.
        assertFalse(ports.contains(PLUS_X) && ports.contains(MINUS_X), where);
        assertFalse(ports.contains(PLUS_Y) && ports.contains(MINUS_Y), where);
      }
    }
  }

  /** When both ways round a cycle are equally long, the first move is positive (+x, +y, cw). */
  @ParameterizedTest
  @MethodSource("toriAndRings")
  void tiesGoPositive(String shape) {
    Topology t = Shapes.build(shape);
    List<Integer> dims = t.spec().dims();
    int sx = dims.get(0);
    int sy = dims.size() > 1 ? dims.get(1) : 1;
    int ties = 0;
    for (int a = 0; a < t.nodes(); a++) {
      for (int b = 0; b < t.nodes(); b++) {
        List<Integer> ports = walk(t, a, b);
        boolean xTie = sx % 2 == 0 && Math.abs(a % sx - b % sx) == sx / 2;
        boolean yTie = sy % 2 == 0 && Math.abs(a / sx - b / sx) == sy / 2;
        if (xTie) {
          // PLUS_X and CW are both port 1.
          assertEquals(PLUS_X, ports.get(0), shape + " " + a + " -> " + b);
          ties++;
        }
        if (yTie) {
          int firstY = ports.stream().filter(p -> p == PLUS_Y || p == MINUS_Y).findFirst().get();
          assertEquals(PLUS_Y, firstY, shape + " " + a + " -> " + b);
          ties++;
        }
      }
    }
    boolean anyEven = sx % 2 == 0 || (sy > 1 && sy % 2 == 0);
    assertEquals(anyEven, ties > 0, "ties were exercised exactly when a size is even");
  }

  @ParameterizedTest(name = "{0}: route({1}, {2}) = {3}")
  @CsvSource({
    // torus 4x4: x = 2 either way -> +x; y = 2 either way -> +y; 3 forward = 1 back -> -x
    "torus 4x4, 0, 2, 1",
    "torus 4x4, 0, 8, 3",
    "torus 4x4, 0, 3, 2",
    "torus 4x4, 0, 12, 4",
    "torus 4x4, 2, 0, 1",
    // torus 5x5: no ties; 3 forward = 2 back -> -x
    "torus 5x5, 0, 3, 2",
    "torus 5x5, 0, 2, 1",
    // torus 2x3: both x ports reach the one neighbour, + is chosen
    "torus 2x3, 0, 1, 1",
    "torus 2x3, 1, 0, 1",
    "torus 2x3, 0, 4, 4",
    // mesh: plain sign of the difference, x first
    "mesh 3x3, 0, 8, 1",
    "mesh 3x3, 8, 0, 2",
    "mesh 3x3, 2, 8, 3",
    "mesh 3x3, 4, 4, 0",
    // rings: cw on a tie, including the two-node ring
    "ring 2, 0, 1, 1",
    "ring 2, 1, 0, 1",
    "ring 6, 0, 3, 1",
    "ring 6, 4, 1, 1",
    "ring 5, 0, 3, 2",
    "ring 5, 0, 2, 1",
    "ring 1, 0, 0, 0",
    // star: node switch -> centre (port 1), centre (switch 5) -> port dest+1
    "star 5, 0, 3, 1",
    "star 5, 5, 3, 4",
    "star 5, 3, 3, 0",
  })
  void knownRoutes(String shape, int at, int dest, int port) {
    assertEquals(port, Shapes.build(shape).route(at, dest));
  }

  @Test
  void ringOfTwoUsesCwBothWays() {
    Topology t = Shapes.build("ring 2");
    assertEquals(List.of(CW), walk(t, 0, 1));
    assertEquals(List.of(CW), walk(t, 1, 0));
    assertEquals(CCW, t.linkAt(0, CW).toPort());
  }

  @Test
  void starPathsPassThroughTheCentre() {
    Topology t = Shapes.build("star 5");
    assertEquals(5, t.linkAt(2, 1).toSwitch());
    assertEquals(4, t.linkAt(5, t.route(5, 4)).toSwitch());
    assertEquals(List.of(1, 5), walk(t, 2, 4)); // up to the centre, out by port 4 + 1
  }

  @Test
  void routeRejectsUnknownSwitchOrDestination() {
    Topology t = Shapes.build("torus 4x4");
    try {
      t.route(0, 16);
      fail("destination 16 does not exist");
    } catch (IndexOutOfBoundsException expected) {
      // ok
    }
    try {
      t.route(-1, 0);
      fail("switch -1 does not exist");
    } catch (IndexOutOfBoundsException expected) {
      // ok
    }
  }

  /** route() runs on every packet hop; it must not allocate. */
  @ParameterizedTest
  @MethodSource("allShapes")
  void routeDoesNotAllocate(String shape) {
    java.lang.management.ThreadMXBean generic =
        ManagementFactory.getThreadMXBean();
    Assumptions.assumeTrue(
        generic instanceof com.sun.management.ThreadMXBean, "no allocation counter in this JVM");
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) generic;
    Assumptions.assumeTrue(bean.isThreadAllocatedMemoryEnabled());
    Topology t = Shapes.build(shape);
    int switches = t.switches();
    int nodes = t.nodes();
    long sink = 0;
    for (int i = 0; i < 200_000; i++) { // warm up (compiled, not on-stack replaced), so the measurement sees steady state
      sink += t.route(i % switches, (i * 7) % nodes);
    }
    long tid = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(tid);
    for (int i = 0; i < 1_000_000; i++) {
      sink += t.route(i % switches, (i * 7) % nodes);
    }
    long allocated = bean.getThreadAllocatedBytes(tid) - before;
    assertTrue(sink >= 0);
    assertTrue(allocated < 1024, shape + ": a million routes allocated " + allocated + " bytes");
  }
}
