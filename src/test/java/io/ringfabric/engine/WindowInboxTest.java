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
    WindowInbox inbox = new WindowInbox(List.of(0, 2));
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
    WindowInbox inbox = new WindowInbox(List.of(1, 2));
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
  void onlyTheSendersItWasGivenAreWaitedFor() {
    WindowInbox inbox = new WindowInbox(List.of(0, 3)); // coordinator 0 and one neighbour
    assertTrue(inbox.expects(3));
    assertFalse(inbox.expects(2));
    inbox.add(piece(4, 3, true));
    assertEquals(List.of(0), inbox.silent(4));
    inbox.add(piece(4, 0, true));
    assertTrue(inbox.complete(4));
  }

  @Test
  void aMemberAloneWaitsForNobody() {
    assertTrue(new WindowInbox(List.of()).complete(3));
  }
}
