package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Whom a member names as lost, from what it found unreachable: the member cut off, not the first it noticed. */
class CutOffTest {
  private static final List<String> THREE = List.of("10.0.0.1:2552", "10.0.0.2:2552", "10.0.0.3:2552");

  private static TreeMap<Integer, String> lost(int... members) {
    TreeMap<Integer, String> lost = new TreeMap<>();
    for (int m : members) {
      lost.put(m, "became unreachable");
    }
    return lost;
  }

  /** Member 2's link cut: it finds 0 and 1 unreachable, they find only 2. Every member names member 2. */
  @Test
  void theMemberCutOffIsNamedOnBothSidesOfTheCut() {
    assertEquals("member 2 (10.0.0.3:2552, this member) lost every other member at once: it was cut off from the"
        + " cluster, or paused", CutOff.who(2, THREE, lost(0, 1)));
    assertEquals("member 2 (10.0.0.3:2552) became unreachable", CutOff.who(0, THREE, lost(2)));
    assertEquals("member 2 (10.0.0.3:2552) became unreachable", CutOff.who(1, THREE, lost(2)));
  }

  /** A lead stopped (SIGSTOP): the others name it; resumed, it finds them all gone and says it was the one. */
  @Test
  void aLeadPausedAndResumedDoesNotNameItselfAsLost() {
    assertEquals("member 0 (10.0.0.1:2552) became unreachable", CutOff.who(1, THREE, lost(0)));
    assertEquals("member 0 (10.0.0.1:2552, this member) lost every other member at once: it was cut off from the"
        + " cluster, or paused", CutOff.who(0, THREE, lost(1, 2)));
    String echo = "member 0 (10.0.0.1:2552) became unreachable during window 40 (at 1000 ps); the run cannot go on"
        + " without its parts (seen by member 1 lane 0)";
    assertEquals("the other members lost this member (member 0, 10.0.0.1:2552): it was cut off from them, or paused; "
        + echo, CutOff.told(echo, 0, "10.0.0.1:2552", -1));
    assertEquals(echo, CutOff.told(echo, 2, "10.0.0.3:2552", -1), "another member's loss is told as it was");
    String own = "member 0 (10.0.0.1:2552) became unreachable during window 40 (at 1000 ps)";
    assertEquals(own, CutOff.told(own, 1, "10.0.0.2:2552", -1));
    // the lead hears member 2's own failure, which names the lead: said from the lead's side
    assertEquals("the other members lost this member (member 0, 10.0.0.1:2552): it was cut off from them, or paused; "
        + own + " (seen by member 2)", CutOff.told(own, 0, "10.0.0.1:2552", 2));
    assertEquals(own, CutOff.told(own, 0, "10.0.0.1:2552", 0), "its own words are its own");
  }

  /** Of two members each loses the other, and which was cut off cannot be told: the other is named. */
  @Test
  void withTwoMembersTheOtherIsNamed() {
    assertEquals("member 0 (10.0.0.1:2552) became unreachable", CutOff.who(1, THREE.subList(0, 2), lost(0)));
    assertEquals("member 1 (10.0.0.2:2552) became unreachable", CutOff.who(0, THREE.subList(0, 2), lost(1)));
  }

  /** Two of four gone: both named, in member order. */
  @Test
  void severalLostAreNamedTogether() {
    List<String> four = List.of("a:1", "b:1", "c:1", "d:1");
    assertEquals("member 1 (b:1) became unreachable and member 3 (d:1) became unreachable",
        CutOff.who(0, four, lost(3, 1)));
  }

  /** A run's end that names a member lost waits for that member's own words at the lead; others do not. */
  @Test
  void aLossIsToldFromOtherFailures() {
    assertTrue(CutOff.namesALoss(CutOff.who(0, THREE, lost(2)) + " during window 12 (at 4800 ps) (seen by member 0 lane 1)"));
    assertTrue(CutOff.namesALoss("member 1 (10.0.0.2:2552) left the cluster before its results arrived"));
    for (String how : Addresses.HOW) {
      assertTrue(CutOff.namesALoss("member 1 (10.0.0.2:2552) " + how));
    }
    assertFalse(CutOff.namesALoss("node 3 core 1 put-stream#0 stopped: its program threw java.lang.ArithmeticException"));
    assertFalse(CutOff.namesALoss(null));
  }
}
