package io.ringfabric.workload.schedule;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MPI's matching of one rank's receives to the messages that reached it. A message matches the
 * earliest posted receive whose source and tag are its own or the wildcard -1; a receive posted
 * matches the earliest message that arrived unmatched (the unexpected queue) whose source and tag
 * it accepts. Messages from one sender arrive in the order sent (their elements reach the ring in
 * order), so two of them that one receive could take are taken in that order: MPI's
 * non-overtaking rule.
 *
 * <p>Both sides are kept in queues by key, each entry stamped with its place in posting or
 * arrival order, so that a match looks at the heads of at most four queues instead of scanning
 * every pending entry (an alltoall of 1,024 ranks posts 1,023 receives a rank). An entry taken
 * through one queue is marked and dropped from the others' heads when they come to it. The maps
 * are only looked up, never iterated, so no hash order reaches a result.
 */
final class Matching implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final int ANY = -1;

  /** A posted receive: the operation's index in its rank's schedule. */
  private static final class Posted implements Serializable {
    private static final long serialVersionUID = 1L;
    final int op;
    final int source;
    final int tag;
    final long order;
    boolean taken;

    Posted(int op, int source, int tag, long order) {
      this.op = op;
      this.source = source;
      this.tag = tag;
      this.order = order;
    }
  }

  /** A message that arrived with no receive posted for it. */
  private static final class Unexpected implements Serializable {
    private static final long serialVersionUID = 1L;
    final Envelope message;
    final long order;
    boolean taken;

    Unexpected(Envelope message, long order) {
      this.message = message;
      this.order = order;
    }
  }

  // Posted receives by what they name: source and tag, source only (any tag), tag only, neither.
  private final Map<Long, ArrayDeque<Posted>> postedExact = new HashMap<>();
  private final Map<Integer, ArrayDeque<Posted>> postedBySource = new HashMap<>();
  private final Map<Integer, ArrayDeque<Posted>> postedByTag = new HashMap<>();
  private final ArrayDeque<Posted> postedAny = new ArrayDeque<>();
  // Unexpected messages by source and tag, by source, by tag, and all of them.
  private final Map<Long, ArrayDeque<Unexpected>> unexpectedExact = new HashMap<>();
  private final Map<Integer, ArrayDeque<Unexpected>> unexpectedBySource = new HashMap<>();
  private final Map<Integer, ArrayDeque<Unexpected>> unexpectedByTag = new HashMap<>();
  private final ArrayDeque<Unexpected> unexpectedAll = new ArrayDeque<>();
  private long posts;
  private long arrivals;
  private int postedCount;
  private int unexpectedCount;

  /** The matching message already arrived for a receive, or null: the receive is posted to wait for one. */
  Envelope post(int op, int source, int tag) {
    Unexpected u = firstUnexpected(source == ANY
        ? (tag == ANY ? unexpectedAll : unexpectedByTag.get(tag))
        : (tag == ANY ? unexpectedBySource.get(source) : unexpectedExact.get(key(source, tag))));
    if (u != null) {
      u.taken = true;
      unexpectedCount--;
      return u.message;
    }
    Posted p = new Posted(op, source, tag, posts++);
    postedCount++;
    if (source == ANY && tag == ANY) {
      postedAny.add(p);
    } else if (source == ANY) {
      postedByTag.computeIfAbsent(tag, t -> new ArrayDeque<>()).add(p);
    } else if (tag == ANY) {
      postedBySource.computeIfAbsent(source, s -> new ArrayDeque<>()).add(p);
    } else {
      postedExact.computeIfAbsent(key(source, tag), k -> new ArrayDeque<>()).add(p);
    }
    return null;
  }

  /** The receive (its op index) a message that has wholly arrived matches, or -1: it waits as unexpected. */
  int arrive(Envelope m) {
    Posted best = earliest(
        earliest(firstPosted(postedExact.get(key(m.source(), m.tag()))), firstPosted(postedBySource.get(m.source()))),
        earliest(firstPosted(postedByTag.get(m.tag())), firstPosted(postedAny)));
    if (best != null) {
      best.taken = true;
      postedCount--;
      return best.op;
    }
    Unexpected u = new Unexpected(m, arrivals++);
    unexpectedCount++;
    unexpectedAll.add(u);
    unexpectedBySource.computeIfAbsent(m.source(), s -> new ArrayDeque<>()).add(u);
    unexpectedByTag.computeIfAbsent(m.tag(), t -> new ArrayDeque<>()).add(u);
    unexpectedExact.computeIfAbsent(key(m.source(), m.tag()), k -> new ArrayDeque<>()).add(u);
    return -1;
  }

  /** Receives posted and not matched yet. */
  int posted() {
    return postedCount;
  }

  /** Messages arrived and not matched yet. */
  int unexpected() {
    return unexpectedCount;
  }

  /** Messages arrived and not matched, in the order they arrived. */
  List<Envelope> leftovers() {
    List<Envelope> left = new ArrayList<>();
    for (Unexpected u : unexpectedAll) {
      if (!u.taken) {
        left.add(u.message);
      }
    }
    return left;
  }

  private static Posted earliest(Posted a, Posted b) {
    return a == null ? b : b == null || a.order < b.order ? a : b;
  }

  private static Posted firstPosted(ArrayDeque<Posted> q) {
    while (q != null && !q.isEmpty() && q.peekFirst().taken) {
      q.pollFirst();
    }
    return q == null ? null : q.peekFirst();
  }

  private static Unexpected firstUnexpected(ArrayDeque<Unexpected> q) {
    while (q != null && !q.isEmpty() && q.peekFirst().taken) {
      q.pollFirst();
    }
    return q == null ? null : q.peekFirst();
  }

  private static long key(int source, int tag) {
    return ((long) source << 32) | (tag & 0xFFFFFFFFL);
  }
}
