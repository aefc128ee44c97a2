package io.ringfabric.report;

import static io.ringfabric.report.Pages.count;
import static io.ringfabric.report.Pages.svg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.SweepTable;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SweepPageTest {
  private static final String INTERVAL = "defaults.put-stream.arrival.interval";

  /** Three runs, the load offered highest first, as a sweep of falling intervals would not give it. */
  private static SweepTable load() {
    SweepTable t = new SweepTable(List.of(INTERVAL));
    t.add(List.of("20us"), Pages.loaded(3.0, 2.0, 9000));
    t.add(List.of("60us"), Pages.loaded(1.0, 1.0, 1000));
    t.add(List.of("30us"), Pages.loaded(2.0, 1.9, 2000));
    return t;
  }

  @Test
  void aSweepOfOfferedLoadGetsItsLatencyLoadCurveFirst() {
    String page = SweepPage.render(load());
    List<String> ids = Pages.plotIds(page);
    assertEquals(List.of("latency-load", "accepted-load"), ids.subList(0, 2));
    String curve = svg(page, "latency-load");
    assertEquals(4, count(curve, "<polyline "), "p50 to p99.9 of the one line");
    // Points in order of load, whatever the order of the runs.
    List<Double> x = xs(curve, "p50");
    assertEquals(3, x.size());
    assertTrue(x.get(0) < x.get(1) && x.get(1) < x.get(2), x.toString());
    assertTrue(curve.contains("<title>run 2 (" + INTERVAL + "=60us): offered 1 ops/us, 1000 ns</title>"), curve);
    assertTrue(curve.contains(">PUT latency (ns, log)</text>"), "p50 1,000 to p99.9 180,000 is a log axis");
    String accepted = svg(page, "accepted-load");
    assertTrue(accepted.contains("stroke-dasharray=\"5 4\"><title>accepted = offered</title>"), accepted);
  }

  /** The x of each point of the line named {@code name}. */
  private static List<Double> xs(String svg, String name) {
    Matcher m = Pattern.compile("<polyline points=\"([^\"]*)\"[^>]*><title>" + Pattern.quote(name) + "</title>").matcher(svg);
    assertTrue(m.find(), name + " in " + svg);
    List<Double> x = new ArrayList<>();
    for (String p : m.group(1).split(" ")) {
      x.add(Double.parseDouble(p.split(",")[0]));
    }
    return x;
  }

  @Test
  void theMeasuresThatChangeArePlottedWithTheirUnitsAndTheRestOnlyInTheTable() {
    String page = SweepPage.render(load());
    List<String> ids = Pages.plotIds(page);
    // Throughput, payload, and PUT latency change from run to run; links, rings, GETs and errors are the same in
    // every run, and no run measured a round trip.
    assertEquals(List.of("latency-load", "accepted-load", "sweep-opsPerUs", "sweep-payloadGBps", "sweep-put_p50_ns",
        "sweep-put_p99_ns"), ids);
    assertTrue(page.contains("The same in every run (in the table): get_p50_ns, get_p99_ns, link_util_max,"
        + " link_util_mean, ring_peak_occupancy, put_errors, get_errors. In no run: roundTrip_p50_ns."), page);
    String p50 = svg(page, "sweep-put_p50_ns");
    assertTrue(p50.contains(">ns</text>"), "the unit on the y axis: " + p50);
    assertTrue(svg(page, "sweep-opsPerUs").contains(">ops/us</text>"), page);
    // The runs' values in the order of the runs.
    assertTrue(p50.contains(">20us</text>") && p50.indexOf(">20us</text>") < p50.indexOf(">60us</text>"), p50);
    assertTrue(p50.contains("<title>" + INTERVAL + "=30us: 2000</title>"), p50);
    assertTrue(page.contains("<h2 id=\"csv\">sweep.csv</h2>"), page);
    assertTrue(page.contains("<td>60us</td>"), page);
    assertEquals(page, SweepPage.render(load()), "the same sweep, the same bytes");
  }

  @Test
  void aValueARunDoesNotHaveIsAGapNotZero() {
    SweepTable t = new SweepTable(List.of("fabric.mtu"));
    t.add(List.of("128"), Pages.loaded(null, 1.5, 900));
    t.add(List.of("256"), Pages.without(Pages.loaded(null, 1.6, 800), "put"));
    t.add(List.of("512"), Pages.loaded(null, 1.8, 700));
    String page = SweepPage.render(t);
    String p50 = svg(page, "sweep-put_p50_ns");
    assertEquals(0, count(p50, "<circle [^>]*><title>fabric.mtu=256"), "no dot at 256");
    assertEquals(2, count(p50, "<circle "), p50);
    assertEquals(0, count(p50, "<polyline points=\"[^\" ]+ "), "a gap in the middle: no line joins two points");
    // sweep.csv writes 0 for it; the page's table leaves it blank.
    Matcher row = Pattern.compile("<tr><td>256</td>(.*?)</tr>").matcher(page);
    assertTrue(row.find(), page);
    assertFalse(row.group(1).contains("<td>0</td><td>0</td><td>0</td><td>0</td><td>0</td>"), row.group(1));
  }

  @Test
  void xLabelsNeverRunTogether() {
    SweepTable t = new SweepTable(List.of(INTERVAL));
    List<String> values = List.of("480us", "120us", "80us", "64us", "56us", "50us", "44us", "36us", "24us");
    for (int i = 0; i < values.size(); i++) {
      t.add(List.of(values.get(i)), Pages.loaded(1.0 + i, 1.0 + i, 1000 + 500 * i));
    }
    String plot = svg(SweepPage.render(t), "sweep-put_p50_ns");
    Matcher label = Pattern.compile("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\" text-anchor=\"middle\">([0-9]+us)</text>")
        .matcher(plot);
    List<double[]> boxes = new ArrayList<>();
    while (label.find()) {
      boxes.add(Labels.box(label.group(3), Double.parseDouble(label.group(1)), Double.parseDouble(label.group(2))));
    }
    assertTrue(boxes.size() >= 3, "some labels are written: " + plot);
    for (int i = 1; i < boxes.size(); i++) {
      assertTrue(boxes.get(i)[0] >= boxes.get(i - 1)[2] + 4, "labels " + i + " and " + (i + 1) + " run together: " + plot);
    }
  }

  @Test
  void theLoadCurvesHaveALinePerValueOfTheKeysThatDoNotSetTheLoad() {
    SweepTable t = new SweepTable(List.of(INTERVAL, "fabric.flow-control"));
    double[] load = {1, 2, 3};
    for (int i = 0; i < load.length; i++) {
      t.add(List.of((60 / load[i]) + "us", "credit"), Pages.loaded(load[i], Math.min(load[i], 2), 1000 * load[i]));
      t.add(List.of((60 / load[i]) + "us", "none"), Pages.loaded(load[i], Math.min(load[i], 2.5), 900 * load[i]));
    }
    String page = SweepPage.render(t);
    String curve = svg(page, "latency-load");
    assertEquals(List.of("fabric.flow-control=credit p50", "fabric.flow-control=credit p99",
        "fabric.flow-control=none p50", "fabric.flow-control=none p99"), Pages.titles(curve, "polyline"));
    assertEquals(List.of("fabric.flow-control=credit", "fabric.flow-control=none", "accepted = offered"),
        Pages.titles(svg(page, "accepted-load"), "polyline"));
    assertEquals(3, xs(curve, "fabric.flow-control=none p99").size(), "a point per load");
    // Against the key with the most values, the interval, a line per flow control.
    assertEquals(List.of("fabric.flow-control=credit", "fabric.flow-control=none"),
        Pages.titles(svg(page, "sweep-opsPerUs"), "polyline"));
  }

  @Test
  void withoutOpenLoopsThereIsNoLatencyLoadCurve() {
    SweepTable t = new SweepTable(List.of("fabric.mtu"));
    t.add(List.of("128"), Pages.loaded(null, 1.5, 900));
    t.add(List.of("256"), Pages.loaded(null, 1.8, 800));
    String page = SweepPage.render(t);
    assertFalse(page.contains("latency-load"), page);
    assertFalse(page.contains("sweep-offered_ops_per_us"), "an empty column is not plotted");
    assertTrue(page.contains("sweep-opsPerUs"), page);
  }

  @Test
  void eachCombinationOfTheOtherKeysIsALine() {
    SweepTable t = new SweepTable(List.of("fabric.switching", "fabric.mtu"));
    t.add(List.of("cut-through", "128"), Pages.loaded(null, 1.0, 900));
    t.add(List.of("cut-through", "256"), Pages.loaded(null, 1.1, 800));
    t.add(List.of("store-and-forward", "128"), Pages.loaded(null, 0.9, 1900));
    t.add(List.of("store-and-forward", "256"), Pages.loaded(null, 1.0, 1800));
    String plot = svg(SweepPage.render(t), "sweep-put_p50_ns");
    assertEquals(2, count(plot, "<polyline "), plot);
    assertTrue(plot.contains("<title>fabric.switching=cut-through</title>"), plot);
    assertTrue(plot.contains("<title>fabric.switching=store-and-forward, fabric.mtu=256: 1800</title>"), plot);
    assertTrue(plot.contains(">fabric.mtu</text>"), plot);
  }

  @Test
  void aSweepWithNoRunSaysSo() {
    String page = SweepPage.render(new SweepTable(List.of("fabric.mtu")));
    assertTrue(page.contains("No run finished."), page);
    assertEquals(List.of(), Pages.plotIds(page));
  }
}
