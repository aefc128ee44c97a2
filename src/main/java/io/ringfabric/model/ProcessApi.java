package io.ringfabric.model;

import java.util.random.RandomGenerator;

/** What a running process can do and see. Times are picoseconds of simulated time. */
public interface ProcessApi {
  long now();

  /** When the run's warm-up ends ({@code ringfabric.warmup}): what a program counts, it counts from then. */
  long warmupEndPs();

  /** The node this process runs on. */
  int node();

  /** Nodes in the machine. */
  int nodes();

  /** Readable, unique name, e.g. {@code "node 3 core 1 put-stream#0"}. */
  String name();

  /** This process's own random stream, derived from the run's seed and the process. */
  RandomGenerator random();

  /** Index of the context the OS mapped into this process. */
  int context();

  /** Stores {@code payload} in the process's buffer and PUTs it into ring {@code ring} of {@code node}. */
  void put(int node, int ring, byte[] payload);

  /** GETs the oldest element of ring {@code ring} of {@code node} into the process's buffer. */
  void get(int node, int ring);

  /** Leaves the core idle for {@code ps}, then {@link Program#onWake}. */
  void sleep(long ps);

  /** Keeps the core busy for {@code ps}, then {@link Program#onWake}. */
  void compute(long ps);

  /** Ends the process. */
  void finish();

  /**
   * Leaves the core idle until an element arrives in a ring of this node registered to notify
   * this process (a ring with {@code notify = true} drained by it), then {@link Program#onArrival}
   * runs, an interrupt latency later. The ring notifies a process for the first element to
   * arrive after one of its GETs found the ring EMPTY, so drain the ring to EMPTY before waiting.
   * An arrival while the process was busy is not lost, unless a GET of its own reached the ring
   * after the element did (that GET saw it).
   */
  void waitForArrival();

  /**
   * As {@link #waitForArrival()}, for at most {@code limitPs}: when no arrival has come by then,
   * {@link Program#onWake} runs instead of {@link Program#onArrival}.
   */
  void waitForArrival(long limitPs);

  /** Records one round-trip time (a ping-pong's measurement). */
  void recordRoundTrip(long ps);

  /**
   * Records one latency of a measure of the program's own, reported as
   * {@code latencyNs.<measure>} (lower-case letters and dashes; not put, get, message or roundTrip).
   * The interval ends now; it counts only if it began at or after the warm-up's end.
   */
  void recordLatency(String measure, long ps);

  /**
   * As {@link #recordLatency(String, long)} for an interval that ended at {@code endedAtPs}, not
   * now (a {@link Completion}'s, which ends when the module set the status): it counts only if it
   * began, at {@code endedAtPs - ps}, at or after the warm-up's end.
   */
  void recordLatency(String measure, long ps, long endedAtPs);

  /**
   * Reads a status register of context {@code index} of this node's module through the process's
   * mapping. Any context but the process's own is not mapped: the access is a protection fault
   * that stops the process at once (the call does not return).
   */
  void touchContext(int index);

  /**
   * Whether the run's trace keeps this process's marks: a program builds a mark's text only when
   * it does, so marks cost nothing in a run that is not traced.
   */
  default boolean traced() {
    return false;
  }

  /**
   * Marks a moment of the program's own in the trace, now (a record of kind {@code mark} whose
   * detail is {@code what}), e.g. that a message was posted; nothing when the run is not traced.
   * A mark is no event: it changes nothing the run does.
   */
  default void mark(String what) {}

  /**
   * As {@link #mark}, tied to one of the process's actions (the record's {@code op}): the PUT or
   * GET chosen in this callback, or, before one is chosen, the last one issued (none before the
   * first). So a program can say which of its work an action was, before it starts or once it has
   * seen what it brought.
   */
  default void markAction(String what) {}
}
