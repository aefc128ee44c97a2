package io.ringfabric.cli;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.model.EngineRun;
import io.ringfabric.run.Bench;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.Results;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --series}: what the time series cost, the bench scenario with {@code
 * stats.sample-interval = auto} (the default) against {@code off}, on the reference engine. Unlike
 * the engines' rows, the two run in turn in one JVM, the first of each pair alternating: the model's
 * code is the same for both (the series are branches inside it), so the compiler's tuning falls on
 * both alike, and a pair's runs are seconds apart, which this host's drift needs (one run can be 15%
 * off the next). So what counts is the ratio pair by pair: its median, and the interval that holds
 * the median with 95% confidence, whose width says whether the pairs were enough.
 *
 * <p>With {@code --lockstep} a pair's runs go at once, on two threads that take turns every 10 ms,
 * each timed by its own thread's CPU time: the drift within a pair's seconds then falls on both
 * alike, where in turn it falls on one run or the other.
 */
final class BenchSeries {
  private BenchSeries() {}

  /** One measured run: the engine's time (wall clock or its thread's CPU) and the run's fingerprint. */
  record Run(double seconds, String fingerprint) {}

  /** One run of one variant. */
  interface Side {
    Run run();
  }

  /** One pair's runs, off's first if {@code offFirst}: returns off's run, then auto's. */
  interface Pair {
    Run[] run(boolean offFirst);
  }

  /** How long a run of a lockstep pair runs before it hands the CPU to the other. */
  static final long LOCKSTEP_SLICE_NANOS = 10_000_000;

  /**
   * Measures {@code pairs} pairs after {@code warmup} unmeasured ones, for the bench scenario of
   * {@code nodes} nodes, timed by the engine thread's CPU time if {@code cpuTime}, else the wall clock.
   */
  static void measure(PrintWriter out, int nodes, long ops, int warmup, int pairs, boolean cpuTime,
      boolean lockstep) {
    Scenario auto = Bench.scenario(nodes, ops);
    Scenario off = ScenarioLoader.parse(Bench.hocon(nodes, ops), "(bench " + nodes + " nodes)",
        List.of("stats.sample-interval=off"));
    String what = String.format(Locale.ROOT, "the bench scenario of %d nodes, %d PUTs a producer", nodes, ops);
    measure(out, what, nodes + " nodes", auto, off, warmup, pairs, cpuTime, lockstep);
  }

  /**
   * The same for any scenario: {@code auto} and {@code off} are one scenario with {@code
   * stats.sample-interval} auto and off; {@code what} names it in the heading, {@code label} in the
   * summary line.
   */
  static void measure(PrintWriter out, String what, String label, Scenario auto, Scenario off, int warmup,
      int pairs, boolean cpuTime, boolean lockstep) {
    if (!auto.sampling().auto() || off.sampling().on()) {
      throw new IllegalStateException(what + ": the sampling is not auto, or off did not turn it off");
    }
    out.printf(Locale.ROOT, "time series, auto against off: %s, reference engine, %d unmeasured and %d measured"
        + " pairs in this JVM, %s%n", what, warmup, pairs,
        lockstep ? "each pair's runs at once, taking turns every " + LOCKSTEP_SLICE_NANOS / 1_000_000
            + " ms, timed by their threads' CPU time"
            : "in turn, timed by " + (cpuTime ? "the engine thread's CPU time" : "the wall clock"));
    out.flush();
    Pair pair = lockstep ? offFirst -> atOnce(off, auto, offFirst)
        : inTurn(() -> run(off, cpuTime), () -> run(auto, cpuTime));
    for (int i = 0; i < warmup; i++) {
      pair.run(true);
    }
    pairs(out, label, pairs, pair);
  }

  /** A pair whose runs go one after the other. */
  static Pair inTurn(Side off, Side auto) {
    return offFirst -> {
      Run first = (offFirst ? off : auto).run();
      Run second = (offFirst ? auto : off).run();
      return offFirst ? new Run[] {first, second} : new Run[] {second, first};
    };
  }

