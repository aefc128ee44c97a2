package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What an engine counts for the progress line adds up to the run it made, on either engine. */
class ProgressTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {ReferenceEngine.NAME, ActorEngine.NAME})
  void theEventsCountedAreTheRunsAndTheTimeReachedIsItsLastEvent(String engine) {
    Scenario s = TestScenarios.torus(4, 4).ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 400, 0)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .build();
    Progress progress = new Progress();
    RunResult r = Simulation.run(BuiltMachine.of(s), engine, null, progress);
    assertTrue(r.events() > 20_000, "enough events to be counted in steps: " + r.events());
    assertEquals(r.events(), progress.events());
    assertTrue(progress.reachedPs() > 0 && progress.reachedPs() <= s.durationPs(), "reached " + progress.reachedPs());
  }
}
