package io.ringfabric.cli;

import io.ringfabric.run.Bench;
import io.ringfabric.run.BookSim;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --booksim}: BookSim2 and ringfabric on BookSim2's set-up, side by side on this
 * host. Each round runs BookSim2 and ringfabric on each engine asked for, one after the other,
 * BookSim2 first and last in turn so that the host's drift falls on all alike; each runs cold in a
 * process of its own, as a user runs it. BookSim2 runs on one thread, as does ringfabric's
 * reference engine; its actor engine, the default, runs a lane a core.
 * Packets per second are over each simulator's own timing of its run loop (BookSim2's "Total run
 * time", ringfabric's engine), which leaves out the JVM's start and the machine's building. Both
 * count the whole run, warm-up included: BookSim2's packets as its accepted rate over the cycles
 * taken, ringfabric's as two a request served, the request and its response (the fabric's port
 * counters count only from the warm-up's end); the few responses still under way at the end count
 * too, under 1.5% of them. A second ratio counts of ringfabric's packets only its PUTs' (two a PUT
 * served), those that cross links: the get-streams' GETs of their own ring pass only their
 * node's switch, which BookSim2's uniform traffic does for one packet in 64 (or 4,096).
 */
final class BenchBookSim {
  /** How to get BookSim2, for a --booksim that names none. */
  static final String HOW_TO_GET = "BookSim2 is not part of ringfabric; get its public source and build it:"
      + " git clone https://github.com/booksim/booksim2 && apt-get install flex bison && make -C booksim2/src,"
      + " then give --booksim booksim2/src/booksim (or the clone's directory); see docs/booksim.md";

  private BenchBookSim() {}

  /** One round's measurement of one simulator. */
  record Run(String simulator, long delivered, long crossing, double runSeconds, double processSeconds,
      String detail) {
    double packetsPerSecond() {
      return delivered / runSeconds;
    }

    /** Packets that crossed links, per second. */
    double crossingPerSecond() {
      return crossing / runSeconds;
    }
  }

  /** One run of one simulator: a process of its own, measured. */
  interface Side {
    Run run() throws IOException, InterruptedException;
  }

