package io.ringfabric.model;

/**
 * {@code fabric.flow-control}: what stops a switch sending a packet the next switch has no room
 * for.
 */
public enum FlowControl {
  /**
   * Each switch input has, per message class, {@code fabric.vcs} virtual channels of {@code
   * fabric.vc-buffer} bytes; a packet leaves only with a credit for room in its next buffer, so
   * congestion spreads upstream.
   */
  CREDIT,
  /** Ideal output queues without limit: nothing ever waits for room downstream (for comparison). */
  NONE
}
