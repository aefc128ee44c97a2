package io.ringfabric.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * One quantity of one component sampled in simulated time, as a {@link Samples} keeps it (a sum
 * over each interval, or a level at the end of each), but kept as a column of the rows that all
 * the components one engine thread runs share ({@link SeriesRows}), beside the links' busy time.
 *
 * <p>Why: a series of its own writes each new interval's value at the cold end of its own array,
 * after reading its own fields; in a big machine that is a few cache misses for nearly every
 * change (a module's packets in the fabric move with every packet), and they were most of what
 * the series cost once the links shared their rows. A cell of the rows of the moment, which every
 * component's changes keep in the cache, costs none. A level is kept as the sum of its changes:
 * its sample k is what they add up to before the end of interval k.
 *
 * <p>A fixed interval of more samples than {@link Sampling#AUTO_MOST} keeps a {@link Samples} of
 * its own, as a port's busy time does.
 */
public final class SharedSamples implements Serializable, SeriesRows.Column {
  private final Sampling sampling;
  private final boolean level;
  private final Samples own; // a fixed interval of many samples; null: the rows
  private transient SeriesRows rows;
  private transient int column;
  private long current; // a level: its value now
  // With auto, the interval its own Samples would have doubled to by now, doubled as that would
  // (a level's way depends on the moments of its changes, not only on the last)
  private long ownIntervalPs;

  private SharedSamples(Sampling sampling, boolean level) {
    this.sampling = sampling;
    this.level = level;
    boolean kept = SeriesRows.kept(sampling);
    this.own = sampling.on() && !kept ? (level ? Samples.level(sampling) : Samples.sum(sampling)) : null;
    this.rows = kept ? new SeriesRows(sampling, 1) : SeriesRows.OFF;
    this.ownIntervalPs = sampling.intervalPs();
  }

  /** A sum over each interval. */
  public static SharedSamples sum(Sampling sampling) {
    return new SharedSamples(sampling, false);
  }

  /** A level at the end of each interval, 0 at the start. */
  public static SharedSamples level(Sampling sampling) {
    return new SharedSamples(sampling, true);
  }

  /** Adds {@code amount} to the interval that holds {@code t} (a sum); t is the component's moment. */
  public void add(long t, long amount) {
    if (own != null) {
      own.add(t, amount);
    } else {
      reach(t, 0);
      rows.addAt(column, t, amount, false);
    }
  }

  /** The level becomes {@code value} at {@code t}; samples due at or before t keep the level before (a level). */
  public void set(long t, long value) {
    if (own != null) {
      own.set(t, value);
    } else {
      reach(t, 1);
      rows.addAt(column, t, value - current, true);
    }
    current = value;
  }

  /** Moves the level by {@code delta} at {@code t}. */
  public void change(long t, long delta) {
    set(t, current + delta);
  }

  /**
   * The interval its own {@link Samples} would have doubled to by now (with auto): the run's
   * interval is at least this.
   */
  public long intervalPs() {
    return own != null ? own.intervalPs() : ownIntervalPs;
  }

  /**
   * Auto: doubles the interval as its own {@link Samples} would for a change at {@code t}: a sum
   * when t falls past its samples ({@code after} 0), a level past the sample after them (1).
   */
  private void reach(long t, int after) {
    if (sampling.auto() && t >= (sampling.most() + after) * ownIntervalPs) {
      for (long k = t / ownIntervalPs - after; k >= sampling.most(); k /= 2) {
        ownIntervalPs *= 2;
      }
    }
  }

  /**
   * The samples of a run that ended at {@code endPs}, at interval {@code finalPs}, as {@link
   * Samples#upTo} gives them.
   */
  public long[] upTo(long endPs, long finalPs) {
    if (own != null) {
      return own.upTo(endPs, finalPs);
    }
    long[] out = rows.upTo(column, endPs, finalPs);
    for (int k = 1; level && k < out.length; k++) {
      out[k] += out[k - 1]; // a level: what its changes add up to
    }
    return out;
  }

  @Override
  public void moveTo(SeriesRows to, int column) {
    if (own != null || !SeriesRows.kept(sampling)) {
      return;
    }
    to.take(column, rows, this.column);
    rows = to;
    this.column = column;
  }

  /** Writes its series as its own, the same whichever components it shared its rows with. */
  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    rows.write(out, column, own == null && SeriesRows.kept(sampling));
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    rows = SeriesRows.read(in, sampling);
    column = 0;
  }
}
