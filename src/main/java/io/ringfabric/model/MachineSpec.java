package io.ringfabric.model;

/**
 * What the model's components are built from: the node, fabric, timing and module settings of a
 * scenario, in the model's own units (picoseconds, bytes, bits per second).
 *
 * @param warmupPs actions whose doorbell rings before this time are left out of the statistics
 * @param sampling when the components sample their time series
 * @param endRunOnProgramError whether a process whose program fails ends the run
 * @param mostEventsAtOneInstant events one component may handle at one instant before the run
 *     ends as stuck in a loop that takes no time ({@link TimeStandsStill})
 */
public record MachineSpec(
    NodeSpec node,
    FabricSpec fabric,
    TimingSpec timing,
    ModuleSpec module,
    long warmupPs,
    Sampling sampling,
    boolean endRunOnProgramError,
    long mostEventsAtOneInstant) {
  /** reference.conf's most-events-at-one-instant. */
  public static final long MOST_EVENTS_AT_ONE_INSTANT = 1_000_000;

  /** With the default {@link #MOST_EVENTS_AT_ONE_INSTANT}. */
  public MachineSpec(NodeSpec node, FabricSpec fabric, TimingSpec timing, ModuleSpec module, long warmupPs,
      Sampling sampling, boolean endRunOnProgramError) {
    this(node, fabric, timing, module, warmupPs, sampling, endRunOnProgramError, MOST_EVENTS_AT_ONE_INSTANT);
  }
}
