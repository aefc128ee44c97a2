package io.ringfabric.model;

/**
 * {@code fabric.*}.
 *
 * @param packetHeaderBytes routing header carried by every packet, on top of its payload
 * @param vcs virtual channels per message class at each switch input (credit flow control)
 * @param vcBufferBytes room of each virtual channel's buffer
 * @param separateClasses whether requests and responses have virtual channels of their own (so a
 *     response never waits behind requests); always so from a scenario, off only in a test that
 *     must reach a deadlock
 * @param datelines whether rings and tori use dateline classes; as {@code separateClasses}
 * @param deadlockTimeoutPs how long the head of a virtual channel may wait for a credit before
 *     its switch looks for a cycle of channels waiting on each other
 */
public record FabricSpec(
    long linkBandwidthBitsPerSecond,
    long linkLatencyPs,
    long switchLatencyPs,
    int mtu,
    int packetHeaderBytes,
    Switching switching,
    FlowControl flowControl,
    int vcs,
    int vcBufferBytes,
    boolean separateClasses,
    boolean datelines,
    long deadlockTimeoutPs) {

  /** {@code fabric.deadlock-timeout}'s default. */
  public static final long DEADLOCK_TIMEOUT_PS = 1_000_000_000L;

  /** The fabric without flow control: ideal output queues, as before credits existed. */
  public FabricSpec(long linkBandwidthBitsPerSecond, long linkLatencyPs, long switchLatencyPs, int mtu,
      int packetHeaderBytes, Switching switching) {
    this(linkBandwidthBitsPerSecond, linkLatencyPs, switchLatencyPs, mtu, packetHeaderBytes, switching,
        FlowControl.NONE, 2, 2048, true, true, DEADLOCK_TIMEOUT_PS);
  }

  /** The same fabric with {@code flowControl}, {@code vcs} channels of {@code vcBufferBytes} each. */
  public FabricSpec withCredits(FlowControl flowControl, int vcs, int vcBufferBytes) {
    return new FabricSpec(linkBandwidthBitsPerSecond, linkLatencyPs, switchLatencyPs, mtu, packetHeaderBytes,
        switching, flowControl, vcs, vcBufferBytes, separateClasses, datelines, deadlockTimeoutPs);
  }

  /** The largest packet on the wire: a full MTU and the header. */
  public int largestPacketBytes() {
    return mtu + packetHeaderBytes;
  }
}
