package io.ringfabric.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * One output port and the link it drives. The link carries one packet at a time; a packet that
 * finds it busy waits in the port's queue, first come first served, and the wait is measured.
 * Only what happens from {@code measuredFromPs} (the run's warm-up) on is measured: packets that
 * start from then on, and the busy time after it.
 */
public final class OutputPort implements Serializable, SeriesRows.Column {
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
  // The time series of its busy time, from the start: column busyLink of the links' series it
  // shares (saved and restored as its own: see writeObject), or a series of its own (ownSeries)
  // for a fixed interval of many samples.
  private final Sampling sampling;
  private transient SeriesRows busySeries;
  private transient int busyLink;
  private final Samples ownSeries;
  private long busyReachPs; // where its last time on the wire ended

  public OutputPort(String name) {
    this(name, 0);
  }

  /** A port whose busy time is not sampled. */
  public OutputPort(String name, long measuredFromPs) {
    this(name, measuredFromPs, Sampling.OFF, SeriesRows.OFF, 0);
  }

  /**
   * @param sampling when its busy time is sampled
   * @param busySeries the links' series it shares ({@link SeriesRows#OFF} for a fixed
   *     interval of many samples, which it keeps in a {@link Samples} of its own), this port's
   *     as column {@code busyLink} of it
   */
  public OutputPort(String name, long measuredFromPs, Sampling sampling, SeriesRows busySeries, int busyLink) {
    this.name = name;
    this.measuredFromPs = measuredFromPs;
    this.sampling = sampling;
    this.busySeries = busySeries;
    this.busyLink = busyLink;
    this.ownSeries = sampling.on() && !SeriesRows.kept(sampling) ? Samples.sum(sampling) : null;
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
    if (freeAt > start) {
      busyReachPs = freeAt;
      busySeries.addSpan(busyLink, now, start, freeAt);
      if (ownSeries != null) {
        ownSeries.addSpan(start, freeAt);
      }
    }
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
    return ownSeries != null ? ownSeries.upTo(endPs, finalPs) : busySeries.upTo(busyLink, endPs, finalPs);
  }

  /** The interval its busy time series needs at least (with auto, as its packets so far take it). */
  public long busyIntervalPs() {
    return ownSeries != null ? ownSeries.intervalPs() : SeriesRows.reachedIntervalPs(sampling, busyReachPs);
  }

  /** Its busy time series goes on as column {@code column} of {@code to}, which takes what it holds so far. */
  @Override
  public void moveTo(SeriesRows to, int column) {
    to.take(column, busySeries, busyLink);
    busySeries = to;
    busyLink = column;
  }

  /** Writes its busy time series as its own, the same whichever links it shared it with. */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    // a port without a link samples nothing (Sampling.OFF)
    busySeries.write(out, busyLink, SeriesRows.kept(sampling));
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    busySeries = SeriesRows.read(in, sampling);
    busyLink = 0;
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
