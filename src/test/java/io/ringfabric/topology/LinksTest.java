package io.ringfabric.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.topology.Topology.Link;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The link tables: counts, order, and that every link has its partner the other way. */
class LinksTest {
  // Equivalent mutant left alive: AbstractTopology.checkNode returning 0 (line 81): every caller
  // uses it only for its range check and ignores the value.

  static Stream<String> allShapes() {
    return Shapes.all();
  }

  @ParameterizedTest(name = "{0} has {1} switches and {2} directed links")
  @CsvSource({
    "mesh 1x1, 1, 0",
    "mesh 4x1, 4, 6",
    "mesh 1x4, 4, 6",
    "mesh 3x3, 9, 24",
    "mesh 4x4, 16, 48",
    "mesh 5x3, 15, 44",
    "torus 4x4, 16, 64",
    "torus 5x5, 25, 100",
    "torus 2x3, 6, 24",
    "torus 8x1, 8, 16",
    "torus 1x4, 4, 8",
    "torus 6x4, 24, 96",
    "ring 1, 1, 0",
    "ring 2, 2, 4",
    "ring 5, 5, 10",
    "ring 6, 6, 12",
    "ring 8, 8, 16",
    "star 1, 2, 2",
    "star 5, 6, 10",
  })
  void counts(String shape, int switches, int links) {
    Topology t = Shapes.build(shape);
    assertEquals(switches, t.switches());
    assertEquals(links, t.links().size());
  }

  @ParameterizedTest
  @MethodSource("allShapes")
  void linksAreSortedUniqueAndMatchLinkAt(String shape) {
    Topology t = Shapes.build(shape);
    List<Link> links = t.links();
    for (int i = 1; i < links.size(); i++) {
      Link prev = links.get(i - 1);
      Link cur = links.get(i);
      assertTrue(
          prev.fromSwitch() < cur.fromSwitch()
              || (prev.fromSwitch() == cur.fromSwitch() && prev.fromPort() < cur.fromPort()),
          "strictly sorted by (fromSwitch, fromPort): " + prev + " then " + cur);
    }
    int found = 0;
    for (int s = 0; s < t.switches(); s++) {
      assertNull(t.linkAt(s, 0), "port 0 is never a link");
      for (int p = 1; p < t.ports(s); p++) {
        Link link = t.linkAt(s, p);
        if (link != null) {
          assertSame(links.get(found++), link, "links() lists linkAt() in order");
        }
      }
    }
    assertEquals(links.size(), found);
  }

  @ParameterizedTest
  @MethodSource("allShapes")
  void everyLinkHasItsPartnerTheOtherWay(String shape) {
    Topology t = Shapes.build(shape);
    for (Link link : t.links()) {
      assertTrue(link.fromPort() >= 1 && link.toPort() >= 1, link.name());
      assertTrue(link.fromSwitch() != link.toSwitch(), "no self links: " + link.name());
      Link back = t.linkAt(link.toSwitch(), link.toPort());
      assertNotNull(back, "no link back for " + link.name());
      assertEquals(link.fromSwitch(), back.toSwitch(), link.name() + " / " + back.name());
      assertEquals(link.fromPort(), back.toPort(), link.name() + " / " + back.name());
    }
  }

  @Test
  void meshEdgePortsExistButLeadNowhere() {
    Topology t = Shapes.build("mesh 3x3");
    assertEquals(5, t.ports(0));
    assertNull(t.linkAt(0, 2)); // -x at x = 0
    assertNull(t.linkAt(0, 4)); // -y at y = 0
    assertNull(t.linkAt(8, 1)); // +x at x = 2
    assertNull(t.linkAt(8, 3)); // +y at y = 2
    assertEquals(new Link(4, 1, 5, 2, "node 4 +x -> node 5"), t.linkAt(4, 1));
    assertEquals(new Link(4, 3, 7, 4, "node 4 +y -> node 7"), t.linkAt(4, 3));
    assertEquals(5, Shapes.build("mesh 1x1").ports(0));
  }

