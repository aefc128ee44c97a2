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
      assertEquals(reference.isEmpty() ? Long.MAX_VALUE : reference.peek().time(), queue.firstTime());
    }
    while (!queue.isEmpty()) {
      out.add(queue.poll());
      expected.add(reference.poll());
    }
    assertEquals(expected, out);
    assertNull(queue.poll());
    assertNull(queue.peek());
    assertEquals(Long.MAX_VALUE, queue.firstTime());
  }

  /**
   * A snapshot lists the pending events and leaves them; addAll adds each. Equivalent mutants left
   * alive in {@code EventQueue}: {@code size > 0} as {@code >= 0} after the last poll (line 91)
   * only writes the polled event into the emptied slot 0, which nothing reads before an add
   * overwrites it; {@code ta < tb} as {@code <=} in before (line 122) runs only when ta != tb.
   */
  @Test
  void aSnapshotListsThePendingEventsAndAddAllAddsEach() {
    EventQueue queue = new EventQueue(2);
    List<Event> events = List.of(event(30, 0, 1), event(10, 1, 2), event(20, 0, 3));
    queue.addAll(events);
    assertEquals(3, queue.size());
    List<Event> snapshot = new ArrayList<>(queue.snapshot());
    snapshot.sort(Event.ORDER);
    assertEquals(List.of(events.get(1), events.get(2), events.get(0)), snapshot);
    assertEquals(3, queue.size(), "the snapshot took nothing");
    assertEquals(events.get(1), queue.poll());
  }
}
