package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import io.ringfabric.report.HtmlReport;
import io.ringfabric.stats.HgrmFiles;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.ResultsJson;
import io.ringfabric.stats.RunResult;
import io.ringfabric.topology.Topologies;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a finished run leaves behind: the report on stdout, report.txt, report.html, results.json,
 * and scenario.conf, the scenario with every setting resolved: run it and the run is repeated;
 * with {@code --hgrm}, the latency distributions.
 */
final class Outputs {
  private Outputs() {}

  /**
   * Prints and writes the run's results; returns the exit status the run deserves.
   *
   * @param hgrm the {@code --hgrm} directory, or null
   */
  static int write(RunResult result, Scenario scenario, Path out, Path trace, Path hgrm, PrintWriter stdout,
      PrintWriter stderr) {
    String report = Report.render(result);
    stdout.print(report);
    stdout.println();
    Path json = out.resolve("results.json");
    Path text = out.resolve("report.txt");
    Path conf = out.resolve("scenario.conf");
    Path html = out.resolve("report.html");
    try {
      Files.write(text, report.getBytes(StandardCharsets.UTF_8));
      ResultsJson.write(result, json);
      Files.write(conf, scenarioFile(scenario, result).getBytes(StandardCharsets.UTF_8));
      HtmlReport.write(result, Topologies.build(scenario.topology()), html);
    } catch (IOException e) {
      throw new BadInput("cannot write to " + out + ": " + Scenarios.describe(e));
    }
    List<String> histograms = List.of();
    if (hgrm != null) {
      try {
        histograms = HgrmFiles.write(result.latencies(), hgrm);
      } catch (IOException e) {
        throw new BadInput("cannot write to --hgrm " + hgrm + ": " + Scenarios.describe(e));
      }
    }
    if (trace != null) {
      stdout.println("wrote " + trace);
    }
    stdout.println("wrote " + text);
    stdout.println("wrote " + html);
    stdout.println("wrote " + conf);
    stdout.println("wrote " + json);
    if (hgrm != null) {
      stdout.println(histograms.isEmpty() ? "no action completed: no histogram written to " + hgrm
          : "wrote " + hgrm + ": " + String.join(", ", histograms) + " (latency in ns, HdrHistogram's percentile format)");
    }
    stdout.flush();
    if (scenario.endRunOnProgramError() && !result.processes().failures().isEmpty()) {
      stderr.println("ringfabric: the run ended early (on-program-error = end-run): "
          + result.processes().failures().get(0));
      stderr.flush();
      return Main.FAILED;
    }
    return Main.OK;
  }

  private static String scenarioFile(Scenario scenario, RunResult result) {
    return "# The scenario of a run of ringfabric " + result.build().describe() + ", from " + scenario.source()
        + ",\n# every setting resolved. `ringfabric run THIS-FILE` runs it again: fingerprint " + result.fingerprint()
        + ".\n" + scenario.asConfig();
  }
}
