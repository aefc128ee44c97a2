package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OutputPortTest {
  @Test
  void anIdleLinkStartsAPacketWhenItIsReady() {
    OutputPort port = new OutputPort("p");
    assertEquals(1_000, port.transmit(0, 1_000, 64_000, 80));
    assertEquals(0, port.waited());
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
}
