package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * PUTs a target module keeps while their ring is full ({@code module.ring-full = hold}): first
 * come, first served per ring, each until its hold limit. When a GET frees room in a ring the
 * module tries the oldest PUT held for it again; one that is still held when its limit comes is
 * answered FULL.
 */
final class HeldPuts implements Serializable {
  /** One PUT held for room in its ring until {@code until}. */
  record Held(Packet.ActionId action, int ring, byte[] payload, ElementOrigin origin, long until)
      implements Serializable, Comparable<Held> {
    /** By deadline, then node, context and sequence. */
    @Override
    public int compareTo(Held o) {
      return until != o.until ? Long.compare(until, o.until)
          : action.node() != o.action.node() ? Integer.compare(action.node(), o.action.node())
          : action.context() != o.action.context() ? Integer.compare(action.context(), o.action.context())
          : Long.compare(action.sequence(), o.action.sequence());
    }
  }

  private final Map<Integer, ArrayDeque<Held>> byRing = new TreeMap<>();
  private final PriorityQueue<Held> byDeadline = new PriorityQueue<>(); // in their natural order
  private final TreeSet<Integer> retrying = new TreeSet<>();
  private long held;
  private long releasedFull;

  boolean hasHeld(int ring) {
    ArrayDeque<Held> q = byRing.get(ring);
    return q != null && !q.isEmpty();
  }

  void hold(Held h) {
    byRing.computeIfAbsent(h.ring(), r -> new ArrayDeque<>()).addLast(h);
    byDeadline.add(h);
    held++;
  }

  /**
   * The oldest PUT held for {@code ring}, to try again now, or null: none, one is being tried, or
   * the oldest one's time is over (its hold check answers it FULL, then tries the next).
   */
  Held retry(int ring, long now) {
    if (!hasHeld(ring) || retrying.contains(ring) || byRing.get(ring).peekFirst().until() < now) {
      return null;
    }
    retrying.add(ring);
    return byRing.get(ring).peekFirst();
  }

  /** Whether {@code action} is the held PUT being tried again for {@code ring}. */
  boolean isRetry(int ring, Packet.ActionId action) {
    return retrying.contains(ring) && byRing.get(ring).peekFirst().action().equals(action);
  }

  /**
   * The retry of the oldest PUT for {@code ring} ended: applied (it leaves) or still full (it
   * stays, unless its limit came while it was being tried: then it is returned, to answer FULL).
   */
  Held retried(int ring, boolean applied, long now) {
    retrying.remove(ring);
    ArrayDeque<Held> q = byRing.get(ring);
    Held head = q.peekFirst();
    if (applied || head.until() <= now) {
      q.pollFirst();
      byDeadline.remove(head);
      if (!applied) {
        releasedFull++;
        return head;
      }
    }
    return null;
  }

  /** Removes and returns the PUTs whose limit has come by {@code now}, but one being tried. */
  List<Held> expire(long now) {
    return expire(now, new TreeSet<>());
  }

  /**
   * As {@link #expire(long)}, adding to {@code headsGone} each ring whose oldest PUT went: the
   * next one there has not been tried yet.
   */
  List<Held> expire(long now, Set<Integer> headsGone) {
    List<Held> out = new ArrayList<>();
    List<Held> busy = new ArrayList<>();
    while (!byDeadline.isEmpty() && byDeadline.peek().until() <= now) {
      Held h = byDeadline.poll();
      if (retrying.contains(h.ring()) && byRing.get(h.ring()).peekFirst() == h) {
        busy.add(h); // its retry's result decides, see retried()
        continue;
      }
      if (byRing.get(h.ring()).peekFirst() == h) {
        headsGone.add(h.ring());
      }
      byRing.get(h.ring()).remove(h);
      out.add(h);
      releasedFull++;
    }
    byDeadline.addAll(busy);
    return out;
  }

  /** The earliest limit still pending after {@code now}, or Long.MAX_VALUE. */
  long nextDeadlineAfter(long now) {
    long next = Long.MAX_VALUE;
    for (Held h : byDeadline) {
      if (h.until() > now) {
        next = Math.min(next, h.until());
      }
    }
    return next;
  }

  /** PUTs ever held. */
  long held() {
    return held;
  }

  /** Held PUTs answered FULL at their limit. */
  long releasedFull() {
    return releasedFull;
  }
}
