package io.ringfabric.workload;

import io.ringfabric.hocon.ConfigReader;
import java.util.Set;

/**
 * {@code program = get-stream}: GETs from ring {@code ring} on {@code sourceNode} (-1: its own
 * node) until {@code ops} GETs returned an element (0: no limit) or {@code idleLimit} GETs in a
 * row brought none back, EMPTY or TIMEOUT (0: never).
 */
public record GetStreamSpec(int sourceNode, int ring, long ops, int idleLimit, long emptyBackoffPs,
    long thinkPs, boolean waitForNotification) implements ProgramSpec {

  /** A get-stream that backs off after EMPTY. */
  public GetStreamSpec(int sourceNode, int ring, long ops, int idleLimit, long emptyBackoffPs, long thinkPs) {
    this(sourceNode, ring, ops, idleLimit, emptyBackoffPs, thinkPs, false);
  }

  static final Set<String> KEYS = Set.of("source", "ops", "idle-limit", "empty-backoff", "think", "wait");

  static GetStreamSpec parse(ConfigReader r) {
    r.allowOnly(PutStreamSpec.union(KEYS));
    ConfigReader source = r.child("source");
    source.allowOnly(Set.of("node", "ring"));
    int node = source.nodeOrSelf("node");
    int ring = source.intValue("ring", 0, 65535);
    long ops = r.longValue("ops", 0, Long.MAX_VALUE);
    int idle = r.intValue("idle-limit", 0, Integer.MAX_VALUE);
    long backoff = r.durationPs("empty-backoff", 0, Long.MAX_VALUE);
    long think = r.durationPs("think", 0, Long.MAX_VALUE);
    boolean notification = r.oneOf("wait", "backoff", "notification").equals("notification");
    if (notification && node >= 0) {
      r.problem("wait", "notification needs the ring on the process's own node (source.node = self):"
          + " arrival notifications go to a local process");
    }
    return new GetStreamSpec(node, ring, ops, idle, backoff, think, notification);
  }
}
