package io.ringfabric.stats;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Describe;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.model.SimTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Gathers a finished run's statistics. Each part of the machine is read into a {@link PartTally};
 * the tallies are merged in part order, which visits nodes, cores, rings and switches in id order,
 * so the result does not depend on which engine ran the machine or how it was spread. A cluster
 * does the same steps across its members:
 *
 * <ol>
 *   <li>every member makes the {@link PartTally#of tallies} of its parts;
 *   <li>the coordinator finds the run's end with {@link #simulatedPs} over all tallies;
 *   <li>every member makes the {@link LinkBusy#of busy times} of its parts' links up to that end;
 *   <li>the coordinator merges everything with {@link #from}.
 * </ol>
 */
public final class Results {
  private Results() {}

  /** The results of a machine whose parts are all at hand, as a cluster would merge them. */
  public static RunResult collect(BuiltMachine built, EngineRun run) {
    Machine machine = built.machine();
    Scenario s = built.scenario();
    List<PartTally> tallies = new ArrayList<>();
    for (int part = 0; part < machine.layout().parts(); part++) {
      tallies.add(PartTally.of(built, part));
    }
    long simulatedPs = simulatedPs(s, tallies, run);
    long intervalPs = sampleIntervalPs(s, tallies, simulatedPs);
    List<LinkBusy> busy = new ArrayList<>();
    for (int part = 0; part < machine.layout().parts(); part++) {
      busy.add(LinkBusy.of(machine, part, simulatedPs, intervalPs));
    }
    return from(s, tallies, busy, run);
  }

  /**
   * The run's simulated end: the last process's end if every process ended, else the duration
   * limit if the engine stopped there, else its last event.
   *
   * @param tallies every part's tally, in any order
   */
  public static long simulatedPs(Scenario s, List<PartTally> tallies, EngineRun run) {
    return simulatedPs(s, ProcessMerge.of(PartTally.inPartOrder(tallies)), run);
  }

  /**
   * The interval of the run's time series, which every part cuts its own to ({@link LinkBusy#of}),
   * for a run that ended at {@code simulatedPs}; 0 when sampling is off.
   *
   * @param tallies every part's tally, in any order
   */
  public static long sampleIntervalPs(Scenario s, List<PartTally> tallies, long simulatedPs) {
    return SeriesMerge.intervalPs(s, tallies, simulatedPs);
  }

  private static long simulatedPs(Scenario s, ProcessMerge processes, EngineRun run) {
    return processes.result().unfinished() == 0 ? processes.lastEnd()
        : run.hitDuration() ? s.durationPs() : run.lastEventPs();
  }

  /**
   * The run's results from every part's tally and links' busy time, as {@link #collect} gives them
   * for the whole machine.
   *
   * @param tallies every part's tally, in any order
   * @param busy every part's links' busy time up to {@link #simulatedPs}, in any order
   * @throws IllegalArgumentException if a part is missing or twice, or the two lists disagree
   */
  public static RunResult from(Scenario s, List<PartTally> tallies, List<LinkBusy> busy, EngineRun run) {
    List<PartTally> parts = PartTally.inPartOrder(tallies);
    if (parts.size() < s.nodes()) {
      throw new IllegalArgumentException(parts.size() + " tallies for " + s.nodes() + " nodes");
    }
    ProcessMerge processes = ProcessMerge.of(parts);
    long simulatedPs = simulatedPs(s, processes, run);
    OpTotals puts = new OpTotals();
    OpTotals gets = new OpTotals();
    long polls = 0;
    long pollPs = 0;
    long busyPs = 0;
    long notifications = 0;
    long retries = 0;
    long late = 0;
    long served = 0;
    long refused = 0;
    long duplicates = 0;
    long duplicatesDropped = 0;
    long unanswered = 0;
    long confirmations = 0;
    RunResult.Integrity integrity = new RunResult.Integrity(0, 0, 0, 0);
    for (PartTally t : parts) {
      puts.add(t.puts());
      gets.add(t.gets());
      polls += t.cores().polls();
      pollPs += t.cores().pollPs();
      busyPs += t.cores().busyPs();
      notifications += t.cores().notifications();
      retries += t.module().retries();
      late += t.module().lateResponses();
      served += t.module().served();
      refused += t.module().refusedLate();
      duplicates += t.module().duplicates();
      duplicatesDropped += t.module().duplicatesDropped();
      unanswered += t.module().unanswered();
      confirmations += t.module().confirmations();
      integrity = add(integrity, t.checks());
    }
    Map<String, RunResult.Ops> ops = new LinkedHashMap<>();
    ops.put("put", puts.result());
    ops.put("get", gets.result());
    Map<String, Long> bytes = new LinkedHashMap<>();
    bytes.put("put", puts.bytesOk);
    bytes.put("get", gets.bytesOk);
    double wallSeconds = run.wallNanos() / 1e9;
    Map<String, LatencyRecorder> latencies = LatencyMerge.of(s, parts);
    return new RunResult(
        Fingerprint.of(parts),
        run.engine(),
        Build.current(),
        s.seed(),
        s.nodes(),
        Describe.scenario(s),
        SimTime.toNs(simulatedPs),
        run.interrupted(),
        run.events(),
        round(wallSeconds),
        wallSeconds == 0 ? 0 : Math.round(run.events() / wallSeconds),
        ops,
        LatencyMerge.summaries(latencies),
        bytes,
        throughput(puts, gets, busy, measuredPs(s, simulatedPs)),
        FabricMerge.links(parts, FabricMerge.busyInPartOrder(parts, busy), measuredPs(s, simulatedPs)),
        FabricMerge.rings(parts),
        new RunResult.Cores(polls, SimTime.toNs(pollPs), SimTime.toNs(busyPs),
            busyPs == 0 ? 0 : round((double) pollPs / busyPs)),
        new RunResult.Module(retries, late, refused, served, notifications, duplicates, duplicatesDropped, unanswered,
            confirmations),
        processes.result(),
        integrity,
        SeriesMerge.of(s, parts, busy, sampleIntervalPs(s, parts, simulatedPs)),
        ScheduleMerge.of(s.schedule(), parts),
        latencies);
  }

  /**
   * The measured span, from the warm-up's end to the run's: what is counted (actions rung in it,
   * link time in it) is divided by this, not by the whole run.
   */
  static long measuredPs(Scenario s, long simulatedPs) {
    return Math.max(0, simulatedPs - s.warmupPs());
  }

  private static RunResult.Throughput throughput(OpTotals puts, OpTotals gets, List<LinkBusy> busy, long measuredPs) {
    double ok = puts.ok + gets.ok;
    long offered = -1;
    long accepted = 0;
    for (LinkBusy b : busy) {
      offered = b.offered() < 0 ? offered : Math.max(offered, 0) + b.offered();
      accepted += Math.max(0, b.accepted());
    }
    return new RunResult.Throughput(
        measuredPs == 0 ? 0 : round(ok / (measuredPs / 1e6)),
        measuredPs == 0 ? 0 : round((puts.bytesOk + gets.bytesOk) / (measuredPs / 1e3)),
        offered < 0 ? null : perUs(offered, measuredPs),
        offered < 0 ? null : perUs(accepted, measuredPs));
  }

  private static double perUs(long count, long ps) {
    return ps == 0 ? 0 : round(count / (ps / 1e6));
  }

  private static RunResult.Integrity add(RunResult.Integrity sum, PartTally.Checks c) {
    return new RunResult.Integrity(sum.checked() + c.checked(), sum.corrupt() + c.corrupt(),
        sum.outOfOrder() + c.outOfOrder(), sum.unstamped() + c.unstamped());
  }

  /** One op type summed over parts; errors by name, in name order. */
  private static final class OpTotals {
    long issued;
    long ok;
    long bytesOk;
    long unknown;
    final Map<String, Long> errors = new TreeMap<>();

    void add(PartTally.Ops o) {
      issued += o.issued();
      ok += o.ok();
      bytesOk += o.bytesOk();
      unknown += o.unknown();
      o.errors().forEach((name, count) -> errors.merge(name, count, Long::sum));
    }

    RunResult.Ops result() {
      return new RunResult.Ops(issued, ok, errors, unknown);
    }
  }

  /** What became of the processes, in part order, and when the last one ended. */
  private record ProcessMerge(RunResult.Processes result, long lastEnd) {
    static ProcessMerge of(List<PartTally> parts) {
      int total = 0;
      int finished = 0;
      int faulted = 0;
      int failed = 0;
      int unfinished = 0;
      long lastEnd = 0;
      List<String> failures = new ArrayList<>();
      for (PartTally t : parts) {
        for (PartTally.Outcome p : t.processes()) {
          total++;
          switch (p.state()) {
            case "FINISHED" -> finished++;
            case "FAULTED" -> faulted++;
            case "FAILED" -> failed++;
            default -> unfinished++;
          }
          if (p.failure() != null) {
            failures.add(p.failure());
          }
          lastEnd = Math.max(lastEnd, p.endedAt());
        }
      }
      return new ProcessMerge(
          new RunResult.Processes(total, finished, faulted, failed, unfinished, failures), lastEnd);
    }
  }

  /** Six significant decimals are plenty for rates and shares and keep results.json readable. */
  static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }
}
