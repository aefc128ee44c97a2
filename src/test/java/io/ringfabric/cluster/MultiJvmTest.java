package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.cli.Main;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Members in child JVMs, started from the test with the test's classpath. */
@Tag("multi-jvm")
class MultiJvmTest {

  private static String fingerprintIn(Path results) throws Exception {
    String json = Files.readString(results);
    int at = json.indexOf("\"fingerprint\"");
    int from = json.indexOf('"', json.indexOf(':', at)) + 1;
    return json.substring(from, json.indexOf('"', from));
  }

  private static int cli(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
    return Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), args);
  }

  @Test
  void clusterLocalWithTwoChildJvmsGivesTheFingerprintOfOneJvm(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int single = cli(out, err, "run", "conf/ringfabric.conf", "--engine", "reference", "--set", "duration=40us",
        "--out", dir.resolve("one").toString(), "--hgrm", dir.resolve("one/hgrm").toString());
    assertEquals(0, single, err::toString);
    out.reset();
    err.reset();
    int code = cli(out, err, "cluster", "local", "--members", "3", "conf/ringfabric.conf",
        "--set", "duration=40us", "--out", dir.resolve("three").toString(), "--hgrm", dir.resolve("three/hgrm").toString());
    assertEquals(0, code, () -> err + "\n" + logs(dir.resolve("three/members")));
    assertEquals(fingerprintIn(dir.resolve("one/results.json")), fingerprintIn(dir.resolve("three/results.json")));
    // The latency distributions, merged from three members' parts, are those of one JVM, byte for byte.
    for (String kind : List.of("put", "get", "message")) {
      assertEquals(Files.readString(dir.resolve("one/hgrm/" + kind + ".hgrm")),
          Files.readString(dir.resolve("three/hgrm/" + kind + ".hgrm")), kind);
    }
    String e = err.toString(StandardCharsets.UTF_8);
    assertTrue(e.contains("member 0: parts 0..5 (6 parts)"), e);
    assertTrue(e.contains("member 2: parts 11..15 (5 parts)"), e);
    try (var files = Files.list(dir.resolve("three/members"))) {
      assertEquals(2, files.count(), "one log per child JVM");
    }
  }

  private static String logs(Path dir) {
    StringBuilder b = new StringBuilder();
    try (var files = Files.list(dir)) {
      for (Path p : files.toList()) {
        b.append("--- ").append(p.getFileName()).append('\n').append(Files.readString(p));
      }
    } catch (Exception e) {
      b.append(e);
    }
    return b.toString();
  }

  /** {@code cluster member} in a child JVM joining the lead at {@code leadPort}, in a run of {@code members}. */
  private static Process child(int leadPort, int members, Path log, Path config) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-XX:+UseSerialGC",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "cluster", "member", "--config", config.toString(), "--port", String.valueOf(ClusterMembers.freePort()),
        "--seeds", "127.0.0.1:" + leadPort, "--members", String.valueOf(members), "--exit-with-parent"));
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  @Test
  void killingAMemberMidRunEndsTheRunOnEveryOtherMemberWithinSeconds(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("long.conf"); // the default scenario, a hundred times longer
    Files.writeString(config, Files.readString(Path.of("conf/ringfabric.conf")).replace("ops = 1000,", "ops = 100000,"));
    Scenario s = ClusterRunTest.scenario(config.toString());
    int leadPort = ClusterMembers.freePort();
    Path victimLog = dir.resolve("victim.log");
    Path survivorLog = dir.resolve("survivor.log");
    Process victim = child(leadPort, 3, victimLog, config);
    Process survivor = child(leadPort, 3, survivorLog, config);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      Future<Object> lead = thread.submit(() -> {
        try {
          return ClusterRun.member(s, new ClusterRun.Options("127.0.0.1", leadPort,
              List.of("127.0.0.1:" + leadPort), 3, "blocks", Duration.ofSeconds(60), null, Main.version(),
              ClusterMembers.FAST), lines::add, new CompletableFuture<>());
        } catch (RuntimeException e) {
          return e;
        }
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.readString(victimLog).contains(" of 3 at ") && System.nanoTime() < deadline && !lead.isDone()) {
        Thread.sleep(100);
      }
      String started = Files.readString(victimLog);
      assertTrue(started.contains(" of 3 at "), () -> "the member never started: " + lines + "\n" + started);
      Thread.sleep(1500); // well into the run
      assertTrue(!lead.isDone(), "the run ended before the member could be killed; make it longer");
      var said = Pattern.compile("member (\\d+) of 3 at ([0-9.]+:[0-9]+)").matcher(Files.readString(victimLog));
      assertTrue(said.find());
      String victimIs = "member " + said.group(1) + " (" + said.group(2) + ")";
      victim.destroyForcibly();
      long killed = System.nanoTime();
      Object end = lead.get(30, TimeUnit.SECONDS);
      double seconds = (System.nanoTime() - killed) / 1e9;
      EngineAborted aborted = assertInstanceOf(EngineAborted.class, end);
      assertTrue(aborted.getMessage().contains(victimIs), victimIs + " in " + aborted.getMessage());
      assertTrue(aborted.getMessage().matches(".*member \\d \\(127\\.0\\.0\\.1:\\d+\\) (became unreachable|left the cluster"
          + "|was removed from the cluster|was marked down) during window \\d+ \\(at \\d+ ps\\).*"), aborted.getMessage());
      assertTrue(seconds < 15, "the lead took " + seconds + " s to end the run");
      assertTrue(survivor.waitFor(15, TimeUnit.SECONDS), "the other member is still running");
      assertEquals(1, survivor.exitValue(), () -> logs(dir));
      String survivorSaid = Files.readString(survivorLog);
      assertTrue(survivorSaid.contains("ringfabric: the cluster run failed: ") && survivorSaid.contains(victimIs),
          () -> logs(dir) + "\nwaited " + (System.nanoTime() - killed) / 1e9);
    } finally {
      victim.destroyForcibly();
      survivor.destroyForcibly();
      victim.waitFor(10, TimeUnit.SECONDS);
      survivor.waitFor(10, TimeUnit.SECONDS);
      thread.shutdownNow();
    }
  }

  /** A lead in a child JVM and a member in this one, a second and a half into a long run. */
  private record LeadAndMember(Process lead, int leadPort, Future<Object> member, ExecutorService thread)
      implements AutoCloseable {
    static LeadAndMember start(Path dir, Config pekko) throws Exception {
      Path config = dir.resolve("long.conf");
      Files.writeString(config, Files.readString(Path.of("conf/ringfabric.conf")).replace("ops = 1000,", "ops = 100000,"));
      Scenario s = ClusterRunTest.scenario(config.toString());
      int leadPort = ClusterMembers.freePort();
      List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
          "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
          "cluster", "member", "--config", config.toString(), "--port", String.valueOf(leadPort),
          "--seeds", "127.0.0.1:" + leadPort, "--members", "2", "--out", dir.resolve("out").toString(),
          "--exit-with-parent");
      Process lead = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("lead.log").toFile())
          .start();
      ExecutorService thread = Executors.newSingleThreadExecutor();
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      Future<Object> member = thread.submit(() -> {
        try {
          return ClusterRun.member(s, new ClusterRun.Options("127.0.0.1", 0, List.of("127.0.0.1:" + leadPort), 2,
              "blocks", Duration.ofSeconds(60), null, Main.version(), pekko), lines::add, new CompletableFuture<>());
        } catch (RuntimeException e) {
          return e;
        }
      });
      LeadAndMember both = new LeadAndMember(lead, leadPort, member, thread);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (lines.stream().noneMatch(l -> l.contains("member 1 of 2")) && System.nanoTime() < deadline
          && !member.isDone()) {
        Thread.sleep(100);
      }
      assertTrue(lines.stream().anyMatch(l -> l.contains("member 1 of 2")), () -> "never started: " + lines);
      Thread.sleep(1500);
      assertTrue(!member.isDone(), "the run ended before the lead could be stopped; make it longer");
      return both;
    }

    /** What the member ended with, and {@code seconds[0]} how long after {@code since} it did. */
    ClusterRun.MemberFailed failure(long since, double[] seconds) throws Exception {
      Object end = member.get(30, TimeUnit.SECONDS);
      seconds[0] = (System.nanoTime() - since) / 1e9;
      ClusterRun.MemberFailed failed = assertInstanceOf(ClusterRun.MemberFailed.class, end);
      assertEquals(1, failed.exitCode());
      return failed;
    }

    @Override
    public void close() throws Exception {
      lead.destroyForcibly();
      lead.waitFor(10, TimeUnit.SECONDS);
      thread.shutdownNow();
    }
  }

  @Test
  void killingTheLeadMidRunEndsTheRunOnTheMembers(@TempDir Path dir) throws Exception {
    try (LeadAndMember run = LeadAndMember.start(dir, ClusterMembers.FAST)) {
      run.lead().destroyForcibly();
      double[] seconds = new double[1];
      ClusterRun.MemberFailed failed = run.failure(System.nanoTime(), seconds);
      assertTrue(failed.getMessage().matches(".*member 0 \\(127\\.0\\.0\\.1:" + run.leadPort()
          + "\\) (became unreachable|left the cluster|was removed from the cluster|was marked down)"
          + " during window \\d+.*"), failed.getMessage());
      assertTrue(seconds[0] < 15, "the member took " + seconds[0] + " s to end the run");
    }
  }

  /**
   * The lead frozen (SIGSTOP) mid-run is a member cut off as by a pulled cable: its connection
   * stays open and nothing comes through. The member must see that on its own and end within
   * 15 s, with Pekko's real failure detection (not the tests' fast one).
   */
  @Test
  void aMemberCutOffFromTheLeadEndsOnItsOwnWithinFifteenSeconds(@TempDir Path dir) throws Exception {
    try (LeadAndMember run = LeadAndMember.start(dir,
        ConfigFactory.parseString("pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off"))) {
      new ProcessBuilder("kill", "-STOP", Long.toString(run.lead().pid())).start().waitFor();
      double[] seconds = new double[1];
      ClusterRun.MemberFailed failed = run.failure(System.nanoTime(), seconds);
      assertTrue(failed.getMessage().matches(".*member 0 \\(127\\.0\\.0\\.1:" + run.leadPort()
          + "\\) became unreachable during window \\d+.*"), failed.getMessage());
      assertTrue(seconds[0] < 15, "the cut-off member took " + seconds[0] + " s to end");
      // resumed, the lead does not name itself as the member lost
      new ProcessBuilder("kill", "-CONT", Long.toString(run.lead().pid())).start().waitFor();
      assertTrue(run.lead().waitFor(60, TimeUnit.SECONDS), "the resumed lead did not end");
      String leadSaid = Files.readString(dir.resolve("lead.log"));
      var failure = Pattern.compile("the cluster run failed: (.*)").matcher(leadSaid);
      assertTrue(failure.find(), leadSaid);
      String self = "member 0 (127.0.0.1:" + run.leadPort() + ")";
      assertTrue(!failure.group(1).startsWith(self) || failure.group(1).contains("this member"), leadSaid);
    }
  }
}
