package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Bench;
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
 */
final class BenchSeries {
  private BenchSeries() {}

  /** One measured run: the engine's time (wall clock or its thread's CPU) and the run's fingerprint. */
  record Run(double seconds, String fingerprint) {}

  /** One run of one variant. */
  interface Side {
    Run run();
  }

  /**
   * Measures {@code pairs} pairs after {@code warmup} unmeasured ones, for the bench scenario of
   * {@code nodes} nodes, timed by the engine thread's CPU time if {@code cpuTime}, else the wall clock.
   */
  static void measure(PrintWriter out, int nodes, long ops, int warmup, int pairs, boolean cpuTime) {
    Scenario auto = Bench.scenario(nodes, ops);
    Scenario off = ScenarioLoader.parse(Bench.hocon(nodes, ops), "(bench " + nodes + " nodes)",
        List.of("stats.sample-interval=off"));
    if (!auto.sampling().auto() || off.sampling().on()) {
      throw new IllegalStateException("the bench scenario's sampling is not auto, or off did not turn it off");
    }
    out.printf(Locale.ROOT, "time series, auto against off: the bench scenario of %d nodes, %d PUTs a producer,"
        + " reference engine, %d unmeasured and %d measured pairs in this JVM, timed by %s%n", nodes, ops, warmup,
        pairs, cpuTime ? "the engine thread's CPU time" : "the wall clock");
    out.flush();
    Side withSeries = () -> run(auto, cpuTime);
    Side without = () -> run(off, cpuTime);
    for (int i = 0; i < warmup; i++) {
      without.run();
      withSeries.run();
    }
    pairs(out, nodes, pairs, without, withSeries);
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
  static void pairs(PrintWriter out, int nodes, int pairs, Side off, Side auto) {
    double[] ratios = new double[pairs];
    String fingerprint = null;
    for (int i = 0; i < pairs; i++) {
      boolean offFirst = i % 2 == 0;
      Run first = (offFirst ? off : auto).run();
      Run second = (offFirst ? auto : off).run();
      Run o = offFirst ? first : second;
      Run a = offFirst ? second : first;
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
    out.printf(Locale.ROOT, "%d nodes: auto/off, pair by pair: median %.3f (range %.3f-%.3f; the median's 95%%"
        + " interval %.3f-%.3f), %d pairs, fingerprint %s%n", nodes, BenchBookSim.median(ratios), ratios[0],
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
