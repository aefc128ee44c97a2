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
 */
public final class Samples implements Serializable {
  private static final long[] NONE = {};

  private final Sampling sampling;
  private final boolean level;
  private long intervalPs;
  private long[] values = NONE;
  private int size; // sums: intervals touched, from the first; levels: samples taken
  private long current; // levels: the level now

  private Samples(Sampling sampling, boolean level) {
    this.sampling = sampling;
    this.level = level;
    this.intervalPs = sampling.intervalPs();
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
    if (intervalPs == 0 || !room(t / intervalPs)) {
      return;
    }
    int k = (int) (t / intervalPs);
    grow(k + 1);
    values[k] += amount;
    size = Math.max(size, k + 1);
  }

  /** Adds to each interval the part of [{@code from}, {@code to}) that falls in it (a sum of time). */
  public void addSpan(long from, long to) {
    if (intervalPs == 0 || to <= from) {
      return;
    }
    room((to - 1) / intervalPs); // double first, so that the span is cut once, at the final width
    for (long k = from / intervalPs; k * intervalPs < to && k < limit(); k++) {
      long start = Math.max(from, k * intervalPs);
      long end = Math.min(to, (k + 1) * intervalPs);
      grow((int) k + 1);
      values[(int) k] += end - start;
      size = Math.max(size, (int) k + 1);
    }
  }

  /** The level becomes {@code value} at {@code t}; samples due at or before t keep the level before (a level). */
  public void set(long t, long value) {
    if (intervalPs == 0) {
      current = value;
      return;
    }
    room(t / intervalPs - 1);
    long due = t / intervalPs; // samples 0 .. due-1 end at or before t
    int upTo = (int) Math.min(due, limit());
    if (upTo > size) {
      grow(upTo);
      Arrays.fill(values, size, upTo, current);
      size = upTo;
    }
    current = value;
  }

  /** Moves the level by {@code delta} at {@code t}. */
  public void change(long t, long delta) {
    set(t, current + delta);
  }

  /** The interval now (with auto, as far as this series has doubled it). */
  public long intervalPs() {
    return intervalPs;
  }

  /**
   * The samples of a run that ended at {@code endPs}, at interval {@code finalPs} (this series'
   * interval or a doubling of it): {@link Sampling#samplesOf} of them, the last interval
   * possibly ending after the end. This series is left as it is.
   */
  public long[] upTo(long endPs, long finalPs) {
    long[] v = Arrays.copyOf(values, size);
    int n = size;
    for (long interval = intervalPs; interval < finalPs; interval *= 2) {
      n = doubled(v, n, level);
    }
    int samples = finalPs == 0 ? 0 : (int) Sampling.samplesOf(endPs, finalPs);
    long[] out = Arrays.copyOf(v, samples);
    if (level && n < samples) {
      Arrays.fill(out, n, samples, current); // nothing changed after the last change
    }
    return out;
  }

  /** Whether interval {@code k} can be kept, doubling the interval first with auto until it can. */
  private boolean room(long k) {
    if (!sampling.auto()) {
      return k < sampling.most();
    }
    while (k >= sampling.most()) {
      halve();
      k /= 2;
    }
    return true;
  }

  private long limit() {
    return sampling.most();
  }

  private void halve() {
    size = doubled(values, size, level);
    intervalPs *= 2;
  }

  /**
   * The first {@code size} samples of {@code v} at twice their interval, in place: sums add in
   * pairs, levels keep each second sample (the one at the doubled interval's end). Returns how
   * many there are; the rest of them is zero.
   */
  private static int doubled(long[] v, int size, boolean level) {
    int n = level ? size / 2 : (size + 1) / 2;
    for (int k = 0; k < n; k++) {
      v[k] = level ? v[2 * k + 1] : v[2 * k] + (2 * k + 1 < size ? v[2 * k + 1] : 0);
    }
    Arrays.fill(v, n, size, 0);
    return n;
  }

  private void grow(int n) {
    if (n > values.length) {
      values = Arrays.copyOf(values, Math.min(Math.max(n, Math.max(16, values.length * 2)), sampling.most()));
    }
  }
}
