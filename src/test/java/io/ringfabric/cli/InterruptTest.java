package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SIGTERM or SIGINT to a long run ends it within 5 s with the report and results.json of what was
 * done, marked interrupted, and exit 143 or 130. Runs a JVM of its own and signals it once its
 * progress line shows the run under way.
 */
class InterruptTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"TERM, actors, 143", "INT, reference, 130"})
  void aSignalEndsTheRunWithTheReportOfWhatWasDone(String signal, String engine, int status) throws Exception {
    Path out = dir.resolve("out");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--engine", engine,
        "--set", "topology.dims=[32,32]", "--set", "duration=10ms", "--progress", "--out", out.toString());
    Process jvm = new ProcessBuilder(cmd).redirectOutput(dir.resolve("stdout").toFile()).start();
    jvm.getOutputStream().close();
    List<String> err = new ArrayList<>();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null && !line.contains(" of 10 ms (")) { // the run is under way
        err.add(line);
      }
      assertTrue(line != null, "no progress line: " + err);
      long signalled = System.nanoTime();
      new ProcessBuilder("kill", "-" + signal, Long.toString(jvm.pid())).start().waitFor();
      assertTrue(jvm.waitFor(5, TimeUnit.SECONDS), "still running 5 s after SIG" + signal);
      while ((line = lines.readLine()) != null) {
        err.add(line);
      }
      assertTrue(System.nanoTime() - signalled < TimeUnit.SECONDS.toNanos(5));
    }
    assertEquals(status, jvm.exitValue(), String.join("\n", err));
    assertTrue(err.contains("ringfabric: SIG" + signal + ": ending the run at the end of this window (again to stop at once)"),
        String.join("\n", err));
    String report = Files.readString(dir.resolve("stdout"));
    assertTrue(report.lines().skip(1).findFirst().orElse("").matches("interrupted at [0-9.]+ [mun]?s: what follows is the run up to there"),
        report);
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"interrupted\": true"));
    assertTrue(Files.readString(out.resolve("report.txt")).contains("interrupted at "));
  }

  @Test
  void aSignalStopsEverySweepRunUnderWayAndStartsNoOther() throws Exception {
    Path out = dir.resolve("sweep");
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "sweep", "conf/ringfabric.conf",
        "--set", "topology.dims=[16,16]", "--vary", "seed=1,2,3", "--jobs", "2", "--progress", "--out", out.toString());
    Process jvm = new ProcessBuilder(cmd).redirectOutput(dir.resolve("stdout").toFile()).start();
    jvm.getOutputStream().close();
    List<String> err = new ArrayList<>();
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null && !(line.startsWith("run 1/3: ") && line.contains(" of 10 ms ("))) {
        err.add(line); // until the progress line of the first run shows it under way
      }
      assertTrue(line != null, "no progress line: " + err);
      new ProcessBuilder("kill", "-TERM", Long.toString(jvm.pid())).start().waitFor();
      assertTrue(jvm.waitFor(5, TimeUnit.SECONDS), "still running 5 s after SIGTERM");
      while ((line = lines.readLine()) != null) {
        err.add(line);
      }
    }
    String all = String.join("\n", err);
    assertEquals(143, jvm.exitValue(), all);
    assertTrue(all.contains("ringfabric: sweep interrupted: run 1/3 stopped at "), all);
    assertTrue(all.contains("ringfabric: sweep interrupted: run 2/3 stopped at "), all);
    assertTrue(all.contains("ringfabric: sweep interrupted: runs 3 to 3 not run"), all);
    for (String run : List.of("run-1", "run-2")) {
      assertTrue(Files.readString(out.resolve(run).resolve("results.json")).contains("\"interrupted\": true"), run);
    }
    assertFalse(Files.exists(out.resolve("run-3")), "the third run never started");
    assertEquals(3, Files.readAllLines(out.resolve("sweep.csv")).size(), "a header and the two rows");
  }
}
