package io.ringfabric.cli;

import io.ringfabric.run.LogGpFit;
import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.LogGp;
import io.ringfabric.workload.schedule.Schedule;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric loggp CONFIG SCHEDULE...}: LogGP's L, o, g, G (and LogGOPS's O) measured from
 * the scenario's machine ({@link LogGpFit}), and each schedule's time in ringfabric beside LogGP's
 * with them (docs/schedules.md, "Checked against LogGP").
 */
@Command(
    name = "loggp",
    mixinStandardHelpOptions = true,
    description = {
      "Measures LogGP's parameters on the scenario's machine and compares schedules' times in ringfabric"
          + " with LogGP's.",
      "The fit runs tiny schedules between ranks 0 and 1, on nodes 0 and 1, through the model, and prints"
          + " L, o, g and G (and LogGOPS's O), each with what it was measured from, and LogGOPSim's arguments"
          + " for them. Each SCHEDULE then runs, one rank a node, and its time is printed beside LogGP's,"
          + " without and with O. See docs/schedules.md, 'Checked against LogGP'. The reference engine runs"
          + " the fit's tiny schedules several times faster than the actor engine: --engine reference.",
      "Exit status: 0 done; 2 bad configuration, arguments or schedule (one line on stderr)."
    })
final class LogGpCommand implements Callable<Integer> {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "CONFIG", description = "Scenario file whose machine"
      + " is fitted (its workload is left out). Default: conf/ringfabric.conf of the ringfabric directory;"
      + " give it to name SCHEDULEs.")
  Path config;

  @Parameters(index = "1..*", paramLabel = "SCHEDULE", description = "A GOAL file, or PATTERN:RANKS:SIZE"
      + " generated as 'ringfabric schedule' does: broadcast:16:8, alltoall-linear:64:64KiB.")
  List<String> schedules = new ArrayList<>();

  @Mixin OverrideArgs overrideArgs;

  @Mixin EngineArg engineArg;

  @Override
  public Integer call() {
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(main.env(Main.HOME_ENV)) : config;
    if (!isDefault && looksLikeSchedule(config.toString())) {
      throw new BadInput("the scenario comes first: ringfabric loggp CONFIG SCHEDULE..., and '" + config
          + "' is a SCHEDULE (conf/ringfabric.conf is the default machine)");
    }
    Scenarios.requireReadable(file, isDefault);
    List<String> overrides = overrideArgs.overrides(engineArg.override());
    List<Schedule> read = new ArrayList<>();
    for (String arg : schedules) {
      read.add(ScheduleArg.read(arg));
    }
    LogGpFit fit = new LogGpFit(extra -> {
      List<String> all = new ArrayList<>(overrides);
      all.addAll(extra);
      return Scenarios.load(file, isDefault, all);
    });
    for (int i = 0; i < read.size(); i++) {
      check(schedules.get(i), read.get(i), fit, file);
    }
    PrintWriter out = spec.commandLine().getOut();
    LogGpFit.Fit f = finished("the fit: ", fit::fit);
    LogGpTables.fit(f, file, out);
    if (!read.isEmpty()) {
      LogGpTables.Comparison table = new LogGpTables.Comparison(read, out);
      for (Schedule s : read) {
        double ringfabric = finished("", () -> fit.timeNs(s));
        table.row(s, ringfabric, LogGp.completionNs(s, f.params()), LogGp.completionNs(s, f.logGops()));
      }
    }
    return Main.OK;
  }

  /** PATTERN:RANKS:SIZE or a .goal file, which a scenario never is. */
  private static boolean looksLikeSchedule(String arg) {
    String[] parts = arg.split(":", -1);
    return parts.length == 3 && Pattern.of(parts[0]) != null || arg.endsWith(".goal");
  }

  /**
   * Before the fit, which takes seconds: the schedule fits the machine, one rank a node, and
   * everything in it is matched (LogGP's matching is ringfabric's: MPI's).
   */
  private static void check(String arg, Schedule s, LogGpFit fit, Path file) {
    if (s.numRanks() > fit.nodes()) {
      throw new BadInput(arg + ": " + s.numRanks() + " ranks, one a node, need " + s.numRanks()
          + " nodes; the machine of " + file + " has " + fit.nodes());
    }
    fit.machineFor(s.numRanks());
    LogGp.Result r = LogGp.run(s, LogGp.Params.ns(1, 1, 1, 0).eagerUpTo(Integer.MAX_VALUE));
    if (r.unmatched() > 0 || r.opsNotRun() > 0) {
      throw new BadInput(String.format(Locale.ROOT, "%s: %,d sends and receives that nothing matches%s: it would"
          + " never end (each send needs a receive from its rank with its tag)", arg, r.unmatched(),
          r.opsNotRun() == 0 ? "" : String.format(Locale.ROOT, ", %,d operations waiting on them", r.opsNotRun())));
    }
  }

  /** A run that did not end is the scenario's or the schedule's doing: bad input, said in one line. */
  private static <T> T finished(String what, Supplier<T> run) {
    try {
      return run.get();
    } catch (LogGpFit.Unfinished e) {
      throw new BadInput(what + e.getMessage());
    }
  }
}
