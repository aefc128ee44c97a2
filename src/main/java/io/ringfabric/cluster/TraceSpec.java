package io.ringfabric.cluster;

import io.ringfabric.model.NodeSet;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.nio.file.Path;

/**
 * What the lead asks every member to record for the trace. Members record what their own parts
 * do and send it to member 0 with each window; only the lead has the file.
 *
 * @param nodes the nodes to record, or null for all
 */
public record TraceSpec(TraceLevel level, long fromPs, long toPs, int[] nodes) implements ClusterMessage {

  public static TraceSpec of(TraceOptions options) {
    return options == null ? null : new TraceSpec(options.level(), options.fromPs(), options.toPs(),
        options.nodes() == null ? null : options.nodes().listed());
  }

  /** The options a member records with; {@code file} is null on members that write no trace. */
  public TraceOptions options(Path file) {
    return new TraceOptions(file, level, fromPs, toPs, nodes == null ? null : NodeSet.of(nodes));
  }
}
