package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Equivalent mutants left alive: {@code freeAt <= since} as {@code <} (line 89) and {@code ends <=
 * now} as {@code <} (line 118). A booking that ends exactly when the next is asked for is either
 * forgotten or kept; kept, it still answers nothing for any time from then on (it is not sending
 * at or after its end, not waiting, and adds no busy time past it), and the port is asked only
 * about such times.
 */
class OutputPortTest {
  @Test
  void anIdleLinkStartsAPacketWhenItIsReady() {
    OutputPort port = new OutputPort("p");
    assertEquals(1_000, port.transmit(0, 1_000, 64_000, 80));
    assertEquals("p", port.name());
    assertEquals(0, port.waited());
    assertEquals(0, port.maxQueue(), "a packet that did not wait was never queued");
    assertEquals(64_000, port.busyPs());
  }

  @Test
  void laterPacketsWaitTheirTurnAndTheWaitIsMeasured() {
    OutputPort port = new OutputPort("p");
    assertEquals(0, port.transmit(0, 0, 64_000, 80));
    assertEquals(64_000, port.transmit(0, 10_000, 64_000, 80)); // waits 54 ns
    assertEquals(128_000, port.transmit(0, 20_000, 64_000, 80)); // waits 108 ns
    assertEquals(2, port.waited());
    assertEquals(54_000 + 108_000, port.waitPs());
    assertEquals(108_000, port.maxWaitPs());
    assertEquals(2, port.maxQueue());
    assertEquals(3, port.packets());
    assertEquals(240, port.bytes());
    assertEquals(192_000, port.busyPs());
  }

  @Test
  void theQueueDrainsAsTimeMoves() {
    OutputPort port = new OutputPort("p");
    port.transmit(0, 0, 10_000, 10);
    port.transmit(0, 0, 10_000, 10); // queued until 10 ns
    port.transmit(50_000, 50_000, 10_000, 10); // the link is idle again by then
    assertEquals(1, port.maxQueue());
    assertEquals(1, port.waited());
  }

  @Test
  void bookingsForgottenWhileTheLinkIsIdleLeaveTheQueueAndTheBusyTimeRight() {
    OutputPort port = new OutputPort("p");
    for (int i = 0; i < 20; i++) { // 20 bursts of 3, each over before the next: the bookings go
      long t = i * 100_000L;
      port.transmit(t, t, 10_000, 10);
      port.transmit(t, t, 10_000, 10);
      port.transmit(t, t, 10_000, 10);
    }
    assertEquals(2, port.maxQueue());
    assertEquals(40, port.waited());
    port.transmit(2_000_000, 2_000_000, 10_000, 10);
    port.transmit(2_000_000, 2_000_000, 10_000, 10);
    // a run ending at 2,005 ns counts 5 ns of the first and none of the second
    assertEquals(60 * 10_000L + 5_000, port.busyPsUntil(2_005_000));
    assertEquals(62 * 10_000L, port.busyPsUntil(3_000_000));
  }

  @Test
  void onlyWhatHappensAfterTheWarmUpIsMeasured() {
    OutputPort port = new OutputPort("p", 100_000); // warm-up ends at 100 ns
    port.transmit(0, 0, 60_000, 10); // wholly before: not counted
    port.transmit(80_000, 80_000, 40_000, 20); // straddles it: 20 ns of busy time, not a packet
    port.transmit(80_000, 80_000, 30_000, 40); // starts at 120 ns after a 40 ns wait: counted
    assertEquals(20_000 + 30_000, port.busyPs());
    assertEquals(1, port.packets());
    assertEquals(40, port.bytes());
    assertEquals(1, port.waited());
    assertEquals(40_000, port.waitPs());
    assertEquals(1, port.maxQueue());
    assertEquals(20_000 + 10_000, port.busyPsUntil(130_000));
  }

