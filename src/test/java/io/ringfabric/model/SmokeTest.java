package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SmokeTest {
  @Test
  void defaultLikeScenarioRuns() {
    var s = TestScenarios.torus(4, 4)
        .ring(NodeSet.all(), 0, 4096, 256)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 100, 0)
        .putStream(NodeSet.all(), 2, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 100, 0)
        .putStream(NodeSet.all(), 3, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 100, 0)
        .build();
    RunResult r = Simulation.run(BuiltMachine.of(s), "reference");
    assertEquals(4800, r.ops().get("put").issued());
  }
}
