package io.ringfabric.report;

import static io.ringfabric.report.Pages.count;
import static io.ringfabric.report.Pages.svg;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.cli.Main;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.RunResult;
import io.ringfabric.stats.SampleResults;
import io.ringfabric.stats.Series;
import io.ringfabric.topology.Topology;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final Topology TORUS = Pages.topology("torus", 4, 4);

  @Test
  void theSameResultsGiveTheSameBytes() {
    RunResult r = SampleResults.sample();
    String page = HtmlReport.render(r, Pages.series(TORUS, 50, 16), TORUS);
    Topology again = Pages.topology("torus", 4, 4);
    assertEquals(page, HtmlReport.render(r, Pages.series(again, 50, 16), again));
    assertTrue(page.startsWith("<!DOCTYPE html>\n") && page.endsWith("</html>\n"));
  }

  @Test
  void thePageLoadsNothing() {
    String page = HtmlReport.render(SampleResults.sample(), Pages.series(TORUS, 50, 16), TORUS);
    for (String outside : List.of("http:", "https:", "src=", "url(", "@import", "<link", "<iframe", "href=")) {
      assertFalse(page.contains(outside), outside);
    }
  }

  @Test
  void givesTheScenarioOperationsAndLatencyInSectionsInOrder() {
    RunResult r = SampleResults.sample();
    String page = HtmlReport.render(r, TORUS);
    assertTrue(page.contains("<h1>ringfabric run: 16 nodes, engine reference, seed 42</h1>"), page);
    assertTrue(page.contains("<p>16 nodes on a 4x4 torus, 4 cores and 64 contexts per node;"), page);
    assertTrue(page.contains("<tr><td>put</td><td>12,000</td><td>11,500</td><td>500</td>"
        + "<td class=\"text\">FULL 480, TIMEOUT 20</td></tr>"), page);
    assertTrue(page.contains("<tr><td>get</td><td>11,400</td><td>11,400</td><td>0</td><td class=\"text\">none</td></tr>"), page);
    assertTrue(page.contains("<tr><td>put</td><td>11,500</td><td>856.6</td><td>2,340.9</td><td>3,102.7</td>"
        + "<td>3,190.8</td><td>3,200.0</td><td>1,200.1</td></tr>"), page);
    assertTrue(page.contains("Completed actions 1.820250 ops/us, payload 0.182025 GB/s; open-loop PUTs"
        + " 2.500000 ops/us offered, 1.750000 accepted"), page);
    int at = -1;
    for (String section : List.of("Scenario", "Operations and errors", "Latency, doorbell to completion (ns)",
        "Throughput and ring occupancy over time", "Fabric", "The text report")) {
      int next = page.indexOf("\">" + section + "</h2>");
      assertTrue(next > at, section);
      at = next;
    }
    assertTrue(page.contains("<pre>" + Html.escape(Report.render(r)) + "</pre>"), "the text report, whole");
    assertFalse(page.contains("class=\"alarm\""), page);
  }

  @Test
  void aBrokenIntegrityIsTheFirstThingThePageSays() {
    String page = HtmlReport.render(SampleResults.sample(2, 1, List.of()), TORUS);
    int alarm = page.indexOf("<p class=\"alarm\">INTEGRITY VIOLATED: 2 corrupt and 1 out-of-order element(s).");
    assertTrue(alarm > 0 && alarm < page.indexOf("<h2 id=\"scenario\">Scenario</h2>"), page);
  }

  @Test
  void theLatencyPlotHasALinePerKindThatCompletedOnThePercentilesNines() {
    String plot = svg(HtmlReport.render(SampleResults.sample(), TORUS), "latency-percentiles");
    // put and get completed; roundTrip has no action, so no line.
    assertEquals(2, count(plot, "<polyline "), plot);
    assertTrue(plot.contains("<title>put</title>") && plot.contains("<title>get</title>"), plot);
    assertFalse(plot.contains("roundTrip"), plot);
    // 11,500 PUTs: the axis runs to five nines, the max sits at 1 - 1/11,500.
    assertTrue(plot.contains(">99.999%</text>"), plot);
    assertTrue(plot.contains(">latency (ns)</text>"), "3,200 ns over 600 ns is a linear axis");
    List<Double> x = new ArrayList<>();
    for (String p : List.of("p50: 856.6", "p90: 2,340.9", "p99: 3,102.7", "p99.9: 3,190.8", "max: 3,200.0 ns (1 of 11,500)")) {
      x.add(cx(plot, "put " + p));
    }
    double nine = x.get(2) - x.get(1);
    assertTrue(nine > 50, "a nine is a fifth of the axis: " + x);
    assertEquals(nine, x.get(3) - x.get(2), 0.15);
    assertEquals(Math.log10(2) - 1, (x.get(0) - x.get(1)) / nine, 0.01);
    assertEquals(Math.log10(11_500) - 3, (x.get(4) - x.get(3)) / nine, 0.01);
    // A dot at each of the table's values and the max, two lines: ten dots.
    assertEquals(10, count(plot, "<circle "), plot);
  }

  @Test
  void theLatencyLineIsTheWholeDistributionRisingToTheMax() {
    String plot = svg(HtmlReport.render(SampleResults.sample(), TORUS), "latency-percentiles");
    Matcher m = Pattern.compile("<polyline points=\"([^\"]+)\"[^>]*><title>put</title>").matcher(plot);
    assertTrue(m.find(), plot);
    String[] points = m.group(1).trim().split(" ");
    // HdrHistogram's steps (five per halving of the tail) to 1 - 1/11,500: far more than the five dots.
    assertTrue(points.length > 40, points.length + " points");
    double lastX = -1;
    double lastY = Double.MAX_VALUE;
    for (String p : points) {
      String[] xy = p.split(",");
      double px = Double.parseDouble(xy[0]);
      double py = Double.parseDouble(xy[1]);
      assertTrue(px >= lastX && py <= lastY, "rightwards and upwards (slower), at " + p + " in " + m.group(1));
      lastX = px;
      lastY = py;
    }
    assertEquals(cx(plot, "put max: 3,200.0 ns (1 of 11,500)"), lastX, 0.01, "the line ends at the max");
  }

  private static double cx(String svg, String tip) {
    Matcher m = Pattern.compile("<circle cx=\"([0-9.]+)\"[^>]*><title>" + Pattern.quote(tip)).matcher(svg);
    assertTrue(m.find(), tip + " in " + svg);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void withoutSamplesTheOverTimeSectionSaysSamplingWasOff() {
    String page = HtmlReport.render(SampleResults.sample(), null, TORUS);
    assertTrue(page.contains("Sampling was off for this run: there is nothing to draw over time."), page);
    assertEquals(List.of("latency-percentiles", "fabric"), Pages.plotIds(page));
  }

  @Test
  void withSamplesEachQuantityIsDrawnOverTime() {
    String page = HtmlReport.render(SampleResults.sample(), Pages.series(TORUS, 20, 3), TORUS);
    assertEquals(List.of("latency-percentiles", "ops-over-time", "payload-over-time", "queued-over-time",
        "rings-over-time", "links-over-time", "fabric"), Pages.plotIds(page));
    String ops = svg(page, "ops-over-time");
    assertEquals(2, count(ops, "<polyline "), ops);
    // i PUTs in the i-th interval of 1 us: 19 ops/us at the end, on an axis to 20.
    assertTrue(ops.contains(">ops/us</text>") && ops.contains(">20</text>"), ops);
    assertTrue(ops.contains(">simulated time (us)</text>"), ops);
    assertEquals(20, points(ops, "put"));
    assertTrue(page.contains("<figcaption>Ring occupancy</figcaption>"), "3 rings are all drawn");
    assertEquals(3, count(svg(page, "rings-over-time"), "<polyline "));
    // 64 links busy 1/64 to 64/64 of the time, evenly spread: none stands out, so the band and the median alone.
    assertTrue(page.contains("<figcaption>Link utilisation: 64 links, their spread</figcaption>"), page);
    String links = svg(page, "links-over-time");
    assertEquals(1, count(links, "<polygon "), links);
    assertEquals(1, count(links, "<polyline "), "the median, no link of its own");
    assertTrue(links.contains("<title>lowest to highest of all 64 links</title>"), links);
    assertTrue(links.contains("<title>median of all 64 links</title>"), links);
    assertTrue(page.contains("None stands out from the band.</p>"), page);
  }

  @Test
  void ofManyLinksTheBandShowsTheSpreadAndOnlyThoseThatStandOutAreDrawn() {
    Series base = Pages.series(TORUS, 30, 0);
    List<Series.LinkSeries> links = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      double[] u = new double[30];
      for (int k = 0; k < u.length; k++) {
        // 38 links near 50% with a little noise; link 7 at 90% and link 23 at 80%.
        u[k] = i == 7 ? 0.9 : i == 23 ? 0.8 : 0.5 + 0.01 * ((i * 7 + k) % 5);
      }
      links.add(new Series.LinkSeries("link " + i, u));
    }
    Series s = new Series(base.intervalNs(), base.atNs(), base.puts(), base.gets(), base.bytes(), base.packetsInFabric(),
        List.of(), 0, links, 216);
    String page = HtmlReport.render(SampleResults.sample(), s, TORUS);
    String plot = svg(page, "links-over-time");
    assertEquals(1, count(plot, "<polygon "), plot);
    assertEquals(List.of("link 7", "link 23", "median of all 40 links"), Pages.titles(plot, "polyline"));
    assertTrue(page.contains("Drawn one by one: the 2 that stand out"), page);
    assertTrue(page.contains("Only the 40 busiest of 256 links keep a time series (stats.series-most);"), page);
    assertTrue(page.contains("<li><span class=\"band\" style=\"background:" + LinePlot.BAND
        + "\"></span>lowest to highest of all 40 links</li>"), page);
  }

  @Test
  void theSpreadIsTheLowestMedianAndHighestAtEachPoint() {
    Spread s = Spread.of(List.of(new double[] {1, 5}, new double[] {3, 4}, new double[] {2, 9}, new double[] {4, 0}));
    assertArrayEquals(new double[] {1, 0}, s.lo());
    assertArrayEquals(new double[] {2.5, 4.5}, s.median());
    assertArrayEquals(new double[] {4, 9}, s.hi());
    List<double[]> lines = new ArrayList<>();
    for (double key : new double[] {10, 11, 10.5, 12, 30, 10.2, 11.5, 25}) {
      lines.add(new double[] {key});
    }
    assertEquals(List.of(4, 7), Spread.standOut(lines, SeriesPlots::max, 4));
    assertEquals(List.of(4), Spread.standOut(lines, SeriesPlots::max, 1));
    // Lines a hair apart: the quartiles' spread is 0, but none is a tenth above the median.
    assertEquals(List.of(), Spread.standOut(List.of(new double[] {1}, new double[] {1}, new double[] {1},
        new double[] {1.01}), SeriesPlots::max, 4));
  }

  @Test
  void aLongRunIsThinnedAndAManyRingedOneShowsItsSpread() {
    String page = HtmlReport.render(SampleResults.sample(), Pages.series(TORUS, 1_200, 20), TORUS);
    assertEquals(400, points(svg(page, "ops-over-time"), "put"), "1,200 samples in threes");
    assertTrue(page.contains("Each point is the mean of 3 samples of 1.000 us."), page);
    assertTrue(page.contains("Each point is the highest of 3 samples."), page);
    assertTrue(page.contains("<figcaption>Ring occupancy: 20 rings, their spread</figcaption>"), page);
    String rings = svg(page, "rings-over-time");
    assertEquals(List.of("median of all 20 rings"), Pages.titles(rings, "polyline"));
    assertTrue(page.contains("Each point is the highest of 10 samples. None stands out from the band.</p>"), page);
  }

  @Test
  void everyLinkIsColouredByItsTotalThoughOnlySomeKeepATimeSeries() {
    Topology t = Pages.topology("torus", 16, 16);
    Series all = Pages.series(t, 10, 0);
    // The series keep 256 links, sampled at other values than the totals (a third of them).
    List<Series.LinkSeries> kept = new ArrayList<>();
    for (Series.LinkSeries l : all.links().subList(768, 1024)) {
      double[] u = l.utilisation().clone();
      for (int i = 0; i < u.length; i++) {
        u[i] /= 3;
      }
      kept.add(new Series.LinkSeries(l.link(), u));
    }
    Series s = new Series(all.intervalNs(), all.atNs(), all.puts(), all.gets(), all.bytes(), all.packetsInFabric(),
        List.of(), 0, kept, 768);
    RunResult r = Pages.sample(t);
    String page = HtmlReport.render(r, s, t);
    String fabric = Pages.data(svg(page, "fabric"));
    assertEquals(0, count(fabric, "#d0d0d0"), "no link is left grey");
    assertFalse(page.contains("not known"), page);
    assertTrue(page.contains("Only the 256 busiest links keep a time series (stats.series-most); the colours come from"
        + " every link's own total."), page);
    // One figure, one definition: the table's busiest link is the text report's, to the digit.
    String busiest = r.links().maxLink();
    String pct = Report.pct(r.links().maxUtilisation());
    assertTrue(page.contains("<tr><td>" + Html.escape(busiest) + "</td><td>" + pct + "</td></tr>"), page);
    assertTrue(Report.render(r).contains("max " + pct + " on " + busiest), Report.render(r));
    assertTrue(page.contains("max " + pct + " on " + Html.escape(busiest) + "."), page);
  }

  /**
   * A real run with a warm-up, sampled: the page's busiest link and its figure are results.json's
   * and the text report's (busy time after the warm-up over the time after it), not its samples'.
   */
  @Test
  void theBusiestLinkOfARealRunIsOneFigureOnThePageInTheTextReportAndInResultsJson(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), "run", "conf/ringfabric.conf", "--set",
        "duration=300us", "--set", "warmup=100us", "--engine", "reference", "--out", dir.toString());
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    JsonNode links = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("links");
    assertFalse(links.has("byLink"), "results.json stays as it was");
    String busiest = links.get("maxLink").asText();
    String pct = Report.pct(links.get("maxUtilisation").asDouble());
    String page = Files.readString(dir.resolve("report.html"));
    assertTrue(page.contains("<tr><th>busiest links</th><th>utilisation</th></tr>\n<tr><td>" + Html.escape(busiest)
        + "</td><td>" + pct + "</td></tr>"), page);
    assertTrue(Files.readString(dir.resolve("report.txt")).contains("max " + pct + " on " + busiest));
  }

  /** How many points the line named {@code name} has. */
  private static int points(String svg, String name) {
    Matcher m = Pattern.compile("<polyline points=\"([^\"]*)\"[^>]*><title>" + Pattern.quote(name) + "</title>")
        .matcher(svg);
    assertTrue(m.find(), name + " in " + svg);
    return m.group(1).split(" ").length;
  }

  @Test
  void noLatencyPlotWithoutACompletedAction() {
    assertNull(LatencyPlot.html(java.util.Map.of()));
  }
}