  /**
   * Measures {@code rounds} rounds of BookSim2 and ringfabric on each of {@code engines}, and prints
   * each run, the medians and ranges, and the ratios.
   */
  static void measure(PrintWriter out, Path booksim, BookSim.SetUp setUp, Path scenario, int rounds,
      List<String> engines) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("ringfabric-booksim");
    try {
      measure(out, booksim, setUp, scenario, rounds, engines, dir.resolve("torus" + setUp.k() + ".cfg"));
    } finally {
      BenchCluster.delete(dir);
    }
  }

  private static void measure(PrintWriter out, Path booksim, BookSim.SetUp setUp, Path scenario, int rounds,
      List<String> engines, Path config) throws IOException, InterruptedException {
    Files.writeString(config, setUp.config());
    out.println("BookSim2 side by side: " + setUp.describe() + "; " + rounds + " round(s), host as it is");
    out.println("  BookSim2   " + booksim + " " + config + " (one thread)");
    for (String engine : engines) {
      out.println("  ringfabric run " + scenario + " --set " + String.join(" --set ", setUp.overrides())
          + " --engine " + engine + (engine.equals("reference") ? " (one thread)"
              : " (a lane a core: " + Runtime.getRuntime().availableProcessors() + " here)"));
    }
    out.println("  delivered: BookSim2's accepted flits a cycle a node x nodes x cycles; ringfabric's requests"
        + " served x 2 (request and response); run s: each one's own timing of its run loop");
    out.println("  of ringfabric's, only its PUTs' cross links (to another node and back): the get-streams' GETs"
        + " go to their own node's ring through its switch");
    List<Side> ours = new ArrayList<>();
    for (String engine : engines) {
      ours.add(() -> ringfabric(scenario, setUp, engine));
    }
    rounds(out, rounds, () -> booksim(booksim, config, setUp), ours);
  }

  /**
   * Runs {@code rounds} rounds of BookSim2 and each of {@code ours}, one after the other: BookSim2
   * first in odd rounds, last in even ones, the others in turn between (in the reverse order in
   * even rounds), so that the host's drift falls on all alike. Prints each run, each simulator's
   * medians and ranges, and each of ours' ratios to BookSim2 round by round.
   */
  static void rounds(PrintWriter out, int rounds, Side bookSim, List<Side> ours)
      throws IOException, InterruptedException {
    out.printf(Locale.ROOT, "%-5s %-20s %11s %9s %10s %12s  %s%n", "round", "simulator", "delivered", "run s",
        "process s", "packets/s", "ev/op, fingerprint");
    out.flush();
    List<Run> theirs = new ArrayList<>();
    List<List<Run>> mine = new ArrayList<>();
    for (int i = 0; i < ours.size(); i++) {
      mine.add(new ArrayList<>());
    }
    for (int round = 1; round <= rounds; round++) {
      boolean odd = round % 2 == 1;
      if (odd) {
        theirs.add(row(out, round, bookSim.run()));
      }
      for (int k = 0; k < ours.size(); k++) {
        int i = odd ? k : ours.size() - 1 - k;
        mine.get(i).add(row(out, round, ours.get(i).run()));
      }
      if (!odd) {
        theirs.add(row(out, round, bookSim.run()));
      }
    }
    out.printf(Locale.ROOT, "%-20s %11s %24s %30s%n", "simulator", "delivered", "run s, median (range)",
        "packets/s, median (range)");
    summary(out, theirs);
    for (List<Run> runs : mine) {
      summary(out, runs);
    }
    for (List<Run> runs : mine) {
      double[] ratios = new double[rounds];
      double[] crossing = new double[rounds];
      for (int i = 0; i < rounds; i++) {
        ratios[i] = runs.get(i).packetsPerSecond() / theirs.get(i).packetsPerSecond();
        crossing[i] = runs.get(i).crossingPerSecond() / theirs.get(i).crossingPerSecond();
      }
      Arrays.sort(ratios);
      Arrays.sort(crossing);
      out.printf(Locale.ROOT, "ratio %s/BookSim2, packets per wall second, round by round: %.2f (%.2f-%.2f)%n",
          runs.get(0).simulator(), median(ratios), ratios[0], ratios[rounds - 1]);
      out.printf(Locale.ROOT, "the same, of its packets only those that crossed links: %.2f (%.2f-%.2f)%n",
          median(crossing), crossing[0], crossing[rounds - 1]);
    }
    out.flush();
  }

  private static Run booksim(Path binary, Path config, BookSim.SetUp setUp) throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process p = new ProcessBuilder(binary.toString(), config.getFileName().toString())
        .directory(config.getParent().toFile()).redirectErrorStream(true).start();
    String text;
    try (InputStream in = p.getInputStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    int code = p.waitFor(); // 255 after a run that went well: BookSim2's main returns -1 for success
    double process = (System.nanoTime() - start) / 1e9;
    BookSim.Output o;
    try {
      o = BookSim.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(binary + " (exit status " + code + "): " + e.getMessage(), e);
    }
    long delivered = o.delivered(setUp.nodes());
    return new Run("BookSim2", delivered, delivered, o.runSeconds(), process,
        String.format(Locale.ROOT, "%,d cycles at %.6f flits a cycle a node", o.cycles(), o.acceptedFlitRate()));
  }

  private static Run ringfabric(Path scenario, BookSim.SetUp setUp, String engine)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    Bench.Measurement m = BenchCommand.fork(List.of("--booksim-scenario", scenario.toString(), "--booksim-k",
        String.valueOf(setUp.k()), "--engines", engine), setUp.heap(), "BookSim2's set-up on ringfabric");
    double process = (System.nanoTime() - start) / 1e9;
    return new Run("ringfabric " + engine, 2 * m.requestsServed(), 2 * m.putsServed(), m.wallSeconds(), process,
        String.format(Locale.ROOT, "%.1f, %s; PUTs' %,d", m.eventsPerOperation(), m.fingerprint(),
            2 * m.putsServed()));
  }

  private static Run row(PrintWriter out, int round, Run r) {
    out.printf(Locale.ROOT, "%-5d %-20s %,11d %9.3f %10.3f %,12.0f  %s%n", round, r.simulator(), r.delivered(),
        r.runSeconds(), r.processSeconds(), r.packetsPerSecond(), r.detail());
    out.flush();
    return r;
  }

  private static void summary(PrintWriter out, List<Run> runs) {
    double[] wall = runs.stream().mapToDouble(Run::runSeconds).sorted().toArray();
    double[] rate = runs.stream().mapToDouble(Run::packetsPerSecond).sorted().toArray();
    double[] delivered = runs.stream().mapToDouble(Run::delivered).sorted().toArray();
    int last = runs.size() - 1;
    out.printf(Locale.ROOT, "%-20s %,11.0f %24s %30s%n", runs.get(0).simulator(), median(delivered),
        String.format(Locale.ROOT, "%.3f (%.3f-%.3f)", median(wall), wall[0], wall[last]),
        String.format(Locale.ROOT, "%,.0f (%,.0f-%,.0f)", median(rate), rate[0], rate[last]));
  }

  /** The median of sorted values. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
