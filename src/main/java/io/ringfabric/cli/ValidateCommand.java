package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code ringfabric validate CONFIG}: the checks every run makes, without running. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a scenario file (default: conf/ringfabric.conf), with any --set, and explains each"
          + " problem by its file, line and path.",
      "Exit status: 0 valid; 2 problems found (one per line on stderr)."
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "CONFIG",
      description = "Scenario file to check (default: conf/ringfabric.conf).")
  Path config;

  @Mixin OverrideArgs overrideArgs;

  @Option(names = "--latency", description = "Also print the latency of one PUT and one GET alone in the machine"
      + " (doorbell to status, as a report's put and get rows), per size, for the nearest and the farthest pair"
      + " of nodes, worked out from the settings.")
  boolean latency;

  @ParentCommand Main main;

  @Override
  public Integer call() {
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(main.env(Main.HOME_ENV)) : config;
    Scenario s = Scenarios.load(file, isDefault, overrideArgs.overrides());
    spec.commandLine().getOut().println(file + ": ok (" + count(s.nodes(), "node") + ", "
        + count(Scenarios.ringInstances(s), "ring") + ", " + count(Scenarios.processInstances(s), "process") + ")");
    if (latency) {
      LatencyTable.lines(s).forEach(spec.commandLine().getOut()::println);
    }
    return Main.OK;
  }

  /** {@code 1 ring}, {@code 4 rings}, {@code 2 processes}. */
  private static String count(long n, String thing) {
    return n + " " + thing + (n == 1 ? "" : thing.endsWith("s") ? "es" : "s");
  }
}
