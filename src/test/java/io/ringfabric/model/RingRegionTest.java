package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Equivalent mutant left alive: in writeElement, {@code dataEnd < end} as {@code <=} (line 92)
 * zeroes an empty range when the payload fills its slot.
 */
class RingRegionTest {

  /** 64 bytes in slots of 16; the region starts full of 0x55 so that what is written shows. */
  private static RingRegion region() {
    RingRegion r = new RingRegion(64, 40, 16);
    Arrays.fill(r.bytes(), (byte) 0x55);
    return r;
  }

  @Test
  void slotIsHeaderPlusPayloadRoundedUpToTheAlignment() {
    RingRegion r = region();
    assertEquals(16, r.slotBytes(0));
    assertEquals(16, r.slotBytes(8));
    assertEquals(32, r.slotBytes(9));
    assertEquals(48, r.slotBytes(40));
  }

  @Test
  void elementIsLengthMarkerPayloadThenZeroesToTheEndOfItsSlot() {
    RingRegion r = region();
    r.writeElement(16, new byte[] {9, 1, 2, 3, 9}, 1, 3);
    byte[] expected = {
      0, 0, 0, 3, 0x52, 0x49, 0x4E, 0x47, 1, 2, 3, 0, 0, 0, 0, 0
    };
    assertArrayEquals(expected, Arrays.copyOfRange(r.bytes(), 16, 32));
    assertEquals(0x55, r.bytes()[15]);
    assertEquals(0x55, r.bytes()[32]);
    assertEquals(3, r.length(16));
    assertEquals(RingBuffer.ELEMENT_MARKER, r.marker(16));
    assertArrayEquals(new byte[] {1, 2, 3}, r.payload(16, 3));
  }

  @Test
  void paddingHeaderHoldsTheSkipAndLeavesTheRestOfTheTail() {
    RingRegion r = region();
    r.writePadding(32, 32);
    byte[] expected = {
      0, 0, 0, 32, 0x50, 0x41, 0x44, 0x44, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55
    };
    assertArrayEquals(expected, Arrays.copyOfRange(r.bytes(), 32, 48));
    assertEquals(RingBuffer.PADDING_MARKER, r.marker(32));
    assertEquals(32, r.length(32));
  }

  @Test
  void elementsAreFoundAcrossPaddingAndOffsetsWrapAtTheEnd() {
    RingRegion r = region();
    r.writeElement(16, new byte[0], 0, 0);
    r.writePadding(32, 32);
    assertEquals(16, r.elementAt(16));
    assertEquals(0, r.elementAt(32));
    assertEquals(32, r.next(16, 0));
    assertEquals(0, r.next(48, 8));
    assertEquals(0, r.next(16, 40));
  }

  @Test
  void payloadIsMixedByteByByteFnv1a() {
    RingRegion r = region();
    r.writeElement(0, new byte[] {(byte) 0xFF, 0x01}, 0, 2);
    long h = 0xCBF29CE484222325L;
    long expected = ((h ^ 0xFF) * 0x100000001B3L ^ 0x01) * 0x100000001B3L;
    assertEquals(expected, r.mixPayload(h, 0, 2));
    assertEquals(h, r.mixPayload(h, 0, 0));
  }
}
