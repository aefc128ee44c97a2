package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.model.CustomPrograms;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ranks that talk through each other's rings: sends cut into elements, receives matched, rings that fill. */
class RankProgramTest {
  private static final int MAX_ELEMENT = 256;

  /** Runs one rank a node on a line of {@code ranks} nodes, each receiving in ring 0 of {@code ringBytes}. */
  private static RankProgram[] run(int ringBytes, long durationPs, RankSchedule... ranks) {
    TestScenarios t = TestScenarios.of("mesh", ranks.length, 1).ring(NodeSet.all(), 0, ringBytes, MAX_ELEMENT)
        .duration(durationPs);
    Placement placement = new Placement(ranks.length, 1, false, 0);
    RankProgram[] programs = new RankProgram[ranks.length];
    CustomPrograms custom = new CustomPrograms();
    for (int r = 0; r < ranks.length; r++) {
      int rank = r;
      programs[r] = new RankProgram(r, ranks[r], placement, 100_000, false, MAX_ELEMENT);
      custom.on(t.nextGroup(), (node, k) -> programs[rank]);
      t.custom(NodeSet.of(r), 0, 1);
    }
    custom.run(t);
    return programs;
  }

  @Test
  void aMessageGoesInElementsAndAWildcardReceiveTakesIt() {
    RankScheduleBuilder zero = new RankScheduleBuilder(0);
    int s = zero.send(1000, 1, 7);
    int r = zero.recv(8, 1, 9);
    zero.requires(r, s);
    RankScheduleBuilder one = new RankScheduleBuilder(1);
    int any = one.recv(1000, -1, -1);
    int back = one.send(8, 0, 9);
    one.requires(back, any);
    RankProgram[] p = run(64 * 1024, 1_000_000_000L, zero.build(), one.build());
    RankResult a = p[0].result();
    RankResult b = p[1].result();
    assertTrue(a.endedPs() > b.endedPs() && b.endedPs() > 0, a + " / " + b);
    assertEquals(List.of(), a.unfinished());
    assertEquals(List.of(), b.unfinished());
    assertEquals(1, a.completedTo()[1]);
    assertEquals(1, b.arrivedFrom()[0]);
    assertEquals(1, a.arrivedFrom()[1]);
    assertTrue(a.sendPs() > 0 && b.waitPs() > 0 && a.calcPs() == 0);
    assertNull(a.failure());
  }

  @Test
  void aSendNoReceiveAcceptsIsLeftUnmatchedAndTheRunEndsAtItsDuration() {
    RankScheduleBuilder zero = new RankScheduleBuilder(0);
    zero.send(64, 1, 3);
    RankScheduleBuilder one = new RankScheduleBuilder(1);
    one.recv(64, 0, 4);
    RankProgram[] p = run(64 * 1024, 50_000_000L, zero.build(), one.build());
    RankResult a = p[0].result();
    RankResult b = p[1].result();
    assertTrue(a.endedPs() > 0);
    assertEquals(-1, b.endedPs());
    assertEquals(1, b.unfinished().size());
    RankResult.Leftover left = b.unfinished().get(0);
    assertEquals(List.of(0, 0, 4), List.of(left.op(), left.peer(), left.tag()));
    assertEquals(OpKind.RECV, left.kind());
    assertEquals(List.of(new Envelope(0, 3, 64, 0)), b.unexpected());
  }

  /** Each sends the other more than its ring holds before receiving: a FULL answer makes a rank drain its own ring. */
  @Test
  void twoRanksFillingEachOthersRingsBothGetThrough() {
    RankSchedule[] ranks = new RankSchedule[2];
    for (int r = 0; r < 2; r++) {
      RankScheduleBuilder b = new RankScheduleBuilder(r);
      int s = b.send(64 * 1024, 1 - r, 0);
      int c = b.calc(200);
      b.requires(c, s);
      b.recv(64 * 1024, 1 - r, 0);
      ranks[r] = b.build();
    }
    RankProgram[] p = run(4096, 10_000_000_000L, ranks);
    for (RankProgram program : p) {
      RankResult r = program.result();
      assertEquals(List.of(), r.unfinished(), "rank " + r.rank());
      assertEquals(200_000, r.calcPs());
      assertTrue(r.endedPs() > 0);
    }
  }
}
