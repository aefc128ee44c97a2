package io.ringfabric.workload;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Payloads that say where they came from: the first 16 bytes hold the producer's node, its
 * context and its PUT count, and every later byte is derived from those. A consumer can then
 * check that an element arrived whole, unchanged and in order, without a ledger.
 */
public final class Payloads {
  /** Bytes of the stamp; a shorter payload carries a truncated stamp and cannot be checked. */
  public static final int STAMP_BYTES = 16;

  private Payloads() {}

  /** The payload a producer PUTs as its {@code count}-th element. */
  public static byte[] stamped(int node, int context, long count, int size) {
    byte[] data = new byte[size];
    long[] fields = {((long) (node & 0xFFFF) << 48) | (context & 0xFFFFFFFFL), count};
    for (int i = 0; i < Math.min(size, STAMP_BYTES); i++) { // big-endian, as stampOf reads it
      data[i] = (byte) (fields[i / 8] >>> (56 - 8 * (i % 8)));
    }
    long x = seed(node, context, count);
    for (int i = STAMP_BYTES; i < size; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      data[i] = (byte) (x >>> 56);
    }
    return data;
  }

  /** The stamp of a payload long enough to carry one, or null. */
  public static Stamp stampOf(byte[] data) {
    if (data == null || data.length < STAMP_BYTES) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(data);
    int node = b.getShort() & 0xFFFF;
    b.getShort();
    int context = b.getInt();
    long count = b.getLong();
    return new Stamp(node, context, count);
  }

  /** Whether {@code data} is exactly what its stamp says was PUT. */
  public static boolean intact(byte[] data) {
    Stamp s = stampOf(data);
    return s != null && Arrays.equals(data, stamped(s.node, s.context, s.count, data.length));
  }

  private static long seed(int node, int context, long count) {
    return (node * 0x9E3779B97F4A7C15L) ^ (context * 0xC2B2AE3D27D4EB4FL) ^ (count * 0x165667B19E3779F9L);
  }

  /** Who produced an element: node, context, and how many PUTs that context made before it. */
  public record Stamp(int node, int context, long count) {}
}
