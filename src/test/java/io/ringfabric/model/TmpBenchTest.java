package io.ringfabric.model;

import io.ringfabric.engine.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import org.junit.jupiter.api.Test;

class TmpBenchTest {
  @Test
  void bench() {
    for (int i = 0; i < 5; i++) {
      var s = TestScenarios.torus(8, 8)
          .ring(NodeSet.all(), 0, 4096, 256)
          .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
          .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 1000, 0)
          .putStream(NodeSet.all(), 2, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 1000, 0)
          .putStream(NodeSet.all(), 3, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 1000, 0)
          .build();
      RunResult r = Simulation.run(Machine.build(s), "reference");
      System.out.println(r.events() + " events " + r.wallSeconds() + " s " + r.eventsPerSecond() + " ev/s");
    }
  }
}
