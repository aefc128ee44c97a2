package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;

/**
 * On an even ring or torus a destination k/2 away is as far one way as the other: the packets of
 * such a flow share the two ways evenly (by their spread), in each dimension apart.
 */
class TieSharingTest {
  private static final int PLUS_X = 1;
  private static final int MINUS_X = 2;
  private static final int PLUS_Y = 3;
  private static final int MINUS_Y = 4;

  @Test
  void aFlowHalfwayRoundATorusSplitsEvenlyInBothDimensions() {
    // Node 0 to node 36 of an 8x8 torus: 4 hops in x, then 4 in y, a tie in each.
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.torus(8, 8)
        .ring(NodeSet.all(), 0, 4096, 64)
        .duration(100_000_000_000L)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 36, 0, 16, 4000, 0)
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 36, 0, 16, 4000, 0));
    OutputPort[] first = run.machine().fabricSwitch(0).ports();
    assertEven(first[PLUS_X].packets(), first[MINUS_X].packets(), 8000, "x at node 0");
    // Each way in x turns into y at a different switch: node 4 from +x, and node 4 too from -x
    // (0 - 4 = 4 mod 8), so node 4's switch takes the whole flow's y tie.
    OutputPort[] turn = run.machine().fabricSwitch(4).ports();
    assertEven(turn[PLUS_Y].packets(), turn[MINUS_Y].packets(), 8000, "y at node 4");
    assertEquals(0, first[PLUS_Y].packets() + first[MINUS_Y].packets(), "x goes first");
  }

  @Test
  void aFlowHalfwayRoundARingSplitsEvenly() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.of("ring", 6)
        .ring(NodeSet.all(), 0, 4096, 64).duration(100_000_000_000L)
        .putStream(NodeSet.of(2), 0, Pattern.FIXED, 5, 0, 16, 4000, 0));
    OutputPort[] ports = run.machine().fabricSwitch(2).ports();
    assertEven(ports[1].packets(), ports[2].packets(), 4000, "cw and ccw at node 2");
  }

  @Test
  void aFlowOneStepFromItsNeighbourTakesTheShortWayOnly() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.torus(8, 8)
        .ring(NodeSet.all(), 0, 4096, 64)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 3, 0, 16, 500, 0));
    OutputPort[] ports = run.machine().fabricSwitch(0).ports();
    assertEquals(500, ports[PLUS_X].packets());
    assertEquals(0, ports[MINUS_X].packets());
  }

  /** Both ways carried the requests, {@code total} in all: half each, give or take one per context. */
  private static void assertEven(long a, long b, long total, String where) {
    assertEquals(total, a + b, where + ": every request left one way or the other");
    assertTrue(Math.abs(a - b) <= 2, where + ": " + a + " against " + b);
  }
}
