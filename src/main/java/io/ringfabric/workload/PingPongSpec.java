package io.ringfabric.workload;

import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.model.Core;
import java.util.Set;

/**
 * {@code program = ping-pong}: the group's two nodes bounce one element of {@code size} bytes
 * through each other's ring {@code ring}; the first node measures {@code ops} round trips.
 */
public record PingPongSpec(int ring, int size, long ops, long emptyBackoffPs) implements ProgramSpec {

  static final Set<String> KEYS = Set.of("ring", "size", "ops", "empty-backoff");

  static PingPongSpec parse(ConfigReader r, int nodes) {
    r.allowOnly(PutStreamSpec.union(KEYS));
    int ring = r.intValue("ring", 0, 65535);
    int size = (int) r.bytes("size", 0, Core.BUFFER_BYTES);
    long ops = r.longValue("ops", 0, Long.MAX_VALUE);
    long backoff = r.durationPs("empty-backoff", 0, Long.MAX_VALUE);
    var group = r.nodeSet("nodes", nodes);
    int[] listed = group.listed();
    if (listed != null && listed.length == 1) { // [3] or [3, 3]: one node cannot play against itself
      r.problem("nodes", "ping-pong needs two different nodes, e.g. nodes = [0, 5], not node " + listed[0] + " alone");
    } else if (listed == null || listed.length != 2) {
      r.problem("nodes", "ping-pong needs exactly two nodes, e.g. nodes = [0, 5]");
    }
    if (r.has("count") && r.config().getValue("count").unwrapped() instanceof Number n
        && n.intValue() != 1) {
      r.problem("count", "ping-pong runs one process on each of its two nodes; count must be 1");
    }
    return new PingPongSpec(ring, size, ops, backoff);
  }
}
