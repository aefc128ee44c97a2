package io.ringfabric.model;

import java.util.List;

/**
 * What an engine reports about running a machine, beyond the machine's own state.
 *
 * @param events events handled
 * @param lastEventPs time of the last event handled
 * @param hitDuration whether events remained past the duration limit
 * @param wallNanos wall-clock time of the run loop (never enters the model)
 * @param cpuNanos CPU time of the run loop's thread where one thread runs it all (the reference
 *     engine), else 0: unlike the wall clock, it leaves out what other work on the host takes
 * @param windows windows of simulated time the engine opened (0 for one without windows)
 * @param partsWoken parts woken over all windows
 * @param exchanges messages the engine's coordinators sent each other to end windows
 * @param interrupted whether the run was asked to stop early and ended at the end of a window for it
 */
public record EngineRun(
    String engine, long events, long lastEventPs, boolean hitDuration, long wallNanos, long cpuNanos,
    long windows, long partsWoken, long exchanges, boolean interrupted) {

  /** A run without windows, on one thread (the reference engine). */
  public EngineRun(String engine, long events, long lastEventPs, boolean hitDuration, long wallNanos,
      long cpuNanos, boolean interrupted) {
    this(engine, events, lastEventPs, hitDuration, wallNanos, cpuNanos, 0, 0, 0, interrupted);
  }

  /** Runs of the lanes or members of one run as one: events add up; clock and windows are shared; no CPU time. */
  public static EngineRun merge(String engine, List<EngineRun> runs) {
    long events = 0;
    long last = 0;
    long wall = 0;
    long woken = 0;
    long exchanges = 0;
    boolean interrupted = false;
    for (EngineRun r : runs) {
      interrupted |= r.interrupted();
      events += r.events();
      last = Math.max(last, r.lastEventPs());
      wall = Math.max(wall, r.wallNanos());
      woken += r.partsWoken();
      exchanges += r.exchanges();
    }
    EngineRun first = runs.get(0);
    return new EngineRun(engine, events, last, first.hitDuration(), wall, 0, first.windows(), woken, exchanges,
        interrupted);
  }
}
