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
 * <p>A series costs what it changes, not what it samples: it holds only the intervals whose sum
 * is not nothing and the samples where a level moved ({@link SampleEntries}), and a doubling only
 * counts (its {@code shift}); the entries are folded to the interval when they fill their room, so
 * a series that changes less often than it is sampled never folds. A change inside the interval
 * of the last entry (a sum) or before the next sample is due (a level) touches one value, without
 * a division.
 */
public final class Samples implements Serializable {
  private final Sampling sampling;
  private final boolean level;
  private final SampleEntries entries;
  private long intervalPs;
  private int size; // levels: samples taken, at intervalPs
  private long current; // levels: the level now
  // Sums: the times of the last entry's interval. Levels: openTo is when the next sample is due.
  private long openFrom = Long.MAX_VALUE;
  private long openTo = Long.MIN_VALUE;

  private Samples(Sampling sampling, boolean level) {
    this.sampling = sampling;
    this.level = level;
    this.entries = new SampleEntries(level, sampling.most());
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
      entries.addToLast(amount);
      return;
    }
    if (intervalPs == 0 || !room(t / intervalPs)) {
      return;
    }
    entries.addTo(t / intervalPs, amount);
    openLast();
  }

  /** Adds to each interval the part of [{@code from}, {@code to}) that falls in it (a sum of time). */
  public void addSpan(long from, long to) {
    if (to <= from) {
      return;
    }
    if (from >= openFrom && to <= openTo) {
      entries.addToLast(to - from);
      return;
    }
    if (intervalPs == 0) {
      return;
    }
    room((to - 1) / intervalPs); // double first, so that the span is cut once, at the final width
    for (long k = from / intervalPs; k * intervalPs < to && k < limit(); k++) {
      long start = Math.max(from, k * intervalPs);
      long end = Math.min(to, (k + 1) * intervalPs);
      entries.addTo(k, end - start);
    }
    openLast();
  }

  /** The level becomes {@code value} at {@code t}; samples due at or before t keep the level before (a level). */
  public void set(long t, long value) {
    if (t < openTo) {
      current = value; // no sample due yet (or none taken at all: off)
      return;
    }
    room(t / intervalPs - 1);
    long due = t / intervalPs; // samples 0 .. due-1 end at or before t
    int upTo = (int) Math.min(due, limit());
    if (upTo > size) {
      entries.levelFrom(size, current);
      size = upTo;
    }
    current = value;
    openTo = sampling.auto() || size < limit() ? (size + 1) * intervalPs : Long.MAX_VALUE;
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
    return entries.count();
  }

  /**
   * The samples of a run that ended at {@code endPs}, at interval {@code finalPs} (this series'
   * interval or a doubling of it): {@link Sampling#samplesOf} of them, the last interval
   * possibly ending after the end. This series is left as it is.
   */
  public long[] upTo(long endPs, long finalPs) {
    int doublings = 0;
    for (long interval = intervalPs; interval > 0 && interval < finalPs; interval *= 2) {
      doublings++;
    }
    long[] out = new long[finalPs == 0 ? 0 : (int) Sampling.samplesOf(endPs, finalPs)];
    if (!level) {
      entries.sumsInto(out, doublings);
      return out;
    }
    int taken = (int) Math.min(size >> doublings, out.length);
    entries.levelsInto(out, taken, doublings);
    Arrays.fill(out, taken, out.length, current); // nothing changed after the last change
    return out;
  }

  /** Whether interval {@code k} can be kept, doubling the interval first with auto until it can. */
  private boolean room(long k) {
    if (!sampling.auto()) {
      return k < sampling.most();
    }
    while (k >= sampling.most()) {
      intervalPs *= 2;
      size /= 2; // a level keeps each second sample: the one at the doubled interval's end
      entries.doubled();
      k /= 2;
    }
    return true;
  }

  private long limit() {
    return sampling.most();
  }

  /** Sums: the next change inside the last entry's interval touches it alone. */
  private void openLast() {
    long k = entries.lastInterval();
    openFrom = k < 0 ? Long.MAX_VALUE : k * intervalPs;
    openTo = k < 0 ? Long.MIN_VALUE : (k + 1) * intervalPs;
  }
}
