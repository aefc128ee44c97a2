package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Simulation;
import io.ringfabric.model.NodeSet;
import io.ringfabric.trace.TraceOptions;
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

  @Option(names = "--trace", paramLabel = "FILE",
      description = "Records the run as a trace: JSON lines, gzip when FILE ends in .gz.")
  Path trace;

  @Option(names = "--trace-level", paramLabel = "ops|packets|all", defaultValue = "ops",
      description = "ops: each operation's stages; packets: plus every packet on every hop;"
          + " all: plus every message between components. Default: ${DEFAULT-VALUE}")
  TraceLevel traceLevel;

  @Option(names = "--trace-from", paramLabel = "T",
      description = "Record only from simulated time T on (e.g. 20us, 1500ns, or picoseconds).")
  String traceFrom;

  @Option(names = "--trace-to", paramLabel = "T", description = "Record only before simulated time T.")
  String traceTo;

  @Option(names = "--trace-nodes", paramLabel = "N,N...", split = ",",
      description = "Record only these nodes' components (e.g. 3,9).")
  List<Integer> traceNodes;

  /** The trace levels as the command line spells them. */
  enum TraceLevel {
    ops,
    packets,
    all
  }

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
    TraceOptions traceOptions = traceOptions(scenario);
    prepareOutput();

    RunResult result;
    try {
      result = Simulation.run(scenario, traceOptions);
    } catch (java.io.UncheckedIOException e) {
      throw new BadInput(e.getMessage());
    }

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
    if (trace != null) {
      stdout.println("wrote " + trace);
    }
    stdout.println("wrote " + text);
    stdout.println("wrote " + json);
    stdout.flush();
    if (scenario.endRunOnProgramError() && !result.processes().failures().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("ringfabric: the run ended early (on-program-error = end-run): "
          + result.processes().failures().get(0));
      err.flush();
      return Main.FAILED;
    }
    return Main.OK;
  }

  /** The trace options, checked against the scenario; null without --trace. */
  private TraceOptions traceOptions(Scenario scenario) {
    if (trace == null) {
      if (traceFrom != null || traceTo != null || traceNodes != null) {
        throw new BadInput("--trace-from, --trace-to and --trace-nodes need --trace FILE");
      }
      return null;
    }
    long from = traceFrom == null ? 0 : Times.parsePs("--trace-from", traceFrom);
    long to = traceTo == null ? Long.MAX_VALUE : Times.parsePs("--trace-to", traceTo);
    if (to <= from) {
      throw new BadInput("--trace-to (" + traceTo + ") must come after --trace-from ("
          + (traceFrom == null ? "0" : traceFrom) + ")");
    }
    NodeSet nodes = null;
    if (traceNodes != null) {
      for (int n : traceNodes) {
        if (n < 0 || n >= scenario.nodes()) {
          throw new BadInput("--trace-nodes: node " + n + " does not exist (nodes are 0.."
              + (scenario.nodes() - 1) + ")");
        }
      }
      nodes = NodeSet.of(traceNodes.stream().mapToInt(Integer::intValue).toArray());
    }
    Path parent = trace.toAbsolutePath().getParent();
    try {
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new BadInput("cannot create the directory of the trace " + trace + ": " + Scenarios.describe(e));
    }
    return new TraceOptions(trace, io.ringfabric.trace.TraceLevel.valueOf(traceLevel.name().toUpperCase(
        java.util.Locale.ROOT)), from, to, nodes);
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
    Scenarios.prepareOutputDirectory(out);
  }
}
