package io.ringfabric.workload;

import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.model.SplitMix64;
import java.io.Serializable;
import java.util.Set;

/**
 * When a put-stream's requests arrive ({@code arrival}).
 *
 * <ul>
 *   <li>{@code arrival = closed} (the default): closed loop. The next request arrives when the
 *       previous PUT completes, plus {@code think}; no backlog.
 *   <li>{@code arrival { model = poisson, interval = 500ns }}: open loop. Requests arrive on their
 *       own schedule, a Poisson process with mean inter-arrival time {@code interval} (rate
 *       1/interval per process). A request that arrives while the process's PUT is in flight waits
 *       in the process's backlog (first in, first out); its PUT starts when the previous one has
 *       completed (plus {@code think}). A request's latency runs from its arrival, so it includes
 *       the backlog wait.
 * </ul>
 */
public sealed interface ArrivalModel extends Serializable {
  /** The closed loop. */
  ArrivalModel CLOSED = new Closed();

  /** Closed loop: a request arrives when the previous one has completed, plus think time. */
  record Closed() implements ArrivalModel {}

  /**
   * Open loop: Poisson arrivals, exponential inter-arrival times with mean {@code meanIntervalPs}.
   */
  record Poisson(long meanIntervalPs) implements ArrivalModel {
    public Poisson {
      if (meanIntervalPs <= 0) {
        throw new IllegalArgumentException("mean interval must be > 0, not " + meanIntervalPs);
      }
    }
  }

  /** Reads {@code key} of a put-stream: {@code closed}, or a block with {@code model}. */
  static ArrivalModel parse(ConfigReader r, String key) {
    ConfigValue v = r.has(key) ? r.config().getValue(key) : null;
    if (v != null && v.valueType() == ConfigValueType.OBJECT) {
      ConfigReader block = r.child(key);
      int mark = block.problems().count();
      String model = block.oneOf("model", "closed", "poisson");
      if (block.problems().count() != mark) {
        return CLOSED; // the other keys depend on the model
      }
      block.allowOnly(Set.of("model", "interval"));
      if (model.equals("closed")) {
        if (block.has("interval")) {
          block.problem("interval", "applies only to model = poisson, not to model = closed");
        }
        return CLOSED;
      }
      long interval = block.durationPs("interval", 1, Long.MAX_VALUE);
      return block.problems().count() == mark ? new Poisson(interval) : CLOSED;
    }
    if (v != null && v.valueType() == ConfigValueType.STRING && "closed".equals(v.unwrapped())) {
      return CLOSED;
    }
    if (v != null && v.valueType() == ConfigValueType.STRING && "poisson".equals(v.unwrapped())) {
      r.problem(key, "poisson needs its mean interval between arrivals: write"
          + " arrival { model = poisson, interval = 500ns }");
      return CLOSED;
    }
    if (v == null) {
      r.stringValue(key); // records "missing" or "is null"
      return CLOSED;
    }
    r.problem(key, "must be closed or a block such as { model = poisson, interval = 500ns }, not "
        + (v.valueType() == ConfigValueType.STRING ? "'" + v.unwrapped() + "'"
            : v.valueType() == ConfigValueType.LIST ? "a list" : String.valueOf(v.unwrapped())));
    return CLOSED;
  }

  /**
   * The arrival times of a Poisson process, drawn one at a time by inverse transform: each
   * interval is {@code -mean * ln(1 - u)} for a uniform {@code u} in [0, 1), rounded to the
   * picosecond. The draws come from a stream of their own, seeded once from the process's random
   * stream, so that the arrival schedule does not depend on how targets and sizes are drawn.
   */
  final class Arrivals implements Serializable {
    private final SplitMix64 random;
    private final double meanPs;
    private long next;

    /**
     * @param seed the stream's seed (a process takes it from its own random stream)
     * @param start the time the process starts; the first arrival is one interval after it
     */
    public Arrivals(long seed, long meanPs, long start) {
      this.random = new SplitMix64(seed);
      this.meanPs = meanPs;
      this.next = plus(start, interval());
    }

    /** The time of the next arrival not yet taken. */
    public long peek() {
      return next;
    }

    /** Takes the next arrival and draws the one after it; returns the time taken. */
    public long take() {
      long t = next;
      next = plus(next, interval());
      return t;
    }

    /** One exponential interval, in picoseconds. */
    long interval() {
      double x = -meanPs * Math.log(1.0 - random.nextDouble());
      return x >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(x);
    }

    private static long plus(long a, long b) {
      long sum = a + b;
      return sum < a ? Long.MAX_VALUE : sum;
    }
  }
}
