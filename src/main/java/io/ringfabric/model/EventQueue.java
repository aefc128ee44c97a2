package io.ringfabric.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A priority queue of events in key order (time, source, sequence): a heap on an array with the
 * comparison written out, which the engines' inner loops want rather than a general
 * {@link java.util.PriorityQueue} calling a comparator. Each event's time is kept beside it in a
 * plain array, so the heap compares times without reaching into the events: with a big machine's
 * hundreds of thousands of pending events, every event a sift touched was a cache miss, and the
 * queue was the largest cost of the reference engine. Events are read only when times tie. The
 * heap is 4-ary: a node's children sit side by side in one cache line of times, and the heap is
 * half as deep as a binary one.
 */
public final class EventQueue {
  private Event[] heap;
  private long[] times;
  private int size;

  public EventQueue(int capacity) {
    heap = new Event[Math.max(2, capacity)];
    times = new long[heap.length];
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

  /**
   * The time of the first event in key order, or {@code Long.MAX_VALUE} when there is none. It
   * leaves the event unread: the first event past a window's end waits for the next window, by
   * when a big machine has pushed it out of the cache again, so reading it now is a miss for nothing.
   */
  public long firstTime() {
    return size == 0 ? Long.MAX_VALUE : times[0];
  }

  public void add(Event e) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
      times = Arrays.copyOf(times, size * 2);
    }
    long time = e.time();
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      long pt = times[parent];
      if (time > pt || time == pt && !e.before(heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      times[i] = pt;
      i = parent;
    }
    heap[i] = e;
    times[i] = time;
  }

  /** The pending events, in no particular order; the queue is left as it was. */
  public List<Event> snapshot() {
    return new ArrayList<>(Arrays.asList(heap).subList(0, size));
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
    long lastTime = times[size];
    heap[size] = null;
    if (size > 0) {
      int i = 0;
      while (true) {
        int child = 4 * i + 1;
        if (child >= size) {
          break;
        }
        int end = Math.min(child + 4, size);
        for (int c = child + 1; c < end; c++) {
          if (before(c, child)) {
            child = c;
          }
        }
        long ct = times[child];
        if (ct > lastTime || ct == lastTime && !heap[child].before(last)) {
          break;
        }
        heap[i] = heap[child];
        times[i] = ct;
        i = child;
      }
      heap[i] = last;
      times[i] = lastTime;
    }
    return first;
  }

  /** Whether the event at heap index {@code a} comes before the one at {@code b}. */
  private boolean before(int a, int b) {
    long ta = times[a];
    long tb = times[b];
    return ta != tb ? ta < tb : heap[a].before(heap[b]);
  }
}
