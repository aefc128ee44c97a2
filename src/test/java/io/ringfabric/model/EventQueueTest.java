package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
  private static Event event(long time, int source, long sequence) {
    return new Event(time, source, sequence, 0, Core.CoreFree.INSTANCE);
  }

  @Test
  void eventsComeOutInKeyOrderWhateverOrderTheyWentIn() {
    SplittableRandom random = new SplittableRandom(7);
    EventQueue queue = new EventQueue(2);
    PriorityQueue<Event> reference = new PriorityQueue<>(Event.ORDER);
    List<Event> out = new ArrayList<>();
    List<Event> expected = new ArrayList<>();
    for (int round = 0; round < 20_000; round++) {
      if (random.nextInt(3) > 0 || queue.isEmpty()) {
        // few distinct times and sources, so ties on time and source are common
        Event e = event(random.nextInt(50), random.nextInt(4), random.nextInt(1000));
        queue.add(e);
        reference.add(e);
      } else {
        out.add(queue.poll());
        expected.add(reference.poll());
      }
      assertEquals(reference.size(), queue.size());
      assertEquals(reference.peek(), queue.peek());
    }
    while (!queue.isEmpty()) {
      out.add(queue.poll());
      expected.add(reference.poll());
    }
    assertEquals(expected, out);
    assertNull(queue.poll());
    assertNull(queue.peek());
  }
}
