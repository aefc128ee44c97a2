package io.ringfabric.model;

import static io.ringfabric.model.RingBufferTest.payload;
import static io.ringfabric.model.RingBufferTest.ring;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A ring whose headers in memory were damaged is refused, naming what was found where, and is
 * left as it was; and the state hash sees every byte of the ring's counters, not just the low one.
 *
 * <p>Equivalent mutants left alive in {@code RingBuffer}: the peaks' comparisons {@code used >
 * peakUsedBytes} and {@code elements > peakElements} as {@code >=} (lines 256, 259) set a peak to
 * the value it already has.
 */
class RingBufferIntegrityTest {
  private static void writeInt(byte[] memory, int at, int value) {
    for (int i = 0; i < 4; i++) {
      memory[at + i] = (byte) (value >>> (24 - 8 * i));
    }
  }

  /** A ring (capacity 256, elements of at most 100) holding one 10-byte element at offset 0, its header damaged. */
  @ParameterizedTest(name = "length {0}, marker {1}")
  @CsvSource({
    "10, 0x52494E46, 'header (length 10, marker 0x52494e46) at offset 0'",
    "101, 0x52494E47, 'header (length 101, marker 0x52494e47) at offset 0'",
    "-1, 0x52494E47, 'header (length -1, marker 0x52494e47) at offset 0'",
    "50, 0x52494E47, 'element of 64 bytes at offset 0 runs past the producer'",
  })
  void aDamagedElementHeaderIsRefusedAndTheRingKeepsItsState(int length, String marker, String what) {
    RingBuffer r = ring(256, 100, 8);
    assertEquals(Status.DONE, r.put(0, payload(10, 1)));
    writeInt(r.memory(), 0, length);
    writeInt(r.memory(), 4, Integer.decode(marker));
    long hash = r.stateHash();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.take(0));
    assertEquals("ring 3 on node 7 is corrupted: unexpected " + what + " (consumer position 0, producer position 24)",
        e.getMessage());
    assertEquals(1, r.elements());
    assertEquals(0, r.consumerPosition());
    assertEquals(0, r.takes());
    assertEquals(hash, r.stateHash());
  }

  @Test
  void wrapPaddingOfTheWrongLengthIsRefused() {
    RingBuffer r = ring(128, 100, 16);
    r.put(0, payload(40, 1)); // [0,48)
    r.put(0, payload(56, 2)); // [48,112)
    r.take(0);
    r.put(0, payload(24, 3)); // padding [112,128), then [0,32)
    r.take(0);
    writeInt(r.memory(), 112, 8); // the padding says 8 bytes, but 16 are left to the end
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.take(0));
    assertEquals("ring 3 on node 7 is corrupted: unexpected padding of 8 bytes at offset 112"
        + " (consumer position 112, producer position 160)", e.getMessage());
    writeInt(r.memory(), 112, 16);
    assertArrayEquals(payload(24, 3), r.take(0), "repaired, the element after the padding is taken");
  }

  /** Two empty rings that differ only in counters whose low bytes agree: positions 256 and 512. */
  @Test
  void theStateHashSeesTheBytesAboveTheLowOne() {
    RingBuffer a = ring(1024, 504, 8);
    RingBuffer b = ring(1024, 504, 8);
    a.put(0, payload(248, 1)); // a 256-byte slot
    b.put(0, payload(504, 1)); // a 512-byte slot
    a.take(0);
    b.take(0);
    assertEquals(256, a.producerPosition());
    assertEquals(512, b.producerPosition());
    assertEquals(a.puts() + "/" + a.takes() + "/" + a.peakElements() + "/" + a.elements() + "/" + a.payloadBytes(),
        b.puts() + "/" + b.takes() + "/" + b.peakElements() + "/" + b.elements() + "/" + b.payloadBytes());
    assertNotEquals(a.stateHash(), b.stateHash());
  }

  @Test
  void aRingDescribesItself() {
    RingBuffer r = ring(256, 100, 8);
    r.put(0, payload(10, 1));
    assertEquals("RingBuffer{node=7, id=3, capacity=256, elements=1, used=24, producer=24, consumer=0}", r.toString());
  }
}