  /**
   * Twelve packets of 10 ns booked at once, more than the eight bookings the port starts with room
   * for: they start 10 ns apart, and the queue and the wire are right at every moment.
   */
  @Test
  void moreThanEightPacketsInFlightKeepTheirOrder() {
    OutputPort port = new OutputPort("p");
    for (int i = 0; i < 12; i++) {
      assertEquals(i * 10_000L, port.transmit(0, 0, 10_000, 10));
    }
    assertEquals(11, port.maxQueue());
    assertEquals(120_000, port.freeAt());
    for (int i = 0; i < 12; i++) {
      long t = i * 10_000L;
      assertEquals(11 - i, port.waitingAt(t), "waiting at " + t);
      assertEquals(11 - i, port.waitingAt(t + 9_999), "waiting at " + (t + 9_999));
      assertTrue(port.sendingAt(t) && port.sendingAt(t + 9_999), "sending at " + t);
    }
    assertFalse(port.sendingAt(120_000));
    assertFalse(port.sendingAt(-1));
    assertEquals(12, port.waitingAt(-1));
    assertEquals(65_000, port.busyPsUntil(65_000));
  }

  /**
   * The bookings are a ring: after three are over and forgotten, eight more come behind the three
   * left, so the ring grows while its oldest booking is not at its first slot.
   */
  @Test
  void theBookingsGrowWhileWrappedRound() {
    OutputPort port = new OutputPort("p");
    for (int i = 0; i < 6; i++) {
      port.transmit(0, 0, 10_000, 10); // 0..60 ns
    }
    for (int i = 0; i < 8; i++) { // asked at 35 ns: those over by then (ending 10, 20, 30) are forgotten
      assertEquals(60_000 + i * 10_000L, port.transmit(35_000, 35_000, 10_000, 10));
    }
    assertEquals(10, port.maxQueue()); // the last: behind 40, 50 and seven new ones, and itself
    assertEquals(10, port.waitingAt(35_000));
    assertEquals(1, port.waitingAt(125_000));
    assertTrue(port.sendingAt(35_000));
    assertTrue(port.sendingAt(135_000));
    assertFalse(port.sendingAt(140_000));
    assertEquals(100_000, port.busyPsUntil(100_000));
    assertEquals(140_000, port.busyPsUntil(200_000));
  }

  /** Booked ahead with a gap: nothing is on the wire in the gap, though a booking began before it. */
  @Test
  void aGapBetweenBookingsIsIdle() {
    OutputPort port = new OutputPort("p");
    port.transmit(0, 0, 10_000, 10); // 0..10 ns
    for (int i = 0; i < 7; i++) { // 50..120 ns, booked at 0
      assertEquals(50_000 + i * 10_000L, port.transmit(0, 50_000, 10_000, 10));
    }
    assertFalse(port.sendingAt(30_000));
    assertTrue(port.sendingAt(55_000));
    assertEquals(7, port.waitingAt(30_000));
  }

  /** Bookings forgotten as they end let the ring go round past its eighth slot without growing. */
  @Test
  void theBookingsGoRoundWithoutGrowing() {
    OutputPort port = new OutputPort("p");
    for (int i = 0; i < 6; i++) {
      port.transmit(0, 0, 10_000, 10); // 0..60 ns
    }
    for (int i = 0; i < 4; i++) { // 60..100 ns, asked at 35 ns: three bookings are over and forgotten
      port.transmit(35_000, 35_000, 10_000, 10);
    }
    assertTrue(port.sendingAt(95_000));
    assertFalse(port.sendingAt(100_000));
    assertEquals(0, port.waitingAt(100_000));
    assertEquals(5, port.waitingAt(45_000));
  }

  /** A packet may be booked for a start the caller chose, never before the link is free. */
  @Test
  void aBookingAtAChosenStartWaitsFromWhenItWasAsked() {
    OutputPort port = new OutputPort("p");
    port.transmit(0, 0, 10_000, 10);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> port.transmitAt(0, 0, 9_999, 10_000, 10));
    assertEquals("p is busy until 10000 ps: a packet cannot start at 9999", e.getMessage());
    assertEquals(10_000, port.transmitAt(0, 2_000, 10_000, 10_000, 10)); // asked at 2 ns: waits 8
    assertEquals(30_000, port.transmitAt(0, 40_000, 30_000, 10_000, 10)); // asked after its start: no wait
    assertEquals(3, port.packets());
    assertEquals(1, port.waited());
    assertEquals(8_000, port.waitPs());
    assertEquals(40_000, port.freeAt());
  }
}
