package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
