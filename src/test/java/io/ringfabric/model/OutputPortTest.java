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
}
