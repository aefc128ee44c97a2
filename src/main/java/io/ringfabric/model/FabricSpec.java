package io.ringfabric.model;

/**
 * {@code fabric.*}.
 *
 * @param packetHeaderBytes routing header carried by every packet, on top of its payload
 */
public record FabricSpec(
    long linkBandwidthBitsPerSecond,
    long linkLatencyPs,
    long switchLatencyPs,
    int mtu,
    int packetHeaderBytes,
    Switching switching) {}
