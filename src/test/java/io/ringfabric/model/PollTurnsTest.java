package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.ActorEngine;
import io.ringfabric.engine.EngineEquivalenceTest;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Processes polling in turn on one core have their reads worked out rather than delivered
 * ({@link CoreSharing}): only how many events an engine delivered may tell. A run traced at
 * {@code all} works nothing out, one traced at {@code ops} works out every read but those that see
 * their completion (the trace records them as they are seen), an untraced one all it can.
 */
class PollTurnsTest {
  @TempDir Path dir;

  /**
   * Eight processes a core, polling by turns while their PUTs fly, two of them by interrupt, and
   * a get-stream that sleeps until its ring's notification or a limit: every way a core's line
   * changes while reads are worked out (a wake, a completion seen late, an interrupt, an arrival).
   */
  private static final String BUSY_CORES = """
      ringfabric {
        duration = 40us
        topology { kind = torus, dims = [3, 3] }
        rings = [ { id = 0, capacity = 16KiB, max-element = 256, notify = true } ]
        defaults.put-stream { target { pattern = uniform, ring = 0 }, size = 200, ops = 100000,
          arrival { model = poisson, interval = 400ns } }
        workload.processes = [
          { program = get-stream, core = 0, source { node = self, ring = 0 }, wait = notification,
            empty-backoff = 2us, idle-limit = 0 }
          { program = put-stream, core = 1, count = 6 }
          { program = put-stream, core = 1, count = 2, completion = interrupt }
          { program = put-stream, core = 2, count = 8, size = 64 }
        ]
      }""";

  private static Scenario scenario(String hocon, String... overrides) {
    return ScenarioLoader.parse(hocon, "PollTurnsTest", List.of(overrides));
  }

  private record Ran(RunResult result, Machine machine) {}

  private Ran run(Scenario s, String engine, TraceLevel level) {
    BuiltMachine built = BuiltMachine.of(s);
    TraceOptions trace = level == null ? null
        : new TraceOptions(dir.resolve(engine + "-" + level + ".trace"), level, 0, Long.MAX_VALUE, null);
    return new Ran(Simulation.run(built, engine, trace), built.machine());
  }

  private static List<Long> coreCounts(Machine m) {
    long polls = 0;
    long pollPs = 0;
    long busyPs = 0;
    long handled = 0;
    for (Component c : m.components()) {
      if (c instanceof Core core) {
        polls += core.polls();
        pollPs += core.pollPs();
        busyPs += core.busyPs();
        handled += core.eventsHandled();
      }
    }
    return List.of(polls, pollPs, busyPs, handled);
  }


  private void sameRunEveryWay(Scenario s, double atMostOfTheEvents) {
    Ran each = run(s, ReferenceEngine.NAME, TraceLevel.ALL);
    Ran ops = run(s, ReferenceEngine.NAME, TraceLevel.OPS);
    Ran plain = run(s, ReferenceEngine.NAME, null);
    Ran actors = run(s, ActorEngine.NAME, null);
    assertTrue(coreCounts(each.machine()).get(0) > 1000, "the scenario polls: " + coreCounts(each.machine()));
    for (Ran r : List.of(ops, plain, actors)) {
      assertEquals(each.result().fingerprint(), r.result().fingerprint());
      assertEquals(EngineEquivalenceTest.withoutEvents(each.result()), EngineEquivalenceTest.withoutEvents(r.result()));
      assertEquals(coreCounts(each.machine()), coreCounts(r.machine()),
          "polls, poll time, busy time and events of the machine handled by the cores");
    }
    assertEquals(plain.result().events(), actors.result().events(), "both engines deliver the same events");
    assertTrue(ops.result().events() < each.result().events());
    assertTrue(plain.result().events() <= ops.result().events());
    assertTrue(plain.result().events() < atMostOfTheEvents * each.result().events(),
        plain.result().events() + " events delivered against " + each.result().events() + " handled one by one");
  }

  @Test
  void processesPollingInTurnGiveTheSameRunWhetherTheirReadsAreDeliveredOrWorkedOut() {
    sameRunEveryWay(scenario(BUSY_CORES), 0.9);
  }

  @Test
  void aRunThatEndsAtItsLimitWhileProcessesStillPollCountsTheirReadsUpToIt() {
    // once every link is down, PUTs in flight are answered by no one before the run's end
    Scenario s = scenario(BUSY_CORES, "module.timeout=1ms", "fabric.faults=[{ links = all, from = 5us, drop-rate = 1 }]",
        "workload.processes=[{ program = put-stream, core = 1, count = 4, target { pattern = fixed, node = 0, ring = 0 } }]");
    sameRunEveryWay(s, 0.2);
    RunResult r = run(s, ReferenceEngine.NAME, null).result();
    assertEquals(40_000.0, r.simulatedNs(), "the run went on to its limit");
  }

  @Test
  void theBookSimSetUpKeepsItsFingerprintWithFewerEvents() {
    Scenario s = ScenarioLoader.load(Path.of("conf/booksim.conf"), List.of("topology.dims=[4,4]",
        "duration=60us", "warmup=20us", "defaults.put-stream.arrival.interval=30us"));
    sameRunEveryWay(s, 0.7); // 0.33 at 8x8 over 400 us, where the start-up counts less
  }
}
