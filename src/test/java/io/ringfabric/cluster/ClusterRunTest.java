package io.ringfabric.cluster;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.EngineEquivalenceTest;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three members in one JVM, each its own actor system talking over Artery on 127.0.0.1, give
 * the results of the reference engine.
 */
@Tag("cluster")
class ClusterRunTest {
  private static final Duration JOIN = Duration.ofSeconds(30);

  static Scenario scenario(String file, String... sets) {
    return ScenarioLoader.load(Path.of(file), List.of(sets));
  }

  static String comparable(RunResult r) {
    return EngineEquivalenceTest.comparable(r);
  }

  private static void assertSameAsReference(Scenario s, int members) throws Exception {
    assertSameAsReference(s, members, "blocks");
  }

  private static void assertSameAsReference(Scenario s, int members, String placement) throws Exception {
    RunResult reference = Simulation.run(BuiltMachine.of(s), "reference");
    List<ClusterMembers.End> ends = ClusterMembers.run(Collections.nCopies(members, s), placement,
        null, JOIN);
    for (ClusterMembers.End e : ends) {
      assertNull(e.failure(), () -> "a member failed: " + e.failure() + " " + e.log());
    }
    RunResult cluster = ends.get(0).result();
    assertNotNull(cluster);
    assertEquals(reference.fingerprint(), cluster.fingerprint());
    assertEquals(comparable(reference), comparable(cluster));
    long counted = 0;
    for (int m = 1; m < members; m++) {
      assertNull(ends.get(m).result(), "only the lead returns results");
    }
    for (ClusterMembers.End e : ends) {
      assertTrue(e.counted() > 0, "every member counts its share's progress");
      counted += e.counted();
    }
    assertEquals(reference.events(), counted, "the members' progress adds up to the run's events");
  }

  @Test
  void threeMembersRunTheDefaultScenarioToTheReferenceFingerprint() throws Exception {
    assertSameAsReference(scenario("conf/ringfabric.conf", "duration=40us"), 3);
  }

  @Test
  void threeMembersRunTheExamplesToTheReferenceFingerprint() throws Exception {
    assertSameAsReference(scenario("conf/request-reply.conf"), 3);
    assertSameAsReference(scenario("conf/incast.conf", "duration=20us"), 3);
  }

  @Test
  void aStarWithItsCentreSwitchOnAMemberOfItsOwnRuns() throws Exception {
    // 4 leaves and a centre switch: 5 parts on 3 members
    assertSameAsReference(scenario("conf/ringfabric.conf", "topology.kind=star", "topology.dims=[4]",
        "duration=30us"), 3);
  }

  @Test
  void partsDealtOutInTurnGiveTheSameResults() throws Exception {
    assertSameAsReference(scenario("conf/ringfabric.conf", "duration=30us"), 3, "round-robin");
  }

