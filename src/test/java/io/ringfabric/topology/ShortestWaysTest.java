package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What minimal-adaptive routing is offered and what dateline classes are given, checked against the
 * links themselves: {@link Topology#minimalPorts} is every port one hop nearer (found by a search
 * over the links), ties broken by the spread go the negative way when its bit is set, and a
 * packet changes to dateline class 1 exactly on a link that wraps round its cycle.
 *
 * <p>Equivalent mutants left alive here: in {@code MeshTopology} the boundaries of {@code dx > 0}
 * and {@code dy > 0} in route (lines 49, 53) and minimalPorts (66, 69), which only run when the
 * difference is not zero, where {@code > 0} and {@code >= 0} agree.
 */
class ShortestWaysTest {
  static Stream<String> allShapes() {
    return Shapes.all();
  }

  static Stream<String> toriAndRings() {
    return Stream.concat(Shapes.TORI.stream(), Shapes.RINGS.stream());
  }

  @ParameterizedTest
  @MethodSource("allShapes")
  void minimalPortsAreEveryPortOneHopNearer(String shape) {
    Topology t = Shapes.build(shape);
    int[] ports = new int[4];
    for (int d = 0; d < t.nodes(); d++) {
      int[] dist = Shapes.distances(t, d);
      for (int s = 0; s < t.switches(); s++) {
        TreeSet<Integer> nearer = new TreeSet<>();
        for (int p = 1; p < t.ports(s); p++) {
          Topology.Link link = t.linkAt(s, p);
          if (link != null && dist[link.toSwitch()] == dist[s] - 1) {
            nearer.add(p);
          }
        }
        int n = t.minimalPorts(s, d, ports);
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          got.add(ports[i]);
        }
        // in increasing port order, each once: +x, -x, +y, -y (cw, ccw)
        assertEquals(new ArrayList<>(nearer), got, shape + " at " + s + " toward " + d);
      }
    }
  }

  /** Where both ways round are equally long, spread bit 0 (x, a ring) and bit 1 (y) choose: set is negative. */
  @ParameterizedTest(name = "{0}: route({1}, {2}, spread {3}) = {4}")
  @CsvSource({
    "ring 6, 0, 3, 0, 1",
    "ring 6, 0, 3, 1, 2",
    "ring 6, 0, 3, 2, 1", // bit 1 is not the ring's
    "ring 6, 0, 2, 1, 1", // no tie: the spread does not matter
    "torus 4x4, 0, 2, 1, 2",
    "torus 4x4, 0, 2, 2, 1",
    "torus 4x4, 0, 8, 2, 4",
    "torus 4x4, 0, 8, 1, 3",
    "torus 4x4, 0, 1, 3, 1",
    "torus 4x4, 0, 4, 3, 3",
  })
  void aTieGoesTheNegativeWayWhenItsSpreadBitIsSet(String shape, int at, int dest, int spread, int port) {
    assertEquals(port, Shapes.build(shape).route(at, dest, spread));
  }

  @ParameterizedTest(name = "{0} has {1} dateline classes")
  @CsvSource({"ring 3, 1", "ring 4, 2", "ring 2, 1", "torus 3x3, 1", "torus 4x1, 2", "torus 1x4, 2", "mesh 4x4, 1",
      "star 5, 1"})
  void cyclesOfFourOrMoreNeedTwoDatelineClasses(String shape, int classes) {
    assertEquals(classes, Shapes.build(shape).datelineClasses());
  }

  /**
   * Class 1 on a wrap link (the positive way from the last place of a cycle, the negative way from
   * place 0); else the arrived class while going on in the dimension it arrived in, 0 on entering a
   * dimension (or from the local port).
   */
  @ParameterizedTest
  @MethodSource("toriAndRings")
  void theClassChangesToOneOnTheWrapLinkAndIsKeptAlongADimension(String shape) {
    Topology t = Shapes.build(shape);
    boolean ring = t.spec().kind().equals("ring");
    int sx = t.spec().dims().get(0);
    for (int s = 0; s < t.switches(); s++) {
      for (int out = 1; out < t.ports(s); out++) {
        Topology.Link link = t.linkAt(s, out);
        if (link == null) {
          continue;
        }
        int dimension = (out - 1) / 2;
        int here = dimension == 0 ? s % sx : s / sx;
        int there = dimension == 0 ? link.toSwitch() % sx : link.toSwitch() / sx;
        boolean positive = out % 2 == 1; // +x, +y and cw are odd
        boolean wraps = positive ? there <= here : there >= here;
        for (int in = 0; in < t.ports(s); in++) {
          for (int arrived = 0; arrived < 2; arrived++) {
            boolean along = in != Topology.LOCAL_PORT && (ring || (in - 1) / 2 == dimension);
            int want = wraps ? 1 : along ? arrived : 0;
            assertEquals(want, t.datelineClass(s, in, arrived, out),
                shape + " at " + s + " in " + in + " class " + arrived + " out " + out);
          }
        }
      }
    }
  }
}
