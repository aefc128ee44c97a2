package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hold-when-full on its own, answer by answer: first come, first served behind a held PUT, a
 * retry that still finds the ring full, a limit that comes during a retry, and what is counted.
 */
class HeldPutsTest {
  private static HeldPuts.Held put(int context, int ring, long until) {
    return new HeldPuts.Held(new Packet.ActionId(2, context, 1), ring, new byte[] {(byte) context}, ElementOrigin.NONE,
        until);
  }

  @Test
  void aSecondPutWaitsBehindTheFirstAndIsTriedOnlyAfterIt() {
    HeldPuts held = new HeldPuts();
    HeldPuts.Held a = put(1, 0, 100);
    HeldPuts.Held b = put(2, 0, 100);
    held.hold(a);
    held.hold(b);
    assertFalse(held.isRetry(0, a.action()), "nothing is being tried yet");
    assertSame(a, held.retry(0, 0), "the oldest first");
    assertNull(held.retry(0, 0), "one retry at a time per ring");
    assertTrue(held.isRetry(0, a.action()));
    assertFalse(held.isRetry(0, b.action()));
    assertNull(held.retried(0, true, 50), "applied: it leaves, nothing to answer FULL");
    assertTrue(held.hasHeld(0));
    assertSame(b, held.retry(0, 0), "then the second");
    assertNull(held.retried(0, true, 60));
    assertFalse(held.hasHeld(0));
    assertNull(held.retry(0, 0));
    assertEquals(2, held.held());
    assertEquals(0, held.releasedFull());
  }

  @Test
  void aRetryThatStillFindsTheRingFullKeepsThePutHeldUntilItsLimit() {
    HeldPuts held = new HeldPuts();
    HeldPuts.Held a = put(1, 3, 100);
    held.hold(a);
    assertSame(a, held.retry(3, 0));
    assertNull(held.retried(3, false, 99), "still full before the limit: it stays");
    assertTrue(held.hasHeld(3));
    assertFalse(held.isRetry(3, a.action()), "no longer being tried");
    assertSame(a, held.retry(3, 0), "tried again at the next room");
    assertSame(a, held.retried(3, false, 100), "still full at the limit: answered FULL");
    assertFalse(held.hasHeld(3));
    assertEquals(1, held.releasedFull());
    assertEquals(Long.MAX_VALUE, held.nextDeadlineAfter(0), "and its limit is gone with it");
  }

  @Test
  void aPutIsTriedUpToItsLimitAndNotAfter() {
    HeldPuts held = new HeldPuts();
    HeldPuts.Held a = put(1, 0, 100);
    held.hold(a);
    assertNull(held.retry(0, 101), "its time is over: its hold check answers it");
    assertSame(a, held.retry(0, 100), "at its limit itself it may still be tried");
  }

  @Test
  void aLimitThatComesDuringARetryWaitsForTheRetrysAnswer() {
    HeldPuts held = new HeldPuts();
    HeldPuts.Held a = put(1, 0, 10);
    HeldPuts.Held b = put(2, 0, 10);
    HeldPuts.Held c = put(3, 1, 10);
    held.hold(a);
    held.hold(b);
    held.hold(c);
    assertSame(a, held.retry(0, 0));
    assertEquals(List.of(b, c), held.expire(10), "all at their limit but the one being tried");
    assertEquals(2, held.releasedFull());
    assertEquals(Long.MAX_VALUE, held.nextDeadlineAfter(10), "a's limit is still pending, but not after 10");
    assertEquals(10, held.nextDeadlineAfter(9));
    assertEquals(List.of(), held.expire(11), "a is still being tried");
    assertSame(a, held.retried(0, false, 11), "its retry found the ring full, and its limit had come");
    assertEquals(3, held.releasedFull());
    assertFalse(held.hasHeld(0));
  }

  @Test
  void expiryTakesOnlyThoseWhoseLimitHasCome() {
    HeldPuts held = new HeldPuts();
    HeldPuts.Held early = put(1, 0, 10);
    HeldPuts.Held late = put(2, 0, 20);
    held.hold(late);
    held.hold(early);
    assertEquals(List.of(), held.expire(9));
    assertEquals(10, held.nextDeadlineAfter(9));
    assertEquals(List.of(early), held.expire(10));
    assertEquals(1, held.releasedFull());
    assertEquals(20, held.nextDeadlineAfter(10));
    assertEquals(20, held.nextDeadlineAfter(19));
    assertEquals(Long.MAX_VALUE, held.nextDeadlineAfter(20), "a limit at the moment itself is not after it");
    assertSame(late, held.retry(0, 0), "the one left is first in its ring now");
  }

  @Test
  void heldPutsAreOrderedByLimitThenNodeContextAndSequence() {
    HeldPuts.Held a = new HeldPuts.Held(new Packet.ActionId(1, 5, 9), 0, new byte[0], ElementOrigin.NONE, 10);
    assertTrue(a.compareTo(new HeldPuts.Held(new Packet.ActionId(0, 9, 9), 0, new byte[0], ElementOrigin.NONE, 11)) < 0);
    assertTrue(a.compareTo(new HeldPuts.Held(new Packet.ActionId(2, 0, 0), 0, new byte[0], ElementOrigin.NONE, 10)) < 0);
    assertTrue(a.compareTo(new HeldPuts.Held(new Packet.ActionId(1, 6, 0), 0, new byte[0], ElementOrigin.NONE, 10)) < 0);
    assertTrue(a.compareTo(new HeldPuts.Held(new Packet.ActionId(1, 5, 10), 0, new byte[0], ElementOrigin.NONE, 10)) < 0);
    assertTrue(a.compareTo(new HeldPuts.Held(new Packet.ActionId(1, 5, 8), 0, new byte[0], ElementOrigin.NONE, 10)) > 0);
    assertEquals(0, a.compareTo(new HeldPuts.Held(new Packet.ActionId(1, 5, 9), 3, new byte[1], ElementOrigin.NONE, 10)));
  }
}
