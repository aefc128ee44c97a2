package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.Completion;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.workload.Programs;
import io.ringfabric.workload.PutStreamSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A broken model or a hung window ends the run loudly, naming the place; it never hangs. */
class FailureTest {

  /** A bug inside the model (an Error, which no process-level guard catches). */
  public static final class Broken implements Program {
    @Override
    public void onStart(ProcessApi api) {
      throw new AssertionError("model bug planted by the test");
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  /** The heap running out while a component handles an event (planted: thrown, not exhausted). */
  public static final class HeapFull implements Program {
    @Override
    public void onStart(ProcessApi api) {
      throw new OutOfMemoryError("planted by the test");
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  /** A callback that never returns in useful time. */
  public static final class Stuck implements Program {
    @Override
    public void onStart(ProcessApi api) {
      try {
        Thread.sleep(3_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      api.finish();
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  private static Scenario scenario() {
    return TestScenarios.torus(2, 2).ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.NEIGHBOR, 0, 0, 64, 20, 0)
        .putStream(NodeSet.of(2), 2, PutStreamSpec.Pattern.NEIGHBOR, 0, 0, 64, 1, 0)
        .build();
  }

  private static BuiltMachine machineWith(Scenario s, Program planted) {
    return BuiltMachine.of(s, (group, node, instance, check) -> group.index() == 1
        ? planted : Programs.instantiate(group.spec(), group.nodes(), node, check));
  }

  @Test
  void aComponentThatThrowsAbortsTheReferenceRunNamingIt() {
    ModelFailure f = assertThrows(ModelFailure.class,
        () -> Simulation.run(machineWith(scenario(), new Broken()), ReferenceEngine.NAME));
    assertTrue(f.getMessage().startsWith("node 2 core 2 failed at 2000000 ps handling PROCESS_WAKE"),
        f.getMessage());
    assertTrue(f.getMessage().contains("model bug planted by the test"), f.getMessage());
  }

  @Test
  void aComponentThatThrowsAbortsTheActorRunNamingIt() {
    EngineAborted f = assertThrows(EngineAborted.class,
        () -> Simulation.run(machineWith(scenario(), new Broken()), ActorEngine.NAME));
    assertTrue(f.getMessage().startsWith("node 2 core 2 failed at 2000000 ps handling PROCESS_WAKE"),
        f.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {ReferenceEngine.NAME, ActorEngine.NAME})
  void theHeapRunningOutDuringTheRunEndsItAsOutOfMemoryNamingTheMachinesSize(String engine) {
    Simulation.OutOfMemory full = assertThrows(Simulation.OutOfMemory.class,
        () -> Simulation.run(machineWith(scenario(), new HeapFull()), engine));
    assertEquals("out of memory at 4 nodes", full.getMessage());
    assertEquals(4, full.nodes());
  }

  @Test
  void aWindowThatHangsIsAbortedByTheWatchdog() {
    Scenario s = scenario().with(ActorEngine.NAME, new Scenario.ActorSpec(2, 100, 300, 20_000));
    long start = System.nanoTime();
    EngineAborted f = assertThrows(EngineAborted.class,
        () -> Simulation.run(machineWith(s, new Stuck()), ActorEngine.NAME));
    assertTrue(f.getMessage().contains("did not finish within 300 ms"), f.getMessage());
    assertTrue(f.getMessage().contains("actors.watchdog"), f.getMessage());
    assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 20);
  }

  @Test
  void aStalledWindowNamesThePartItWaitsFor() {
    assertEquals("part 7 of lane 1 never reported (3 more of its parts were waiting their turn)",
        Coordinator.unreported("lane 1", 1, 7, 3));
    assertEquals("part 7 of lane 1 never reported", Coordinator.unreported("lane 1", 1, 7, 0));
    assertEquals("5 part(s) of lane 0 never reported", Coordinator.unreported("lane 0", 5, -1, 0),
        "at the start every part is woken at once");
  }
}
