package io.ringfabric.workload;

import io.ringfabric.config.ConfigReader;
import java.util.Set;

/**
 * {@code program = put-stream}: PUTs {@code ops} elements of {@code size} bytes, each to a ring
 * {@code ring} on a node chosen by {@code pattern}, pausing {@code think} after each completion.
 *
 * @param fixedNode target node for {@code pattern = fixed}
 */
public record PutStreamSpec(Pattern pattern, int fixedNode, int ring, int size, long ops, long thinkPs)
    implements ProgramSpec {

  /** How a put-stream chooses each PUT's target node. */
  public enum Pattern {
    /** Any node but the process's own, uniformly at random. */
    UNIFORM,
    /** The next node by id, wrapping around: {@code (self + 1) mod nodes}. */
    NEIGHBOR,
    /** Always {@code target.node}. */
    FIXED
  }

  static final Set<String> KEYS = Set.of("target", "size", "ops", "think");

  static PutStreamSpec parse(ConfigReader r) {
    r.allowOnly(union(KEYS));
    ConfigReader target = r.child("target");
    target.allowOnly(Set.of("pattern", "node", "ring"));
    String pattern = target.oneOf("pattern", "uniform", "neighbor", "fixed");
    int node = target.intValue("node", 0, 65535);
    int ring = target.intValue("ring", 0, 65535);
    int size = (int) r.bytes("size", 0, io.ringfabric.model.Core.BUFFER_BYTES);
    long ops = r.longValue("ops", 0, Long.MAX_VALUE);
    long think = r.durationPs("think", 0, Long.MAX_VALUE);
    return new PutStreamSpec(
        Pattern.valueOf(pattern.toUpperCase(java.util.Locale.ROOT)), node, ring, size, ops, think);
  }

  static Set<String> union(Set<String> own) {
    java.util.Set<String> all = new java.util.TreeSet<>(own);
    all.addAll(Programs.COMMON_KEYS);
    return all;
  }
}
