package io.ringfabric.oracle;

import io.ringfabric.checkpoint.CheckpointFile;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.EngineEquivalenceTest;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.engine.SharedActors;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The oracle: scenarios drawn over the whole configuration space ({@link Draws}), each run on
 * both engines, checked against the rules ({@link Rules}) from a log of every operation's outcome
 * ({@link OutcomeLog}), and saved at a drawn moment and continued. A failing case shrinks to a
 * small scenario, printed as a scenario file. Its cases: {@code oracle.tries} in pom.xml, which
 * surefire hands jqwik as {@code jqwik.tries.default}; {@code -Doracle.tries=N} for a long hunt,
 * {@code -Doracle.only=TEXT} to fail only on broken rules whose line holds TEXT (e.g. "(e)"), to
 * shrink towards one kind of failure; see docs/testing.md.
 */
class OracleTest {
  private static final String VERSION = "oracle";

  @Provide
  Arbitrary<Draw> scenarios() {
    return Draws.draws();
  }

  @Property
  void everyDrawnScenarioKeepsTheRules(@ForAll("scenarios") Draw draw) throws IOException {
    Render.Rendered rendered = Render.render(draw);
    List<String> broken = check(rendered, draw.checkpointPermille());
    String only = System.getProperty("oracle.only", "");
    broken.removeIf(line -> !line.contains(only));
    if (!broken.isEmpty()) {
      throw new AssertionError("rules broken:\n  " + String.join("\n  ", broken)
          + "\n\nthe scenario (paste it into a file and run it):\n" + rendered.forUser());
    }
  }

  /** Runs one rendered scenario every way and says which rules it broke. */
  static List<String> check(Render.Rendered rendered, int checkpointPermille) throws IOException {
    Path dir = Files.createTempDirectory("oracle");
    try {
      Path file = dir.resolve("scenario.conf");
      Files.writeString(file, rendered.hocon());
      if (rendered.topologyFile() != null) {
        Files.writeString(dir.resolve(Render.TOPOLOGY_FILE), rendered.topologyFile());
      }
      Scenario scenario = ScenarioLoader.load(file, List.of("engine=" + ReferenceEngine.NAME));
      return check(scenario, checkpointPermille, dir);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path p : files.toList()) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  private static List<String> check(Scenario scenario, int checkpointPermille, Path dir) {
    List<String> broken = new ArrayList<>();
    OutcomeLog log = new OutcomeLog();
    BuiltMachine logged = OutcomeLog.build(scenario, log);
    RunResult whole;
    try {
      whole = Simulation.run(logged, ReferenceEngine.NAME);
    } catch (RuntimeException e) {
      broken.add("the reference run failed: " + trace(e));
      return broken;
    }
    boolean ranOut = whole.simulatedNs() * 1000 >= scenario.durationPs() - 1000;
    broken.addAll(new Rules(scenario, logged.machine(), log, ranOut).check());
    if (!whole.processes().failures().isEmpty()) {
      broken.add("(a) processes failed: " + whole.processes().failures());
    }
    broken.addAll(stepByStep(scenario, whole));
    // (g) and both engines: the actors save at a drawn moment, the reference engine continues
    long at = 1 + (long) (whole.simulatedNs() * 1000) * checkpointPermille / 1000;
    Path saved = dir.resolve("at.ckpt");
    Checkpointing saving = new Checkpointing(null, at, saved, VERSION);
    try {
      RunResult actors = SharedActors.run(BuiltMachine.of(scenario), saving);
      if (!actors.fingerprint().equals(whole.fingerprint())) {
        broken.add("the actor engine (saving at " + at + " ps) gave fingerprint " + actors.fingerprint()
            + ", the reference engine " + whole.fingerprint());
      } else {
        // the reference run is listened to, so it works out fewer reads than the actors: its events differ
        String differ = firstDifference(EngineEquivalenceTest.withoutEvents(whole), EngineEquivalenceTest.withoutEvents(actors));
        if (differ != null) {
          broken.add("the engines' results.json differ (same fingerprint): " + differ);
        }
      }
    } catch (RuntimeException e) {
      broken.add("the actor run failed: " + trace(e));
      return broken;
    }
    if (saving.savedAtPs() >= 0) {
      try {
        RunResult continued = Simulation.run(BuiltMachine.of(scenario), ReferenceEngine.NAME, null, Progress.NONE,
            new Checkpointing(CheckpointFile.read(saved, VERSION), Long.MAX_VALUE, null, VERSION));
        if (!continued.fingerprint().equals(whole.fingerprint())) {
          broken.add("(g) continued from the checkpoint at " + saving.savedAtPs() + " ps, the run gave fingerprint "
              + continued.fingerprint() + ", uninterrupted " + whole.fingerprint());
        }
      } catch (RuntimeException e) {
        broken.add("(g) the run continued from the checkpoint at " + saving.savedAtPs() + " ps failed: " + trace(e));
      }
    }
    return broken;
  }

  /**
   * A run traced at {@code all} handles every read of every poll as an event, while the others
   * work out the reads of processes polling in turn: the fingerprint and results must not tell.
   */
  private static List<String> stepByStep(Scenario scenario, RunResult whole) {
    try {
      BuiltMachine traced = BuiltMachine.of(scenario);
      Simulation.attachRecorders(traced.machine(), new TraceOptions(null, TraceLevel.ALL, 0, Long.MAX_VALUE, null));
      RunResult each = Simulation.run(traced, ReferenceEngine.NAME);
      if (!each.fingerprint().equals(whole.fingerprint())) {
        return List.of("the run that works no read out (traced at all) gave fingerprint " + each.fingerprint()
            + ", the one that does " + whole.fingerprint());
      }
      String differ = firstDifference(EngineEquivalenceTest.withoutEvents(whole), EngineEquivalenceTest.withoutEvents(each));
      return differ == null ? List.of() : List.of("traced at all, results.json differ (same fingerprint): " + differ);
    } catch (RuntimeException e) {
      return List.of("the run traced at all failed: " + trace(e));
    }
  }


  /** The first line where the reference run's results (a) and the actors' (b) differ, or null. */
  private static String firstDifference(String a, String b) {
    List<String> x = a.lines().toList();
    List<String> y = b.lines().toList();
    for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
      String l = i < x.size() ? x.get(i).trim() : "(none)";
      String r = i < y.size() ? y.get(i).trim() : "(none)";
      if (!l.equals(r)) {
        return "reference " + l + " actors " + r;
      }
    }
    return null;
  }

  private static String trace(Throwable e) {
    StringWriter w = new StringWriter();
    e.printStackTrace(new PrintWriter(w));
    return w.toString().lines().limit(8).reduce((a, b) -> a + "\n    " + b).orElse("");
  }
}
