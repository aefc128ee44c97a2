package io.ringfabric.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.cluster.WireBench;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.WindowWork;
import io.ringfabric.run.Bench;
import io.ringfabric.run.BookSim;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric bench}: measures both engines on the standard scenarios. Each (scenario,
 * engine) pair runs in a JVM of its own, as JMH forks do: the just-in-time compiler otherwise
 * tunes the model's code for whichever engine ran first, and the other pays for it.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Measures the engines: tori of 16, 64 and 256 nodes under uniform PUT traffic on each engine,"
          + " after a warm-up, each in a fresh JVM; prints events, events per PUT or GET served, events and delivered packets per second, windows, the heap's peak and what the machine holds per node,"
          + " with the ratio of the actor engine to the reference engine. Takes minutes: 3 on a quiet 2-core host, 15 on one shared with other work."
    })
final class BenchCommand implements Callable<Integer> {
  private static final String RESULT = "BENCH ";

  @Spec CommandSpec spec;

  @ParentCommand Main main;

  @Option(names = "--nodes", split = ",", paramLabel = "N", description = "Node counts (default: 16,64,256).")
  List<Integer> nodes = List.of(16, 64, 256);

  @Option(names = "--ops", paramLabel = "N", description = "PUTs per producer (default: 300).")
  long ops = 300;

  @Option(names = "--warmup", paramLabel = "N",
      description = "Unmeasured runs first (default: 5; none with --booksim, whose runs are each cold).")
  int warmup = 5; // the actor engine reaches its steady speed on the 4th run or so, the reference on the 3rd

  @Option(names = "--repeat", paramLabel = "N",
      description = "Measured runs; the fastest counts (default: 3). With --booksim: paired rounds.")
  int repeat = 3;

  @Option(names = "--engines", split = ",", paramLabel = "E", completionCandidates = Choices.Engines.class,
      description = "Engines (default: reference,actors).")
  List<String> engines = List.of("reference", "actors");

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads of the actor engine's dispatcher (default: actors.threads, one per core).")
  Integer threads;

  @Option(names = "--throughput", paramLabel = "N",
      description = "Messages an actor handles before yielding its thread (default: actors.throughput).")
  Integer throughput;

  @Option(names = "--spin-wait", paramLabel = "DURATION",
      description = "How long an idle lane watches for work before it sleeps, e.g. 0 or 50us"
          + " (default: actors.spin-wait).")
  String spinWait;

  @Option(names = "--run-ahead", paramLabel = "N",
      description = "Lookaheads the reference engine takes each part on in a sweep, 1 to 64"
          + " (default: reference.run-ahead).")
  Integer runAhead;

  @Option(names = "--cluster", paramLabel = "N",
      description = "Also run each scenario on a local cluster of N member JVMs (one cold run:"
          + " fresh member JVMs, no warm-up) and print its ratio to the actor engine in one JVM.")
  int cluster;

  @Option(names = "--member-java-opts", paramLabel = "OPTS",
      description = "With --cluster: JVM options of the member JVMs, e.g. \"-Xmx2g\" (default: those"
          + " of the measuring JVM, -Xmx4g).")
  String memberJavaOpts;

  @Option(names = "--parallelism", description = "Also print, for each node count, the speedup on"
      + " 4, 8 and 16 lanes that the work of each window allows (from one more reference run).")
  boolean parallelism;

  @Option(names = "--wire", description = "Only compare the serializers of the messages between"
      + " cluster members (a window's exchange of 50 packets of 64 B) and exit.")
  boolean wire;

  @Option(names = "--series", description = "Only measure what the time series cost: each --nodes"
      + " count's scenario (or --booksim-k's set-up) with stats.sample-interval = auto and = off in turn in"
      + " this JVM, on the reference engine, --warmup unmeasured pairs (default here: 2) then --repeat pairs"
      + " (default here: 20); prints the ratio pair by pair, its median and the median's 95%% interval.")
  boolean series;

  @Option(names = "--cpu-time", description = "With --series: time each run by the CPU time of the"
      + " engine's thread instead of the wall clock, which leaves out what other work on the host takes"
      + " (on a shared host the wall clock's pairs spread several times wider).")
  boolean cpuTime;

