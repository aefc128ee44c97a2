package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code workload.schedule} from the scenario to the results, on both engines. */
class ScheduleRunTest {
  @TempDir Path dir;

  private static String scenario(String schedule) {
    return """
        ringfabric {
          duration = 5ms
          topology { kind = torus, dims = [2, 2] }
          rings = [ { id = 0, capacity = 16KiB, max-element = 256 } ]
          workload.schedule { %s }
        }
        """.formatted(schedule);
  }

  private static RunResult run(String schedule, String engine) {
    Scenario s = ScenarioLoader.parse(scenario(schedule), "(test)", List.of("ringfabric.engine=" + engine));
    return Simulation.run(s);
  }

  @Test
  void aRingAllreduceFinishesAlikeOnBothEngines() {
    RunResult reference = run("pattern = allreduce-ring, size = 4KiB, iterations = 3, compute = 2us", "reference");
    RunResult actors = run("pattern = allreduce-ring, size = 4KiB, iterations = 3, compute = 2us", "actors");
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(reference.schedule(), actors.schedule());
    RunResult.Schedule s = reference.schedule();
    assertEquals(4, s.ranks());
    assertEquals(4, s.finishedRanks());
    assertEquals(0, s.unmatched());
    assertNotNull(s.completedNs());
    assertEquals(3, s.iterations().count());
    for (RunResult.Rank r : s.perRank()) {
      assertEquals(2 * 2000.0, r.calcNs(), "two calcs between three iterations, rank " + r.rank());
      assertTrue(r.endNs() <= s.completedNs());
    }
    assertEquals(s.completedNs(), s.perRank().stream().mapToDouble(RunResult.Rank::endNs).max().orElseThrow());
  }

  @Test
  void aGoalFileIsReadRelativeToTheScenarioAndAnUnmatchedSendIsNamed() throws Exception {
    Files.writeString(dir.resolve("x.goal"), """
        num_ranks 2
        rank 0 {
        a: send 100b to 1 tag 7
        }
        rank 1 {
        b: recv 100b from 0 tag 8
        }
        """);
    Path conf = dir.resolve("s.conf");
    Files.writeString(conf, scenario("file = x.goal"));
    RunResult r = Simulation.run(ScenarioLoader.load(conf, List.of("ringfabric.duration=20us")));
    RunResult.Schedule s = r.schedule();
    assertEquals(1, s.finishedRanks());
    assertEquals(null, s.completedNs());
    assertEquals(2, s.unmatched(), s.unmatchedOps().toString());
    assertEquals(List.of("rank 1 b: recv from 0 tag 8 did not complete",
        "rank 1: the message from rank 0 tag 7 (100 B, its send #0 to rank 1) arrived and no receive took it"),
        s.unmatchedOps());
  }

  @Test
  void badSchedulesAreReportedWithTheScenariosProblems() {
    assertProblem("pattern = allgather", "no pattern allgather (patterns: broadcast, barrier");
    assertProblem("file = nope.goal", "no GOAL file");
    assertProblem("pattern = barrier, ring = 3", "rank 0 receives in ring 3 on node 0, which has no such ring");
    assertProblem("pattern = barrier, ranks = 9", "9 ranks at 1 a node need 9 nodes; the machine has 4");
    assertProblem("pattern = barrier, file = x.goal", "a schedule is a file or a pattern, not both");
    ConfigException e = assertThrows(ConfigException.class, () -> ScenarioLoader.parse(scenario("pattern = barrier"),
        "(test)", List.of("ringfabric.workload.processes=[{program=put-stream, target.ring=0}]")));
    assertTrue(e.getMessage().contains("put-stream uses ring 0, which the schedule's ranks receive in (rings 0..0)"),
        e.getMessage());
  }

  private static void assertProblem(String schedule, String part) {
    ConfigException e = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(scenario(schedule), "(test)", List.of()));
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}
