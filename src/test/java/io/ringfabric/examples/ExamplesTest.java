package io.ringfabric.examples;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped example programs run from their scenarios in conf/, on both engines, and what they
 * check holds: a reply or a token or an item out of place would stop a process with an error.
 */
class ExamplesTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"request-reply.conf, 16, 300", "token-ring.conf, 16, 5", "pipeline.conf, 6, 50"})
  void theExampleRunsAndItsChecksHold(String conf, int processes, long roundTrips) {
    Scenario s = ScenarioLoader.load(Path.of("conf", conf), List.of());
    RunResult actors = Simulation.run(BuiltMachine.of(s), "actors");
    RunResult reference = Simulation.run(BuiltMachine.of(s), "reference");
    assertEquals(reference.fingerprint(), actors.fingerprint());
    RunResult.Processes p = actors.processes();
    assertEquals(List.of(), p.failures(), "no process stopped: every check held");
    assertEquals(processes, p.total());
    assertEquals(processes, p.finished());
    assertEquals(roundTrips, actors.latencyNs().get("roundTrip").count());
    assertEquals(actors.ops().get("put").ok(), actors.ops().get("get").ok() + actors.rings().elementsRemaining(),
        "every element PUT was taken or is still in its ring");
  }

  @Test
  void theTokenVisitsEveryNodeInOrderEveryLap() {
    Scenario s = ScenarioLoader.load(Path.of("conf", "token-ring.conf"), List.of());
    RunResult r = Simulation.run(BuiltMachine.of(s), "reference");
    assertEquals(16 * 5, r.ops().get("put").ok(), "one PUT per hop: 16 hops a lap, 5 laps");
    assertEquals(16 * 5, r.ops().get("get").ok());
  }

  @Test
  void anExampleRejectsSettingsItCannotRunWithBeforeTheRun() {
    ConfigException e = Assertions.assertThrows(ConfigException.class,
        () -> ScenarioLoader.load(Path.of("conf", "pipeline.conf"),
            List.of("workload.processes=[{ program = io.ringfabric.examples.Pipeline,"
                + " settings { stages = 9 } }]")));
    assertTrue(e.problems().stream().anyMatch(l -> l.contains(
        "ringfabric.workload.processes[0].settings.stages: must be between 2 and the node count (6), not 9")),
        e.problems().toString());
  }
}
