package io.ringfabric.run;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.model.SimTime;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.schedule.Envelope;
import io.ringfabric.workload.schedule.GoalWriter;
import io.ringfabric.workload.schedule.LogGp;
import io.ringfabric.workload.schedule.RankScheduleBuilder;
import io.ringfabric.workload.schedule.Schedule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Measures LogGP's L, o, g and G from ringfabric itself: tiny schedules between ranks 0 and 1 (on
 * nodes 0 and 1, one rank a node), run through the real model on the scenario's machine, and the
 * four parameters read off their times. The procedure (docs/schedules.md, "Checked against
 * LogGP"):
 *
 * <ul>
 *   <li><b>One-way time</b> T(s): one message of s bytes, from rank 0's start to rank 1's end. The
 *       receiver finds a message only at its next GET, so each T is the mean over 8 starts of the
 *       sender spread over one polling period of the receiver (a GET and a {@code backoff}).
 *   <li><b>G</b>: the slope of T between 16 and 256 whole elements: a message costs the sender one
 *       PUT round trip an element, so G is that round trip over an element's payload.
 *   <li><b>g</b>: the slope of the time of n back-to-back 1-byte sends, n = 1 and 9: how soon a
 *       rank can send again (LogGP's max(o, g) with (s-1)G = 0).
 *   <li><b>o</b>: the mean of the sender's time held by a 1-byte send (its one context waits for
 *       the PUT's completion) and the receiver's time to take a message already in its ring (one
 *       GET); LogGP charges one o at each end.
 *   <li><b>L</b>: the rest of a 1-byte message's one-way time, T(1) - 2o.
 * </ul>
 *
 * <p>{@code ringfabric loggp} prints the fit, and for each schedule it is given LogGp's time with it
 * beside ringfabric's own.
 */
public final class LogGpFit {
  /** Starts of the sender spread over the receiver's polling period. */
  static final int PHASES = 8;
  private static final int FEW = 16;
  private static final int MANY = 256;
  private static final int BURST = 9;
  /** Elements of the long message taken from the ring for O: few enough for a 4 KiB ring. */
  private static final int GET_ELEMENTS = 8;

  /**
   * What was measured (ns) and the parameters fitted from it.
   *
   * @param params L, o, g, G (LogGP; O = 0), every message eager
   * @param overheadPerByteNs LogGOPS's O: a GET's cost per byte of a long message already there
   * @param payload message bytes in one element (max-element less the envelope)
   * @param oneWayNs T(1)
   * @param oneWayMinNs T(1) at the sender's luckiest start against the receiver's polling
   * @param oneWayMaxNs and at its unluckiest
   * @param sendNs the sender's time in a 1-byte send
   * @param getNs the receiver's time to take a 1-byte message already there
   * @param elementNs one element's cost to a long message (G times payload)
   */
  public record Fit(LogGp.Params params, double overheadPerByteNs, int payload, double oneWayNs,
      double oneWayMinNs, double oneWayMaxNs, double sendNs,
      double getNs, double elementNs) {
    /** The same with O: the receiver's per-byte cost, which LogGP leaves out. */
    public LogGp.Params logGops() {
      LogGp.Params p = params;
      return new LogGp.Params(p.latencyPs(), p.overheadPs(), p.gapPs(), p.gapPerBytePs(),
          Math.round(overheadPerByteNs * 1000), p.eagerLimit());
    }

    /**
     * The one-way time T(1) and the parameters, in the order they are worked out (L needs o), each
     * with what it was measured from, for a table; the parameters' values are those LogGOPSim is
     * given.
     */
    public List<Parameter> parameters() {
      return List.of(
          new Parameter("T(1)", Math.round(oneWayNs * 1000), "ns", "one 1-byte message, rank 0's start to rank"
              + " 1's end: mean of " + PHASES + " starts over the receiver's polling (" + ns(oneWayMinNs) + " to "
              + ns(oneWayMaxNs) + " ns)"),
          new Parameter("G", params.gapPerBytePs(), "ns/B", "slope of T(s) from " + FEW + " to " + MANY
              + " elements: " + ns(elementNs) + " ns an element of " + payload + " B"),
          new Parameter("g", params.gapPs(), "ns", "slope of the time of 1 and of " + BURST
              + " back-to-back 1-byte sends"),
          new Parameter("o", params.overheadPs(), "ns", "mean of a 1-byte send's time to the sender (" + ns(sendNs)
              + " ns) and a GET of a message already there (" + ns(getNs) + " ns)"),
          new Parameter("L", params.latencyPs(), "ns", "T(1) - 2o"),
          new Parameter("O", logGops().overheadPerBytePs(), "ns/B", "a GET's cost per byte of a message of "
              + GET_ELEMENTS + " elements already there (LogGOPS; LogGP has none)"));
    }

    private static String ns(double ns) {
      return SimTime.nsOneDecimal(ns);
    }
  }

  /**
   * One fitted parameter.
   *
   * @param valuePs in ps, or ps a byte (as LogGOPSim takes it)
   * @param unit the unit of {@code valuePs / 1000}: ns or ns/B
   * @param measuredFrom the measurement it was read off, with its figures
   */
  public record Parameter(String name, long valuePs, String unit, String measuredFrom) {}

  /**
   * A schedule that did not finish in ringfabric: a rank failed, or the scenario's duration ran out
   * first (a schedule with something unmatched never ends: check it with LogGp before). The message
   * says which.
   */
  public static final class Unfinished extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    Unfinished(String message) {
      super(message);
    }
  }

  private final Function<List<String>, Scenario> machine;
  private final Path dir;
  private final int payload;
  private final double pollNs;
  private final int nodes;
  private final long durationPs;

  /**
   * @param machine the scenario with these overrides added (its own workload is replaced by the
   *     fit's schedules)
   */
  public LogGpFit(Function<List<String>, Scenario> machine) {
    this.machine = machine;
    try {
      this.dir = Files.createTempDirectory("loggp-fit");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.dir.toFile().deleteOnExit();
    Scenario probe = machineFor(2);
    this.payload = probe.schedule().maxElement() - Envelope.BYTES;
    this.pollNs = probe.schedule().backoffPs() / 1000.0;
    this.nodes = probe.nodes();
    this.durationPs = probe.durationPs();
  }

  /**
   * The machine with a schedule of {@code ranks} ranks, one a node, in place of its workload: a
   * {@code ConfigException} if it cannot run one (no ring for a rank on its node), found without
   * running anything.
   */
  public Scenario machineFor(int ranks) {
    return machine.apply(List.of("ringfabric.workload.schedule.pattern=broadcast",
        "ringfabric.workload.schedule.file=none", "ringfabric.workload.schedule.ranks=" + ranks,
        "ringfabric.workload.schedule.ranks-per-node=1", "ringfabric.workload.processes=[]"));
  }

  /** The machine's nodes: a schedule runs here with at most as many ranks, one a node. */
  public int nodes() {
    return nodes;
  }

  /** The fit on a scenario given as HOCON text. */
  public static LogGpFit of(String hocon) {
    return new LogGpFit(extra -> ScenarioLoader.parse(hocon, "(loggp fit)", extra));
  }

  public Fit fit() {
    double get = getNs(1);
    double getLong = getNs((long) GET_ELEMENTS * payload);
    double send = sendNs();
    double cycle = get + pollNs;
    double[] phases = new double[PHASES];
    double t1 = oneWayNs(1, cycle, phases);
    double few = oneWayNs((long) FEW * payload, cycle);
    double many = oneWayNs((long) MANY * payload, cycle);
    double gPerByte = (many - few) / ((double) (MANY - FEW) * payload);
    double burst = (burstNs(BURST, cycle) - t1) / (BURST - 1);
    double o = (send + get) / 2;
    // every message is eager here; the largest S LogGOPSim can be given (an int)
    LogGp.Params p = LogGp.Params.ns(t1 - 2 * o, o, burst, gPerByte).eagerUpTo(Integer.MAX_VALUE);
    double perByte = (getLong - get) / ((double) GET_ELEMENTS * payload - 1);
    return new Fit(p, perByte, payload, t1, Arrays.stream(phases).min().orElseThrow(),
        Arrays.stream(phases).max().orElseThrow(), send, get, gPerByte * payload);
  }

  /** One message of s bytes from rank 0 to rank 1, mean over the sender's starts. */
  double oneWayNs(long bytes, double cycleNs) {
    return oneWayNs(bytes, cycleNs, new double[PHASES]);
  }

  /** The same, each start's time in {@code each}. */
  double oneWayNs(long bytes, double cycleNs, double[] each) {
    double sum = 0;
    for (int k = 0; k < PHASES; k++) {
      long delay = Math.round(k * cycleNs / PHASES);
      RankScheduleBuilder a = new RankScheduleBuilder(0);
      int send = a.send(bytes, 1, 0);
      if (delay > 0) {
        a.requires(send, a.calc(delay));
      }
      RankScheduleBuilder b = new RankScheduleBuilder(1);
      b.recv(bytes, 0, 0);
      each[k] = timeNs(schedule("one-way " + bytes + " B", a, b)) - delay;
      sum += each[k];
    }
    return sum / PHASES;
  }

  /** n 1-byte messages from rank 0 to rank 1, all at once, mean over the sender's starts. */
  double burstNs(int n, double cycleNs) {
    double sum = 0;
    for (int k = 0; k < PHASES; k++) {
      long delay = Math.round(k * cycleNs / PHASES);
      RankScheduleBuilder a = new RankScheduleBuilder(0);
      int start = delay > 0 ? a.calc(delay) : -1;
      RankScheduleBuilder b = new RankScheduleBuilder(1);
      for (int i = 0; i < n; i++) {
        int send = a.send(1, 1, 0);
        if (start >= 0) {
          a.requires(send, start);
        }
        b.recv(1, 0, 0);
      }
      sum += timeNs(schedule("burst of " + n, a, b)) - delay;
    }
    return sum / PHASES;
  }

  /** The sender's time held by one 1-byte send. */
  double sendNs() {
    RankScheduleBuilder a = new RankScheduleBuilder(0);
    a.send(1, 1, 0);
    RankScheduleBuilder b = new RankScheduleBuilder(1);
    b.recv(1, 0, 0);
    RunResult.Rank sender = finished(schedule("send", a, b)).perRank().get(0);
    return sender.endNs() - sender.startNs();
  }

  /** The receiver's time to take a message already in its ring (posted after a long calc). */
  double getNs(long bytes) {
    long wait = 100_000;
    RankScheduleBuilder a = new RankScheduleBuilder(0);
    a.send(bytes, 1, 0);
    RankScheduleBuilder b = new RankScheduleBuilder(1);
    b.requires(b.recv(bytes, 0, 0), b.calc(wait));
    RunResult.Rank receiver = finished(schedule("get", a, b)).perRank().get(1);
    return receiver.endNs() - receiver.startNs() - wait;
  }

  private static Schedule schedule(String name, RankScheduleBuilder a, RankScheduleBuilder b) {
    return new Schedule(name, List.of(a.build(), b.build()), List.of());
  }

  /**
   * The schedule's time in ringfabric: from its first rank's start to its last rank's end, ns; an
   * {@link Unfinished} if it does not end.
   */
  public double timeNs(Schedule s) {
    RunResult.Schedule r = finished(s);
    double start = r.perRank().stream().mapToDouble(RunResult.Rank::startNs).min().orElse(0);
    return r.completedNs() - start;
  }

  private RunResult.Schedule finished(Schedule s) {
    RunResult.Schedule r = run(s);
    if (r.completedNs() == null) {
      throw new Unfinished(s.source() + " did not finish: " + whyUnfinished(r));
    }
    return r;
  }

  /** A rank's failure; else the scenario's duration, which ran out with these operations unfinished. */
  private String whyUnfinished(RunResult.Schedule r) {
    for (RunResult.Rank rank : r.perRank()) {
      if (rank.failure() != null) {
        return "rank " + rank.rank() + " failed: " + rank.failure();
      }
    }
    List<String> ops = r.unmatchedOps();
    String left = ops.stream().limit(2).collect(Collectors.joining("; ")) + (ops.size() > 2 ? "; ..." : "");
    return r.finishedRanks() + " of " + r.ranks() + " ranks ended within the scenario's duration ("
        + SimTime.compact(durationPs) + ")" + (left.isEmpty() ? "" : " (" + left + ")")
        + "; give it more, e.g. --set duration=1s";
  }

  private RunResult.Schedule run(Schedule s) {
    Path file = dir.resolve("s.goal");
    try (Writer out = Files.newBufferedWriter(file)) {
      GoalWriter.write(s, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    file.toFile().deleteOnExit();
    List<String> extra = new ArrayList<>(List.of("ringfabric.workload.schedule.file=\"" + file.toAbsolutePath() + "\"",
        "ringfabric.workload.schedule.pattern=none", "ringfabric.workload.schedule.ranks-per-node=1",
        "ringfabric.workload.processes=[]"));
    return Simulation.run(machine.apply(extra)).schedule();
  }
}
