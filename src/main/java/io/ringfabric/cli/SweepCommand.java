package io.ringfabric.cli;

import io.ringfabric.cli.SweepVaries.Vary;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.Progress;
import io.ringfabric.model.SimTime;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.report.SweepPage;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.ResultsJson;
import io.ringfabric.stats.RunResult;
import io.ringfabric.stats.SweepTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric sweep}: runs a scenario once per value of one or more settings (the cartesian
 * product when several are varied, the first key outermost), writes {@code DIR/sweep.csv} with one
 * row per run, {@code DIR/sweep.html} (its columns plotted against the varied value) and each
 * run's {@code DIR/run-<i>/results.json}, and prints the rows as a table.
 * Every combination is loaded and checked before the first run, so bad input never stops a sweep
 * half-way.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a scenario once per value of --vary (the cartesian product of several --vary, first"
          + " key outermost), writes DIR/sweep.csv (one row per run), DIR/sweep.html (its columns"
          + " plotted) and DIR/run-<i>/results.json,"
          + " and prints the rows as a table.",
      "Every combination is checked before anything runs.",
      "Exit status: 0 done; 2 bad configuration, arguments or files; 1 a run failed."
    })
final class SweepCommand implements Callable<Integer> {
  /** More runs than this is almost certainly a mistake in the --vary lists. */
  static final int MAX_RUNS = 10_000;
  /** Invalid combinations reported one by one; the rest are counted. */
  static final int MAX_INVALID_SHOWN = 10;

  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Mixin ProgressArg progressArg;

  @Parameters(index = "0", paramLabel = "CONFIG", description = "Scenario file (HOCON, root 'ringfabric').")
  Path config;

  @Option(
      names = "--vary",
      required = true,
      paramLabel = "key=v1,v2,...",
      description = "A setting and the values to run it with, e.g. --vary fabric.switch-latency=100ns,200ns"
          + " or --vary topology.dims=[4,4],[8,8] (key as for --set; values in HOCON, separated by"
          + " commas outside brackets, braces and quotes). Repeatable: the runs are every combination,"
          + " the first --vary outermost.")
  List<String> varies = new ArrayList<>();

  @Option(
      names = "--set",
      paramLabel = "key=value",
      description = "Overrides one setting in every run, as for 'run'. Repeatable; later ones win;"
          + " --vary wins over --set.")
  List<String> sets = new ArrayList<>();

  @Mixin EngineArg engineArg;

  @Option(names = "--seed", paramLabel = "N", converter = OverrideArgs.Seed.class,
      description = "Seed of every run: " + OverrideArgs.Seed.RANGE + " (overrides ringfabric.seed).")
  Long seed;