  @Test
  void torusWrapsAndSizeTwoHasParallelLinks() {
    Topology t = Shapes.build("torus 4x4");
    assertEquals(new Link(3, 1, 0, 2, "node 3 +x -> node 0"), t.linkAt(3, 1));
    assertEquals(new Link(0, 4, 12, 3, "node 0 -y -> node 12"), t.linkAt(0, 4));

    Topology two = Shapes.build("torus 2x3");
    assertEquals(new Link(0, 1, 1, 2, "node 0 +x -> node 1"), two.linkAt(0, 1));
    assertEquals(new Link(0, 2, 1, 1, "node 0 -x -> node 1"), two.linkAt(0, 2));

    Topology line = Shapes.build("torus 8x1");
    assertNull(line.linkAt(0, 3), "a dimension of size 1 has no links");
    assertNull(line.linkAt(0, 4));
    assertEquals(new Link(0, 2, 7, 1, "node 0 -x -> node 7"), line.linkAt(0, 2));
  }

  @Test
  void ringLinks() {
    assertEquals(1, Shapes.build("ring 1").ports(0));
    Topology two = Shapes.build("ring 2");
    assertEquals(
        List.of(
            new Link(0, 1, 1, 2, "node 0 cw -> node 1"),
            new Link(0, 2, 1, 1, "node 0 ccw -> node 1"),
            new Link(1, 1, 0, 2, "node 1 cw -> node 0"),
            new Link(1, 2, 0, 1, "node 1 ccw -> node 0")),
        two.links());
    Topology five = Shapes.build("ring 5");
    assertEquals(3, five.ports(4));
    assertEquals(new Link(4, 1, 0, 2, "node 4 cw -> node 0"), five.linkAt(4, 1));
    assertEquals(new Link(0, 2, 4, 1, "node 0 ccw -> node 4"), five.linkAt(0, 2));
  }

  @Test
  void starLinks() {
    Topology t = Shapes.build("star 5");
    assertEquals(2, t.ports(3));
    assertEquals(6, t.ports(5));
    assertNull(t.linkAt(5, 0), "the centre's port 0 is unused");
    assertEquals(new Link(2, 1, 5, 3, "node 2 -> star centre"), t.linkAt(2, 1));
    assertEquals(new Link(5, 3, 2, 1, "star centre -> node 2"), t.linkAt(5, 3));
    assertEquals(
        List.of(new Link(0, 1, 1, 1, "node 0 -> star centre"),
            new Link(1, 1, 0, 1, "star centre -> node 0")),
        Shapes.build("star 1").links());
  }

  @Test
  void linksListIsReadOnly() {
    List<Link> links = Shapes.build("ring 5").links();
    assertThrows(UnsupportedOperationException.class, () -> links.remove(0));
  }

  @Test
  void portsOutOfRangeAreRejected() {
    Topology t = Shapes.build("mesh 3x3");
    assertThrows(IndexOutOfBoundsException.class, () -> t.linkAt(0, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> t.linkAt(9, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> t.ports(9));
    assertThrows(IndexOutOfBoundsException.class, () -> t.portName(0, -1));
  }

  /** Ports are checked against the switch, not just the name table: a ring's switch has three. */
  @Test
  void portNamesOutOfRangeAreRejected() {
    Topology t = Shapes.build("ring 5");
    assertEquals("ccw", t.portName(0, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> t.portName(0, 3));
  }

  /** The builder refuses switches and ports that do not exist, naming them; its links chain. */
  @Test
  void theBuilderRefusesWhatDoesNotExist() {
    LinkTable table = new LinkTable.Builder(new int[] {2, 3}).link(0, 1, 1, 2, "a").link(1, 2, 0, 1, "b").build();
    assertEquals(List.of(new Link(0, 1, 1, 2, "a"), new Link(1, 2, 0, 1, "b")), table.links());
    assertEquals(3, table.ports(1));
    List<String> refusals = new java.util.ArrayList<>();
    for (int[] l : new int[][] {{2, 1, 0, 1}, {-1, 1, 0, 1}, {0, 1, 2, 1}, {0, 2, 1, 1}, {0, -1, 1, 1},
        {1, 3, 0, 1}, {0, 0, 1, 1}}) {
      LinkTable.Builder b = new LinkTable.Builder(new int[] {2, 3});
      refusals.add(assertThrows(IllegalArgumentException.class, () -> b.link(l[0], l[1], l[2], l[3], "x"))
          .getMessage());
    }
    assertEquals(List.of("no switch 2", "no switch -1", "no switch 2", "switch 0 has no port 2",
        "switch 0 has no port -1", "switch 1 has no port 3", "port 0 is local, not a link: x"), refusals);
  }
}
