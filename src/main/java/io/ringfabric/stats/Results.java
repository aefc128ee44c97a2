package io.ringfabric.stats;

import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineRun;
import io.ringfabric.model.Core;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MessagingModule;
import io.ringfabric.model.OpCounters;
import io.ringfabric.model.OutputPort;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.Switch;
import io.ringfabric.workload.ElementCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers a finished run's statistics from every component, always in id order, so the result
 * does not depend on which engine ran the machine or how it was spread.
 */
public final class Results {
  private Results() {}

  public static RunResult collect(Machine machine, EngineRun run) {
    Scenario s = machine.scenario();
    Processes processes = processes(machine);
    long simulatedPs = processes.allEnded ? processes.lastEnd
        : run.hitDuration() ? s.durationPs() : run.lastEventPs();
    OpCounters puts = new OpCounters();
    OpCounters gets = new OpCounters();
    LatencyRecorder putLatency = new LatencyRecorder();
    LatencyRecorder getLatency = new LatencyRecorder();
    LatencyRecorder roundTrips = new LatencyRecorder();
    LatencyRecorder messages = new LatencyRecorder();
    long polls = 0;
    long pollPs = 0;
    long busyPs = 0;
    long notifications = 0;
    long retries = 0;
    long late = 0;
    long served = 0;
    long refused = 0;
    for (int n = 0; n < machine.nodes(); n++) {
      MessagingModule m = machine.module(n);
      puts.add(m.puts());
      gets.add(m.gets());
      putLatency.add(m.putLatency());
      getLatency.add(m.getLatency());
      messages.add(m.messageLatency());
      retries += m.retries();
      late += m.lateResponses();
      served += m.servedPuts() + m.servedGets();
      refused += m.refusedLate();
      for (int c = 0; c < s.node().cores(); c++) {
        Core core = machine.core(n, c);
        roundTrips.add(core.roundTrips());
        polls += core.polls();
        pollPs += core.pollPs();
        busyPs += core.busyPs();
        notifications += core.notifications();
      }
    }
    Map<String, RunResult.Ops> ops = new LinkedHashMap<>();
    ops.put("put", new RunResult.Ops(puts.issued(), puts.ok(), puts.errorCounts()));
    ops.put("get", new RunResult.Ops(gets.issued(), gets.ok(), gets.errorCounts()));
    Map<String, LatencyRecorder.Summary> latency = new LinkedHashMap<>();
    latency.put("put", putLatency.summary());
    latency.put("get", getLatency.summary());
    latency.put("roundTrip", roundTrips.summary());
    latency.put("message", messages.summary());
    java.util.Map<String, LatencyRecorder> own = new java.util.TreeMap<>();
    for (int n = 0; n < machine.nodes(); n++) {
      for (int c = 0; c < s.node().cores(); c++) {
        machine.core(n, c).measures().forEach(
            (name, rec) -> own.computeIfAbsent(name, k -> new LatencyRecorder()).add(rec));
      }
    }
    own.forEach((name, rec) -> latency.put(name, rec.summary()));
    messageBreakdowns(machine, latency);
    Map<String, Long> bytes = new LinkedHashMap<>();
    bytes.put("put", puts.bytesOk());
    bytes.put("get", gets.bytesOk());
    double simulatedUs = simulatedPs / 1e6;
    double ok = puts.ok() + gets.ok();
    RunResult.Throughput throughput = new RunResult.Throughput(
        simulatedPs == 0 ? 0 : round(ok / simulatedUs),
        simulatedPs == 0 ? 0 : round((puts.bytesOk() + gets.bytesOk()) / (simulatedPs / 1e3)));
    ElementCheck check = machine.elementChecks();
    double wallSeconds = run.wallNanos() / 1e9;
    return new RunResult(
        Fingerprint.of(machine),
        run.engine(),
        s.seed(),
        machine.nodes(),
        Describe.scenario(s),
        simulatedPs / 1000.0,
        run.events(),
        round(wallSeconds),
        wallSeconds == 0 ? 0 : Math.round(run.events() / wallSeconds),
        ops,
        latency,
        bytes,
        throughput,
        links(machine, simulatedPs),
        rings(machine),
        new RunResult.Cores(polls, pollPs / 1000.0, busyPs / 1000.0,
            busyPs == 0 ? 0 : round((double) pollPs / busyPs)),
        new RunResult.Module(retries, late, refused, served, notifications),
        processes.result,
        new RunResult.Integrity(check.checked(), check.corrupt(), check.outOfOrder(), check.unstamped()));
  }