  @Option(
      names = "--jobs",
      paramLabel = "N",
      defaultValue = "1",
      description = "Runs at once (default: ${DEFAULT-VALUE}). Each is a machine of its own, with the"
          + " heap it needs; the files written are those of one run at a time, in run order.")
  int jobs;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Directory for sweep.csv, sweep.html and run-<i>/results.json, created if needed. Default: ${DEFAULT-VALUE}",
      defaultValue = "out")
  Path out;

  @Option(
      names = "--force",
      description = "Run a sweep even when a --vary's values give the same scenario (the same value twice,"
          + " or a defaults.* key every process group sets itself), which is otherwise refused.")
  boolean force;

  /** One run of the sweep: its values in key order and its checked scenario. */
  record Combination(List<String> values, Scenario scenario) {}

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    for (String s : sets) {
      if (s.indexOf('=') <= 0) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
            "--set needs key=value, got '" + s + "'");
      }
    }
    if (jobs < 1) {
      throw new BadInput("--jobs must be at least 1, not " + jobs);
    }
    List<Vary> vary = SweepVaries.parseVaries(varies);
    Scenarios.requireReadable(config, false);
    List<Combination> runs = check(vary);
    refuseVariesThatChangeNothing(vary, runs, stderr);
    prepareOutput();

    List<String> keys = vary.stream().map(Vary::key).toList();
    SweepTable table = new SweepTable(keys);
    Path csv = out.resolve("sweep.csv");
    Interrupts interrupts = Interrupts.watch(Progress.NONE, stderr);
    try (interrupts) {
      sweep(runs, keys, table, csv, interrupts, stderr);
    }
    stdout.print(table.render());
    stdout.println("wrote " + out.resolve("sweep.html"));
    stdout.println("wrote " + csv);
    stdout.flush();
    return interrupts.exitCode(Main.OK);
  }

  /**
   * Runs the combinations, {@code --jobs} at once, and writes each run's results and the table in
   * run order, after each; a signal stops the runs under way at the end of their window, and none
   * starts after it.
   */
  private void sweep(List<Combination> runs, List<String> keys, SweepTable table, Path csv, Interrupts interrupts,
      PrintWriter stderr) {
    SweepRuns.Runner runner = (i, counted) -> {
      Combination c = runs.get(i);
      stderr.println(label(i, runs.size()) + ": " + SweepVaries.describe(keys, c.values(), " "));
      stderr.flush();
      return runOne(c.scenario(), label(i, runs.size()) + " (" + SweepVaries.describe(keys, c.values(), ", ") + ")",
          counted);
    };
    try (SweepRuns started = SweepRuns.start(jobs, runs.size(), runner, interrupts)) {
      for (int i = 0; i < runs.size(); i++) {
        Combination c = runs.get(i);
        String label = label(i, runs.size());
        RunResult result;
        try (ProgressLine line = ProgressLine.show(progressArg.progress, main, label + ": ", started.progress(i),
            c.scenario().durationPs(), stderr)) {
          result = started.await(i);
        }
        if (result == null) {
          stderr.println("ringfabric: sweep interrupted: runs " + (i + 1) + " to " + runs.size() + " not run");
          return;
        }
        if (result.interrupted()) {
          stderr.println("ringfabric: sweep interrupted: " + label + " stopped at " + SimTime.scaled(result.simulatedNs()));
        }
        write(i, c, result, table, csv);
      }
    }
  }

  private static String label(int i, int runs) {
    return "run " + (i + 1) + "/" + runs;
  }

  /** Writes run {@code i}'s results.json, and the table and page with its row added. */
  private void write(int i, Combination c, RunResult result, SweepTable table, Path csv) {
    Path runDir = out.resolve("run-" + (i + 1));
    try {
      Files.createDirectories(runDir);
      ResultsJson.write(result, runDir.resolve("results.json"));
      table.add(c.values(), result);
      // Rewritten after every run: a sweep that fails later still leaves the rows it finished.
      Files.write(csv, table.csv().getBytes(StandardCharsets.UTF_8));
      SweepPage.write(table, out.resolve("sweep.html"));
    } catch (IOException e) {
      throw new BadInput("cannot write to " + runDir + ": " + Scenarios.describe(e));
    }
  }

  /**
   * Refuses, before anything runs, a {@code --vary} some of whose values give the same machine as
   * another of its values: the same value twice ({@code 256,256B}), or a {@code defaults.*} key
   * that every process group sets itself. Those runs would repeat others. With {@code --force}
   * it is a warning and every run goes ahead.
   */
  private void refuseVariesThatChangeNothing(List<Vary> vary, List<Combination> runs, PrintWriter stderr) {
    if (runs.size() != SweepVaries.combinations(vary)) {
      return; // some combinations are invalid (reported already); no pairs to compare reliably
    }
    for (int k = 0; k < vary.size(); k++) {
      Vary v = vary.get(k);
      Map<Integer, Integer> repeats = SweepVaries.repeatedValues(vary, k,
          (i, j) -> runs.get(i).scenario().withoutSettings().equals(runs.get(j).scenario().withoutSettings()));
      if (repeats.isEmpty()) {
        continue;
      }
      String why;
      if (repeats.size() == v.values().size() - 1) {
        why = "--vary " + v.key() + " changes nothing in the scenario: every run would repeat the others"
            + (v.key().startsWith("defaults.") || v.key().startsWith("ringfabric.defaults.")
                ? " (a defaults.* key only reaches process groups and rings that do not set it themselves)"
                : " (" + String.join(", ", v.values()) + " are one setting)");
      } else {
        Map.Entry<Integer, Integer> first = repeats.entrySet().iterator().next();
        why = "--vary " + v.key() + ": " + v.values().get(first.getKey()) + " gives the same scenario as "
            + v.values().get(first.getValue()) + ", so its runs would repeat others";
      }
      if (!force) {
        throw new BadInput(why + "; give --force to run them all the same");
      }
      stderr.println("ringfabric: warning: " + why);
      stderr.flush();
    }
  }

  /** Runs one scenario; a failure names the run it happened in. */
  private static RunResult runOne(Scenario scenario, String label, Progress progress) {
    try {
      return Simulation.run(scenario, null, progress);
    } catch (UncheckedIOException e) {
      throw new BadInput(label + ": " + e.getMessage());
    } catch (Simulation.EngineUnavailable e) {
      throw e;
    } catch (RuntimeException e) {
      throw new IllegalStateException(label + ": " + Main.reason(e), e);
    }
  }

  /**
   * Loads every combination before anything runs. A combination that does not load is reported as
   * a line naming it, then its problems (each problem once, however many combinations share it).
   */
  private List<Combination> check(List<Vary> vary) {
    long n = 1;
    for (Vary v : vary) {
      n *= v.values().size();
      if (n > MAX_RUNS) {
        throw new BadInput("the --vary lists make more than " + MAX_RUNS + " runs; sweep fewer values");
      }
    }
    List<String> keys = vary.stream().map(Vary::key).toList();
    List<Combination> runs = new ArrayList<>();
    Set<String> problems = new LinkedHashSet<>();
    List<String> report = new ArrayList<>();
    int invalid = 0;
    int repeats = 0;
    for (int i = 0; i < n; i++) {
      List<String> values = SweepVaries.combination(vary, i);
      List<String> overrides = new ArrayList<>(sets);
      for (int k = 0; k < keys.size(); k++) {
        overrides.add(keys.get(k) + "=" + values.get(k));
      }
      overrides.addAll(List.of(engineArg.override()));
      if (seed != null) {
        overrides.add("seed=" + seed);
      }
      try {
        runs.add(new Combination(values, ScenarioLoader.load(config, overrides)));
      } catch (ConfigException e) {
        invalid++;
        List<String> fresh = e.problems().stream()
            .map(line -> SweepVaries.asVary(line, overrides.subList(sets.size(), sets.size() + keys.size())))
            .filter(problems::add)
            .toList();
        if (fresh.isEmpty() || invalid > MAX_INVALID_SHOWN) {
          repeats++;
          continue;
        }
        report.add("ringfabric: sweep run " + (i + 1) + "/" + n + " (" + SweepVaries.describe(keys, values, ", ")
            + ") is invalid:");
        report.addAll(fresh);
      }
    }
    if (repeats > 0) {
      report.add("ringfabric: " + repeats + " more of the " + n + " combinations " + (repeats == 1 ? "is" : "are")
          + " invalid" + (invalid > MAX_INVALID_SHOWN ? "" : ", with the problems above"));
    }
    if (!report.isEmpty()) {
      throw new ConfigException(report);
    }
    return runs;
  }

  /** Creates the output directory and clears an old sweep.csv and sweep.html, before the first run. */
  private void prepareOutput() {
    Scenarios.prepareOutputDirectory(out);
    for (String old : List.of("sweep.csv", "sweep.html")) {
      try {
        Files.deleteIfExists(out.resolve(old));
      } catch (IOException e) {
        throw new BadInput("cannot replace " + out.resolve(old) + ": " + Scenarios.describe(e));
      }
    }
  }
}
