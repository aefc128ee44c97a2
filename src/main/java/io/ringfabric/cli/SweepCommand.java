package io.ringfabric.cli;

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
import java.util.HashMap;
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

  @Option(
      names = "--engine",
      paramLabel = "reference|actors",
      description = "Engine for every run (overrides ringfabric.engine).")
  RunCommand.Engine engine;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of every run (overrides ringfabric.seed).")
  Long seed;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Directory for sweep.csv, sweep.html and run-<i>/results.json, created if needed. Default: ${DEFAULT-VALUE}",
      defaultValue = "out")
  Path out;

  /** One {@code --vary}: the key as written and its values, each HOCON text. */
  record Vary(String key, List<String> values) {}

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
    List<Vary> vary = parseVaries(varies);
    Scenarios.requireReadable(config, false);
    List<Combination> runs = check(vary);
    warnAboutVariesThatChangeNothing(vary, runs, stderr);
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

  /** Runs each combination in turn, writing its results and the table after each; a signal ends it after the run under way. */
  private void sweep(List<Combination> runs, List<String> keys, SweepTable table, Path csv, Interrupts interrupts,
      PrintWriter stderr) {
    for (int i = 0; i < runs.size() && !interrupts.interrupted(); i++) {
      Combination c = runs.get(i);
      String label = "run " + (i + 1) + "/" + runs.size();
      stderr.println(label + ": " + describe(keys, c.values(), " "));
      stderr.flush();
      RunResult result;
      Progress counted = new Progress();
      interrupts.follow(counted);
      try (ProgressLine line = ProgressLine.show(progressArg.progress, main, label + ": ", counted,
          c.scenario().durationPs(), stderr)) {
        result = runOne(c.scenario(), label + " (" + describe(keys, c.values(), ", ") + ")", counted);
      }
      if (result.interrupted()) {
        stderr.println("ringfabric: sweep interrupted: " + label + " stopped at " + SimTime.scaled(result.simulatedNs())
            + (i + 1 < runs.size() ? ", runs " + (i + 2) + " to " + runs.size() + " not run" : ""));
      }
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
  }

  /**
   * Warns of a {@code --vary} whose values all give the same machine, as a {@code defaults.*} key
   * does when every process group sets that key itself: the sweep would repeat one run.
   */
  private static void warnAboutVariesThatChangeNothing(List<Vary> vary, List<Combination> runs,
      PrintWriter stderr) {
    if (runs.size() != combinations(vary)) {
      return; // some combinations are invalid (reported already); no pairs to compare reliably
    }
    for (int k = 0; k < vary.size(); k++) {
      boolean changes = false;
      for (int i = 0; i < runs.size() && !changes; i++) {
        int j = sibling(vary, i, k);
        changes = !runs.get(i).scenario().withoutSettings().equals(runs.get(j).scenario().withoutSettings());
      }
      if (!changes && vary.get(k).values().size() > 1) {
        stderr.println("ringfabric: warning: --vary " + vary.get(k).key() + " changes nothing in the"
            + " scenario; every run would repeat the others (a defaults.* key only reaches process"
            + " groups and rings that do not set it themselves)");
        stderr.flush();
      }
    }
  }

  private static long combinations(List<Vary> vary) {
    long n = 1;
    for (Vary v : vary) {
      n *= v.values().size();
    }
    return n;
  }

  /** The combination after {@code i} in the values of key {@code k} (wrapping), the others kept. */
  private static int sibling(List<Vary> vary, int i, int k) {
    long stride = 1;
    for (int later = vary.size() - 1; later > k; later--) {
      stride *= vary.get(later).values().size();
    }
    int size = vary.get(k).values().size();
    long digit = (i / stride) % size;
    return (int) (i - digit * stride + ((digit + 1) % size) * stride);
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
      List<String> values = combination(vary, i);
      List<String> overrides = new ArrayList<>(sets);
      for (int k = 0; k < keys.size(); k++) {
        overrides.add(keys.get(k) + "=" + values.get(k));
      }
      if (engine != null) {
        overrides.add("engine=" + engine.name());
      }
      if (seed != null) {
        overrides.add("seed=" + seed);
      }
      try {
        runs.add(new Combination(values, ScenarioLoader.load(config, overrides)));
      } catch (ConfigException e) {
        invalid++;
        List<String> fresh = e.problems().stream()
            .map(line -> asVary(line, overrides.subList(sets.size(), sets.size() + keys.size())))
            .filter(problems::add)
            .toList();
        if (fresh.isEmpty() || invalid > MAX_INVALID_SHOWN) {
          repeats++;
          continue;
        }
        report.add("ringfabric: sweep run " + (i + 1) + "/" + n + " (" + describe(keys, values, ", ")
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

  /**
   * A problem line of the loader, which names every override {@code --set key=value}, naming a
   * varied value {@code --vary key=value} instead.
   */
  static String asVary(String line, List<String> varied) {
    for (String v : varied) {
      String set = "--set " + v + ":";
      if (line.startsWith(set)) {
        return "--vary " + line.substring("--set ".length());
      }
    }
    return line;
  }

  /** The values of combination {@code index}: the last key varies fastest. */
  static List<String> combination(List<Vary> vary, long index) {
    String[] values = new String[vary.size()];
    long rest = index;
    for (int k = vary.size() - 1; k >= 0; k--) {
      List<String> vs = vary.get(k).values();
      values[k] = vs.get((int) (rest % vs.size()));
      rest /= vs.size();
    }
    return List.of(values);
  }

  private static String describe(List<String> keys, List<String> values, String separator) {
    List<String> parts = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      parts.add(keys.get(k) + "=" + values.get(k));
    }
    return String.join(separator, parts);
  }

  /** Parses every {@code --vary}; bad syntax or a key varied twice is bad input. */
  static List<Vary> parseVaries(List<String> varies) {
    List<Vary> out = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    for (String v : varies) {
      int eq = v.indexOf('=');
      String key = eq < 0 ? "" : v.substring(0, eq).trim();
      if (key.isEmpty()) {
        throw new BadInput("--vary needs key=v1,v2,..., got '" + v + "'");
      }
      List<String> values = splitValues(v.substring(eq + 1), v);
      String normal = key.startsWith(ScenarioLoader.ROOT + ".") ? key.substring(ScenarioLoader.ROOT.length() + 1) : key;
      String before = seen.putIfAbsent(normal, key);
      if (before != null) {
        throw new BadInput("--vary " + key + " is given twice; list all its values in one --vary");
      }
      out.add(new Vary(key, values));
    }
    return out;
  }

  /**
   * Splits a value list at the commas that are not inside brackets, braces, parentheses or double
   * quotes ({@code [4,4],[8,8]} is two values); each value trimmed. An empty value or unbalanced
   * brackets or quotes are bad input.
   */
  static List<String> splitValues(String list, String whole) {
    List<String> values = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int depth = 0;
    boolean quoted = false;
    for (int i = 0; i < list.length(); i++) {
      char ch = list.charAt(i);
      if (quoted) {
        cur.append(ch);
        if (ch == '\\' && i + 1 < list.length()) {
          cur.append(list.charAt(++i));
        } else if (ch == '"') {
          quoted = false;
        }
        continue;
      }
      switch (ch) {
        case '"' -> quoted = true;
        case '[', '{', '(' -> depth++;
        case ']', '}', ')' -> {
          if (--depth < 0) {
            throw new BadInput("--vary " + whole + ": '" + ch + "' without its opening bracket");
          }
        }
        case ',' -> {
          if (depth == 0) {
            values.add(value(cur, whole));
            cur.setLength(0);
            continue;
          }
        }
        default -> { }
      }
      cur.append(ch);
    }
    if (quoted) {
      throw new BadInput("--vary " + whole + ": a double quote is not closed");
    }
    if (depth > 0) {
      throw new BadInput("--vary " + whole + ": a bracket or brace is not closed");
    }
    values.add(value(cur, whole));
    return values;
  }

  private static String value(StringBuilder cur, String whole) {
    String v = cur.toString().trim();
    if (v.isEmpty()) {
      throw new BadInput("--vary " + whole + ": empty value; give key=v1,v2,... with a value between"
          + " every two commas");
    }
    return v;
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
