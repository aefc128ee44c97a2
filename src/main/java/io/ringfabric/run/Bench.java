package io.ringfabric.run;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.engine.WindowWork;
import io.ringfabric.model.EngineRun;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/**
 * The standard benchmark: tori of 16, 64 and 256 nodes under uniform PUT traffic that keeps the
 * fabric busy, run on each engine after a warm-up. Speed is measured here, on purpose, never in
 * unit tests.
 */
public final class Bench {
  private Bench() {}

  /** One measured run. */
  public record Measurement(
      int nodes, String engine, long events, double wallSeconds, double eventsPerSecond,
      long windows, double eventsPerWindow, long peakHeapBytes, String fingerprint) {}

  /** The scenario for {@code nodes} nodes (a square torus, or 4 x n/4). */
  public static Scenario scenario(int nodes, long opsPerProducer) {
    return ScenarioLoader.parse(hocon(nodes, opsPerProducer), "(bench " + nodes + " nodes)", List.of());
  }

  /** The scenario's text, for members of a cluster run to load from a file. */
  public static String hocon(int nodes, long opsPerProducer) {
    int x = (int) Math.round(Math.sqrt(nodes));
    int y = nodes / x;
    if (x * y != nodes) {
      x = nodes;
      y = 1;
    }
    return """
        ringfabric {
          topology { kind = torus, dims = [%d, %d] }
          rings = [ { id = 0, capacity = 16KiB, max-element = 256 } ]
          workload.processes = [
            { program = get-stream, core = 0, source { node = self, ring = 0 }, empty-backoff = 200ns }
            { program = put-stream, core = 1, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
            { program = put-stream, core = 2, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
            { program = put-stream, core = 3, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
          ]
        }
        """.formatted(x, y, opsPerProducer, opsPerProducer, opsPerProducer);
  }

  /** Runs one scenario once on one engine and measures it. */
  public static Measurement measure(Scenario scenario, String engine) {
    System.gc();
    resetPeaks();
    BuiltMachine built = BuiltMachine.of(scenario);
    EngineRun run = Simulation.runEngine(built, engine, null, Progress.NONE);
    RunResult result = Results.collect(built, run);
    double wall = run.wallNanos() / 1e9;
    return new Measurement(scenario.nodes(), engine, run.events(), wall, run.events() / wall,
        run.windows(), run.windows() == 0 ? 0 : (double) run.events() / run.windows(), peakHeap(),
        result.fingerprint());
  }

  /**
   * How much faster the scenario of {@code nodes} nodes could run on 4, 8 and 16 lanes, from the
   * work of each of its windows (one reference run, not timed).
   */
  public static List<WindowWork.Bound> parallelism(int nodes, long opsPerProducer) {
    BuiltMachine built = BuiltMachine.of(scenario(nodes, opsPerProducer));
    WindowWork work = new WindowWork(built.machine().layout());
    ReferenceEngine.run(built.machine(), built.scenario().durationPs(), null, Progress.NONE, work);
    return work.bounds();
  }

  /** Warms up, then measures each engine {@code repeat} times and keeps the fastest run. */
  public static List<Measurement> run(
      int nodes, long ops, List<String> engines, int warmup, int repeat, Scenario.ActorSpec actors) {
    Scenario scenario = scenario(nodes, ops);
    if (actors != null) {
      scenario = scenario.with(scenario.engine(), actors);
    }
    List<Measurement> best = new ArrayList<>();
    for (String engine : engines) {
      for (int i = 0; i < warmup; i++) {
        measure(scenario, engine);
      }
      Measurement fastest = null;
      for (int i = 0; i < repeat; i++) {
        Measurement m = measure(scenario, engine);
        if (fastest == null || m.wallSeconds() < fastest.wallSeconds()) {
          fastest = m;
        }
      }
      best.add(fastest);
    }
    return best;
  }

  /** Forgets the heap's peak so far, before a measured run. */
  public static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The heap's peak since {@link #resetPeaks}, bytes. */
  public static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