  /**
   * The message latency by the pattern that chose the producer's targets and by element size,
   * when the scenario mixes several: {@code message/pattern=hotspot}, {@code message/size=64}.
   */
  private static void messageBreakdowns(Machine machine, Map<String, LatencyRecorder.Summary> latency) {
    Map<String, LatencyRecorder> byPattern = new java.util.TreeMap<>();
    Map<Integer, LatencyRecorder> bySize = new java.util.TreeMap<>();
    for (int n = 0; n < machine.nodes(); n++) {
      MessagingModule m = machine.module(n);
      m.messageLatencyByGroup().forEach((group, rec) -> byPattern
          .computeIfAbsent(patternOf(machine, group), k -> new LatencyRecorder()).add(rec));
      m.messageLatencyBySize().forEach(
          (size, rec) -> bySize.computeIfAbsent(size, k -> new LatencyRecorder()).add(rec));
    }
    if (byPattern.size() > 1) {
      byPattern.forEach((pattern, rec) -> latency.put("message/pattern=" + pattern, rec.summary()));
    }
    if (bySize.size() > 1) {
      bySize.forEach((size, rec) -> latency.put("message/size=" + size, rec.summary()));
    }
  }

  /** A put-stream group's target pattern, or the group's program. */
  private static String patternOf(Machine machine, int group) {
    if (group < 0 || group >= machine.scenario().processes().size()) {
      return "unknown";
    }
    var g = machine.scenario().processes().get(group);
    return g.spec() instanceof io.ringfabric.workload.PutStreamSpec put
        ? put.pattern().configName() : g.program();
  }

  private static RunResult.Links links(Machine machine, long simulatedPs) {
    int count = 0;
    double sum = 0;
    double max = 0;
    String maxName = "";
    long packets = 0;
    long queued = 0;
    long waitPs = 0;
    long maxWait = 0;
    int maxQueue = 0;
    for (int sw = 0; sw < machine.switchCount(); sw++) {
      Switch s = machine.fabricSwitch(sw);
      OutputPort[] ports = s.ports();
      for (int p = 1; p < ports.length; p++) {
        if (!s.hasLink(p)) {
          continue;
        }
        OutputPort port = ports[p];
        double u = simulatedPs == 0 ? 0 : (double) port.busyPsUntil(simulatedPs) / simulatedPs;
        count++;
        sum += u;
        if (u > max) {
          max = u;
          maxName = port.name();
        }
        packets += port.packets();
        queued += port.waited();
        waitPs += port.waitPs();
        maxWait = Math.max(maxWait, port.maxWaitPs());
        maxQueue = Math.max(maxQueue, port.maxQueue());
      }
    }
    return new RunResult.Links(count, count == 0 ? 0 : round(sum / count), round(max), maxName,
        packets, queued, queued == 0 ? 0 : round(waitPs / 1000.0 / queued), maxWait / 1000.0, maxQueue);
  }

  private static RunResult.Rings rings(Machine machine) {
    int count = 0;
    long elements = 0;
    long bytes = 0;
    double peak = 0;
    long peakBytes = 0;
    int peakElements = 0;
    String peakRing = "";
    for (int n = 0; n < machine.nodes(); n++) {
      for (RingBuffer r : machine.memory(n).rings()) {
        count++;
        elements += r.elements();
        bytes += r.payloadBytes();
        double occupancy = (double) r.peakUsedBytes() / r.capacity();
        if (occupancy > peak) {
          peak = occupancy;
          peakBytes = r.peakUsedBytes();
          peakElements = r.peakElements();
          peakRing = "node " + n + " ring " + r.id();
        }
      }
    }
    return new RunResult.Rings(count, elements, bytes, round(peak), peakBytes, peakElements, peakRing);
  }

  private static final class Processes {
    RunResult.Processes result;
    boolean allEnded;
    long lastEnd;
  }

  private static Processes processes(Machine machine) {
    int total = 0;
    int finished = 0;
    int faulted = 0;
    int failed = 0;
    int unfinished = 0;
    long lastEnd = 0;
    List<String> failures = new ArrayList<>();
    for (int n = 0; n < machine.nodes(); n++) {
      for (int c = 0; c < machine.scenario().node().cores(); c++) {
        for (Core.ProcessOutcome p : machine.core(n, c).outcomes()) {
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
    }
    Processes out = new Processes();
    out.result = new RunResult.Processes(total, finished, faulted, failed, unfinished, failures);
    out.allEnded = unfinished == 0;
    out.lastEnd = lastEnd;
    return out;
  }

  /** Six significant decimals are plenty for rates and shares and keep results.json readable. */
  static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }
}