  /**
   * Coordinators exchange events only with those whose parts share a link, and agree on time
   * through coordinator 0: every topology, in blocks (few neighbours) and dealt in turn (many).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ring [10]", "mesh [4, 3]", "torus [4, 4]", "star [6]"})
  void theNeighbourOnlyExchangeGivesTheResultsOfOneJvm(String shape) throws Exception {
    String kind = shape.substring(0, shape.indexOf(' '));
    String dims = shape.substring(shape.indexOf(' ') + 1);
    Scenario s = scenario("conf/ringfabric.conf", "topology.kind=" + kind, "topology.dims=" + dims,
        "duration=15us");
    assertSameAsReference(s, 2, "blocks");
    assertSameAsReference(s, 3, "round-robin");
  }

  @Test
  void aTracedClusterRunWritesTheBytesOfOneJvm(@TempDir Path dir) throws Exception {
    Scenario s = scenario("conf/ringfabric.conf", "duration=15us");
    Path whole = dir.resolve("whole.jsonl");
    Simulation.run(s.with("actors", s.actors()), new TraceOptions(whole, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    Path spread = dir.resolve("cluster.jsonl");
    List<ClusterMembers.End> ends = ClusterMembers.run(List.of(s, s),
        new TraceOptions(spread, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null), JOIN);
    assertNull(ends.get(0).failure(), () -> String.valueOf(ends.get(0).failure()));
    assertTrue(Files.size(whole) > 50_000);
    assertArrayEquals(Files.readAllBytes(whole), Files.readAllBytes(spread));
  }

  @Test
  void aProgramThatFailsOnOneMemberEndsTheRunOnAllInTheSameWindow() throws Exception {
    // on-program-error = end-run: node 13's failure must end the run where one JVM ends it
    Scenario s = scenario("conf/ringfabric.conf", "on-program-error=end-run",
        "workload.processes=${ringfabric.workload.processes} [{ program = \""
            + "io.ringfabric.workload.CustomProgramTest$Faulty\", nodes = [13], core = 1 }]");
    RunResult reference = Simulation.run(BuiltMachine.of(s), "reference");
    assertEquals(1, reference.processes().failed());
    assertTrue(reference.processes().unfinished() > 0, "the run was cut short");
    assertSameAsReference(s, 3);
  }

  @Test
  void aModelBugOnOneMemberEndsTheRunOnEveryMemberNamingTheComponent() throws Exception {
    // node 14 (on member 2 of 3) runs a program that throws an Error: a bug inside the model
    Scenario s = scenario("conf/ringfabric.conf", "duration=20us",
        "workload.processes=${ringfabric.workload.processes} [{ program = \"io.ringfabric.engine.FailureTest$Broken\","
            + " nodes = [14], core = 1 }]");
    long start = System.nanoTime();
    List<ClusterMembers.End> ends = ClusterMembers.run(List.of(s, s, s), null, JOIN);
    assertTrue((System.nanoTime() - start) / 1e9 < 30, "the members took too long to end");
    for (ClusterMembers.End e : ends) {
      assertNotNull(e.failure(), "every member ends with the run");
      assertTrue(e.failure().getMessage().contains("node 14 core 1"), e.failure().getMessage());
      assertTrue(e.failure().getMessage().contains("model bug planted by the test"), e.failure().getMessage());
    }
    assertInstanceOf(EngineAborted.class, ends.get(0).failure());
    assertEquals(1, assertInstanceOf(ClusterRun.MemberFailed.class, ends.get(1).failure()).exitCode());
  }

  @Test
  void aMemberWithADifferentScenarioIsRefusedAndTheRunGoesOnWithoutIt() throws Exception {
    Scenario s = scenario("conf/ringfabric.conf", "duration=10us");
    Scenario other = scenario("conf/ringfabric.conf", "duration=10us", "fabric.mtu=512");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    var threads = Executors.newFixedThreadPool(2);
    try {
      var lead = threads.submit(() -> ClusterMembers.end(s, leadPort, seed, 2, JOIN, "test"));
      ClusterRun.MemberFailed failed = assertInstanceOf(ClusterRun.MemberFailed.class,
          ClusterMembers.end(other, 0, seed, 2, JOIN, "test"));
      assertEquals(2, failed.exitCode());
      assertTrue(failed.getMessage().contains("ringfabric.fabric.mtu is 512 on the member and 256 on the lead"),
          failed.getMessage());
      assertEquals("ran", ClusterMembers.end(s, 0, seed, 2, JOIN, "test"));
      assertEquals(Simulation.run(BuiltMachine.of(s), "reference").fingerprint(),
          assertInstanceOf(Lead.Finished.class, lead.get(60, TimeUnit.SECONDS)).result().fingerprint());
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aMemberBeyondTheCountIsRefusedAndTheOthersRun() throws Exception {
    // Long enough that the third member asks before the run is over: a member that comes after
    // the lead has gone finds no lead at all (seen once with 10 us on a busy host).
    Scenario s = scenario("conf/ringfabric.conf", "duration=80us");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    var threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<Object>> ends = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        int port = i == 0 ? leadPort : 0;
        ends.add(threads.submit(() -> ClusterMembers.end(s, port, seed, 2, JOIN, "test")));
      }
      Object lead = ends.get(0).get(60, TimeUnit.SECONDS);
      assertEquals(Simulation.run(BuiltMachine.of(s), "reference").fingerprint(),
          assertInstanceOf(Lead.Finished.class, lead).result().fingerprint());
      Object a = ends.get(1).get(60, TimeUnit.SECONDS);
      Object b = ends.get(2).get(60, TimeUnit.SECONDS);
      Object refused = a instanceof ClusterRun.MemberFailed ? a : b;
      assertEquals("ran", a == refused ? b : a);
      ClusterRun.MemberFailed failed = assertInstanceOf(ClusterRun.MemberFailed.class, refused);
      assertEquals(2, failed.exitCode(), failed.getMessage());
      // refused before the start, or after it: which depends on when it asked
      assertTrue(failed.getMessage().contains("has the 2 members it waits for")
          || failed.getMessage().contains("has already started with 2 members"), failed.getMessage());
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aMemberOfAnotherVersionIsRefused() throws Exception {
    Scenario s = scenario("conf/ringfabric.conf", "duration=10us");
    int leadPort = ClusterMembers.freePort();
    String seed = "127.0.0.1:" + leadPort;
    var threads = Executors.newFixedThreadPool(1);
    try {
      var lead = threads.submit(() -> ClusterMembers.end(s, leadPort, seed, 2, Duration.ofSeconds(8), "1.0"));
      ClusterRun.MemberFailed failed = assertInstanceOf(ClusterRun.MemberFailed.class,
          ClusterMembers.end(s, 0, seed, 2, JOIN, "0.9"));
      assertEquals(2, failed.exitCode());
      assertTrue(failed.getMessage().contains("it runs ringfabric 0.9 and the lead runs 1.0"), failed.getMessage());
      Object leadEnd = lead.get(60, TimeUnit.SECONDS);
      assertInstanceOf(EngineAborted.class, leadEnd);
      assertTrue(((Exception) leadEnd).getMessage().contains("only 1 of 2 members joined"), leadEnd.toString());
    } finally {
      threads.shutdownNow();
    }
  }
}
