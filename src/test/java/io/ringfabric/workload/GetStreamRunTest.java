package io.ringfabric.workload;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.model.Core;
import io.ringfabric.model.Machine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Get-streams running in the machine on the reference engine: what ends them and what does not. */
class GetStreamRunTest {

  private record Run(Machine machine, RunResult result) {
    Core.ProcessOutcome outcome(int node, int core) {
      return machine.core(node, core).outcomes().get(0);
    }
  }

  private static Run run(String hocon) {
    BuiltMachine built = BuiltMachine.of(ScenarioLoader.parse(hocon, "t.conf", List.of()));
    return new Run(built.machine(), Simulation.run(built, "reference"));
  }

  @Test
  void aGetThatEndedTimeoutIsTriedAgainAndTheConsumersDrainTheRing() {
    // issue 34's lossy fabric: one packet in 20 lost on every link, 2 us to answer, one retry
    Run run = run("""
        ringfabric {
          topology { kind = torus, dims = [4, 4] }
          fabric.faults = [ { links = all, drop-rate = 5e-2 } ]
          module { timeout = 2us, retries = 1 }
          rings = [ { id = 0, nodes = [5], capacity = 64KiB } ]
          workload.processes = [
            { program = get-stream, nodes = [0, 10], core = 0, source { node = 5, ring = 0 } }
            { program = put-stream, nodes = [1, 2, 3, 4], core = 1, target { pattern = fixed, node = 5, ring = 0 }, size = 64, ops = 200, think = 600ns }
          ]
        }
        """);
    RunResult r = run.result();
    assertTrue(r.ops().get("get").errors().getOrDefault("TIMEOUT", 0L) > 0, r.ops().get("get").toString());
    assertEquals(0, r.rings().elementsRemaining(), "the consumers went on after their TIMEOUTs");
    assertEquals(0, r.processes().unfinished());
    assertEquals(List.of(), r.processes().failures());
    assertEquals("FINISHED", run.outcome(0, 0).state());
    assertEquals("FINISHED", run.outcome(10, 0).state());
  }

  @Test
  void aConsumerCutOffFromItsRingEndsAfterIdleLimitTimeoutsInARow() {
    Run run = run("""
        ringfabric {
          topology { kind = mesh, dims = [2, 1] }
          fabric.faults = [ { link = "node 0 +x" } ]
          module { timeout = 1us, retries = 1 }
          rings = [ { id = 0, nodes = [1] } ]
          workload.processes = [
            { program = get-stream, nodes = [0], source { node = 1, ring = 0 }, idle-limit = 3 }
          ]
        }
        """);
    RunResult r = run.result();
    assertEquals(3, r.ops().get("get").issued());
    assertEquals(3L, r.ops().get("get").errors().get("TIMEOUT"));
    assertEquals("FINISHED", run.outcome(0, 0).state());
  }

  @Test
  void timeoutsAndEmptyAnswersInARowCountTogetherTowardTheIdleLimit() {
    // the link is down while the first two GETs run out of time (the first after its 1 us limit
    // and 4 confirmations, 1 + 2 + 4 + 8 + 16 us, unanswered; the second's last confirmation, at
    // 40.6 us, is refused TIMEOUT as too late); then it is up, the ring empty: two EMPTYs finish it
    Run run = run("""
        ringfabric {
          topology { kind = mesh, dims = [2, 1] }
          fabric.faults = [ { link = "node 0 +x", to = 40us } ]
          module { timeout = 1us, retries = 0 }
          rings = [ { id = 0, nodes = [1] } ]
          workload.processes = [
            { program = get-stream, nodes = [0], source { node = 1, ring = 0 }, idle-limit = 4, empty-backoff = 1us }
          ]
        }
        """);
    RunResult r = run.result();
    assertEquals(4, r.ops().get("get").issued());
    assertEquals(2L, r.ops().get("get").errors().get("TIMEOUT"));
    assertEquals(2L, r.ops().get("get").errors().get("EMPTY"));
    assertEquals("FINISHED", run.outcome(0, 0).state());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "NO_SUCH_RING   | 1 | { id = 1, nodes = [1] }",
      "ACCESS_DENIED  | 1 | { id = 0, nodes = [1], get-access = [1] }",
      "NO_SUCH_NODE   | 7 | { id = 0, nodes = [1] }"})
  void anErrorThatWouldComeAgainEndsTheConsumerAtOnce(String status, int source, String ring) {
    Run run = run("""
        ringfabric {
          topology { kind = mesh, dims = [2, 1] }
          rings = [ %s ]
          workload.processes = [ { program = get-stream, nodes = [0], source { node = %d, ring = 0 } } ]
        }
        """.formatted(ring, source));
    assertEquals(1, run.result().ops().get("get").issued());
    assertEquals(1L, run.result().ops().get("get").errors().get(status));
    assertEquals("FINISHED", run.outcome(0, 0).state());
  }
}