  /**
   * Off's and auto's runs at once, on two threads taking turns ({@link TakingTurns}), each timed by
   * its own thread's CPU time: the machines are built first, and the results collected after both
   * ended, so that neither's timed part meets the other's other work.
   */
  private static Run[] atOnce(Scenario off, Scenario auto, boolean offFirst) {
    BuiltMachine[] built = {BuiltMachine.of(off), BuiltMachine.of(auto)};
    TakingTurns turns = new TakingTurns(LOCKSTEP_SLICE_NANOS, offFirst ? 0 : 1);
    EngineRun[] runs = new EngineRun[2];
    Throwable[] failed = new Throwable[2];
    Thread[] threads = new Thread[2];
    System.gc();
    for (int side = 0; side < 2; side++) {
      int s = side;
      threads[s] = new Thread(() -> {
        try {
          runs[s] = Simulation.runEngine(built[s], ReferenceEngine.NAME, null, new Progress(turns.pacer(s)));
        } catch (RuntimeException | Error e) {
          failed[s] = e;
        } finally {
          turns.done(s);
        }
      }, "bench-series-" + (s == 0 ? "off" : "auto"));
      threads[s].start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while a lockstep pair ran", e);
      }
    }
    for (Throwable f : failed) {
      if (f instanceof RuntimeException r) {
        throw r;
      } else if (f instanceof Error e) {
        throw e;
      }
    }
    Run[] pair = new Run[2];
    for (int s = 0; s < 2; s++) {
      pair[s] = new Run(runs[s].cpuNanos() / 1e9, Results.collect(built[s], runs[s]).fingerprint());
    }
    return pair;
  }

  private static Run run(Scenario scenario, boolean cpuTime) {
    Bench.Measurement m = Bench.measure(scenario, "reference");
    return new Run(cpuTime ? m.cpuSeconds() : m.wallSeconds(), m.fingerprint());
  }

  /**
   * Runs {@code pairs} pairs, {@code off} first in odd ones, and prints each pair's times and ratio,
   * then the ratios' median, range and the median's 95% interval. The series only watch the run:
   * a pair whose fingerprints differ is a bug, and ends the measurement.
   */
  static void pairs(PrintWriter out, String label, int pairs, Pair pair) {
    double[] ratios = new double[pairs];
    String fingerprint = null;
    for (int i = 0; i < pairs; i++) {
      Run[] runs = pair.run(i % 2 == 0);
      Run o = runs[0];
      Run a = runs[1];
      if (!o.fingerprint().equals(a.fingerprint()) || (fingerprint != null && !fingerprint.equals(o.fingerprint()))) {
        throw new IllegalStateException("pair " + (i + 1) + ": fingerprints " + o.fingerprint() + " (off) and "
            + a.fingerprint() + " (auto)" + (fingerprint == null ? "" : ", " + fingerprint + " before")
            + ": the time series changed what the machine did");
      }
      fingerprint = o.fingerprint();
      ratios[i] = a.seconds() / o.seconds();
      out.printf(Locale.ROOT, "pair %3d: off %8.3f s, auto %8.3f s, auto/off %.3f%n", i + 1, o.seconds(),
          a.seconds(), ratios[i]);
      out.flush();
    }
    Arrays.sort(ratios);
    int[] interval = medianInterval(pairs);
    out.printf(Locale.ROOT, "%s: auto/off, pair by pair: median %.3f (range %.3f-%.3f; the median's 95%%"
        + " interval %.3f-%.3f), %d pairs, fingerprint %s%n", label, BenchBookSim.median(ratios), ratios[0],
        ratios[pairs - 1], ratios[interval[0]], ratios[interval[1]], pairs, fingerprint);
    out.flush();
  }

  /**
   * The indexes into {@code n} sorted values that bound their median with at least about 95%
   * confidence, whatever their distribution: floor(n/2 - 0.98 sqrt n) and ceil(n/2 + 0.98 sqrt n)
   * - 1 (the binomial's normal approximation; the exact interval for 10, 20 and 40 values), the
   * whole range for five or fewer.
   */
  static int[] medianInterval(int n) {
    double half = 0.98 * Math.sqrt(n);
    int low = (int) Math.max(0, Math.floor(n / 2.0 - half));
    int high = (int) Math.min(n - 1, Math.ceil(n / 2.0 + half) - 1);
    return new int[] {low, Math.max(low, high)};
  }
}
