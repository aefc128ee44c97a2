package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A map from {@code long} keys to values that only grows (put and get, no removal), laid out in
 * two arrays with open addressing: a lookup touches the key array and then the value, where a
 * {@code HashMap<Long, V>} reaches a boxed key and a node first. Never iterated, so no order of it
 * can reach a result.
 */
final class LongKeyedMap<V> implements Serializable {
  private static final long EMPTY = Long.MIN_VALUE; // a key no caller uses
  private long[] keys = new long[16];
  private Object[] values = new Object[16];
  private int size;

  LongKeyedMap() {
    Arrays.fill(keys, EMPTY);
  }

  /** The value of {@code key}, or null. */
  @SuppressWarnings("unchecked")
  V get(long key) {
    int mask = keys.length - 1;
    for (int i = slot(key, mask); ; i = (i + 1) & mask) {
      long k = keys[i];
      if (k == key) {
        return (V) values[i];
      }
      if (k == EMPTY) {
        return null;
      }
    }
  }

  /** Sets {@code key}'s value; {@code key} must not be {@link Long#MIN_VALUE}. */
  void put(long key, V value) {
    if (key == EMPTY) {
      throw new IllegalArgumentException("Long.MIN_VALUE marks an empty slot");
    }
    if (2 * (size + 1) > keys.length) {
      grow();
    }
    int mask = keys.length - 1;
    int i = slot(key, mask);
    while (keys[i] != EMPTY && keys[i] != key) {
      i = (i + 1) & mask;
    }
    if (keys[i] == EMPTY) {
      keys[i] = key;
      size++;
    }
    values[i] = value;
  }

  int size() {
    return size;
  }

  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L; // Fibonacci hashing: both halves of the key reach the slot
    return (int) (h >>> 32) & mask;
  }

  @SuppressWarnings("unchecked")
  private void grow() {
    long[] oldKeys = keys;
    Object[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    values = new Object[keys.length];
    Arrays.fill(keys, EMPTY);
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != EMPTY) {
        put(oldKeys[i], (V) oldValues[i]);
      }
    }
  }
}
