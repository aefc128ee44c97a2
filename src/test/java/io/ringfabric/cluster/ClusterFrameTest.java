package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Members whose transport takes only small messages: results larger than a frame travel in
 * pieces, and a message of the run the transport drops ends the run naming it.
 */
@Tag("cluster")
class ClusterFrameTest {
  private static final Duration JOIN = Duration.ofSeconds(30);
  /** The smallest frame Pekko allows (bytes). */
  private static final Config SMALL_FRAME = ConfigFactory.parseString(
      PartPieces.FRAME + " = 32 KiB");

  @Test
  void resultsLargerThanAFrameTravelInPiecesToTheResultsOfOneJvm() throws Exception {
    // member 1's time series alone are about 4 frames: before pieces, the lead waited 60 s for them
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "duration=60us");
    RunResult reference = Simulation.run(BuiltMachine.of(s), "reference");
    List<ClusterMembers.End> ends = ClusterMembers.run(List.of(s, s), "blocks", null, JOIN,
        member -> Checkpointing.none(), SMALL_FRAME);
    for (ClusterMembers.End e : ends) {
      assertNull(e.failure(), () -> "a member failed: " + e.failure() + " " + e.log());
    }
    RunResult cluster = ends.get(0).result();
    assertNotNull(cluster);
    assertNotNull(cluster.series(), "the run carries its time series");
    assertEquals(reference.fingerprint(), cluster.fingerprint());
    assertEquals(ClusterRunTest.comparable(reference), ClusterRunTest.comparable(cluster));
  }

  @Test
  void aMessageLargerThanTheFrameEndsTheRunNamingIt(@TempDir Path dir) throws Exception {
    // a window's trace records for coordinator 0 travel in pieces of 1 MiB, many frames of 32 KiB
    // links of 10 us make windows of 10 us, whose records are many frames whatever a core records
    Scenario s = ClusterRunTest.scenario("conf/ringfabric.conf", "fabric.link-latency=10us", "duration=40us");
    List<ClusterMembers.End> ends = ClusterMembers.run(List.of(s, s), "blocks",
        new TraceOptions(dir.resolve("t.jsonl"), TraceLevel.ALL, 0, Long.MAX_VALUE, null), JOIN,
        member -> Checkpointing.none(), SMALL_FRAME);
    EngineAborted failed = assertInstanceOf(EngineAborted.class, ends.get(0).failure());
    assertTrue(failed.getMessage().startsWith("member 1 could not send a io.ringfabric.engine.Coordinator$Exchange to"
        + " pekko://ringfabric@127.0.0.1:"), failed.getMessage());
    assertTrue(failed.getMessage().endsWith("max allowed size 32768 bytes. Message type"
        + " [io.ringfabric.engine.Coordinator$Exchange]. (the frame is " + PartPieces.FRAME + ")"), failed.getMessage());
    assertNotNull(ends.get(1).failure(), "member 1 ends with the run");
  }
}
