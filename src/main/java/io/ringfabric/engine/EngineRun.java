package io.ringfabric.engine;

/**
 * What an engine reports about running a machine, beyond the machine's own state.
 *
 * @param events events handled
 * @param lastEventPs time of the last event handled
 * @param hitDuration whether events remained past the duration limit
 * @param wallNanos wall-clock time of the run loop (never enters the model)
 * @param windows windows of simulated time the engine opened (0 for one without windows)
 * @param partsWoken parts woken over all windows
 */
public record EngineRun(
    String engine, long events, long lastEventPs, boolean hitDuration, long wallNanos, long windows,
    long partsWoken) {

  /** A run without windows (the reference engine). */
  public EngineRun(String engine, long events, long lastEventPs, boolean hitDuration, long wallNanos) {
    this(engine, events, lastEventPs, hitDuration, wallNanos, 0, 0);
  }
}
