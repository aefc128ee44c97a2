package io.ringfabric.config;

import io.ringfabric.workload.schedule.ScheduleSpec;
import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.MachineSpec;
import io.ringfabric.model.ModuleSpec;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.model.Sampling;
import io.ringfabric.model.TimingSpec;
import io.ringfabric.topology.TopologySpec;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A validated scenario: everything a run needs, in the model's own units (picoseconds, bytes,
 * bits per second). Built only by {@link ScenarioLoader}; every instance has passed validation.
 *
 * @param source where the scenario came from (a file path, or "(defaults)"), for the report
 * @param warmupPs actions whose doorbell rings before this time are left out of the statistics
 * @param sampling when the time series are sampled ({@code stats.sample-interval})
 * @param endRunOnProgramError whether a process whose program fails ends the run
 * @param mostEventsAtOneInstant events one component may handle at one instant before the run
 *     ends as stuck in a loop that takes no time
 * @param settings every setting of the run as written after merging and resolving, by full path
 *     ({@code ringfabric.fabric.mtu} to {@code 256}): what cluster members compare at join
 *     ({@code on-program-error = end-run}) rather than the rest carrying on
 */
public record Scenario(
    String source,
    long seed,
    String engine,
    long durationPs,
    TopologySpec topology,
    NodeSpec node,
    FabricSpec fabric,
    TimingSpec timing,
    ModuleSpec module,
    List<RingSpec> rings,
    List<ProcessGroupSpec> processes,
    ActorSpec actors,
    ReferenceSpec reference,
    long warmupPs,
    Sampling sampling,
    boolean endRunOnProgramError,
    long mostEventsAtOneInstant,
    SortedMap<String, String> settings) {

  public Scenario {
    rings = List.copyOf(rings);
    processes = List.copyOf(processes);
    settings = Collections.unmodifiableSortedMap(new TreeMap<>(settings));
  }

  public int nodes() {
    return topology.nodes();
  }

  /** The settings the model's components are built from. */
  public MachineSpec machine() {
    return new MachineSpec(node, fabric, timing, module, warmupPs, sampling, endRunOnProgramError,
        mostEventsAtOneInstant);
  }

  /**
   * The scenario as a file: every setting, resolved, one per line ({@code ringfabric.fabric.mtu =
   * 256}), in path order. Loading it gives this scenario again.
   */
  public String asConfig() {
    return asConfig(settings);
  }

  /** {@link #asConfig()} of these settings (a checkpoint keeps them without the scenario). */
  public static String asConfig(SortedMap<String, String> settings) {
    StringBuilder text = new StringBuilder();
    for (var e : settings.entrySet()) {
      text.append(e.getKey()).append(" = ").append(e.getValue()).append('\n');
    }
    return text.toString();
  }

  /** The smallest delay of any event crossing from one node to another: a switch plus a wire. */
  public long lookaheadPs() {
    return fabric.switchLatencyPs() + fabric.linkLatencyPs();
  }

  /**
   * {@code actors.*}: how the actor engine uses the machine it runs on. None of it changes results.
   *
   * @param threads threads of the simulation dispatcher (0: one per available processor)
   * @param throughput messages an actor handles before it lets another actor have the thread
   * @param watchdogMillis wall-clock time a window may take before the run is aborted
   * @param spinWaitNanos wall-clock time an idle lane watches for work before its thread sleeps
   */
  public record ActorSpec(int threads, int throughput, long watchdogMillis, long spinWaitNanos) {
    /** The defaults of reference.conf. */
    public static ActorSpec defaults() {
      return new ActorSpec(0, 100, 60_000, 50_000);
    }
  }

  /**
   * {@code reference.*}: how the reference engine orders its work. None of it changes results.
   *
   * @param runAhead lookaheads (the least delay between nodes) a sweep takes every part on
   */
  public record ReferenceSpec(int runAhead) {
    /** The most lookaheads a sweep may take a part on (reference.run-ahead, bench --run-ahead). */
    public static final int MOST_RUN_AHEAD = 64;

    /** The defaults of reference.conf. */
    public static ReferenceSpec defaults() {
      return new ReferenceSpec(4);
    }
  }

  /**
   * This scenario without its {@link #settings}: two scenarios equal this way simulate the same
   * machine, however they were written.
   */
  public Scenario withoutSettings() {
    return new Scenario(source, seed, engine, durationPs, topology, node, fabric, timing, module,
        rings, processes, actors, reference, warmupPs, sampling, endRunOnProgramError, mostEventsAtOneInstant, new TreeMap<>());
  }

  /** This scenario with other reference engine settings (tests, the bench). */
  public Scenario with(ReferenceSpec reference) {
    return new Scenario(source, seed, engine, durationPs, topology, node, fabric, timing, module,
        rings, processes, actors, reference, warmupPs, sampling, endRunOnProgramError, mostEventsAtOneInstant, settings);
  }

  /** This scenario with another engine, or actor settings (tests, the bench). */
  public Scenario with(String engine, ActorSpec actors) {
    return new Scenario(source, seed, engine, durationPs, topology, node, fabric, timing, module,
        rings, processes, actors, reference, warmupPs, sampling, endRunOnProgramError, mostEventsAtOneInstant, settings);
  }

  /** The schedule of {@code workload.schedule}, or null when the scenario has none. */
  public ScheduleSpec schedule() {
    for (ProcessGroupSpec g : processes) {
      if (g.spec() instanceof ScheduleSpec schedule) {
        return schedule;
      }
    }
    return null;
  }
}
