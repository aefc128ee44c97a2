package io.ringfabric.model;

import java.io.Serializable;

/**
 * A process polling its context's status back to back, worked out arithmetically instead of one
 * event per read: read k starts at {@code first + k * period} and its value is known
 * {@code mmio} later. The core turns a run back into single reads only when another process
 * wants the core, so an uncontended poll loop costs no events however long it spins.
 *
 * <p>Read 0 also covers the time before {@code first} during which the process wrote its
 * registers: the core is held from {@code issuedAt}.
 */
final class PollRun implements Serializable {
  private final long issuedAt;
  private final long first;
  private final long mmio;
  private final long period;

  /**
   * @param issuedAt when the process took the core for this run
   * @param first when read 0 starts
   * @param mmio one register read
   * @param interval idle time between two reads
   */
  PollRun(long issuedAt, long first, long mmio, long interval) {
    if (mmio + interval <= 0) {
      throw new IllegalArgumentException("a poll must take time: timing.mmio + timing.poll-interval is 0");
    }
    this.issuedAt = issuedAt;
    this.first = first;
    this.mmio = mmio;
    this.period = mmio + interval;
  }

  long readStart(long k) {
    return first + k * period;
  }

  long readEnd(long k) {
    return readStart(k) + mmio;
  }

  /** The last read started at or before {@code t} (0 before the first one starts). */
  long readAt(long t) {
    return t <= first ? 0 : (t - first) / period;
  }

  /** The first read whose value is known strictly after {@code t}: it sees a status set at t. */
  long firstReadEndingAfter(long t) {
    long end0 = readEnd(0);
    return t < end0 ? 0 : (t - end0) / period + 1;
  }

  /**
   * Whether read {@code k} holds the core at {@code t}: from its start (from {@code issuedAt} for
   * read 0) until its value is known. A read that is due exactly at {@code t} has not started:
   * a process asking for the core at that instant goes first.
   */
  boolean holdsCoreAt(long k, long t) {
    long from = k == 0 ? issuedAt : readStart(k);
    return t < readEnd(k) && (k == 0 ? t >= from : t > from);
  }
}
