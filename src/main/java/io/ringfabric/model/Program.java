package io.ringfabric.model;

import java.io.Serializable;

/**
 * A process's program, driven by events in simulated time.
 *
 * <p>Each callback must choose the process's next action by calling exactly one of
 * {@link ProcessApi#put}, {@link ProcessApi#get}, {@link ProcessApi#sleep},
 * {@link ProcessApi#compute} or {@link ProcessApi#finish}. After a PUT or GET the process polls
 * its context until the action completes, then {@link #onComplete} runs.
 */
public interface Program extends Serializable {
  /** The OS has mapped the process's context; the process runs for the first time. */
  void onStart(ProcessApi api);

  /** The process's poll saw its action complete (DONE or an error). */
  void onComplete(ProcessApi api, Completion completion);

  /** A {@link ProcessApi#sleep} or {@link ProcessApi#compute} has ended. */
  default void onWake(ProcessApi api) {
    throw new IllegalStateException("program slept but has no onWake");
  }

  /**
   * An element arrived in ring {@code ring} of the process's node while it waited for one
   * ({@link ProcessApi#waitForArrival}); the ring has {@code notify = true}.
   */
  default void onArrival(ProcessApi api, int ring) {
    throw new IllegalStateException("program waited for an arrival but has no onArrival");
  }

  /**
   * After the run: the requests that arrived for this process in {@code [fromPs, toPs]} if it is
   * an open loop (its requests come on their own, whether it keeps up or not), else -1. The
   * offered load of a latency-load curve.
   */
  default long arrivalsBetween(long fromPs, long toPs) {
    return -1;
  }

  /**
   * After the run: if it is an open loop, the PUTs it saw complete DONE from the warm-up's end on
   * (the accepted load, counted as a network simulator counts packets delivered in its measured
   * span, whenever they were sent), else -1.
   */
  default long doneAfterWarmup() {
    return -1;
  }

  /**
   * For a progress line: the operations this program will issue in all, or -1 if it does not say
   * (it runs until it finds nothing more to do, or until the run's end).
   */
  default long plannedOps() {
    return -1;
  }

  /** For a progress line: of {@link #plannedOps}, how many it has issued so far. */
  default long issuedOps() {
    return 0;
  }
}
