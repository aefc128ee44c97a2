package io.ringfabric.stats;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The bytes of an encoded {@link LatencyRecorder}: a tag, the exact count, sum and max, the length
 * of the buckets' list, then that list deflated. The list holds the histogram's non-empty buckets,
 * highest first, each as a value in the bucket and its count, in variable-length integers (values
 * as the gap below the one before).
 *
 * <p>Not HdrHistogram's own encoding: decoding that makes a histogram with a full counts array for
 * every recorder, and merging the recorders of thousands of parts would allocate gigabytes, while
 * a list of buckets adds into the merged recorder directly. Highest first, the merged histogram
 * grows once to hold the list rather than bucket by bucket.
 */
final class LatencyCodec {
  private static final int TAG = 0x52464c32; // "RFL2": ringfabric latencies, encoding 2
  private static final int HEADER_BYTES = Integer.BYTES + 3 * Long.BYTES + Integer.BYTES;
  // Above any real list (a three-digit histogram has ~2,000 buckets per factor of 1,000), so
  // garbage cannot make a decode allocate without bound.
  private static final int MAX_LIST_BYTES = 1 << 24;
  // HdrHistogram tracks values up to half of Long.MAX_VALUE.
  static final long MAX_VALUE = Long.MAX_VALUE / 2;

  // Kept per thread: at the end of a large run every part's recorders are encoded, and fresh
  // zlib state and buffers for each would be most of the cost.
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  private LatencyCodec() {}

  /** A decoded recorder: its totals and its buckets, highest first. */
  record Decoded(long count, long sum, long max, long[] values, long[] counts) {}

  /** @param values a value in each non-empty bucket, highest first, with its count at the same index */
  static byte[] encode(long[] values, long[] counts, long count, long sum, long max) {
    Scratch scratch = SCRATCH.get();
    scratch.length = 0;
    scratch.putVarint(values.length);
    for (int i = 0; i < values.length; i++) {
      scratch.putVarint(i == 0 ? values[0] : values[i - 1] - values[i]);
      scratch.putVarint(counts[i]);
    }
    return deflate(scratch, count, sum, max);
  }

  private static byte[] deflate(Scratch scratch, long count, long sum, long max) {
    Deflater deflater = scratch.deflater;
    deflater.reset();
    deflater.setInput(scratch.list, 0, scratch.length);
    deflater.finish();
    byte[] out = new byte[HEADER_BYTES + scratch.length + (scratch.length >> 10) + 64];
    int at = HEADER_BYTES;
    while (!deflater.finished()) {
      if (at == out.length) {
        out = Arrays.copyOf(out, out.length * 2);
      }
      at += deflater.deflate(out, at, out.length - at);
    }
    ByteBuffer.wrap(out).putInt(TAG).putLong(count).putLong(sum).putLong(max).putInt(scratch.length);
    return Arrays.copyOf(out, at);
  }

  /**
   * Reads what {@link #encode} wrote.
   *
   * @throws IllegalArgumentException for anything else, saying what is wrong
   */
  static Decoded decode(byte[] bytes) {
    if (bytes == null || bytes.length < HEADER_BYTES) {
      throw notARecorder(bytes == null ? "null" : bytes.length + " bytes, too short", null);
    }
    ByteBuffer in = ByteBuffer.wrap(bytes);
    if (in.getInt() != TAG) {
      throw notARecorder("wrong tag", null);
    }
    long count = in.getLong();
    long sum = in.getLong();
    long max = in.getLong();
    int length = in.getInt();
    if (length < 1 || length > MAX_LIST_BYTES) {
      throw notARecorder("a list of " + length + " bytes", null);
    }
    return buckets(ByteBuffer.wrap(inflate(bytes, length)), count, sum, max);
  }

  private static Decoded buckets(ByteBuffer list, long count, long sum, long max) {
    long n = getVarint(list);
    if (n < 0 || n > list.remaining() / 2) {
      throw notARecorder(n + " buckets in " + list.remaining() + " bytes", null);
    }
    long[] values = new long[(int) n];
    long[] counts = new long[(int) n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      long gap = getVarint(list);
      values[i] = i == 0 ? gap : values[i - 1] - gap;
      counts[i] = getVarint(list);
      if ((i > 0 && gap <= 0) || values[i] < 0 || values[i] > MAX_VALUE || counts[i] <= 0) {
        throw notARecorder("bucket " + i + " (value " + values[i] + ", count " + counts[i] + ")", null);
      }
      total += counts[i];
      if (total < 0) {
        throw notARecorder("more values than a long counts", null);
      }
    }
    if (list.hasRemaining() || total != count) {
      throw notARecorder(list.hasRemaining() ? "bytes after the buckets"
          : "the buckets hold " + total + " values, the count is " + count, null);
    }
    return new Decoded(count, sum, max, values, counts);
  }

  /** The {@code length} bytes deflated after the header, which must be all the bytes there are. */
  private static byte[] inflate(byte[] bytes, int length) {
    byte[] plain = new byte[length];
    Inflater inflater = SCRATCH.get().inflater;
    inflater.reset();
    inflater.setInput(bytes, HEADER_BYTES, bytes.length - HEADER_BYTES);
    try {
      int at = 0;
      while (!inflater.finished()) {
        if (at == length) { // all that was promised came, yet the stream goes on
          throw notARecorder("the list is longer than its length", null);
        }
        int got = inflater.inflate(plain, at, length - at);
        if (got == 0 && !inflater.finished()) {
          throw notARecorder("the list is cut short", null);
        }
        at += got;
      }
      if (at != length || inflater.getRemaining() != 0) {
        throw notARecorder(at != length ? "the list is shorter than its length"
            : "bytes after the list", null);
      }
      return plain;
    } catch (DataFormatException e) {
      throw notARecorder("the list is not deflated data", e);
    }
  }

  /** An unsigned LEB128 integer: seven bits a byte, lowest first, the high bit set on all but the last. */
  private static long getVarint(ByteBuffer in) {
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!in.hasRemaining()) {
        throw notARecorder("the list ends inside a number", null);
      }
      byte b = in.get();
      v |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw notARecorder("a number of more than 64 bits", null);
  }

  private static IllegalArgumentException notARecorder(String why, Exception cause) {
    return new IllegalArgumentException("not an encoded LatencyRecorder: " + why, cause);
  }

  private static final class Scratch {
    final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    final Inflater inflater = new Inflater();
    byte[] list = new byte[256];
    int length;

    void putVarint(long v) {
      if (length + 10 > list.length) {
        list = Arrays.copyOf(list, list.length * 2);
      }
      while ((v & ~0x7fL) != 0) {
        list[length++] = (byte) ((v & 0x7f) | 0x80);
        v >>>= 7;
      }
      list[length++] = (byte) v;
    }
  }
}
