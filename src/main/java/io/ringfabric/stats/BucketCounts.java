package io.ringfabric.stats;

import java.io.Serializable;
import java.util.Arrays;

/**
 * Counts per histogram bucket, kept only for the buckets that hold any: an open-addressing map
 * from a bucket's lowest value to its count. A part's recorder so costs what its values use (a
 * few hundred bytes for a narrow spread, a few KB for a wide one) instead of a counts array over
 * its whole range, which for several recorders per node was most of a large machine's heap.
 */
final class BucketCounts implements Serializable {
  private static final long FREE = -1; // no bucket's lowest value is negative
  private long[] keys = emptyKeys(16);
  private long[] counts = new long[16];
  private int size;

  /** Adds {@code count} to the bucket whose lowest value is {@code bucket}. */
  void add(long bucket, long count) {
    int mask = keys.length - 1;
    int i = slot(bucket, mask);
    while (keys[i] != FREE && keys[i] != bucket) {
      i = (i + 1) & mask;
    }
    if (keys[i] == FREE) {
      keys[i] = bucket;
      if (++size * 2 > keys.length) {
        counts[i] = count;
        grow();
        return;
      }
    }
    counts[i] += count;
  }

  void addAll(BucketCounts other) {
    for (int i = 0; i < other.keys.length; i++) {
      if (other.keys[i] != FREE) {
        add(other.keys[i], other.counts[i]);
      }
    }
  }

  int size() {
    return size;
  }

  /** The buckets' lowest values, highest first. */
  long[] highestFirst() {
    long[] values = new long[size];
    int n = 0;
    for (long k : keys) {
      if (k != FREE) {
        values[n++] = k;
      }
    }
    Arrays.sort(values);
    for (int i = 0, j = n - 1; i < j; i++, j--) {
      long t = values[i];
      values[i] = values[j];
      values[j] = t;
    }
    return values;
  }

  /** The count of the bucket whose lowest value is {@code bucket} (0 for none). */
  long count(long bucket) {
    int mask = keys.length - 1;
    for (int i = slot(bucket, mask); keys[i] != FREE; i = (i + 1) & mask) {
      if (keys[i] == bucket) {
        return counts[i];
      }
    }
    return 0;
  }

  private void grow() {
    long[] oldKeys = keys;
    long[] oldCounts = counts;
    keys = emptyKeys(oldKeys.length * 2);
    counts = new long[oldKeys.length * 2];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != FREE) {
        add(oldKeys[i], oldCounts[i]);
      }
    }
  }

  private static int slot(long bucket, int mask) {
    long h = bucket * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private static long[] emptyKeys(int length) {
    long[] k = new long[length];
    Arrays.fill(k, FREE);
    return k;
  }
}
