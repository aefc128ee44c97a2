package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class MatchingTest {
  private static Envelope m(int source, int tag, int sequence) {
    return new Envelope(source, tag, 8, sequence);
  }

  @Test
  void aMessageTakesTheEarliestPostedReceiveThatAcceptsIt() {
    Matching q = new Matching();
    assertNull(q.post(10, 3, 7));
    assertNull(q.post(11, -1, 7));
    assertNull(q.post(12, 3, -1));
    assertNull(q.post(13, -1, -1));
    assertEquals(12, q.arrive(m(3, 9, 0))); // 10 and 11 want tag 7
    assertEquals(10, q.arrive(m(3, 7, 1)));
    assertEquals(11, q.arrive(m(3, 7, 2)));
    assertEquals(13, q.arrive(m(5, 1, 0)));
    assertEquals(-1, q.arrive(m(5, 1, 1)));
    assertEquals(0, q.posted());
    assertEquals(1, q.unexpected());
  }

  @Test
  void aReceiveTakesTheEarliestUnexpectedMessageItAccepts() {
    Matching q = new Matching();
    Envelope a = m(1, 7, 0);
    Envelope b = m(2, 7, 0);
    Envelope c = m(1, 8, 1);
    Envelope d = m(1, 7, 2);
    for (Envelope e : new Envelope[] {a, b, c, d}) {
      assertEquals(-1, q.arrive(e));
    }
    assertSame(c, q.post(0, 1, 8));
    assertSame(a, q.post(1, -1, 7)); // a arrived before b
    assertSame(b, q.post(2, -1, -1)); // a is gone from every queue
    assertSame(d, q.post(3, 1, -1));
    assertNull(q.post(4, 1, 7));
    assertEquals(1, q.posted());
    assertEquals(0, q.unexpected());
  }

  /** MPI's non-overtaking rule: two messages of one sender that one receive accepts are taken in the order sent. */
  @Test
  void messagesOfOneSenderAreTakenInTheOrderSent() {
    Matching q = new Matching();
    for (int i = 0; i < 5; i++) {
      q.arrive(m(4, i % 2, i));
    }
    for (int i = 0; i < 5; i++) {
      assertEquals(i, q.post(i, 4, -1).sequence());
    }
  }
}
