package io.ringfabric.workload;

import java.nio.ByteBuffer;

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
    new Filler(seed(node, context, count)).fill(data);
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

  /**
   * Whether {@code data} is exactly what its stamp says was PUT. Compared as it is generated, in
   * place: every element a consumer takes is checked, so a copy to compare against would be made
   * for each.
   */
  public static boolean intact(byte[] data) {
    Stamp s = stampOf(data);
    return s != null && intact(data, s);
  }

  /** Whether {@code data} is exactly what {@code stamp}, its own, says was PUT. */
  public static boolean intact(byte[] data, Stamp stamp) {
    return new Filler(seed(stamp.node, stamp.context, stamp.count)).matches(data);
  }

  private static long seed(int node, int context, long count) {
    return (node * 0x9E3779B97F4A7C15L) ^ (context * 0xC2B2AE3D27D4EB4FL) ^ (count * 0x165667B19E3779F9L);
  }

  /**
   * The bytes after the stamp: byte {@code i} is the top byte of the {@code i - 15}-th step of the
   * linear congruential generator {@code x = A x + C} from the seed. Four lanes step four apart
   * ({@code x' = A^4 x + C (A^3 + A^2 + A + 1)}, all mod 2^64), so the multiplications of the four
   * do not wait for each other: a payload is generated and checked once per element, and one
   * chain of 240 dependent multiplications was most of that. The bytes are those of one chain.
   */
  private static final class Filler {
    private static final long A = 6364136223846793005L;
    private static final long C = 1442695040888963407L;
    private static final long A4 = A * A * A * A;
    private static final long C4 = C * (A * A * A + A * A + A + 1);

    private long x0;
    private long x1;
    private long x2;
    private long x3;

    Filler(long seed) {
      x0 = A * seed + C;
      x1 = A * x0 + C;
      x2 = A * x1 + C;
      x3 = A * x2 + C;
    }

    void fill(byte[] data) {
      int i = STAMP_BYTES;
      for (int end = data.length - 3; i < end; i += 4) {
        data[i] = (byte) (x0 >>> 56);
        data[i + 1] = (byte) (x1 >>> 56);
        data[i + 2] = (byte) (x2 >>> 56);
        data[i + 3] = (byte) (x3 >>> 56);
        step();
      }
      for (int lane = 0; i < data.length; i++, lane++) {
        data[i] = (byte) (lane(lane) >>> 56);
      }
    }

    boolean matches(byte[] data) {
      int i = STAMP_BYTES;
      for (int end = data.length - 3; i < end; i += 4) {
        if (data[i] != (byte) (x0 >>> 56) || data[i + 1] != (byte) (x1 >>> 56)
            || data[i + 2] != (byte) (x2 >>> 56) || data[i + 3] != (byte) (x3 >>> 56)) {
          return false;
        }
        step();
      }
      for (int lane = 0; i < data.length; i++, lane++) {
        if (data[i] != (byte) (lane(lane) >>> 56)) {
          return false;
        }
      }
      return true;
    }

    private void step() {
      x0 = A4 * x0 + C4;
      x1 = A4 * x1 + C4;
      x2 = A4 * x2 + C4;
      x3 = A4 * x3 + C4;
    }

    private long lane(int lane) {
      return lane == 0 ? x0 : lane == 1 ? x1 : lane == 2 ? x2 : x3;
    }
  }

  /** Who produced an element: node, context, and how many PUTs that context made before it. */
  public record Stamp(int node, int context, long count) {}
}
