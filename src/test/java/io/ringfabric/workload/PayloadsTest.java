package io.ringfabric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Payload bytes are part of every fingerprint (rings are digested), so they must never move. */
class PayloadsTest {
  /** The generator as first written: one chain, a byte a step; the bytes every fingerprint holds. */
  private static byte[] oneChain(int node, int context, long count, int size) {
    byte[] data = new byte[size];
    long[] fields = {((long) (node & 0xFFFF) << 48) | (context & 0xFFFFFFFFL), count};
    for (int i = 0; i < Math.min(size, 16); i++) {
      data[i] = (byte) (fields[i / 8] >>> (56 - 8 * (i % 8)));
    }
    long x = (node * 0x9E3779B97F4A7C15L) ^ (context * 0xC2B2AE3D27D4EB4FL) ^ (count * 0x165667B19E3779F9L);
    for (int i = 16; i < size; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      data[i] = (byte) (x >>> 56);
    }
    return data;
  }

  @Test
  void everySizeGivesTheOneChainsBytes() {
    for (int size = 0; size <= 300; size++) {
      for (long count : new long[] {0, 1, 77, 1L << 40}) {
        assertArrayEquals(oneChain(5, 9, count, size), Payloads.stamped(5, 9, count, size), "size " + size);
      }
    }
    assertArrayEquals(oneChain(65535, -1, Long.MAX_VALUE, 4096), Payloads.stamped(65535, -1, Long.MAX_VALUE, 4096));
  }

  /** A known byte, so that the reference above cannot drift with the code it checks. */
  @Test
  void aPayloadsBytesAreThoseOfThisBuild() {
    byte[] p = Payloads.stamped(3, 7, 42, 24);
    assertEquals(0x00, p[0] & 0xFF);
    assertEquals(0x03, p[1] & 0xFF);
    assertEquals(7, p[7]);
    assertEquals(42, p[15]);
    long x = (3 * 0x9E3779B97F4A7C15L) ^ (7 * 0xC2B2AE3D27D4EB4FL) ^ (42 * 0x165667B19E3779F9L);
    x = x * 6364136223846793005L + 1442695040888963407L;
    assertEquals((byte) (x >>> 56), p[16]);
  }

  @Test
  void aChangedByteAnywhereIsFound() {
    for (int size : new int[] {16, 17, 19, 20, 21, 256, 257}) {
      byte[] p = Payloads.stamped(1, 2, 3, size);
      assertTrue(Payloads.intact(p), "size " + size);
      for (int i = 16; i < size; i++) {
        byte[] q = p.clone();
        q[i] ^= 1;
        assertFalse(Payloads.intact(q), "size " + size + ", byte " + i);
      }
    }
  }

  @Test
  void aStampThatNamesAnotherElementDoesNotFit() {
    byte[] p = Payloads.stamped(1, 2, 3, 64);
    byte[] q = p.clone();
    q[15] = 4; // the count of the next element, its body left as it was
    assertFalse(Payloads.intact(q));
    assertNull(Payloads.stampOf(new byte[15]));
    assertFalse(Payloads.intact(new byte[15]));
  }
}
