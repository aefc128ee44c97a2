package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.run.Bench;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Thread counts change how fast the actor engine runs, never what it computes. */
class DispatcherSizeTest {
  @Test
  void oneTwoAndFourThreadsGiveTheSameRun() {
    Scenario base = Bench.scenario(16, 40);
    RunResult reference = Simulation.run(BuiltMachine.of(base), ReferenceEngine.NAME);
    for (int threads : new int[] {1, 2, 4}) {
      for (int throughput : new int[] {1, 100}) {
        long spinWait = throughput == 1 ? 0 : 50_000;
        Scenario s = base.with(ActorEngine.NAME, new Scenario.ActorSpec(threads, throughput, 60_000, spinWait));
        RunResult actors = Simulation.run(BuiltMachine.of(s), ActorEngine.NAME);
        String how = threads + " threads, throughput " + throughput + ", spin-wait " + spinWait + " ns";
        assertEquals(reference.fingerprint(), actors.fingerprint(), how);
        assertEquals(EngineEquivalenceTest.comparable(reference), EngineEquivalenceTest.comparable(actors), how);
      }
    }
  }
}
