package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementTest {
  @Test
  void partsGoInContiguousBlocksThatDifferByAtMostOne() {
    Placement p = Placement.blocks(16, 3);
    assertEquals(List.of(0, 1, 2, 3, 4, 5), p.partsOf(0));
    assertEquals(List.of(6, 7, 8, 9, 10), p.partsOf(1));
    assertEquals(List.of(11, 12, 13, 14, 15), p.partsOf(2));
    assertEquals(List.of("member 0: parts 0..5 (6 parts)", "member 1: parts 6..10 (5 parts)",
        "member 2: parts 11..15 (5 parts)"), p.describe());
    for (int parts = 1; parts <= 40; parts++) {
      for (int members = 1; members <= parts; members++) {
        Placement q = Placement.blocks(parts, members);
        int last = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int m = 0; m < members; m++) {
          min = Math.min(min, q.partsOf(m).size());
          max = Math.max(max, q.partsOf(m).size());
        }
        for (int part = 0; part < parts; part++) {
          assertEquals(true, q.memberOf(part) >= last, "blocks are contiguous");
          last = q.memberOf(part);
        }
        assertEquals(true, max - min <= 1, parts + " parts on " + members);
      }
    }
  }

  @Test
  void roundRobinDealsThePartsOutInTurn() {
    Placement p = Placement.of("round-robin", 8, 3);
    assertEquals(List.of(0, 3, 6), p.partsOf(0));
    assertEquals(List.of(2, 5), p.partsOf(2));
    assertEquals(List.of("member 0: parts 0, 3, 6 (3 parts)", "member 1: parts 1, 4, 7 (3 parts)",
        "member 2: parts 2, 5 (2 parts)"), p.describe());
    assertEquals(List.of("member 0: parts 0, 1 (2 parts)", "member 1: parts 2, 3 (2 parts)",
        "member 2: parts 4 (1 part)", "member 3: parts 5 (1 part)"), Placement.blocks(6, 4).describe());
    assertThrows(IllegalArgumentException.class, () -> Placement.of("random", 8, 3));
  }

  @Test
  void impossibleLayoutsAreRefused() {
    assertEquals("3 members for 2 parts: every member must run at least one part",
        assertThrows(IllegalArgumentException.class, () -> Placement.blocks(2, 3)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Placement.blocks(4, 0));
  }
}
