package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.checkpoint.CheckpointFile;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.checkpoint.MachineMoment;
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

/**
 * A checkpoint saved by a run in one JVM, continued by a cluster of two and of three members; one
 * saved by a cluster, the same bytes part by part, continued in one JVM.
 */
@Tag("cluster")
class ClusterCheckpointTest {
  private static final Duration JOIN = Duration.ofSeconds(60);

  private static final long AT = 6_000_000;

  @TempDir Path dir;

  private static Scenario scenario(String engine) {
    return ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of("duration=15us", "engine=" + engine));
  }

  /** The whole run on the reference engine in one JVM, saving its machine at {@link #AT} into {@code file}. */
  private static RunResult savedInOneJvm(Path file) {
    return Simulation.run(BuiltMachine.of(scenario("reference")), "reference", null, Progress.NONE,
        new Checkpointing(null, AT, file, "test"));
  }

  @Test
  void aClusterContinuesAOneJvmCheckpointExactly() throws Exception {
    Path file = dir.resolve("one-jvm.ckpt");
    RunResult whole = savedInOneJvm(file);
    CheckpointFile saved = CheckpointFile.read(file, "test");
    Scenario again = saved.scenario("checkpoint", List.of("engine=actors"));
    for (int members : new int[] {2, 3}) {
      List<ClusterMembers.End> ends = ClusterMembers.run(Collections.nCopies(members, again), members == 2 ? "blocks" : "round-robin", null, JOIN,
          member -> new Checkpointing(saved, Long.MAX_VALUE, null, "test"));
      ClusterMembers.End lead = ends.get(0);
      assertNotNull(lead.result(), members + " members: " + lead.failure() + " " + lead.log());
      assertEquals(whole.fingerprint(), lead.result().fingerprint(), members + " members");
      assertEquals(EngineEquivalenceTest.comparable(whole), EngineEquivalenceTest.comparable(lead.result()));
      assertTrue(ends.stream().skip(1).allMatch(e -> e.failure() == null), members + " members");
    }
  }

  @Test
  void aClusterSavesWhatOneJvmSavesAndOneJvmContinuesIt() throws Exception {
    Path oneJvm = dir.resolve("one-jvm.ckpt");
    RunResult whole = savedInOneJvm(oneJvm);
    CheckpointFile expected = CheckpointFile.read(oneJvm, "test");
    Scenario onActors = scenario("actors");
    for (int members : new int[] {2, 3}) {
      Path file = dir.resolve(members + "-members.ckpt");
      Checkpointing leads = new Checkpointing(null, AT, file, "test");
      List<ClusterMembers.End> ends = ClusterMembers.run(Collections.nCopies(members, onActors),
          members == 2 ? "blocks" : "round-robin", null, JOIN, member -> member == 0 ? leads : Checkpointing.none());
      ClusterMembers.End lead = ends.get(0);
      assertNotNull(lead.result(), members + " members: " + lead.failure() + " " + lead.log());
      assertEquals(whole.fingerprint(), lead.result().fingerprint(), members + " members: saving changes nothing");
      assertNull(leads.failure(), members + " members");
      assertEquals(expected.atPs(), leads.savedAtPs(), members + " members");
      // Not the same bytes: a packet that crossed to another member is a copy there, where one JVM
      // shares one payload array, and Java serialization writes what is shared once. The same machine.
      CheckpointFile saved = CheckpointFile.read(file, "test");
      assertEquals(withoutFirstLine(MachineMoment.of(expected).render(-1)), withoutFirstLine(MachineMoment.of(saved).render(-1)),
          members + " members");
      RunResult continued = Simulation.run(BuiltMachine.of(saved.scenario("checkpoint", List.of("engine=reference"))),
          "reference", null, Progress.NONE, new Checkpointing(saved, Long.MAX_VALUE, null, "test"));
      assertEquals(whole.fingerprint(), continued.fingerprint(), members + " members' checkpoint continued");
      assertEquals(EngineEquivalenceTest.comparable(whole), EngineEquivalenceTest.comparable(continued));
    }
  }

  /** The first line names the engine that saved it. */
  private static String withoutFirstLine(String moment) {
    return moment.substring(moment.indexOf('\n') + 1);
  }
}
