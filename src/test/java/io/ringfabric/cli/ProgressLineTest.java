package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Progress;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The progress line says where the run is, as simulated time and as operations issued, how fast it
 * goes lately and how long is left; a run that ends, at its duration or before, ends at 100%.
 */
class ProgressLineTest {

  private static ProgressLine.Sample at(long reachedPs, long events, long issued, long planned) {
    return new ProgressLine.Sample(reachedPs, events, issued, planned);
  }

  @Test
  void aLineSaysTimeReachedPercentRateWallTimeAndWhatFollows() {
    ProgressLine.Sample s = at(1_250_000_000L, 0, 0, 0);
    assertEquals("1.250000 ms of 10 ms (12%), 1.51 M events/s, 42 s, about 4 min 54 s left",
        ProgressLine.line(s, 10_000_000_000L, ProgressLine.done(s, 10_000_000_000L), 1_510_000, 42,
            ", about 4 min 54 s left"));
  }

  @Test
  void operationsBehindTimeAreLeftOut() {
    ProgressLine.Sample s = at(5_000_000_000L, 0, 24_000, 983_040_000_000L);
    assertEquals("5.000000 ms of 10 ms (50%), 2.00 M events/s, 9 s",
        ProgressLine.line(s, 10_000_000_000L, ProgressLine.done(s, 10_000_000_000L), 2e6, 9, ""));
    ProgressLine.Sample start = at(0, 0, 0, 48_000);
    assertEquals("0.000 ns of 10 ms (0%), 0.00 M events/s, 1 s",
        ProgressLine.line(start, 10_000_000_000L, ProgressLine.done(start, 10_000_000_000L), 0, 1, ""));
  }

  @Test
  void withProcessesThatSayHowManyTheLineCountsTheirOperations() {
    ProgressLine.Sample s = at(1_250_000_000L, 0, 24_000, 48_000);
    assertEquals("1.250000 ms of 10 ms (50%: 24,000 of 48,000 ops), 2.00 M events/s, 9 s",
        ProgressLine.line(s, 10_000_000_000L, ProgressLine.done(s, 10_000_000_000L), 2e6, 9, ""));
  }

  @Test
  void theShareDoneIsTheLargerOfTimeAndOperations() {
    long tenMs = 10_000_000_000L;
    assertEquals(0.9, ProgressLine.done(at(2_500_000_000L, 0, 900, 1000), tenMs), 1e-12);
    assertEquals(0.5, ProgressLine.done(at(5_000_000_000L, 0, 100, 1000), tenMs), 1e-12);
    assertEquals(0.25, ProgressLine.done(at(2_500_000_000L, 0, 0, 0), tenMs), 1e-12, "no counts: time alone");
    assertEquals(1.0, ProgressLine.done(at(tenMs + 1, 0, 0, 0), tenMs), 1e-12, "never past the end");
  }

  @Test
  void beforeAnySecondSampleThereIsNoEstimate() {
    StringWriter text = new StringWriter();
    long[] now = {0};
    ProgressLine line = new ProgressLine("", new Progress(), 20_000_000, new PrintWriter(text), false,
        () -> now[0], false);
    now[0] = 3_000_000_000L;
    line.show();
    assertEquals("0.000 ns of 20 us (0%), 0.00 M events/s, 3 s" + System.lineSeparator(), text.toString());
  }

  @Test
  void theTimeLeftFollowsTheRecentPaceNotTheWholeRun() {
    RecentPace pace = new RecentPace();
    pace.add(0, 0, 0);
    pace.add(60_000_000_000L, 0.01, 1_000); // a slow minute: loading, warming up
    for (int i = 1; i <= RecentPace.SAMPLES; i++) { // then 2% every 2 s
      pace.add(60_000_000_000L + i * 2_000_000_000L, 0.01 + 0.02 * i, 1_000 + 4_000_000L * i);
    }
    assertEquals(0.01, pace.donePerSecond(), 1e-12);
    assertEquals(2e6, pace.eventsPerSecond(), 1e-6);
    assertEquals((1 - 0.13) / 0.01, pace.secondsLeft(), 1e-9, "87% left at 1% a second");
  }

