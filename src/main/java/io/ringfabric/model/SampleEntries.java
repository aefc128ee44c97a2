package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The values one {@link Samples} holds, as entries of (interval, value) in interval order: for a
 * sum, each interval whose sum was touched and that sum; for a level, each sample from which on
 * the level differs from the one before (the samples before the first entry are 0).
 *
 * <p>An entry's interval is counted at the series' interval {@code shift} doublings ago, when the
 * entries were last folded: a doubling only adds to {@code shift}, and the entries are folded to
 * the interval of now (sums added, levels' last kept) only when they fill their room. So a series
 * that changes once in many samples never folds, and a doubling costs nothing per sample.
 */
final class SampleEntries implements Serializable {
  private static final int[] NO_INTERVALS = {};
  private static final long[] NO_VALUES = {};
  private static final int FIRST_ROOM = 8;

  private final boolean level;
  private final int most; // the room never grows past this: a fold makes the entries fit it
  private int shift;
  private int[] at = NO_INTERVALS;
  private long[] values = NO_VALUES;
  private int n;

  SampleEntries(boolean level, int most) {
    this.level = level;
    this.most = most;
  }

  int count() {
    return n;
  }

  /** The series' interval doubled. */
  void doubled() {
    shift++;
    if (((long) most << shift) > Integer.MAX_VALUE) {
      fold(); // an entry's interval must stay an int at the old width
    }
  }

  /** The interval (at the series' interval now) of the last entry, or -1 with none. */
  long lastInterval() {
    return n == 0 ? -1 : at[n - 1] >> shift;
  }

  /** Adds to the sum of the last entry. */
  void addToLast(long amount) {
    values[n - 1] += amount;
  }

  /** Adds {@code amount} to the sum of interval {@code k} (at the series' interval now, below {@code most}). */
  void addTo(long k, long amount) {
    long last = lastInterval();
    if (k == last) {
      values[n - 1] += amount;
    } else if (k > last) {
      if (n == at.length) {
        makeRoom();
      }
      at[n] = (int) (k << shift);
      values[n++] = amount;
    } else {
      addBefore(k, amount);
    }
  }

  /**
   * A level: from sample {@code k} on (at the series' interval now) the level is {@code value}.
   * Entries at or past k are forgotten: they are of samples a doubling dropped before they were due.
   */
  void levelFrom(int k, long value) {
    while (n > 0 && at[n - 1] >= ((long) k << shift)) {
      n--;
    }
    if (value == (n == 0 ? 0 : values[n - 1])) {
      return;
    }
    if (n == at.length) {
      makeRoom();
    }
    at[n] = k << shift;
    values[n++] = value;
  }

  /** Sums into {@code out[j]}, the series' samples at {@code doublings} past its interval now. */
  void sumsInto(long[] out, int doublings) {
    int d = shift + doublings;
    for (int i = 0; i < n; i++) {
      long j = d >= Integer.SIZE ? 0 : at[i] >> d;
      if (j < out.length) {
        out[(int) j] += values[i];
      }
    }
  }

  /** A level's first {@code taken} samples into {@code out}, at {@code doublings} past the series' interval now. */
  void levelsInto(long[] out, int taken, int doublings) {
    int d = shift + doublings;
    int e = 0;
    long value = 0;
    for (int j = 0; j < taken; j++) {
      long last = ((long) (j + 1) << d) - 1; // the sample that ends where sample j ends
      while (e < n && at[e] <= last) {
        value = values[e++];
      }
      out[j] = value;
    }
  }

  /** Sums: an interval before the last entry's (a change out of time order), found or put in its place. */
  private void addBefore(long k, long amount) {
    int i = firstAtOrAfter(k);
    if (at[i] >> shift == k) {
      values[i] += amount;
      return;
    }
    if (n == at.length) {
      makeRoom();
      i = firstAtOrAfter(k);
    }
    System.arraycopy(at, i, at, i + 1, n - i);
    System.arraycopy(values, i, values, i + 1, n - i);
    at[i] = (int) (k << shift);
    values[i] = amount;
    n++;
  }

  private int firstAtOrAfter(long k) {
    int lo = 0;
    int hi = n - 1; // the last entry is after k
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (at[mid] >> shift < k) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Room for one more entry: the entries folded to the interval of now, and more room if that freed too little. */
  private void makeRoom() {
    if (shift > 0) {
      fold();
    }
    if (2 * n > at.length || at.length == 0) {
      int length = Math.min(Math.max(FIRST_ROOM, 2 * at.length), most);
      if (length <= n) {
        throw new IllegalStateException("a series holds " + n + " values, the most it may: " + most);
      }
      at = Arrays.copyOf(at, length);
      values = Arrays.copyOf(values, length);
    }
  }

  /** The entries at the interval of now: sums of one interval added, of a level's the last kept. */
  private void fold() {
    int m = 0;
    for (int i = 0; i < n; i++) {
      int j = at[i] >> shift;
      if (m > 0 && at[m - 1] == j) {
        values[m - 1] = level ? values[i] : values[m - 1] + values[i];
      } else {
        at[m] = j;
        values[m++] = values[i];
      }
      if (level && values[m - 1] == (m == 1 ? 0 : values[m - 2])) {
        m--; // the level did not move at this sample after all
      }
    }
    shift = 0;
    n = m;
  }
}
