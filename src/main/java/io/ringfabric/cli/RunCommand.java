package io.ringfabric.cli;

import io.ringfabric.checkpoint.BadCheckpoint;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Progress;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code ringfabric run}: runs a scenario, prints the report, writes results.json, report.txt and report.html. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a scenario in simulated time, prints the report and writes DIR/results.json,"
          + " DIR/report.txt and DIR/report.html (the same results with plots, one file).",
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

  @Mixin OverrideArgs overrideArgs;

  @Mixin ProgressArg progressArg;

  @Mixin EngineArg engineArg;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Directory for results.json, report.txt and report.html, created if needed. Default: ${DEFAULT-VALUE}",
      defaultValue = "out")
  Path out;

  @Mixin TraceArgs traceArgs;

  @Mixin HgrmArg hgrmArg;

  @Mixin CheckpointArgs checkpointArgs;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    Scenario scenario = scenario();
    TraceOptions traceOptions = traceArgs.options(scenario);
    Checkpointing checkpoints = checkpointArgs.checkpointing(scenario);
    files().check();
    prepareOutput();

    Progress counted = new Progress();
    PrintWriter stderr = spec.commandLine().getErr();
    try (Interrupts interrupts = Interrupts.watch(counted, stderr)) {
      RunResult result = run(scenario, traceOptions, counted, checkpoints);
      int status = Outputs.write(result, scenario, out, traceArgs.trace, hgrmArg.dir, stdout, stderr);
      return interrupts.exitCode(checkpointArgs.told(checkpoints, status, stdout, stderr));
    }
  }

  private RunResult run(Scenario scenario, TraceOptions traceOptions, Progress counted, Checkpointing checkpoints) {
    try (ProgressLine line = ProgressLine.show(progressArg.progress, main, "", counted, scenario.durationPs(),
        spec.commandLine().getErr())) {
      return Simulation.run(scenario, traceOptions, counted, checkpoints);
    } catch (BadCheckpoint e) {
      throw new BadInput("checkpoint " + checkpointArgs.restore + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new BadInput(e.getMessage());
    } catch (OutOfMemoryError | EngineAborted.OutOfMemory full) {
      // the machine is unreachable from here, so there is heap again to say so
      throw new Simulation.OutOfMemory(scenario.nodes(), full);
    }
  }

  /** The scenario file's, with the overrides; or, with --restore, the checkpoint's own. */
  private Scenario scenario() {
    if (checkpointArgs.restores()) {
      if (config != null) {
        throw new BadInput("--restore continues the scenario saved in the checkpoint; give no CONFIG ("
            + config + ")");
      }
      return checkpointArgs.scenario(overrides());
    }
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(main.env(Main.HOME_ENV)) : config;
    return Scenarios.load(file, isDefault, overrides());
  }

  /** {@code --set} in order, then {@code --engine} and {@code --seed}. */
  List<String> overrides() {
    return overrideArgs.overrides(engineArg.override());
  }

  /** What this run reads and writes, by what the user called them. */
  private RunFiles files() {
    Path scenarioFile = checkpointArgs.restores() ? null
        : config != null ? config : Scenarios.defaultConfig(main.env(Main.HOME_ENV));
    return RunFiles.ofRun(scenarioFile, checkpointArgs.restore, traceArgs.trace, checkpointArgs.checkpoint, out);
  }

  /** Creates the output directory before the run, so a run's results are never lost to it. */
  private void prepareOutput() {
    Scenarios.prepareOutputDirectory(out, hgrmArg::prepare);
  }
}
