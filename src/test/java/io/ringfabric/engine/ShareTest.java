package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ringfabric.model.Layout;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.TopologySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShareTest {

  @Test
  void eachMembersPartsAreCutIntoBlocksOnePerLaneNumberedMemberByMember() {
    int[] memberOf = {0, 1, 0, 0, 1, 0, 1};
    List<Share> shares = Share.ofLanes(memberOf, new int[] {2, 3});
    assertEquals(5, shares.size());
    // member 0 runs 0, 2, 3, 5 on lanes 0 and 1; member 1 runs 1, 4, 6 on coordinators 2, 3, 4
    assertArrayEquals(new int[] {0, 2, 0, 1, 3, 1, 4}, shares.get(0).holderOf());
    for (int c = 0; c < 5; c++) {
      assertEquals(c, shares.get(c).holder());
      assertEquals(5, shares.get(c).holders());
    }
    assertEquals(List.of(3, 5), shares.get(1).parts());
    assertEquals(List.of(6), shares.get(4).parts());
  }

  @Test
  void oneLaneIsTheMembersWholeShare() {
    List<Share> shares = Share.ofLanes(new int[] {0, 0, 0}, new int[] {1});
    assertEquals(1, shares.size());
    assertEquals(List.of(0, 1, 2), shares.get(0).parts());
    assertEquals(true, shares.get(0).alone());
  }

  @Test
  void neighboursAreTheHoldersOfPartsOneLinkAway() {
    // a ring of 8 in 4 blocks of 2: each block touches the blocks before and after it
    var ring = Topologies.build(new TopologySpec("ring", List.of(8)));
    int[][] linked = Share.linkedParts(ring, new Layout(8, 1, 0));
    assertArrayEquals(new int[] {1, 7}, linked[0]);
    assertArrayEquals(new int[] {3, 5}, linked[4]);
    int[] blocks = {0, 0, 1, 1, 2, 2, 3, 3};
    assertEquals(List.of(1, 3), new Share(0, 4, blocks).neighbours(linked));
    assertEquals(List.of(0, 2), new Share(1, 4, blocks).neighbours(linked));
    // dealt in turn over 2, every part's neighbours are on the other holder
    int[] dealt = {0, 1, 0, 1, 0, 1, 0, 1};
    assertEquals(List.of(1), new Share(0, 2, dealt).neighbours(linked));
  }

  @Test
  void aStarsCentreIsItsOwnPartLinkedToEveryNode() {
    var star = Topologies.build(new TopologySpec("star", List.of(4)));
    int[][] linked = Share.linkedParts(star, new Layout(4, 1, 1));
    assertArrayEquals(new int[] {4}, linked[0]);
    assertArrayEquals(new int[] {0, 1, 2, 3}, linked[4]);
    int[] blocks = {0, 0, 1, 1, 2}; // the centre on a holder of its own
    assertEquals(List.of(2), new Share(0, 3, blocks).neighbours(linked));
    assertEquals(List.of(0, 1), new Share(2, 3, blocks).neighbours(linked));
  }
}
