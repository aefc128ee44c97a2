package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Simulation;
import io.ringfabric.stats.Report;
import io.ringfabric.stats.ResultsJson;
import io.ringfabric.stats.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ringfabric run}: runs a scenario, prints the report, writes results.json and report.txt. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a scenario in simulated time, prints the report and writes DIR/results.json and"
          + " DIR/report.txt.",
      "Exit status: 0 done; 2 bad configuration, arguments or files; 1 the run failed."
    })
final class RunCommand implements Callable<Integer> {
  /** The engines a scenario may name (ringfabric.engine). */
  enum Engine {
    reference,
    actors
  }

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "CONFIG",
      description = "Scenario file (HOCON, root 'ringfabric'). Default: conf/ringfabric.conf of"
          + " the ringfabric directory.")
  Path config;

  @Option(
      names = "--set",
      paramLabel = "key=value",
      description = "Overrides one setting, e.g. --set fabric.mtu=512 (key relative to"
          + " 'ringfabric.' or absolute; value in HOCON). Repeatable; later ones win.")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--engine",
      paramLabel = "reference|actors",
      description = "Engine to run the model on (overrides ringfabric.engine).")
  Engine engine;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of every random stream (overrides ringfabric.seed).")
  Long seed;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Directory for results.json and report.txt, created if needed. Default: ${DEFAULT-VALUE}",
      defaultValue = "out")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    for (String s : sets) {
      if (s.indexOf('=') <= 0) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
            "--set needs key=value, got '" + s + "'");
      }
    }
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(main.env(Main.HOME_ENV)) : config;
    Scenario scenario = Scenarios.load(file, isDefault, overrides());
    prepareOutput();

    RunResult result = Simulation.run(scenario);

    String report = Report.render(result);
    stdout.print(report);
    stdout.println();
    Path json = out.resolve("results.json");
    Path text = out.resolve("report.txt");
    try {
      Files.write(text, report.getBytes(StandardCharsets.UTF_8));
      ResultsJson.write(result, json);
    } catch (IOException e) {
      throw new BadInput("cannot write to " + out + ": " + Scenarios.describe(e));
    }
    stdout.println("wrote " + text);
    stdout.println("wrote " + json);
    stdout.flush();
    return Main.OK;
  }

  /** {@code --set} in order, then {@code --engine} and {@code --seed}. */
  List<String> overrides() {
    List<String> all = new ArrayList<>(sets);
    if (engine != null) {
      all.add("engine=" + engine.name());
    }
    if (seed != null) {
      all.add("seed=" + seed);
    }
    return all;
  }

  /** Creates the output directory before the run, so a run's results are never lost to it. */
  private void prepareOutput() {
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new BadInput("cannot create the output directory " + out + ": " + Scenarios.describe(e));
    }
    if (!Files.isWritable(out)) {
      throw new BadInput("cannot write to the output directory " + out + " (permission denied)");
    }
  }
}
