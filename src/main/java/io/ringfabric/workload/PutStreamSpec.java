package io.ringfabric.workload;

import io.ringfabric.hocon.ConfigReader;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code program = put-stream}: PUTs {@code ops} elements, each into ring {@code target.ring} of a
 * node chosen by {@code target.pattern}, with a payload of {@code size} bytes (one size or a
 * distribution); requests arrive as {@code arrival} says (closed loop by default: the next one
 * after each completion plus {@code think}).
 *
 * @param target how each PUT's target node is chosen
 * @param payload each PUT's payload size
 * @param ops PUTs issued before the process finishes (open loop: arrivals served)
 * @param thinkPs pause after each completion before the next PUT may start
 * @param arrival closed or open loop
 * @param retryOnFull {@code on-full = retry}: a PUT answered FULL is sent again, same element to
 *     the same node, {@code retryBackoffPs} later, until it is DONE or ends otherwise; {@code
 *     drop} ({@code false}) counts it and goes on to the next request
 */
public record PutStreamSpec(TargetPattern target, int ring, PayloadSize payload, long ops,
    long thinkPs, ArrivalModel arrival, boolean retryOnFull, long retryBackoffPs) implements ProgramSpec {

  /** {@code retry-backoff}'s default: 1 us. */
  public static final long DEFAULT_RETRY_BACKOFF_PS = 1_000_000;

  /** A stream that drops a PUT answered FULL. */
  public PutStreamSpec(TargetPattern target, int ring, PayloadSize payload, long ops, long thinkPs,
      ArrivalModel arrival) {
    this(target, ring, payload, ops, thinkPs, arrival, false, DEFAULT_RETRY_BACKOFF_PS);
  }

  /** How a put-stream chooses each PUT's target node; see {@link TargetPattern} for each. */
  public enum Pattern {
    /** Any node but the process's own, uniformly at random. */
    UNIFORM,
    /** The next node by id, wrapping around: {@code (self + 1) mod nodes}. */
    NEIGHBOR,
    /** Always {@code target.node}. */
    FIXED,
    /** Node (x, y) of a k x k grid of ids to (y, x). */
    TRANSPOSE,
    /** The log2(n) bits of the id reversed. */
    BIT_REVERSE,
    /** {@code (self + ceil(n/2) - 1) mod n}. */
    TORNADO,
    /** {@code target.node} with probability {@code target.fraction}, else another node uniformly. */
    HOTSPOT,
    /** Everyone to {@code target.node}. */
    INCAST,
    /** Every other node in turn, from {@code self + 1}. */
    ALL_TO_ALL;

    /** The name a scenario uses, e.g. {@code bit-reverse}. */
    public String configName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every pattern's config name, in the order the documentation lists them. */
    static String[] configNames() {
      Pattern[] all = values();
      String[] names = new String[all.length];
      for (int i = 0; i < all.length; i++) {
        names[i] = all[i].configName();
      }
      return names;
    }

    static Pattern fromConfigName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
  }

  public PutStreamSpec {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(payload, "payload");
    Objects.requireNonNull(arrival, "arrival");
  }

  /**
   * A closed-loop stream of one payload size, as scenarios wrote it before sizes, arrivals and the
   * other patterns existed ({@code fixedNode} is used by fixed, hotspot and incast; a hotspot
   * sends {@link TargetPattern#DEFAULT_HOTSPOT_FRACTION} of its PUTs to it).
   */
  public PutStreamSpec(Pattern pattern, int fixedNode, int ring, int size, long ops, long thinkPs) {
    this(TargetPattern.of(pattern, fixedNode), ring, PayloadSize.fixed(size), ops, thinkPs,
        ArrivalModel.CLOSED);
  }

  /** The pattern's kind. */
  public Pattern pattern() {
    return target.kind();
  }

  /** {@code target.node} for the patterns that use it (fixed, hotspot, incast), else -1. */
  public int fixedNode() {
    return target.node();
  }

  /** The largest payload a PUT of this stream can carry (bytes); the size, when it is fixed. */
  public int size() {
    return payload.largest();
  }

  static final Set<String> KEYS = Set.of("target", "size", "ops", "think", "arrival", "on-full", "retry-backoff");

  /** Reads a put-stream without knowing the node count (no checks against it). */
  static PutStreamSpec parse(ConfigReader r) {
    return parse(r, 0);
  }

  /**
   * Reads a put-stream group's keys; problems go to the reader.
   *
   * @param nodes nodes in the machine, or 0 or less when unknown
   */
  static PutStreamSpec parse(ConfigReader r, int nodes) {
    r.allowOnly(union(KEYS));
    ConfigReader target = r.child("target");
    TargetPattern pattern = TargetPattern.parse(target, nodes);
    int ring = target.intValue("ring", 0, 65535);
    PayloadSize size = PayloadSize.parse(r, "size");
    long ops = r.longValue("ops", 0, Long.MAX_VALUE);
    long think = r.durationPs("think", 0, Long.MAX_VALUE);
    ArrivalModel arrival = ArrivalModel.parse(r, "arrival");
    boolean retry = r.oneOf("on-full", "drop", "retry").equals("retry");
    long backoff = r.durationPs("retry-backoff", 0, Long.MAX_VALUE);
    return new PutStreamSpec(pattern, ring, size, ops, think, arrival, retry, backoff);
  }

  static Set<String> union(Set<String> own) {
    Set<String> all = new TreeSet<>(own);
    all.addAll(Programs.COMMON_KEYS);
    return all;
  }
}
