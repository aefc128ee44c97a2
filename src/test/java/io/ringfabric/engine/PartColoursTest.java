package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ringfabric.model.Layout;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.topology.TopologySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartColoursTest {

  private static int[][] linked(String kind, Integer... dims) {
    Topology t = Topologies.build(new TopologySpec(kind, List.of(dims)));
    return Share.linkedParts(t, new Layout(t.nodes(), 1, t.switches() - t.nodes()));
  }

  /** No two linked parts alike: what lets one colour run while the other rests. */
  private static void assertProper(byte[] colours, int[][] linked) {
    assertNotNull(colours);
    for (int p = 0; p < linked.length; p++) {
      for (int q : linked[p]) {
        assertNotEquals(colours[p], colours[q], "parts " + p + " and " + q + " share a link");
      }
    }
  }

  @Test
  void anEvenTorusIsACheckerboard() {
    int[][] linked = linked("torus", 4, 4);
    byte[] colours = PartColours.of(linked);
    assertProper(colours, linked);
    assertArrayEquals(new byte[] {0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0}, colours);
  }

  @Test
  void anOddCycleHasNoColours() {
    assertNull(PartColours.of(linked("ring", 5)));
    assertNull(PartColours.of(linked("torus", 6, 3)));
    assertNull(PartColours.of(linked("torus", 5, 1)));
  }

  @Test
  void meshesRingsOfEvenLengthAndStarsHaveThem() {
    for (int[][] linked : List.of(linked("mesh", 4, 3), linked("ring", 8), linked("ring", 2), linked("star", 4))) {
      assertProper(PartColours.of(linked), linked);
    }
    byte[] star = PartColours.of(linked("star", 4));
    assertArrayEquals(new byte[] {0, 0, 0, 0, 1}, star); // the centre against every node
  }

  @Test
  void eachUnlinkedGroupStartsAtColourZeroOnItsLowestPart() {
    int[][] linked = {{2}, {3}, {0}, {1}, {}};
    assertArrayEquals(new byte[] {0, 0, 1, 1, 0}, PartColours.of(linked));
    assertEquals(0, PartColours.of(new int[0][]).length);
  }
}
