package io.ringfabric.model;

import java.io.Serializable;

/**
 * One output port and the link it drives. The link carries one packet at a time; a packet that
 * finds it busy waits in the port's queue, first come first served, and the wait is measured.
 * Only what happens from {@code measuredFromPs} (the run's warm-up) on is measured: packets that
 * start from then on, and the busy time after it.
 */
public final class OutputPort implements Serializable {
  private final String name;
  private final long measuredFromPs;
  private long freeAt;
  private long busyPs;
  private long packets;
  private long bytes;
  private long waited;
  private long waitPs;
  private long maxWaitPs;
  private int maxQueue;
  // Bookings not over yet, oldest first: for the queue depth and the busy time past a run's end.
  private long[] starts = new long[8];
  private long[] ends = new long[8];
  private int head;
  private int tail;
  // The time series of its busy time, from the start: column busyLink of its switch's.
  private final LinkBusySeries busySeries;
  private final int busyLink;

  public OutputPort(String name) {
    this(name, 0);
  }

  public OutputPort(String name, long measuredFromPs) {
    this(name, measuredFromPs, LinkBusySeries.OFF, 0);
  }

  /**
   * @param busySeries the time series of its switch's links' busy time (a link's; others keep
   *     none: {@link LinkBusySeries#OFF}), this port's as link {@code busyLink} of them
   */
  public OutputPort(String name, long measuredFromPs, LinkBusySeries busySeries, int busyLink) {
    this.name = name;
    this.measuredFromPs = measuredFromPs;
    this.busySeries = busySeries;
    this.busyLink = busyLink;
  }

  public String name() {
    return name;
  }

  /**
   * Books the link for one packet that is ready to leave at {@code ready}; returns the time its
   * first bit goes on the wire. Packets reach a port in the order of their ready times.
   *
   * @param now the current simulated time
   */
  public long transmit(long now, long ready, long serializationPs, int wireBytes) {
    return book(now, ready, Math.max(ready, freeAt), serializationPs, wireBytes);
  }

  /**
   * Books the link from {@code start}, when it is free, for a packet that waited for it (in its
   * switch's input buffer) since {@code asked}: the wait and the queue it found are measured from
   * then, as for a packet in the port's own queue. Returns {@code start}.
   */
  public long transmitAt(long now, long asked, long start, long serializationPs, int wireBytes) {
    if (start < freeAt) {
      throw new IllegalStateException(name + " is busy until " + freeAt + " ps: a packet cannot start at " + start);
    }
    return book(now, Math.min(asked, start), start, serializationPs, wireBytes);
  }

  /** When the link has sent everything booked on it. */
  public long freeAt() {
    return freeAt;
  }

  /** Packets booked on the link that have not started by {@code t}: its queue then. */
  public int waitingAt(long t) {
    int n = 0;
    for (int i = head; i != tail; i++) {
      n += starts[i & (starts.length - 1)] > t ? 1 : 0;
    }
    return n;
  }

  /** Whether a packet is on the link at {@code t}. */
  public boolean sendingAt(long t) {
    for (int i = head; i != tail; i++) {
      if (starts[i & (starts.length - 1)] <= t && t < ends[i & (ends.length - 1)]) {
        return true;
      }
    }
    return false;
  }

  private long book(long now, long ready, long start, long serializationPs, int wireBytes) {
    long since = Math.min(now, ready);
    if (freeAt <= since) {
      // Every booking is over (each ends where the next may start, the last at freeAt): forget
      // them without reading them. In a big machine a port's bookings are out of the cache by
      // the time its next packet comes, and reading them was a third of the reference engine's time.
      head = tail;
    }
    long wait = start - ready;
    freeAt = start + serializationPs;
    busyPs += Math.max(0, freeAt - Math.max(start, measuredFromPs));
    busySeries.addSpan(busyLink, start, freeAt);
    long counts = Measured.counts(start, measuredFromPs);
    packets += counts;
    bytes += counts * wireBytes;
    if (wait > 0) {
      waited += counts;
      waitPs += counts * wait;
      maxWaitPs = Math.max(maxWaitPs, counts * wait);
    }
    keep(since, ready, start, freeAt, counts);
    return start;
  }

  /**
   * Keeps the bookings that are not over by {@code now}, adds this one, and measures the queue
   * as this packet finds it: the packets booked before it that have not started by the time it
   * is ready.
   */
  private void keep(long now, long ready, long start, long end, long counts) {
    while (head != tail && ends[head & (ends.length - 1)] <= now) {
      head++;
    }
    // Starts only grow along the bookings: count those after `ready` by binary search.
    int lo = head;
    int hi = tail;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (starts[mid & (starts.length - 1)] > ready) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int queued = tail - lo;
    if (start > ready) {
      queued++;
    }
    maxQueue = Math.max(maxQueue, (int) counts * queued);
    if (tail - head == ends.length) {
      grow();
    }
    starts[tail & (starts.length - 1)] = start;
    ends[tail & (ends.length - 1)] = end;
    tail++;
  }

  private void grow() {
    long[] s = new long[starts.length * 2];
    long[] e = new long[ends.length * 2];
    for (int i = head; i != tail; i++) {
      s[i - head] = starts[i & (starts.length - 1)];
      e[i - head] = ends[i & (ends.length - 1)];
    }
    tail -= head;
    head = 0;
    starts = s;
    ends = e;
  }

  /** Time the link spent sending from the warm-up's end up to {@code t}: bookings that run past it count only until t. */
  public long busyPsUntil(long t) {
    long after = 0;
    for (int i = head; i != tail; i++) {
      long from = Math.max(Math.max(starts[i & (starts.length - 1)], t), measuredFromPs);
      after += Math.max(0, ends[i & (ends.length - 1)] - from);
    }
    return busyPs - after;
  }

  /**
   * Time the link spent sending in each sample interval, warm-up included, of a run that ended at
   * {@code endPs}, at interval {@code finalPs}: as {@link Samples#upTo} gives a series.
   */
  public long[] busySeries(long endPs, long finalPs) {
    return busySeries.upTo(busyLink, endPs, finalPs);
  }

  /** The busy time series' interval now (with auto, as far as it has doubled). */
  public long busyIntervalPs() {
    return busySeries.intervalPs();
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
