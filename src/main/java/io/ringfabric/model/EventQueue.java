package io.ringfabric.model;

import java.util.Arrays;
import java.util.Collection;

/**
 * A priority queue of events in key order (time, source, sequence): a binary heap on an array
 * with the comparison written out, which the engines' inner loops want rather than a general
 * {@link java.util.PriorityQueue} calling a comparator.
 */
public final class EventQueue {
  private Event[] heap;
  private int size;

  public EventQueue(int capacity) {
    heap = new Event[Math.max(2, capacity)];
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** The first event in key order, or null. */
  public Event peek() {
    return size == 0 ? null : heap[0];
  }

  public void add(Event e) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      Event p = heap[parent];
      if (!before(e, p)) {
        break;
      }
      heap[i] = p;
      i = parent;
    }
    heap[i] = e;
  }

  public void addAll(Collection<Event> events) {
    for (Event e : events) {
      add(e);
    }
  }

  /** Removes and returns the first event in key order, or null. */
  public Event poll() {
    if (size == 0) {
      return null;
    }
    Event first = heap[0];
    Event last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      int i = 0;
      int half = size >>> 1;
      while (i < half) {
        int child = 2 * i + 1;
        Event c = heap[child];
        int right = child + 1;
        if (right < size && before(heap[right], c)) {
          child = right;
          c = heap[child];
        }
        if (!before(c, last)) {
          break;
        }
        heap[i] = c;
        i = child;
      }
      heap[i] = last;
    }
    return first;
  }

  private static boolean before(Event a, Event b) {
    return a.before(b);
  }
}
