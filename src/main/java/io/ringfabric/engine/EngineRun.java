package io.ringfabric.engine;

/**
 * What an engine reports about running a machine, beyond the machine's own state.
 *
 * @param events events handled
 * @param lastEventPs time of the last event handled
 * @param hitDuration whether events remained past the duration limit
 * @param wallNanos wall-clock time of the run loop (never enters the model)
 */
public record EngineRun(String engine, long events, long lastEventPs, boolean hitDuration, long wallNanos) {}
