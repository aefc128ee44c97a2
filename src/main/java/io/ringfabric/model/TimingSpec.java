package io.ringfabric.model;

/**
 * {@code timing.*}.
 *
 * @param mmioPs one register access from a core to its messaging module
 * @param memoryLatencyPs fixed part of one memory access
 * @param memoryBandwidthBitsPerSecond streaming part of one memory access
 * @param moduleLatencyPs the messaging module's work to handle one request or response
 * @param contextMapPs the OS's one-time cost to map a context into a process
 * @param pollIntervalPs idle time between two status polls (0: poll back to back)
 * @param interruptPs from a completion or an arrival to the process's handler running
 */
public record TimingSpec(
    long mmioPs,
    long memoryLatencyPs,
    long memoryBandwidthBitsPerSecond,
    long moduleLatencyPs,
    long contextMapPs,
    long pollIntervalPs,
    long interruptPs) {
  /** Timing with the default interrupt latency of reference.conf, 400 ns. */
  public TimingSpec(long mmioPs, long memoryLatencyPs, long memoryBandwidthBitsPerSecond,
      long moduleLatencyPs, long contextMapPs, long pollIntervalPs) {
    this(mmioPs, memoryLatencyPs, memoryBandwidthBitsPerSecond, moduleLatencyPs, contextMapPs,
        pollIntervalPs, 400_000);
  }
}
