package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class EnvelopeTest {
  @Test
  void aMessageIsCutIntoElementsOfWhatFitsBesideTheHeader() {
    int max = 256; // 236 bytes of the message an element
    assertEquals(1, Envelope.elements(0, max));
    assertEquals(1, Envelope.elements(236, max));
    assertEquals(2, Envelope.elements(237, max));
    assertEquals(278, Envelope.elements(65536, max));
    long sum = 0;
    for (int i = 0; i < 278; i++) {
      sum += Envelope.carried(65536, max, i);
    }
    assertEquals(65536, sum);
    assertEquals(65536 - 277 * 236, Envelope.carried(65536, max, 277));
  }

  @Test
  void anElementSaysWhoSentWhatAndHowMuchItCarries() {
    Envelope e = new Envelope(1023, -1, 1L << 33, 77);
    byte[] first = e.element(256, 0);
    assertEquals(256, first.length);
    assertEquals(e, Envelope.of(first));
    assertEquals(236, Envelope.carriedBy(first));
    byte[] empty = new Envelope(2, 0, 0, 0).element(64, 0);
    assertEquals(Envelope.BYTES, empty.length);
    assertEquals(0, Envelope.carriedBy(empty));
    assertNull(Envelope.of(new byte[Envelope.BYTES - 1]));
  }

  @Test
  void anElementWithNoRoomBesideTheHeaderIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Envelope.elements(8, Envelope.BYTES));
  }
}
