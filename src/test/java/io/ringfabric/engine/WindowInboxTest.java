package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class WindowInboxTest {
  private static Coordinator.Exchange piece(long window, int from, boolean last) {
    return new Coordinator.Exchange(window, from, 1000 * window + from, false, List.of(), List.of(), last);
  }

  @Test
  void aWindowIsCompleteWhenEveryOtherMembersLastPieceIsIn() {
    WindowInbox inbox = new WindowInbox(3, 1);
    inbox.add(piece(5, 0, false));
    inbox.add(piece(5, 0, true));
    assertFalse(inbox.complete(5));
    assertEquals(List.of(2), inbox.silent(5));
    inbox.add(piece(5, 2, true));
    assertTrue(inbox.complete(5));
    assertEquals(List.of(), inbox.silent(5));
    assertEquals(List.of(piece(5, 0, false), piece(5, 0, true), piece(5, 2, true)), inbox.take(5));
    assertFalse(inbox.complete(5));
  }

  @Test
  void theNextWindowsPiecesWaitTheirTurn() {
    WindowInbox inbox = new WindowInbox(3, 0);
    inbox.add(piece(8, 1, true)); // member 1 is a window ahead of member 2
    inbox.add(piece(7, 2, true));
    assertFalse(inbox.complete(7));
    assertEquals(List.of(1), inbox.silent(7));
    inbox.add(piece(7, 1, true));
    assertTrue(inbox.complete(7));
    assertEquals(List.of(piece(7, 2, true), piece(7, 1, true)), inbox.take(7));
    assertEquals(List.of(2), inbox.silent(8));
    assertEquals(List.of(piece(8, 1, true)), inbox.take(8));
  }

  @Test
  void aMemberAloneWaitsForNobody() {
    assertTrue(new WindowInbox(1, 0).complete(3));
  }
}
