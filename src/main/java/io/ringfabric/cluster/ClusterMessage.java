package io.ringfabric.cluster;

/**
 * Marks the messages members send each other once or a few times per run (joining, starting,
 * gathering results). Bound to Pekko's Jackson CBOR serializer in ringfabric-cluster.conf: they
 * are few, so a readable, field-named form is worth more than speed. The per-window messages use
 * {@link WireSerializer}.
 */
public interface ClusterMessage {}