  @Option(names = "--lockstep", description = "With --series: run each pair's two runs at once, on two"
      + " threads that take turns every 10 ms, each timed by its own thread's CPU time (so --cpu-time"
      + " goes with it): the host's drift falls on both runs alike.")
  boolean lockstep;

  @Option(names = "--booksim", paramLabel = "PATH",
      description = "Only compare with BookSim2 on its own set-up: PATH is its binary or source tree"
          + " (see docs/booksim.md). Writes BookSim2's configuration, runs it and conf/booksim.conf"
          + " at the same load on each of --engines, --repeat rounds, and prints delivered packets per"
          + " wall second of each and the ratios.")
  Path booksim;

  @Option(names = "--booksim-k", paramLabel = "K",
      description = "With --booksim: the torus's side, 8 (0.3 of the channel-load bound, 20,050"
          + " cycles) or 64 (0.24 of the bound, about 2,000 cycles; BookSim2 takes minutes) (default: 8)."
          + " With --series: measure on that set-up's scenario instead of --nodes'.")
  int booksimK = 8;

  @Option(names = "--booksim-scenario", hidden = true, description = "Measure ringfabric on BookSim2's set-up"
      + " from this scenario file (what the --booksim fork runs).")
  Path booksimScenario;

  @Option(names = "--in-process", hidden = true, description = "Measure in this JVM (what each fork runs).")
  boolean inProcess;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    for (int n : nodes) {
      if (n < 1 || n > 65536) {
        throw new BadInput("--nodes: " + n + " is not a node count (1..65536)");
      }
    }
    if (ops < 1) {
      throw new BadInput("--ops: " + ops + " is not a number of PUTs a producer (at least 1)");
    }
    if (repeat < 1) {
      throw new BadInput("--repeat: " + repeat + " is not a number of measured runs (at least 1)");
    }
    if (warmup < 0) {
      throw new BadInput("--warmup: " + warmup + " is not a number of unmeasured runs (0 or more)");
    }
    // options that only mean something beside another: left alone, the run would ignore them
    var parsed = spec.commandLine().getParseResult();
    if (parsed.hasMatchedOption("--booksim-k") && booksim == null && booksimScenario == null && !series) {
      throw new BadInput("--booksim-k chooses the set-up of --booksim PATH; give --booksim too (see docs/booksim.md)");
    }
    if (memberJavaOpts != null && cluster == 0 && !inProcess) {
      throw new BadInput("--member-java-opts are the JVM options of --cluster N's members; give --cluster too");
    }
    // the ranges of the scenario keys they stand for (actors.threads, actors.throughput, reference.run-ahead)
    if (threads != null && (threads < 0 || threads > 1024)) {
      throw new BadInput("--threads: " + threads + " is not a number of threads from 0 (one per core) to 1024");
    }
    if (throughput != null && (throughput < 1 || throughput > 1_000_000)) {
      throw new BadInput("--throughput: " + throughput + " is not a number of messages from 1 to 1000000");
    }
    if (runAhead != null && (runAhead < 1 || runAhead > Scenario.ReferenceSpec.MOST_RUN_AHEAD)) {
      throw new BadInput("--run-ahead: " + runAhead + " is not a number of lookaheads from 1 to "
          + Scenario.ReferenceSpec.MOST_RUN_AHEAD);
    }
    long spinWaitNanos = spinWaitNanos();
    for (String e : engines) {
      if (!e.equals("reference") && !e.equals("actors")) {
        throw new BadInput("--engines: unknown engine '" + e + "'; use reference and/or actors");
      }
    }
    if (cpuTime && !series) {
      throw new BadInput("--cpu-time times the runs of --series: give it with --series");
    }
    if (lockstep && !series) {
      throw new BadInput("--lockstep runs the pairs of --series: give it with --series");
    }
    if (series && booksim != null) {
      throw new BadInput("--series and --booksim PATH are two measurements: give one (--booksim-k alone chooses"
          + " the set-up --series measures on)");
    }
    if (booksim != null || booksimScenario != null) {
      return bookSim(out);
    }
    if (series) {
      if (cluster != 0 || parallelism || wire || parsed.hasMatchedOption("--engines")) {
        throw new BadInput("--series measures the time series on the reference engine in this JVM alone:"
            + " leave out --engines, --cluster, --parallelism and --wire");
      }
      if ((cpuTime || lockstep) && !ManagementFactory.getThreadMXBean().isCurrentThreadCpuTimeSupported()) {
        throw new BadInput((lockstep ? "--lockstep" : "--cpu-time")
            + ": this JVM cannot tell a thread's CPU time; leave it out");
      }
      boolean given = parsed.hasMatchedOption("--repeat");
      boolean warm = parsed.hasMatchedOption("--warmup");
      if (parsed.hasMatchedOption("--booksim-k")) {
        seriesOnBookSim(out, warm ? warmup : 2, given ? repeat : 20);
        return Main.OK;
      }
      for (int n : nodes) {
        BenchSeries.measure(out, n, ops, warm ? warmup : 2, given ? repeat : 20, cpuTime || lockstep, lockstep);
      }
      return Main.OK;
    }
    if (wire) {
      out.printf(Locale.ROOT, "%-16s %10s %14s%n", "serializer", "bytes", "us/round trip");
      for (WireBench.Result r : WireBench.run(50, 64, 200_000)) {
        out.printf(Locale.ROOT, "%-16s %,10d %14.2f%n", r.serializer(), r.bytes(), r.micros());
      }
      return Main.OK;
    }
    if (cluster == 1 || cluster < 0) {
      throw new BadInput("--cluster needs at least 2 members, not " + cluster);
    }
    if (cluster > 1 && !inProcess) {
      MemberJvms.checkJavaOptions(memberJavaOpts);
    }
    if (inProcess && cluster > 1) {
      for (int n : nodes) {
        out.println(RESULT + encode(BenchCluster.measure(n, ops, cluster, actorOverrides(), memberJavaOpts)));
      }
      return Main.OK;
    }
    if (inProcess) {
      for (int n : nodes) {
        Scenario.ActorSpec d = Scenario.ActorSpec.defaults();
        Scenario.ActorSpec actors = new Scenario.ActorSpec(
            threads != null ? threads : d.threads(), throughput != null ? throughput : d.throughput(),
            d.watchdogMillis(), spinWaitNanos);
        Scenario.ReferenceSpec reference = runAhead != null ? new Scenario.ReferenceSpec(runAhead) : null;
        for (Bench.Measurement m : Bench.run(n, ops, engines, warmup, repeat, actors, reference)) {
          out.println(RESULT + encode(m));
        }
      }
      return Main.OK;
    }
    out.printf(Locale.ROOT, "%-6s %-10s %12s %7s %9s %12s %11s %9s %11s %8s %8s %8s  %s%n", "nodes", "engine",
        "events", "ev/op", "wall s", "events/s", "packets/s", "windows", "ev/window", "peak MB", "live MB",
        "KB/node", "fingerprint");
    out.flush();
    for (int n : nodes) {
      List<Bench.Measurement> ms = new ArrayList<>();
      for (String engine : engines) {
        Bench.Measurement m = fork(n, engine);
        ms.add(m);
        row(out, m);
      }
      if (cluster > 1) {
        Bench.Measurement m = fork(n, "cluster");
        for (Bench.Measurement one : ms) { // the same fingerprint: the same packets
          if (one.fingerprint().equals(m.fingerprint())) {
            m = m.withDeliveredPackets(one.deliveredPackets());
          }
        }
        ms.add(m);
        row(out, m);
      }
      ratio(out, ms);
      if (parallelism) {
        StringBuilder b = new StringBuilder();
        for (WindowWork.Bound bound : Bench.parallelism(n, ops)) {
          b.append(String.format(Locale.ROOT, "%s%d lanes %.1fx", b.length() == 0 ? "" : ", ",
              bound.lanes(), bound.speedup()));
        }
        out.printf(Locale.ROOT, "%-6d parallelism bound from the windows' work: %s%n", n, b);
        out.flush();
      }
    }
    return Main.OK;
  }

  /**
   * One measured run: peak MB is the heap's peak, garbage included; live MB the heap after a full
   * collection at the end; KB/node the live heap beyond the rings' capacity over the nodes; ev/op
   * the events over the PUTs and GETs served, which no host's speed changes. A
   * cluster row's heap is its lead's alone, and it has no live figure.
   */
  private static void row(PrintWriter out, Bench.Measurement m) {
    boolean live = m.liveHeapBytes() > 0;
    out.printf(Locale.ROOT, "%-6d %-10s %,12d %7.1f %9.3f %,12.0f %,11.0f %,9d %,11.1f %,8.0f %8s %8s  %s%n",
        m.nodes(), m.engine(), m.events(), m.eventsPerOperation(), m.wallSeconds(), m.eventsPerSecond(), m.deliveredPackets() / m.wallSeconds(),
        m.windows(), m.eventsPerWindow(), m.peakHeapBytes() / 1e6,
        live ? String.format(Locale.ROOT, "%,.0f", m.liveHeapBytes() / 1e6) : "-",
        live ? String.format(Locale.ROOT, "%,.1f", m.bytesPerNode() / 1e3) : "-", m.fingerprint());
    out.flush();
  }

  /** {@code --spin-wait} in nanoseconds, or the default; bad input if it is not a duration up to 1 ms. */
  private long spinWaitNanos() {
    if (spinWait == null) {
      return Scenario.ActorSpec.defaults().spinWaitNanos();
    }
    try {
      long nanos = ConfigFactory.parseMap(Map.of("d", spinWait)).getDuration("d").toNanos();
      if (nanos >= 0 && nanos <= 1_000_000) {
        return nanos;
      }
    } catch (ConfigException e) {
      // said below
    }
    throw new BadInput("--spin-wait: '" + spinWait + "' is not a duration from 0 to 1ms (e.g. 0, 20us)");
  }

  /** {@code --threads}, {@code --throughput} and {@code --spin-wait} as scenario overrides, for cluster members. */
  private List<String> actorOverrides() {
    List<String> sets = new ArrayList<>();
    if (threads != null) {
      sets.add("actors.threads=" + threads);
    }
    if (throughput != null) {
      sets.add("actors.throughput=" + throughput);
    }
    if (spinWait != null) {
      sets.add("actors.spin-wait=" + spinWait);
    }
    return sets;
  }

  /** Measures one scenario and engine in a child JVM. */
  private Bench.Measurement fork(int n, String engine) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("--nodes", String.valueOf(n),
        "--engines", engine.equals("cluster") ? "actors" : engine, "--cluster", engine.equals("cluster") ? String.valueOf(cluster) : "0",
        "--ops", String.valueOf(ops), "--warmup", String.valueOf(warmup), "--repeat", String.valueOf(repeat)));
    given(cmd, "--threads", threads);
    given(cmd, "--throughput", throughput);
    given(cmd, "--run-ahead", runAhead);
    if (spinWait != null) {
      cmd.addAll(List.of("--spin-wait", spinWait));
    }
    if (memberJavaOpts != null) {
      cmd.addAll(List.of("--member-java-opts", memberJavaOpts));
    }
    return fork(cmd, "-Xmx4g", "the benchmark run for " + n + " nodes on " + engine);
  }

  /** Passes an option on to the fork when it was given: left out, the fork takes the scenario's. */
  private static void given(List<String> cmd, String option, Integer value) {
    if (value != null) {
      cmd.addAll(List.of(option, String.valueOf(value)));
    }
  }

  /** Runs {@code bench --in-process} with {@code args} in a child JVM of {@code heap} with this one's class path. */
  static Bench.Measurement fork(List<String> args, String heap, String what) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(JvmTuning.before(List.of(heap)));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "bench", "--in-process"));
    cmd.addAll(args);
    Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    Bench.Measurement found = null;
    StringBuilder log = new StringBuilder();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.startsWith(RESULT)) {
          found = decode(line.substring(RESULT.length()));
        } else {
          log.append(line).append('\n');
        }
      }
    }
    if (child.waitFor() != 0 || found == null) {
      throw new IllegalStateException(what + " failed: "
          + log.toString().strip().lines().reduce((a, b) -> b).orElse("no output"));
    }
    return found;
  }

  /**
   * {@code --booksim}: BookSim2 against ringfabric, side by side; or, in the fork, ringfabric's
   * run on BookSim2's set-up.
   */
  private int bookSim(PrintWriter out) throws IOException, InterruptedException {
    BookSim.SetUp setUp = bookSimSetUp();
    if (booksimScenario != null) {
      Scenario s = Scenarios.load(booksimScenario, false, setUp.overrides());
      out.println(RESULT + encode(Bench.measure(s, engines.get(0))));
      return Main.OK;
    }
    Path binary = BookSim.binary(booksim);
    if (binary == null) {
      throw new BadInput("--booksim: no BookSim2 binary at " + Scenarios.where(booksim) + ". "
          + BenchBookSim.HOW_TO_GET);
    }
    Path scenario = Scenarios.inHome(main.env(Main.HOME_ENV), "conf/booksim.conf");
    Scenarios.requireReadable(scenario, false);
    BenchBookSim.measure(out, binary, setUp, scenario, repeat, engines);
    return Main.OK;
  }

  /**
   * {@code --series --booksim-k K}: what the time series cost on BookSim2's set-up (conf/booksim.conf
   * at the set-up's load and simulated time, 8 VCs), auto against off.
   */
  private void seriesOnBookSim(PrintWriter out, int warm, int pairs) {
    var parsed = spec.commandLine().getParseResult();
    if (parsed.hasMatchedOption("--nodes") || parsed.hasMatchedOption("--ops")) {
      throw new BadInput("--booksim-k with --series measures on BookSim2's set-up, whose machine and load are its"
          + " own: leave out --nodes and --ops");
    }
    BookSim.SetUp setUp = bookSimSetUp();
    Path file = Scenarios.inHome(main.env(Main.HOME_ENV), "conf/booksim.conf");
    List<String> auto = new ArrayList<>(setUp.overrides());
    auto.add("stats.sample-interval=auto");
    List<String> off = new ArrayList<>(setUp.overrides());
    off.add("stats.sample-interval=off");
    String what = "BookSim2's " + booksimK + "x" + booksimK + " set-up (" + file + " --set "
        + String.join(" --set ", setUp.overrides()) + ")";
    BenchSeries.measure(out, what, booksimK + "x" + booksimK + " BookSim set-up", Scenarios.load(file, false, auto),
        Scenarios.load(file, false, off), warm, pairs, cpuTime || lockstep, lockstep);
  }

  /** The set-up {@code --booksim-k} chooses. */
  private BookSim.SetUp bookSimSetUp() {
    BookSim.SetUp setUp = BookSim.SetUp.ofSide(booksimK);
    if (setUp == null) {
      throw new BadInput("--booksim-k: " + booksimK + " is not a set-up; use 8 or 64");
    }
    return setUp;
  }

  /** One measurement as the line a measuring JVM prints after {@link #RESULT}; {@link #decode} reads it back. */
  static String encode(Bench.Measurement m) {
    return String.join(" ", String.valueOf(m.nodes()), m.engine(), String.valueOf(m.events()),
        String.valueOf(m.wallSeconds()), String.valueOf(m.cpuSeconds()), String.valueOf(m.eventsPerSecond()),
        String.valueOf(m.windows()),
        String.valueOf(m.eventsPerWindow()), String.valueOf(m.deliveredPackets()), String.valueOf(m.requestsServed()),
        String.valueOf(m.putsServed()), String.valueOf(m.peakHeapBytes()),
        String.valueOf(m.liveHeapBytes()), String.valueOf(m.ringBytes()), m.fingerprint());
  }

  static Bench.Measurement decode(String line) {
    String[] f = line.split(" ");
    return new Bench.Measurement(Integer.parseInt(f[0]), f[1], Long.parseLong(f[2]),
        Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5]), Long.parseLong(f[6]),
        Double.parseDouble(f[7]), Long.parseLong(f[8]), Long.parseLong(f[9]), Long.parseLong(f[10]),
        Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), f[14]);
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
    for (Bench.Measurement m : ms) {
      if (m.engine().startsWith("cluster") && act != null) {
        out.printf(Locale.ROOT, "%-6d ratio %s/actors %.2f%s%n", m.nodes(), m.engine(),
            m.eventsPerSecond() / act.eventsPerSecond(),
            m.fingerprint().equals(act.fingerprint()) ? "" : "  (FINGERPRINTS DIFFER)");
      }
    }
    out.flush();
  }
}
