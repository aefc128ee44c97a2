package io.ringfabric.model;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A record of every element whose PUT completed DONE (per producer context and target ring, in
 * PUT order) and of every element a GET returned, with producer and consumer programs that keep
 * it, and a check that the two agree with what the rings still hold (DESIGN.md 1.5).
 */
final class Ledger {
  /** One producer context's stream of elements into one ring. */
  record Stream(int producerNode, int context, int targetNode, int ring) {}

  final Map<Stream, List<byte[]>> done = new LinkedHashMap<>();
  private final Map<ByteBuffer, Stream> owner = new HashMap<>();
  final Map<List<Integer>, List<byte[]>> returned = new LinkedHashMap<>(); // [node, ring] -> GET order
  final Map<Status, Long> putOutcomes = new EnumMap<>(Status.class);
  final Map<Status, Long> getOutcomes = new EnumMap<>(Status.class);
  long putsDone;
  long getsDone;

  // Programs on different nodes share one ledger and, on the actor engine, run on different threads.
  synchronized void putDone(Stream s, byte[] data) {
    done.computeIfAbsent(s, k -> new ArrayList<>()).add(data);
    if (owner.put(ByteBuffer.wrap(data), s) != null) {
      throw new AssertionError("test set-up: two PUTs of identical payloads");
    }
    putsDone++;
  }

  synchronized void got(int node, int ring, byte[] data) {
    returned.computeIfAbsent(List.of(node, ring), k -> new ArrayList<>()).add(data);
    getsDone++;
  }

  synchronized void outcome(Map<Status, Long> outcomes, Status status) {
    outcomes.merge(status, 1L, Long::sum);
  }

  /** PUTs {@code ops} elements of random size and content, each with a unique 16-byte head. */
  static final class Producer implements Program {
    private final Ledger ledger;
    private final long ops;
    private final int[] targets; // null: any node but its own
    private final int ring;
    private final int minSize;
    private final int maxSize;
    private final long thinkPs;
    private long count;
    private byte[] sent;
    private int sentTo;

    Producer(Ledger ledger, long ops, int[] targets, int ring, int minSize, int maxSize, long thinkPs) {
      this.ledger = ledger;
      this.ops = ops;
      this.targets = targets;
      this.ring = ring;
      this.minSize = Math.max(16, minSize);
      this.maxSize = maxSize;
      this.thinkPs = thinkPs;
    }

    @Override
    public void onStart(ProcessApi api) {
      next(api);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      ledger.outcome(ledger.putOutcomes, c.status());
      if (c.ok()) {
        ledger.putDone(new Stream(api.node(), api.context(), sentTo, ring), sent);
      }
      if (thinkPs > 0) {
        api.sleep(thinkPs);
      } else {
        next(api);
      }
    }

    @Override
    public void onWake(ProcessApi api) {
      next(api);
    }

    private void next(ProcessApi api) {
      if (count >= ops) {
        api.finish();
        return;
      }
      int size = minSize + api.random().nextInt(maxSize - minSize + 1);
      byte[] data = new byte[size];
      api.random().nextBytes(data);
      ByteBuffer.wrap(data).putInt(api.node()).putInt(api.context()).putLong(count);
      count++;
      if (targets == null) {
        int pick = api.random().nextInt(api.nodes() - 1);
        sentTo = pick >= api.node() ? pick + 1 : pick;
      } else {
        sentTo = targets[api.random().nextInt(targets.length)];
      }
      sent = data.clone();
      api.put(sentTo, ring, data);
    }
  }

  /** GETs from one ring until it stayed empty {@code idleLimit} times in a row. */
  static final class Consumer implements Program {
    private final Ledger ledger;
    private final int source; // -1: its own node
    private final int ring;
    private final int idleLimit;
    private final long backoffPs;
    private int emptyInARow;

    Consumer(Ledger ledger, int source, int ring, int idleLimit, long backoffPs) {
      this.ledger = ledger;
      this.source = source;
      this.ring = ring;
      this.idleLimit = idleLimit;
      this.backoffPs = backoffPs;
    }

    @Override
    public void onStart(ProcessApi api) {
      api.get(source < 0 ? api.node() : source, ring);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      ledger.outcome(ledger.getOutcomes, c.status());
      if (c.ok()) {
        emptyInARow = 0;
        ledger.got(c.node(), c.ring(), c.data());
        api.get(c.node(), ring);
      } else if (++emptyInARow >= idleLimit) {
        api.finish();
      } else {
        api.sleep(backoffPs);
      }
    }

    @Override
    public void onWake(ProcessApi api) {
      api.get(source < 0 ? api.node() : source, ring);
    }
  }

  /**
   * Checks the invariants of DESIGN.md 1.5 against the machine's rings at the end of a run:
   * every returned element is byte-identical to one whose PUT completed DONE, into that ring; none
   * is returned twice; per stream, the returned elements followed by those still in the ring are
   * exactly the DONE elements in PUT order; and a ring holds nothing else.
   *
   * @return elements still in rings
   */
  long verify(Machine m) {
    Map<Stream, List<byte[]>> returnedPerStream = new HashMap<>();
    Set<ByteBuffer> seen = new HashSet<>();
    for (Map.Entry<List<Integer>, List<byte[]>> e : returned.entrySet()) {
      int node = e.getKey().get(0);
      int ring = e.getKey().get(1);
      for (byte[] data : e.getValue()) {
        Stream s = owner.get(ByteBuffer.wrap(data));
        assertNotNull(s, "node " + node + " ring " + ring + " returned an element no DONE PUT wrote ("
            + data.length + " bytes)");
        assertEquals(node, s.targetNode(), "returned from the ring it was PUT into");
        assertEquals(ring, s.ring());
        assertTrue(seen.add(ByteBuffer.wrap(data)), "returned twice: an element of " + s);
        returnedPerStream.computeIfAbsent(s, k -> new ArrayList<>()).add(data);
      }
    }
    Map<Stream, List<byte[]>> remainingPerStream = new HashMap<>();
    long remaining = 0;
    for (int n = 0; n < m.nodes(); n++) {
      for (RingBuffer ring : m.memory(n).rings()) {
        for (byte[] data : ring.snapshot()) {
          Stream s = owner.get(ByteBuffer.wrap(data));
          assertNotNull(s, "node " + n + " ring " + ring.id() + " holds an element no DONE PUT wrote ("
              + data.length + " bytes)");
          assertEquals(n, s.targetNode());
          assertEquals(ring.id(), s.ring());
          assertTrue(seen.add(ByteBuffer.wrap(data)), "both returned and still in the ring: " + s);
          remainingPerStream.computeIfAbsent(s, k -> new ArrayList<>()).add(data);
          remaining++;
        }
      }
    }
    for (Map.Entry<Stream, List<byte[]>> e : done.entrySet()) {
      List<byte[]> actual = new ArrayList<>(returnedPerStream.getOrDefault(e.getKey(), List.of()));
      actual.addAll(remainingPerStream.getOrDefault(e.getKey(), List.of()));
      List<byte[]> expected = e.getValue();
      assertEquals(expected.size(), actual.size(), "elements of " + e.getKey() + ": returned + remaining");
      for (int i = 0; i < expected.size(); i++) {
        assertArrayEquals(expected.get(i), actual.get(i),
            "element " + i + " of " + e.getKey() + ": returned then remaining, in PUT order");
      }
    }
    assertEquals(putsDone, getsDone + remaining);
    return remaining;
  }
}
