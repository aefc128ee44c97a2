package io.ringfabric.model;

/**
 * What the model's components are built from: the node, fabric, timing and module settings of a
 * scenario, in the model's own units (picoseconds, bytes, bits per second).
 *
 * @param warmupPs actions whose doorbell rings before this time are left out of the statistics
 * @param sampling when the components sample their time series
 * @param endRunOnProgramError whether a process whose program fails ends the run
 */
public record MachineSpec(
    NodeSpec node,
    FabricSpec fabric,
    TimingSpec timing,
    ModuleSpec module,
    long warmupPs,
    Sampling sampling,
    boolean endRunOnProgramError) {}
