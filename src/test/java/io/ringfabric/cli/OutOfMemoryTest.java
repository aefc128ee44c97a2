package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A machine far too big for the heap ends the run with exit 1 and one line that says so and what
 * to do, on either engine: never a raw error or exit 255. Runs a JVM of its own with a heap so
 * small that building the machine runs out; {@code FailureTest} plants the error inside a run,
 * on each engine.
 */
class OutOfMemoryTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"reference", "actors"})
  void aMachineTooBigForTheHeapEndsWithOneLine(String engine) throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx48m", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "run", "--engine", engine, "--set", "topology.dims=[128,128]");
    Process jvm = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    jvm.getOutputStream().close();
    byte[] output = jvm.getInputStream().readAllBytes();
    assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the JVM ended");
    List<String> lines = new String(output, StandardCharsets.UTF_8).lines()
        .filter(l -> l.startsWith("ringfabric:") || l.contains("Exception") || l.contains("Error") || l.startsWith("\tat "))
        .toList();
    assertEquals(List.of("ringfabric: run failed: out of memory at 16384 nodes (heap -Xmx48m);"
        + " set RINGFABRIC_JAVA_OPTS=-Xmx1g"), lines);
    assertEquals(1, jvm.exitValue());
  }

  /** A cluster member whose heap cannot hold the machine says so in one line, and so does the lead, exit 1. */
  @Test
  void aClusterMemberOutOfHeapEndsTheRunWithOneLine(@TempDir Path dir) throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "cluster", "local", "--members", "2", "--member-java-opts", "-Xmx64m", "--no-progress",
        "--set", "topology.dims=[64,64]", "--out", dir.toString());
    Process jvm = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    jvm.getOutputStream().close();
    byte[] output = jvm.getInputStream().readAllBytes();
    assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the JVM ended");
    String said = "ringfabric: the cluster run failed: member 1 could not start its share: out of memory at 4096"
        + " nodes (heap -Xmx64m); give the members more heap (cluster local --member-java-opts, or"
        + " RINGFABRIC_JAVA_OPTS on each host), e.g. -Xmx1g";
    List<String> lead = new String(output, StandardCharsets.UTF_8).lines()
        .filter(l -> l.contains("failed") || l.contains("Exception") || l.contains("Error")).toList();
    assertEquals(List.of(said), lead);
    assertEquals(1, jvm.exitValue());
    try (var logs = Files.list(dir.resolve("members"))) {
      Path member = logs.findFirst().orElseThrow();
      List<String> all = Files.readAllLines(member);
      List<String> lines = all.stream().filter(l -> l.startsWith("ringfabric:")).toList();
      // its last word is the one line; a thread of Pekko's that met the full heap first may have
      // printed the JVM's bare "java.lang.OutOfMemoryError: Java heap space" before it, and Pekko's
      // shutdown, starved of heap, a warning of an AskTimeoutException after it (both seen in CI)
      assertEquals(said, lines.get(lines.size() - 1), String.join("\n", all));
    }
  }
}
