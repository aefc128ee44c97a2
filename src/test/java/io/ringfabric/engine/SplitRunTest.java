package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import io.ringfabric.trace.TraceWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A machine spread over several members, each with its own coordinator exchanging the ends of
 * windows with the others (as cluster members do), gives the results of the machine in one piece.
 */
class SplitRunTest {

  static List<EngineEquivalenceTest.Case> cases() {
    List<EngineEquivalenceTest.Case> all = EngineEquivalenceTest.scenarios().toList();
    return List.of(all.get(2), all.get(7), all.get(11), all.get(15), all.get(19));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void twoAndThreeMembersGiveTheResultsOfOne(EngineEquivalenceTest.Case c) throws Exception {
    RunResult reference = Simulation.run(BuiltMachine.of(c.scenario()), ReferenceEngine.NAME);
    for (int members : new int[] {2, 3}) {
      BuiltMachine built = BuiltMachine.of(c.scenario());
      Machine machine = built.machine();
      RunResult split = Results.collect(built, SplitRun.run(built, members, null));
      assertEquals(reference.fingerprint(), split.fingerprint(), members + " members");
      assertEquals(EngineEquivalenceTest.comparable(reference), EngineEquivalenceTest.comparable(split));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void partsDealtInTurnOverTwoAndThreeMembersGiveTheResultsOfOne(EngineEquivalenceTest.Case c)
      throws Exception {
    RunResult reference = Simulation.run(BuiltMachine.of(c.scenario()), ReferenceEngine.NAME);
    for (int members : new int[] {2, 3}) {
      BuiltMachine built = BuiltMachine.of(c.scenario());
      int[] memberOf = new int[built.machine().layout().parts()];
      for (int p = 0; p < memberOf.length; p++) {
        memberOf[p] = p % members;
      }
      RunResult split = Results.collect(built, SplitRun.run(built, memberOf, null));
      assertEquals(reference.fingerprint(), split.fingerprint(), members + " members");
    }
  }

  @Test
  void membersThatShareNoLinkStillOpenTheSameWindows() throws Exception {
    // a ring of 16 in 8 blocks of 2 lanes, one node each: every coordinator but 0 sends to it and
    // to its two neighbours (1 and 15 have 0 for one), and coordinator 0 to all 15, at the end of
    // window 0 and of every window opened; all to all would be 240 a window
    EngineRun run = ringOf16Split(8, 2);
    assertEquals((13 * 3 + 2 * 2 + 15) * (run.windows() + 1), run.exchanges());
  }

  @Test
  void membersThatAreAllNeighboursSendTheirEndsToEachOtherDirectly() throws Exception {
    // a ring of 16 in 3 blocks of one lane: each block touches the other two
    EngineRun run = ringOf16Split(3, 1);
    assertEquals(3 * 2 * (run.windows() + 1), run.exchanges());
  }

  /** The ring of 16 split over {@code members} of {@code lanes} lanes, checked against the reference. */
  private static EngineRun ringOf16Split(int members, int lanes) throws Exception {
    Scenario s = EngineEquivalenceTest.scenarios().toList().get(18).scenario();
    s = s.with(s.engine(), lanes(s, lanes));
    RunResult reference = Simulation.run(BuiltMachine.of(s), ReferenceEngine.NAME);
    BuiltMachine built = BuiltMachine.of(s);
    EngineRun run = SplitRun.run(built, members, null);
    RunResult split = Results.collect(built, run);
    assertEquals(reference.fingerprint(), split.fingerprint());
    assertEquals(reference.events(), split.events());
    return run;
  }

  /** {@code lanes} lanes per member whatever the host's cores, so coordinator counts are known. */
  private static Scenario.ActorSpec lanes(Scenario s, int lanes) {
    Scenario.ActorSpec a = s.actors();
    return new Scenario.ActorSpec(lanes, a.throughput(), a.watchdogMillis(), a.spinWaitNanos());
  }

  @Test
  void aMemberWithNothingDueStillKeepsTimeWithTheOthers() throws Exception {
    // one part per member: most members have nothing due in most windows
    EngineEquivalenceTest.Case c = EngineEquivalenceTest.scenarios().toList().get(2); // ring of 5
    RunResult reference = Simulation.run(BuiltMachine.of(c.scenario()), ReferenceEngine.NAME);
    BuiltMachine built = BuiltMachine.of(c.scenario());
    Machine machine = built.machine();
    RunResult split = Results.collect(built, SplitRun.run(built, machine.layout().parts(), null));
    assertEquals(reference.fingerprint(), split.fingerprint());
    assertEquals(reference.events(), split.events());
  }

  @Test
  void aTraceOfASplitRunHasTheSameBytes(@TempDir Path dir) throws Exception {
    EngineEquivalenceTest.Case c = EngineEquivalenceTest.scenarios().toList().get(10); // torus 4x4
    Path whole = dir.resolve("whole.jsonl");
    Simulation.run(BuiltMachine.of(c.scenario()), ActorEngine.NAME,
        new TraceOptions(whole, TraceLevel.ALL, 0, Long.MAX_VALUE, null));
    Path split = dir.resolve("split.jsonl");
    BuiltMachine built = BuiltMachine.of(c.scenario());
    Machine machine = built.machine();
    TraceOptions options = new TraceOptions(split, TraceLevel.ALL, 0, Long.MAX_VALUE, null);
    TraceWriter writer = Simulation.startTrace(built, options);
    try {
      SplitRun.run(built, 3, writer);
    } finally {
      writer.close();
    }
    assertTrue(Files.size(whole) > 100_000, "the trace has little in it");
    assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(split));
  }
}
