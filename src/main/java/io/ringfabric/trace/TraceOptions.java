package io.ringfabric.trace;

import io.ringfabric.model.NodeSet;
import java.nio.file.Path;

/**
 * What to trace and where to write it.
 *
 * @param file the trace file; gzip-compressed when its name ends in {@code .gz}
 * @param fromPs keep records at or after this time
 * @param toPs keep records before this time ({@code Long.MAX_VALUE}: no limit)
 * @param nodes keep records of these nodes only (null: every node and every switch)
 */
public record TraceOptions(Path file, TraceLevel level, long fromPs, long toPs, NodeSet nodes) {
  public boolean keeps(long t, int node) {
    return t >= fromPs && t < toPs && (nodes == null || (node >= 0 && nodes.contains(node)));
  }
}
