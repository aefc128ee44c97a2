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
 * @param packetOverheadBytes framing and checksum every packet carries on the wire besides its
 *     header, counted in its serialisation, the link's bytes and the room it takes in a buffer
 * @param vcTurnaroundPs least time between two packets of one virtual channel leaving: the next
 *     head's routing and allocation when the switch does not overlap them with the packet before
 * @param inputSpeedup packets one switch input sends through the crossbar at once (credit flow
 *     control): 1 for a plain crossbar, where the channels of an input take turns
 * @param switchAllocator how a switch matches waiting heads to free outputs (credit flow control)
 * @param routing {@code fabric.routing}: {@code auto} or a {@code Routing} kind
 * @param faults {@code fabric.faults}, with the run's seed that their chances are drawn from
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
    long deadlockTimeoutPs,
    int packetOverheadBytes,
    long vcTurnaroundPs,
    int inputSpeedup,
    SwitchAllocator switchAllocator,
    String routing,
    FaultPlan faults) {

  /** {@code fabric.deadlock-timeout}'s default. */
  public static final long DEADLOCK_TIMEOUT_PS = 1_000_000_000L;

  /** The fabric without flow control: ideal output queues, as before credits existed. */
  public FabricSpec(long linkBandwidthBitsPerSecond, long linkLatencyPs, long switchLatencyPs, int mtu,
      int packetHeaderBytes, Switching switching) {
    this(linkBandwidthBitsPerSecond, linkLatencyPs, switchLatencyPs, mtu, packetHeaderBytes, switching,
        FlowControl.NONE, 2, 2048, true, true, DEADLOCK_TIMEOUT_PS, 0, 0, 1, SwitchAllocator.MAXIMAL, "auto",
        FaultPlan.NONE);
  }

  /** This fabric with {@code plan} for its faults. */
  public FabricSpec withFaults(FaultPlan plan) {
    return new FabricSpec(linkBandwidthBitsPerSecond, linkLatencyPs, switchLatencyPs, mtu, packetHeaderBytes,
        switching, flowControl, vcs, vcBufferBytes, separateClasses, datelines, deadlockTimeoutPs, packetOverheadBytes,
        vcTurnaroundPs, inputSpeedup, switchAllocator, routing, plan);
  }

  /** The largest packet on the wire: a full MTU, the header and the overhead. */
  public int largestPacketBytes() {
    return mtu + packetHeaderBytes + packetOverheadBytes;
  }

  /** Bytes {@code p} takes on a link: header, overhead and its payload. */
  public int wireBytes(Packet p) {
    return p.wireBytes(packetHeaderBytes + packetOverheadBytes);
  }

  /** Bytes a packet of {@code payloadBytes} takes on a link. */
  public int wireBytes(int payloadBytes) {
    return packetHeaderBytes + packetOverheadBytes + payloadBytes;
  }
}
