package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReportTest {
  @Test
  void endsWithTheFingerprint() {
    String report = Report.render(SampleResults.sample());
    List<String> lines = report.lines().toList();
    assertEquals("fingerprint 0123456789abcdef0123456789abcdef", lines.get(lines.size() - 1));
    assertTrue(report.endsWith("\n"));
  }

  @Test
  void givesOpCountsAndEachErrorKind() {
    String report = Report.render(SampleResults.sample());
    assertTrue(Pattern.compile("(?m)^  put +12,000 +11,500 +500 +FULL 480, TIMEOUT 20$").matcher(report).find(), report);
    assertTrue(Pattern.compile("(?m)^  get +11,400 +11,400 +0 +none$").matcher(report).find(), report);
  }

  @Test
  void givesLatencyOnlyForKindsThatHappened() {
    String report = Report.render(SampleResults.sample());
    assertTrue(Pattern.compile("(?m)^ +count +p50 +p90 +p99 +p99\\.9 +max +mean$").matcher(report).find(), report);
    assertTrue(Pattern.compile("(?m)^  put +11,500 +856\\.6 +2,340\\.9 +3,102\\.7 +3,190\\.8 +3,200\\.0 +1,200\\.1$")
        .matcher(report).find(), report);
    assertTrue(Pattern.compile("(?m)^  get +11,400 +622\\.1 ").matcher(report).find(), report);
    assertFalse(report.contains("roundTrip"), "no round trips were measured");
  }

  @Test
  void givesLinksRingsProcessesAndRun() {
    String report = Report.render(SampleResults.sample());
    assertTrue(report.contains("mean 12.3%, max 45.6% on node 0 east -> node 1"), report);
    assertTrue(report.contains("2,345 queued"), report);
    assertTrue(report.contains("87.5% (3,584 B, 56 element(s)) in node 3 ring 0"), report);
    assertTrue(report.contains("100 element(s), 6,400 B of payload"), report);
    assertTrue(report.contains("71.6% of busy core time"), report);
    assertTrue(Pattern.compile("(?m)^  retries +3$").matcher(report).find(), report);
    assertTrue(report.contains("- node 3 core 1 put-stream#0: protection fault: touched context 7"), report);
    assertTrue(Pattern.compile("(?m)^  events handled +2,546,000$").matcher(report).find(), report);
    assertTrue(report.contains("43.950 us"), report);
    assertTrue(report.contains("1.820250 ops/us"), report);
    assertTrue(report.contains("0.182025 GB/s"), report);
  }

  @Test
  void wrapsTheScenarioParagraph() {
    String report = Report.render(SampleResults.sample());
    for (String line : report.lines().toList()) {
      assertTrue(line.length() <= Report.WIDTH, "too long: " + line);
    }
    assertTrue(report.contains("\n  16 nodes on a 4x4 torus,"), report);
    String joined = String.join(" ", Report.wrap(SampleResults.sample().scenario(), 60));
    assertEquals(SampleResults.sample().scenario(), joined);
  }

  @Test
  void flagsBrokenIntegrityLoudly() {
    assertFalse(Report.render(SampleResults.sample()).contains("INTEGRITY VIOLATED"));
    String report = Report.render(SampleResults.sample(2, 1, List.of()));
    assertTrue(report.lines().limit(3).anyMatch(l -> l.contains("INTEGRITY VIOLATED")),
        "flagged at the top: " + report);
    assertTrue(report.contains("2 corrupt and 1 out-of-order element(s)"), report);
  }

  @Test
  void listsFailuresUpToALimit() {
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < Report.MAX_FAILURES_SHOWN + 5; i++) {
      failures.add("process " + i + " cannot start");
    }
    String report = Report.render(SampleResults.sample(0, 0, failures));
    assertTrue(report.contains("- process 0 cannot start"));
    assertTrue(report.contains("- process " + (Report.MAX_FAILURES_SHOWN - 1) + " cannot start"));
    assertFalse(report.contains("- process " + Report.MAX_FAILURES_SHOWN + " cannot start"));
    assertTrue(report.contains("... and 5 more"), report);
  }

  /** Copies of requests not applied again are told apart: answered from the record, or dropped unanswered. */
  @Test
  void saysHowManySuppressedCopiesWereAnsweredAndHowManyDropped() {
    assertTrue(Report.render(withModule(new RunResult.Module(612, 0, 0, 23_000, 0, 1_612, 1_000, 0, 0)))
        .contains("  duplicates suppressed 1,612 copies of requests not applied again: 612 answered from the"
            + " record, 1,000 dropped unanswered (their action still being served, or over)\n"));
    assertTrue(Report.render(withModule(new RunResult.Module(226, 0, 0, 23_000, 0, 226, 0, 0, 0)))
        .contains("  duplicates suppressed 226 copies of requests answered from the record, not applied again\n"));
  }

  private static RunResult withModule(RunResult.Module module) {
    RunResult s = SampleResults.sample();
    return new RunResult(s.fingerprint(), s.engine(), s.build(), s.seed(), s.nodes(), s.scenario(),
        s.simulatedNs(), s.interrupted(), s.events(), s.wallSeconds(), s.eventsPerSecond(), s.ops(), s.latencyNs(),
        s.bytes(), s.throughput(), s.links(), s.rings(), s.cores(), module, s.processes(), s.integrity(),
        s.series(), s.schedule(), s.latencies());
  }

  @Test
  void sameTextWhateverTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.ROOT);
      String root = Report.render(SampleResults.sample());
      Locale.setDefault(Locale.GERMANY);
      assertEquals(root, Report.render(SampleResults.sample()));
      Locale.setDefault(new Locale("hi", "IN"));
      assertEquals(root, Report.render(SampleResults.sample()));
    } finally {
      Locale.setDefault(saved);
    }
  }
}