  @Test
  void aPaceWithOneSampleSaysNothing() {
    RecentPace pace = new RecentPace();
    pace.add(5, 0.5, 10);
    assertEquals(-1, pace.secondsLeft());
    assertEquals(0, pace.eventsPerSecond());
  }

  @Test
  void wallTimesReadAsSecondsMinutesOrHours() {
    assertEquals("59 s", ProgressLine.wall(59.4));
    assertEquals("1 min 0 s", ProgressLine.wall(60));
    assertEquals("2 h 5 min", ProgressLine.wall(2 * 3600 + 5 * 60 + 59));
  }

  /** A line drawn before the run, one after it (before the line closes), and the last one. */
  private record Shown(List<String> lines, ProgressLine.Sample after, RunResult result) {}

  private static Shown watch(Scenario scenario) {
    StringWriter text = new StringWriter();
    long[] now = {0};
    Progress progress = new Progress();
    ProgressLine.Sample after;
    RunResult result;
    try (ProgressLine line = new ProgressLine("", progress, scenario.durationPs(), new PrintWriter(text), false,
        () -> now[0] += 2_000_000_000L, false)) {
      line.show();
      result = Simulation.run(scenario, null, progress);
      line.show();
      after = new ProgressLine.Sample(progress.reachedPs(), progress.events(), progress.issuedOps(),
          progress.plannedOps());
    }
    return new Shown(text.toString().lines().toList(), after, result);
  }

  @Test
  void theDefaultScenarioEndsByItsProcessesAtOneHundredPercent() {
    Scenario scenario = Scenarios.load(Path.of("conf/ringfabric.conf"), false, List.of("engine=reference"));
    Shown shown = watch(scenario);
    assertTrue(shown.result().simulatedNs() < scenario.durationPs() / 1000 / 2, "it ends well before its 10 ms");
    // 16 nodes, 3 producers of 1,000 PUTs each; the consumers do not say how many
    assertEquals(48_000, shown.after().plannedOps());
    assertEquals(48_000, shown.after().issuedOps());
    assertEquals(1.0, ProgressLine.done(shown.after(), scenario.durationPs()), "the operations' share, not time's");
    assertEquals(3, shown.lines().size(), String.join("\n", shown.lines()));
    assertTrue(shown.lines().get(0).startsWith("0.000 ns of 10 ms (0%)"), "before the lanes count: " + shown.lines().get(0));
    assertTrue(shown.lines().get(1).matches("2\\.4\\d+ ms of 10 ms \\(100%: 48,000 of 48,000 ops\\), .*"),
        shown.lines().get(1));
    assertTrue(shown.lines().get(2).matches("2\\.4\\d+ ms of 10 ms \\(100%: 48,000 of 48,000 ops\\), .*, done"),
        shown.lines().get(2));
  }

  @Test
  void anOpenLoopRunEndsAtItsDurationAtOneHundredPercent() {
    Scenario scenario = Scenarios.load(Path.of("conf/load.conf"), false,
        List.of("engine=actors", "duration=100us", "warmup=20us", "topology.dims=[4,4]"));
    Shown shown = watch(scenario);
    double time = (double) shown.after().reachedPs() / scenario.durationPs();
    assertTrue(time > 0.99, "it runs to its duration: " + time);
    assertTrue(shown.after().issuedOps() < shown.after().plannedOps() / 100, "its counts are far from done");
    assertEquals(time, ProgressLine.done(shown.after(), scenario.durationPs()), "time's share, not the operations'");
    String last = shown.lines().get(shown.lines().size() - 1);
    assertTrue(last.matches("\\d+\\.\\d+ us of 100 us \\(100%\\), .*, done"), "no counts behind time: " + last);
  }
}
