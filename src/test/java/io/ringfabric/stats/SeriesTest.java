package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.model.Sampling;
import io.ringfabric.run.Simulation;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's time series add up to its totals, and keep what stats.series-most says. */
class SeriesTest {

  private static RunResult run(String... sets) {
    Scenario s = ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of(sets));
    return Simulation.run(BuiltMachine.of(s), "reference");
  }

  @Test
  void theSeriesAddUpToTheRunsTotals() {
    RunResult r = run("duration=40us", "stats.sample-interval=1us");
    Series s = r.series();
    assertEquals(1_000.0, s.intervalNs());
    assertEquals(40, s.atNs().length);
    assertEquals(40_000.0, s.atNs()[39]);
    assertEquals(r.ops().get("put").ok(), Arrays.stream(s.puts()).sum());
    assertEquals(r.ops().get("get").ok(), Arrays.stream(s.gets()).sum());
    assertEquals(r.bytes().get("put") + r.bytes().get("get"), Arrays.stream(s.bytes()).sum());
    assertTrue(Arrays.stream(s.packetsInFabric()).allMatch(n -> n >= 0), Arrays.toString(s.packetsInFabric()));
    assertTrue(Arrays.stream(s.packetsInFabric()).max().getAsLong() > 0);
    // each link's busy time over the run, from its samples, is the utilisation the results give
    assertEquals(r.links().count(), s.links().size());
    double mean = s.links().stream().mapToDouble(l -> Arrays.stream(l.utilisation()).sum()).sum()
        * s.intervalNs() / r.simulatedNs() / s.links().size();
    assertEquals(r.links().meanUtilisation(), mean, 1e-5);
    for (Series.RingSeries ring : s.rings()) {
      assertTrue(Arrays.stream(ring.occupancy()).allMatch(b -> b >= 0 && b <= r.rings().peakBytes()),
          "node " + ring.node() + ": " + Arrays.toString(ring.occupancy()));
    }
  }

  @Test
  void autoGivesAFewHundredSamplesWhateverTheRunsLength() {
    for (String duration : new String[] {"20us", "300us"}) {
      Series s = run("duration=" + duration).series();
      assertTrue(s.atNs().length > Sampling.AUTO_MOST / 2 && s.atNs().length <= Sampling.AUTO_MOST,
          duration + ": " + s.atNs().length + " samples of " + s.intervalNs() + " ns");
    }
  }

  @Test
  void seriesMostKeepsTheFullestRingsAndBusiestLinksInTheMachinesOrder() {
    RunResult all = run("duration=20us");
    RunResult kept = run("duration=20us", "stats.series-most=3");
    Series s = kept.series();
    assertEquals(3, s.rings().size());
    assertEquals(13, s.ringsLeftOut());
    assertEquals(3, s.links().size());
    assertEquals(61, s.linksLeftOut());
    long leastKept = s.rings().stream().mapToLong(r -> Arrays.stream(r.occupancy()).max().getAsLong()).min().getAsLong();
    for (Series.RingSeries r : all.series().rings()) {
      boolean isKept = s.rings().stream().anyMatch(k -> k.node() == r.node() && k.ring() == r.ring());
      assertTrue(isKept || Arrays.stream(r.occupancy()).max().getAsLong() <= leastKept, "node " + r.node());
    }
    for (int i = 1; i < s.rings().size(); i++) {
      assertTrue(s.rings().get(i - 1).node() < s.rings().get(i).node());
    }
    assertEquals(Arrays.toString(all.series().puts()), Arrays.toString(s.puts()), "totals cover every ring and link");
  }

  @Test
  void offMeansNoSeriesAndNoReportLine() {
    RunResult r = run("duration=20us", "stats.sample-interval=off");
    assertNull(r.series());
    assertTrue(!Report.render(r).contains("time series"));
    assertTrue(ResultsJson.toJson(r).contains("\"series\": null"));
  }
}
