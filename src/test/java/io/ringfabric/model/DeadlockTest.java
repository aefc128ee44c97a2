package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A torus without dateline classes can deadlock: packets going round a dimension fill the one
 * channel of each switch on the loop and each waits for the next. The switches find the cycle
 * and end the run naming it; with datelines the same load goes through.
 */
class DeadlockTest {

  private static TestScenarios loadedTorus(boolean datelines) {
    TestScenarios t = TestScenarios.torus(8, 8).credits(1, 272).ring(NodeSet.all(), 0, 1 << 20, 256)
        .timeout(1_000_000_000_000L, 0).duration(2_000_000_000L);
    t.datelines = datelines;
    t.separateClasses = false;
    t.deadlockTimeout = 20_000_000; // 20 us
    t.group("put-stream", NodeSet.all(), 0, 4, new PutStreamSpec(Pattern.UNIFORM, 0, 0, 256, 100, 0));
    return t;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"reference", "actors"})
  void withoutDatelinesAHeavilyLoadedTorusDeadlocksAndTheCycleIsNamed(String engine) {
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> new CustomPrograms().run(loadedTorus(false), engine));
    String m = e.getMessage();
    assertTrue(m.matches("deadlock at \\d+(\\.\\d+)? (ns|us|ms|s): .*"), m);
    assertTrue(m.contains(" switch input ") && m.contains(" waits for ") && m.contains("waits for the first"), m);
    // the cycle goes round one dimension: every channel in it is an x input or every one a y input
    boolean allX = !m.contains("input +y") && !m.contains("input -y");
    boolean allY = !m.contains("input +x") && !m.contains("input -x");
    assertTrue(allX || allY, m);
  }

  /**
   * On the reference engine the run is deterministic, so the cycle found is one exact cycle at one
   * exact time: the eight channels of a row of the 8x8 torus, each named once, in the order each
   * waits for the next, found when the first head has waited the timeout (20 us) and the probe has
   * gone round. With the message classes apart each is named as a request channel. Several
   * switches find a cycle at that instant; the run ends with the first in key order of the events
   * that found them (the probe with the least sender), whatever order the engine took the parts
   * in. (The actor engine finds a cycle at the same time, but which one's message comes first
   * varies: the test above checks it.)
   */
  @ParameterizedTest(name = "classes apart {0}")
  @ValueSource(booleans = {false, true})
  void theCycleFoundIsNamedChannelByChannelWithTheTimeItWasFound(boolean separateClasses) {
    TestScenarios t = loadedTorus(false);
    t.separateClasses = separateClasses;
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms());
    String m = assertThrows(RuntimeException.class, () -> Simulation.run(built, "reference")).getMessage();
    StringBuilder want = new StringBuilder("deadlock at 50.160 us: ");
    int[] row = separateClasses ? new int[] {5, 4, 3, 2, 1, 0, 7, 6} : new int[] {10, 11, 12, 13, 14, 15, 8, 9};
    for (int i = 0; i < row.length; i++) {
      want.append(i == 0 ? "" : " waits for ").append("node ").append(row[i]).append(" switch input ")
          .append(separateClasses ? "+x vc 0 (requests)" : "-x vc 0");
    }
    want.append(" waits for the first: 8 channels, each full and none able to move");
    assertEquals(want.toString(), m);
    // the machine stays as the deadlock left it: the first channel holds its one packet
    Switch first = built.machine().fabricSwitch(row[0]);
    int input = separateClasses ? 1 : 2; // +x or -x
    assertEquals(1, first.waitingAt(input, 0));
    assertTrue(first.waitingAt(0, 0) > 0, "the module's requests wait behind it");
    if (separateClasses) {
      assertEquals(0, first.waitingAt(input, 1), "no response waits");
      assertEquals(0, first.waitingAt(0, 1));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"reference", "actors"})
  void withDatelinesTheSameLoadGoesThrough(String engine) {
    TestScenarios t = loadedTorus(true).credits(2, 272);
    CustomPrograms.Run run = new CustomPrograms().run(t, engine);
    assertEquals(64 * 4 * 100, run.result().ops().get("put").ok(), run.result().ops().toString());
    CreditFlowTest.assertCreditsAtRest(run.machine(), 272);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ring 8", "ring 12", "mesh 4 4", "mesh 8 2", "torus 4 4", "torus 6 4", "torus 5 5",
      "star 8", "fat-tree 2 4", "fat-tree 4 2"})
  void withClassesAndDatelinesNoHeavilyLoadedFabricDeadlocks(String shape) {
    assertHeavyLoadGoesThrough(shape(shape).credits(2, 272), shape.hashCode());
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"ring 8, minimal-adaptive", "ring 8, valiant", "mesh 4 4, minimal-adaptive", "mesh 5 3, valiant",
      "torus 4 4, minimal-adaptive", "torus 6 4, minimal-adaptive", "torus 4 4, valiant", "torus 5 5, valiant",
      "star 6, up-down", "fat-tree 2 3, up-down", "file, up-down"})
  void noRoutingDeadlocksAHeavilyLoadedFabric(String shape, String routing) {
    TestScenarios t = shape(shape).credits(routing.equals("valiant") ? 4 : 3, 272).routing(routing);
    assertHeavyLoadGoesThrough(t, shape.hashCode() + routing.hashCode());
  }

  /**
   * Minimal-adaptive leaves out a way whose link is down, the escape way too: a head whose
   * dimension-order port is down goes on in adaptive channels only. Duato's argument then no
   * longer covers it, but such heads move only in a dimension whose links are up and only where
   * their own dimension-order link is down, so a cycle of them needs a whole ring of links down.
   * Under the heavy load that deadlocks a torus without datelines, with the +x links of a whole
   * column down (every packet of the column with x still to travel goes by y first), no cycle
   * forms: every PUT ends, done or (lost on a down link, with dy = 0 and no way around) TIMEOUT.
   */
  @Test
  void minimalAdaptiveWithTheEscapeWayDownDoesNotDeadlock() {
    TestScenarios t = shape("torus 4 4").credits(3, 272).routing("minimal-adaptive");
    FaultPlan.LinkFault[] column = new FaultPlan.LinkFault[4];
    for (int y = 0; y < 4; y++) {
      column[y] = new FaultPlan.LinkFault(4 * y, 1, 0, Long.MAX_VALUE, true, 0, 0); // node 4y +x
    }
    t.faults(column).ring(NodeSet.all(), 0, 1 << 20, 512).timeout(20_000_000, 1).duration(40_000_000_000L).seed(34);
    t.deadlockTimeout = 20_000_000;
    t.group("put-stream", NodeSet.all(), 0, 4, new PutStreamSpec(Pattern.UNIFORM, 0, 0, 500, 40, 0));
    RunResult r = CustomPrograms.runBuiltIn(t).result();
    RunResult.Ops put = r.ops().get("put");
    assertEquals(16 * 4 * 40, put.ok() + put.errors().getOrDefault("TIMEOUT", 0L), r.ops().toString());
    assertTrue(put.errors().getOrDefault("TIMEOUT", 0L) > 0 && r.links().lostOnDownLinks() > 0, r.links().toString());
  }

  /** {@code "torus 4 4"}, or {@code "file"}: {@link TestScenarios#RING_AND_RELAY}. */
  private static TestScenarios shape(String shape) {
    String[] s = shape.split(" ");
    if (s[0].equals("file")) {
      return TestScenarios.of("ring", 1).topology(TopologyFile.parse(TestScenarios.RING_AND_RELAY, "test.topo"));
    }
    Integer[] dims = new Integer[s.length - 1];
    for (int i = 1; i < s.length; i++) {
      dims[i - 1] = Integer.parseInt(s[i]);
    }
    return TestScenarios.of(s[0], dims);
  }

  /** One-packet buffers, four producers a node with two packets per PUT, a watch of 20 us: every PUT completes. */
  private static void assertHeavyLoadGoesThrough(TestScenarios t, long seed) {
    t.ring(NodeSet.all(), 0, 1 << 20, 512).timeout(1_000_000_000_000L, 0).duration(4_000_000_000L).seed(seed);
    t.deadlockTimeout = 20_000_000;
    t.group("put-stream", NodeSet.all(), 0, 4, new PutStreamSpec(Pattern.UNIFORM, 0, 0, 500, 40, 0));
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    int nodes = run.machine().nodes();
    assertEquals(nodes * 4 * 40, run.result().ops().get("put").ok(), run.result().ops().toString());
    CreditFlowTest.assertCreditsAtRest(run.machine(), 272);
  }
}
