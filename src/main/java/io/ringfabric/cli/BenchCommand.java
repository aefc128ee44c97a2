package io.ringfabric.cli;

import io.ringfabric.engine.Bench;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ringfabric bench}: measures both engines on the standard scenarios. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Runs tori of 16, 64 and 256 nodes under uniform PUT traffic on each engine, after a",
      "warm-up, and prints events per second, windows and peak heap, with the ratio of the",
      "actor engine to the reference engine. Takes a minute or two."
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--nodes", split = ",", paramLabel = "N", description = "Node counts (default: 16,64,256).")
  List<Integer> nodes = List.of(16, 64, 256);

  @Option(names = "--ops", paramLabel = "N", description = "PUTs per producer (default: 300).")
  long ops = 300;

  @Option(names = "--warmup", paramLabel = "N", description = "Unmeasured runs per engine first (default: 2).")
  int warmup = 2;

  @Option(names = "--repeat", paramLabel = "N", description = "Measured runs per engine; the fastest counts (default: 3).")
  int repeat = 3;

  @Option(names = "--engines", split = ",", paramLabel = "E", description = "Engines (default: reference,actors).")
  List<String> engines = List.of("reference", "actors");

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "%-6s %-10s %12s %9s %12s %9s %11s %10s  %s%n", "nodes", "engine",
        "events", "wall s", "events/s", "windows", "ev/window", "heap MB", "fingerprint");
    for (int n : nodes) {
      List<Bench.Measurement> ms = Bench.run(n, ops, engines, warmup, repeat);
      for (Bench.Measurement m : ms) {
        out.printf(Locale.ROOT, "%-6d %-10s %,12d %9.3f %,12.0f %,9d %,11.1f %,10.0f  %s%n", m.nodes(),
            m.engine(), m.events(), m.wallSeconds(), m.eventsPerSecond(), m.windows(),
            m.eventsPerWindow(), m.peakHeapBytes() / 1e6, m.fingerprint());
      }
      ratio(out, ms);
      out.flush();
    }
    return Main.OK;
  }

  private static void ratio(PrintWriter out, List<Bench.Measurement> ms) {
    Bench.Measurement ref = null;
    Bench.Measurement act = null;
    for (Bench.Measurement m : ms) {
      if (m.engine().equals("reference")) {
        ref = m;
      } else if (m.engine().equals("actors")) {
        act = m;
      }
    }
    if (ref != null && act != null) {
      out.printf(Locale.ROOT, "%-6d ratio actors/reference %.2f%s%n", ref.nodes(),
          act.eventsPerSecond() / ref.eventsPerSecond(),
          ref.fingerprint().equals(act.fingerprint()) ? "" : "  (FINGERPRINTS DIFFER)");
    }
  }
}
