package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One quantity of one component sampled in simulated time, for the results' series: a sum over
 * each interval ({@link #sum}: operations completed, bytes, a link's busy time) or a level at the
 * end of each interval ({@link #level}: a ring's occupancy, packets a component put into the fabric
 * less those it took out). A component sees its own events in time order, so a level's samples
 * are taken as it changes: a change at time t first gives every sample due at or before t the
 * level before it.
 *
 * <p>With {@link Sampling#auto()} the interval doubles when a time needs more samples than it may
 * keep; the doubled samples are exactly those taken at that interval from the start (sums add in
 * pairs, levels keep every second one), so when a series doubled never shows in what it gives.
 *
 * <p>A series costs what changes, not what is sampled: it holds entries of (interval, value) in
 * interval order, for a sum each interval whose sum was touched, for a level each sample from which
 * on the level differs from the one before (0 before the first). An entry's interval is counted at
 * the series' interval {@code shift} doublings ago: a doubling only adds to the shift, and the
 * entries are folded to the interval of now only when they fill their room. So a series that
 * changes once in many samples never folds, and nothing is done per sample. A change inside the
 * last entry's interval (a sum) or before the next sample is due (a level) touches one value and
 * divides nothing.
 */
public final class Samples implements Serializable {
  private static final long[] NO_ENTRIES = {};
  private static final int FIRST_ROOM = 8;

  private final Sampling sampling;
  private final boolean level;
  private long intervalPs;
  // Sums: the times of the last entry's interval. Levels: openTo is when the next sample is due.
  private long openFrom = Long.MAX_VALUE;
  private long openTo = Long.MIN_VALUE;
  private long current; // levels: the level now
  private int size; // levels: samples taken, at intervalPs
  private int shift; // the entries' intervals are at intervalPs halved this many times
  private int n; // entries
  // The last entry, here so that a change in a new interval only writes the entries: its interval
  // (-1 with none) and, for a level, its value.
  private int lastAt = -1;
  private long lastLevel;
  // Entry i is entries[2i] (its interval, at shift) and entries[2i + 1] (its value): side by side,
  // so that a new entry is one cache line, not one in each of two arrays.
  private long[] entries = NO_ENTRIES;
  // Sums: what the changes inside the last entry's interval added and its value does not hold
  // yet. Kept here, in the series' own fields, so that the common change (a busy link's next
  // packet) touches no array: in a big machine each array is one more cache miss per change.
  private long pending;

  private Samples(Sampling sampling, boolean level) {
    this.sampling = sampling;
    this.level = level;
    this.intervalPs = sampling.intervalPs();
    if (level) {
      openTo = sampling.on() ? intervalPs : Long.MAX_VALUE;
    }
  }

  /** A sum over each interval. */
  public static Samples sum(Sampling sampling) {
    return new Samples(sampling, false);
  }

  /** A level at the end of each interval, 0 at the start. */
  public static Samples level(Sampling sampling) {
    return new Samples(sampling, true);
  }

  /** Adds {@code amount} to the interval that holds {@code t} (a sum). */
  public void add(long t, long amount) {
    if (t >= openFrom && t < openTo) {
      pending += amount;
      return;
    }
    if (intervalPs == 0) {
      return;
    }
    flush();
    long k = next(t) ? (lastAt >> shift) + 1 : t / intervalPs;
    if (k >= sampling.most()) {
      if (!room(k)) {
        return;
      }
      k = t / intervalPs;
    }
    addTo(k, amount);
    openLast();
  }

  /** Adds to each interval the part of [{@code from}, {@code to}) that falls in it (a sum of time). */
  public void addSpan(long from, long to) {
    if (to <= from) {
      return;
    }
    if (from >= openFrom && to <= openTo) {
      pending += to - from;
      return;
    }
    if (intervalPs == 0) {
      return;
    }
    flush();
    long first = from >= openFrom && from < openTo ? lastAt >> shift
        : next(from) ? (lastAt >> shift) + 1 : from / intervalPs;
    long last = to - 1 < (first + 1) * intervalPs ? first : (to - 1) / intervalPs;
    if (last >= sampling.most()) {
      room(last); // double first, so that the span is cut once, at the final width
      first = from / intervalPs;
      last = Math.min((to - 1) / intervalPs, sampling.most() - 1L);
    }
    for (long k = first; k <= last; k++) {
      addTo(k, Math.min(to, (k + 1) * intervalPs) - Math.max(from, k * intervalPs));
    }
    openLast();
  }

  /** The level becomes {@code value} at {@code t}; samples due at or before t keep the level before (a level). */
  public void set(long t, long value) {
    if (t < openTo) {
      current = value; // no sample due yet (or none taken at all: off)
      return;
    }
    // samples 0 .. due-1 end at or before t; the first of them to come is at openTo
    long due = t - openTo < intervalPs ? size + 1 : t / intervalPs;
    if (due - 1 >= sampling.most()) {
      room(due - 1);
      due = t / intervalPs;
    }
    int upTo = (int) Math.min(due, sampling.most());
    if (upTo > size) {
      levelFrom(size, current);
      size = upTo;
    }
    current = value;
    openTo = sampling.auto() || size < sampling.most() ? (size + 1) * intervalPs : Long.MAX_VALUE;
  }

  /** Moves the level by {@code delta} at {@code t}. */
  public void change(long t, long delta) {
    set(t, current + delta);
  }

  /** The interval now (with auto, as far as this series has doubled it). */
  public long intervalPs() {
    return intervalPs;
  }

  /** How many values the series holds now: the intervals with a sum, the samples where a level moved. */
  int held() {
    return n;
  }

  /**
   * The samples of a run that ended at {@code endPs}, at interval {@code finalPs} (this series'
   * interval or a doubling of it): {@link Sampling#samplesOf} of them, the last interval
   * possibly ending after the end. This series is left as it is.
   */
  public long[] upTo(long endPs, long finalPs) {
    flush();
    int d = shift;
    for (long interval = intervalPs; interval > 0 && interval < finalPs; interval *= 2) {
      d++;
    }
    long[] out = new long[finalPs == 0 ? 0 : (int) Sampling.samplesOf(endPs, finalPs)];
    if (!level) {
      for (int i = 0; i < n; i++) {
        long j = d >= Integer.SIZE ? 0 : at(i) >> d;
        if (j < out.length) {
          out[(int) j] += entries[2 * i + 1];
        }
      }
      return out;
    }
    int taken = (int) Math.min(size >> (d - shift), out.length);
    int e = 0;
    long value = 0;
    for (int j = 0; j < taken; j++) {
      long end = ((long) (j + 1) << d) - 1; // the entries' interval that ends where sample j ends
      while (e < n && at(e) <= end) {
        value = entries[2 * e++ + 1];
      }
      out[j] = value;
    }
    Arrays.fill(out, taken, out.length, current); // nothing changed after the last change
    return out;
  }

  /** Sums: the last entry's value takes in what the changes inside its interval added. */
  private void flush() {
    if (pending != 0) {
      entries[2 * n - 1] += pending;
      pending = 0;
    }
  }

  /** Whether interval {@code k} can be kept, doubling the interval first with auto until it can. */
  private boolean room(long k) {
    if (!sampling.auto()) {
      return k < sampling.most();
    }
    while (k >= sampling.most()) {
      intervalPs *= 2;
      size /= 2; // a level keeps each second sample: the one at the doubled interval's end
      shift++;
      if (((long) sampling.most() << shift) > Integer.MAX_VALUE) {
        fold(); // an entry's interval must stay an int
      }
      k /= 2;
    }
    return true;
  }

  /** Sums: whether {@code t} is in the interval after the last entry's, found without a division. */
  private boolean next(long t) {
    return lastAt >= 0 && t >= openTo && t - openTo < intervalPs;
  }

  /** Sums: the next change inside the last entry's interval touches it alone. */
  private void openLast() {
    long k = lastAt >> shift;
    openFrom = k < 0 ? Long.MAX_VALUE : k * intervalPs;
    openTo = k < 0 ? Long.MIN_VALUE : (k + 1) * intervalPs;
  }

  /** Adds {@code amount} to the sum of interval {@code k} (at the interval now, below {@code most}). */
  private void addTo(long k, long amount) {
    long last = lastAt >> shift;
    if (k == last) {
      entries[2 * n - 1] += amount;
    } else if (k > last) {
      if (2 * n == entries.length) {
        makeRoom();
      }
      lastAt = (int) (k << shift);
      entries[2 * n] = lastAt;
      entries[2 * n++ + 1] = amount;
    } else {
      addBefore(k, amount);
    }
  }

  /** A sum of an interval before the last entry's (a change out of time order): found, or put in its place. */
  private void addBefore(long k, long amount) {
    int i = firstAtOrAfter(k);
    if (at(i) >> shift == k) {
      entries[2 * i + 1] += amount;
      return;
    }
    if (2 * n == entries.length) {
      makeRoom();
      i = firstAtOrAfter(k);
    }
    System.arraycopy(entries, 2 * i, entries, 2 * i + 2, 2 * (n - i));
    entries[2 * i] = k << shift;
    entries[2 * i + 1] = amount;
    n++;
  }

  /** The first entry of interval {@code k} or after it; the last entry is after it. */
  private int firstAtOrAfter(long k) {
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (at(mid) >> shift < k) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * A level: from sample {@code k} on (at the interval now) the level is {@code value}. Entries at
   * or past k go: they are of samples that a doubling dropped before they were due.
   */
  private void levelFrom(int k, long value) {
    if (lastAt >= ((long) k << shift)) {
      while (n > 0 && at(n - 1) >= ((long) k << shift)) {
        n--;
      }
      lastAt = n == 0 ? -1 : at(n - 1);
      lastLevel = n == 0 ? 0 : entries[2 * n - 1];
    }
    if (value == lastLevel) {
      return;
    }
    if (2 * n == entries.length) {
      makeRoom();
    }
    lastAt = k << shift;
    lastLevel = value;
    entries[2 * n] = lastAt;
    entries[2 * n++ + 1] = value;
  }

  /** Entry {@code i}'s interval, at the series' interval {@code shift} doublings ago. */
  private int at(int i) {
    return (int) entries[2 * i];
  }

  /** Room for one more entry: the entries folded to the interval of now, and more room if that freed too little. */
  private void makeRoom() {
    if (shift > 0) {
      fold();
    }
    int room = entries.length / 2;
    if (2 * n > room || room == 0) {
      // By four: a busy series reaches its most in three copies, not six (the copies were a tenth
      // of a 1,024-node run's allocation).
      int length = Math.min(Math.max(FIRST_ROOM, 4 * room), sampling.most());
      if (length <= n) {
        throw new IllegalStateException("a series holds " + n + " values, the most it may: " + sampling.most());
      }
      entries = Arrays.copyOf(entries, 2 * length);
    }
  }

  /** The entries at the interval of now: the sums of one interval added, of a level's the last kept. */
  private void fold() {
    int m = 0;
    for (int i = 0; i < n; i++) {
      int j = at(i) >> shift;
      long value = entries[2 * i + 1];
      if (m > 0 && at(m - 1) == j) {
        entries[2 * m - 1] = level ? value : entries[2 * m - 1] + value;
      } else {
        entries[2 * m] = j;
        entries[2 * m++ + 1] = value;
      }
      if (level && entries[2 * m - 1] == (m == 1 ? 0 : entries[2 * m - 3])) {
        m--; // the level did not move at this sample after all
      }
    }
    shift = 0;
    n = m;
    lastAt = n == 0 ? -1 : at(n - 1);
    lastLevel = n == 0 ? 0 : entries[2 * n - 1];
  }
}
