package io.ringfabric.model;

/**
 * One output port and the link it drives. The link carries one packet at a time; a packet that
 * finds it busy waits in the port's queue, first come first served, and the wait is measured.
 */
public final class OutputPort {
  private final String name;
  private long freeAt;
  private long busyPs;
  private long packets;
  private long bytes;
  private long waited;
  private long waitPs;
  private long maxWaitPs;
  private int maxQueue;
  private long[] queuedUntil = new long[4]; // start times of packets not yet on the wire
  private int queueHead;
  private int queueTail;

  public OutputPort(String name) {
    this.name = name;
  }

  public String name() {
    return name;
  }

  /**
   * Books the link for one packet that is ready to leave at {@code ready}; returns the time its
   * first bit goes on the wire.
   *
   * @param now the current simulated time, to count the packets still queued
   */
  public long transmit(long now, long ready, long serializationPs, int wireBytes) {
    long start = Math.max(ready, freeAt);
    long wait = start - ready;
    freeAt = start + serializationPs;
    busyPs += serializationPs;
    packets++;
    bytes += wireBytes;
    if (wait > 0) {
      waited++;
      waitPs += wait;
      maxWaitPs = Math.max(maxWaitPs, wait);
    }
    trackQueue(now, start);
    return start;
  }

  /** Queue depth: packets booked whose transmission has not started by {@code now}. */
  private void trackQueue(long now, long start) {
    while (queueHead != queueTail && queuedUntil[queueHead & (queuedUntil.length - 1)] <= now) {
      queueHead++;
    }
    if (start > now) {
      if (queueTail - queueHead == queuedUntil.length) {
        grow();
      }
      queuedUntil[queueTail++ & (queuedUntil.length - 1)] = start;
    }
    maxQueue = Math.max(maxQueue, queueTail - queueHead);
  }

  private void grow() {
    long[] bigger = new long[queuedUntil.length * 2];
    for (int i = queueHead; i != queueTail; i++) {
      bigger[i - queueHead] = queuedUntil[i & (queuedUntil.length - 1)];
    }
    queueTail -= queueHead;
    queueHead = 0;
    queuedUntil = bigger;
  }

  public long busyPs() {
    return busyPs;
  }

  public long packets() {
    return packets;
  }

  public long bytes() {
    return bytes;
  }

  /** Packets that had to wait for the link. */
  public long waited() {
    return waited;
  }

  public long waitPs() {
    return waitPs;
  }

  public long maxWaitPs() {
    return maxWaitPs;
  }

  /** Most packets queued at once behind the one on the wire. */
  public int maxQueue() {
    return maxQueue;
  }
}
