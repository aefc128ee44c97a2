package io.ringfabric.report;

import io.ringfabric.model.SimTime;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.RunResult;
import io.ringfabric.stats.Series;
import io.ringfabric.topology.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.html}: a run's results as one page that loads nothing: the scenario, operations
 * and errors, latency by percentile, the run over time, the fabric with its links coloured by
 * use, and the text report whole. Everything on it comes from the {@link RunResult} (and the
 * fabric's shape from its topology), so the same results give the same bytes.
 */
public final class HtmlReport {
  private HtmlReport() {}

  /** The page, ending with a newline. */
  public static String render(RunResult r, Topology topology) {
    return render(r, r.series(), topology);
  }

  /** The page of {@code r} sampled as {@code series} (null: not sampled). */
  static String render(RunResult r, Series series, Topology topology) {
    StringBuilder b = new StringBuilder();
    b.append("<h1>").append(Html.escape("ringfabric run: " + r.nodes() + " nodes, engine " + r.engine()
        + ", seed " + r.seed())).append("</h1>\n");
    b.append(Html.paragraph("simulated " + SimTime.scaled(r.simulatedNs()) + ", " + Report.count(r.events())
        + " events, fingerprint " + r.fingerprint(), "muted"));
    if (r.interrupted()) {
      b.append(Html.paragraph("Interrupted at " + SimTime.scaled(r.simulatedNs())
          + ": what follows is the run up to there.", "alarm"));
    }
    if (Report.integrityBroken(r)) {
      b.append(Html.paragraph("INTEGRITY VIOLATED: " + Report.integrityText(r.integrity())
          + ". Elements must arrive whole and in order: this is a simulator bug.", "alarm"));
    }
    b.append(Html.section("scenario", "Scenario")).append(Html.paragraph(r.scenario() == null ? "" : r.scenario(), null));

    b.append(Html.section("operations", "Operations and errors")).append(Html.table(Report.operationRows(r), 4));
    RunResult.Throughput t = r.throughput();
    String throughput = String.format(Locale.ROOT, "Completed actions %.6f ops/us, payload %.6f GB/s",
        t.opsPerUs(), t.payloadGBps()) + (t.offeredOpsPerUs() == null ? "" : String.format(Locale.ROOT,
            "; open-loop PUTs %.6f ops/us offered, %.6f accepted", t.offeredOpsPerUs(), t.acceptedOpsPerUs()))
        + " (after the warm-up).";
    b.append(Html.paragraph(throughput, null));

    b.append(Html.section("latency", "Latency, doorbell to completion (ns)"));
    List<String[]> latency = Report.latencyRows(r);
    String plot = LatencyPlot.html(r.latencies());
    if (plot == null) {
      b.append(Html.paragraph("No action completed.", "note"));
    } else {
      b.append(Html.table(latency, -1)).append(plot);
    }

    RunResult.Schedule schedule = r.schedule();
    if (schedule != null) {
      b.append(Html.section("schedule", "Schedule: " + schedule.source()));
      b.append(Html.paragraph(scheduleNote(schedule), schedule.unmatched() > 0 ? "alarm" : null));
      b.append(RankBars.html(schedule));
    }

    b.append(Html.section("over-time", "Throughput and ring occupancy over time"));
    b.append(series == null
        ? Html.paragraph("Sampling was off for this run: there is nothing to draw over time.", "note")
        : SeriesPlots.html(series));

    b.append(Html.section("the-fabric", "Fabric"));
    b.append(FabricPicture.html(topology, linkUse(topology, r.links())));
    b.append(Html.paragraph(fabricNote(r.links(), series), "note"));

    b.append(Html.section("text-report", "The text report"));
    b.append("<details><summary>report.txt, as printed</summary>\n<pre>").append(Html.escape(Report.render(r)))
        .append("</pre></details>\n");
    return Html.page("ringfabric run: " + r.nodes() + " nodes", b.toString());
  }

  private static String scheduleNote(RunResult.Schedule s) {
    String done = s.completedNs() == null
        ? s.finishedRanks() + " of " + s.ranks() + " ranks finished"
        : s.ranks() + " ranks, completed at " + SimTime.scaled(s.completedNs()) + " (the last rank's end)";
    String iterations = s.iterations() == null ? "" : "; " + s.iterations().count() + " iterations, p50 "
        + SimTime.scaled(s.iterations().p50Ns()) + ", max " + SimTime.scaled(s.iterations().maxNs());
    String unmatched = s.unmatched() == 0 ? "" : "; " + s.unmatched() + " unmatched (the text report names them)";
    return done + iterations + unmatched + ". Each bar is a rank's time from its start to its end, by what it did.";
  }

  /** Writes {@link #render} to {@code file} as UTF-8, replacing what was there. */
  public static void write(RunResult r, Topology topology, Path file) throws IOException {
    Files.write(file, render(r, topology).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What the fabric's colours are: each link's busy time over the measured time, the figure the
   * text report and results.json give, never the time series (they may keep only some links, and
   * are sampled over the whole run, warm-up included).
   */
  static String fabricNote(RunResult.Links links, Series series) {
    if (links.byLink().isEmpty()) {
      return "These results do not give each link's utilisation: only the busiest link, which results.json names,"
          + " is coloured. Links after the warm-up: mean " + Report.pct(links.meanUtilisation()) + ", max "
          + Report.pct(links.maxUtilisation()) + ".";
    }
    String kept = series == null ? " The run was not sampled, so no link has a time series."
        : series.linksLeftOut() == 0 ? ""
        : " Only the " + Report.count(series.links().size()) + " busiest links keep a time series (stats.series-most);"
            + " the colours come from every link's own total.";
    return "Each link is coloured by the share of the time after the warm-up it spent sending, as in the text report:"
        + " mean " + Report.pct(links.meanUtilisation()) + ", max " + Report.pct(links.maxUtilisation()) + " on "
        + links.maxLink() + "." + kept;
  }

  /**
   * By link, in the order of {@link Topology#links}, the share of the measured time it was busy,
   * from the results' totals; NaN where they do not give it (made-up results give only the
   * busiest link).
   */
  static double[] linkUse(Topology t, RunResult.Links links) {
    Map<String, Double> byName = links.byLink();
    if (byName.isEmpty() && links.maxLink() != null && !links.maxLink().isEmpty()) {
      byName = Map.of(links.maxLink(), links.maxUtilisation());
    }
    double[] use = new double[t.links().size()];
    for (int i = 0; i < use.length; i++) {
      Double u = byName.get(t.links().get(i).name());
      use[i] = u == null ? Double.NaN : u;
    }
    return use;
  }
}
