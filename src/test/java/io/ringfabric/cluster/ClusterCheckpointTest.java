package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.checkpoint.CheckpointFile;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.EngineEquivalenceTest;
import io.ringfabric.engine.Progress;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A checkpoint saved by a run in one JVM, continued by a cluster of two and of three members. */
@Tag("cluster")
class ClusterCheckpointTest {
  private static final Duration JOIN = Duration.ofSeconds(60);

  @TempDir Path dir;

  @Test
  void aClusterContinuesAOneJvmCheckpointExactly() throws Exception {
    Scenario s = ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of("duration=15us", "engine=reference"));
    Path file = dir.resolve("one-jvm.ckpt");
    RunResult whole = Simulation.run(BuiltMachine.of(s), "reference", null, Progress.NONE,
        new Checkpointing(null, 6_000_000, file, "test"));
    CheckpointFile saved = CheckpointFile.read(file, "test");
    Scenario again = saved.scenario("checkpoint", List.of("engine=actors"));
    for (int members : new int[] {2, 3}) {
      List<ClusterMembers.End> ends = ClusterMembers.run(Collections.nCopies(members, again), members == 2 ? "blocks" : "round-robin", null, JOIN,
          () -> new Checkpointing(saved, Long.MAX_VALUE, null, "test"));
      ClusterMembers.End lead = ends.get(0);
      assertNotNull(lead.result(), members + " members: " + lead.failure() + " " + lead.log());
      assertEquals(whole.fingerprint(), lead.result().fingerprint(), members + " members");
      assertEquals(EngineEquivalenceTest.comparable(whole), EngineEquivalenceTest.comparable(lead.result()));
      assertTrue(ends.stream().skip(1).allMatch(e -> e.failure() == null), members + " members");
    }
  }
}
