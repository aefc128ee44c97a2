package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Simulation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code bench --series} prints from its pairs: who runs first, the ratios, their median and its interval. */
class BenchSeriesTest {
  private static BenchSeries.Side from(Deque<BenchSeries.Run> runs, String name, List<String> order) {
    return () -> {
      order.add(name);
      return runs.removeFirst();
    };
  }

  @Test
  void pairsAlternateWhoGoesFirstAndTheRatiosArePairByPair() {
    Deque<BenchSeries.Run> off = new ArrayDeque<>(List.of(new BenchSeries.Run(2.0, "f"),
        new BenchSeries.Run(4.0, "f"), new BenchSeries.Run(1.0, "f")));
    Deque<BenchSeries.Run> auto = new ArrayDeque<>(List.of(new BenchSeries.Run(2.2, "f"),
        new BenchSeries.Run(4.0, "f"), new BenchSeries.Run(1.5, "f")));
    List<String> order = new ArrayList<>();
    StringWriter text = new StringWriter();
    BenchSeries.pairs(new PrintWriter(text), "64 nodes", 3,
        BenchSeries.inTurn(from(off, "off", order), from(auto, "auto", order)));
    assertEquals(List.of("off", "auto", "auto", "off", "off", "auto"), order);
    assertEquals(List.of(
        "pair   1: off    2.000 s, auto    2.200 s, auto/off 1.100",
        "pair   2: off    4.000 s, auto    4.000 s, auto/off 1.000",
        "pair   3: off    1.000 s, auto    1.500 s, auto/off 1.500",
        "64 nodes: auto/off, pair by pair: median 1.100 (range 1.000-1.500; the median's 95% interval"
            + " 1.000-1.500), 3 pairs, fingerprint f"),
        text.toString().lines().toList());
  }

  @Test
  void aPairWhoseFingerprintsDifferEndsIt() {
    Deque<BenchSeries.Run> off = new ArrayDeque<>(List.of(new BenchSeries.Run(2.0, "f")));
    Deque<BenchSeries.Run> auto = new ArrayDeque<>(List.of(new BenchSeries.Run(2.0, "g")));
    List<String> order = new ArrayList<>();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> BenchSeries.pairs(
        new PrintWriter(new StringWriter()), "16 nodes", 1, BenchSeries.inTurn(from(off, "off", order), from(auto, "auto", order))));
    assertEquals("pair 1: fingerprints f (off) and g (auto): the time series changed what the machine did",
        e.getMessage());
  }

  @Test
  void aLockstepPairRunsTheSameMachinesAsPairsInTurn() {
    StringWriter inTurn = new StringWriter();
    BenchSeries.measure(new PrintWriter(inTurn), 16, 3, 0, 2, true, false);
    StringWriter lockstep = new StringWriter();
    BenchSeries.measure(new PrintWriter(lockstep), 16, 3, 0, 2, true, true);
    List<String> lines = lockstep.toString().lines().toList();
    assertEquals(4, lines.size(), lockstep.toString());
    assertTrue(lines.get(0).endsWith("each pair's runs at once, taking turns every 10 ms, timed by their threads'"
        + " CPU time"), lines.get(0));
    assertTrue(lines.get(1).matches("pair   1: off +[0-9.]+ s, auto +[0-9.]+ s, auto/off [0-9.]+"), lines.get(1));
    String fingerprint = inTurn.toString().strip().replaceAll("(?s).*fingerprint ", "");
    assertTrue(fingerprint.matches("[0-9a-f]{32}"), inTurn.toString());
    assertTrue(lines.get(3).endsWith("2 pairs, fingerprint " + fingerprint), lines.get(3));
  }

  /**
   * Any scenario measures as the bench's does (what {@code --booksim-k} hands in): its name heads the
   * output and labels the summary, whose fingerprint is the scenario's own run's; one whose
   * sampling is not auto, or an off that samples, is refused before anything runs.
   */
  @Test
  void anyScenarioMeasuresAutoAgainstOff() {
    Path file = Path.of("conf/booksim.conf");
    List<String> small = List.of("topology.dims=[4,4]", "duration=20us", "warmup=5us");
    Scenario auto = ScenarioLoader.load(file, plus(small, "stats.sample-interval=auto"));
    Scenario off = ScenarioLoader.load(file, plus(small, "stats.sample-interval=off"));
    StringWriter text = new StringWriter();
    BenchSeries.measure(new PrintWriter(text), "booksim.conf on 4x4 for 20 us", "4x4 BookSim", auto, off, 0, 2,
        true, true);
    List<String> lines = text.toString().lines().toList();
    assertEquals(4, lines.size(), text.toString());
    assertTrue(lines.get(0).startsWith("time series, auto against off: booksim.conf on 4x4 for 20 us, reference"
        + " engine, 0 unmeasured and 2 measured pairs in this JVM, each pair's runs at once"), lines.get(0));
    String fingerprint = Simulation.run(BuiltMachine.of(off), "reference").fingerprint();
    assertTrue(lines.get(3).matches("4x4 BookSim: auto/off, pair by pair: median [0-9.]+ .*, 2 pairs, fingerprint "
        + fingerprint), lines.get(3));
    IllegalStateException notAuto = assertThrows(IllegalStateException.class, () -> BenchSeries.measure(
        new PrintWriter(new StringWriter()), "off twice", "x", off, off, 0, 1, true, true));
    assertEquals("off twice: the sampling is not auto, or off did not turn it off", notAuto.getMessage());
  }

  private static List<String> plus(List<String> overrides, String one) {
    List<String> all = new ArrayList<>(overrides);
    all.add(one);
    return all;
  }

  @Test
  void theMediansIntervalIsTheBinomialOne() {
    // the exact 95% intervals for the median of 10, 20 and 40 values: the 2nd to 9th, 6th to 15th,
    // 14th to 27th smallest (coverage 97.9%, 95.9%, 96.2%)
    assertArrayEquals(new int[] {1, 8}, BenchSeries.medianInterval(10));
    assertArrayEquals(new int[] {5, 14}, BenchSeries.medianInterval(20));
    assertArrayEquals(new int[] {13, 26}, BenchSeries.medianInterval(40));
    assertArrayEquals(new int[] {0, 4}, BenchSeries.medianInterval(5));
    assertArrayEquals(new int[] {0, 0}, BenchSeries.medianInterval(1));
  }
}
