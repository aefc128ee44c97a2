package io.ringfabric.config;

import io.ringfabric.model.NodeSet;

/**
 * One entry of {@code ringfabric.rings}: a ring buffer with this id created on each of
 * {@code nodes}.
 *
 * @param capacity bytes of ring memory, element headers and padding included
 * @param maxElement largest payload one element may carry, in bytes
 * @param alignment every element (header + payload) is padded to a multiple of this
 * @param putAccess nodes allowed to PUT into the ring
 * @param getAccess nodes allowed to GET from the ring
 * @param notifyOnArrival whether an arrival raises a notification to the local process that registered
 */
public record RingSpec(
    NodeSet nodes,
    int id,
    int capacity,
    int maxElement,
    int alignment,
    NodeSet putAccess,
    NodeSet getAccess,
    boolean notifyOnArrival) {}
