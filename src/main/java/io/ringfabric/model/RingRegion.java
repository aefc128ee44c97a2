package io.ringfabric.model;

import static io.ringfabric.model.RingBuffer.ELEMENT_MARKER;
import static io.ringfabric.model.RingBuffer.HEADER_BYTES;
import static io.ringfabric.model.RingBuffer.PADDING_MARKER;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The region of a node's memory that holds one ring, and how elements are laid out in it. Where
 * the next element goes, and when the region is full, is the {@link RingBuffer}'s business.
 *
 * <h2>Memory layout</h2>
 *
 * The region is a real {@code byte[]} of {@code capacity} bytes, allocated as far as elements have
 * been written into it (doubling as they go further, never past the capacity): a machine of
 * thousands of nodes whose rings never fill holds what they used, not every ring's capacity.
 * Every element starts at an offset
 * that is a multiple of the alignment and occupies one <em>slot</em> of {@link #slotBytes(int)
 * slotBytes(length)} bytes:
 *
 * <pre>
 *   offset + 0   4 bytes  payload length, big-endian (network order)
 *   offset + 4   4 bytes  marker, big-endian: 0x52494E47 ("RING") for an element
 *   offset + 8   length   payload bytes
 *   ...                   zero bytes up to the next multiple of the alignment
 * </pre>
 *
 * A zero-length payload is legal: its slot is the header plus padding to the alignment. A
 * <em>padding header</em>, which marks the skipped tail of the region when an element wraps, has
 * the number of bytes skipped in its length field and the marker 0x50414444 ("PADD"); the rest of
 * the tail is left as it was.
 */
final class RingRegion implements Serializable {
  private static final int FIRST_BYTES = 4096;
  private byte[] bytes;
  private final int capacity;
  private final int alignMask;

  /**
   * @throws IllegalArgumentException as {@link RingBuffer#RingBuffer} says, for the alignment,
   *     capacity and max element
   */
  RingRegion(int capacity, int maxElement, int alignment) {
    if (alignment < 8 || Integer.bitCount(alignment) != 1) {
      throw new IllegalArgumentException(
          "ring alignment must be a power of two >= 8, got " + alignment);
    }
    if (capacity <= 0 || capacity % alignment != 0) {
      throw new IllegalArgumentException(
          "ring capacity must be a positive multiple of the alignment ("
              + alignment
              + " bytes), got "
              + capacity);
    }
    if (maxElement < 0) {
      throw new IllegalArgumentException("ring max element must be >= 0, got " + maxElement);
    }
    long maxSlot = alignUp((long) HEADER_BYTES + maxElement, alignment);
    if (maxSlot > capacity) {
      throw new IllegalArgumentException(
          "ring max element "
              + maxElement
              + " does not fit the capacity: header ("
              + HEADER_BYTES
              + ") + max element, aligned to "
              + alignment
              + ", takes "
              + maxSlot
              + " bytes, more than the capacity of "
              + capacity
              + " bytes");
    }
    this.bytes = new byte[Math.min(capacity, FIRST_BYTES)];
    this.capacity = capacity;
    this.alignMask = alignment - 1;
  }

  private static long alignUp(long n, int alignment) {
    return (n + alignment - 1) & -(long) alignment;
  }

  /** Header + payload of {@code length} bytes, rounded up to the alignment. */
  int slotBytes(int length) {
    return (HEADER_BYTES + length + alignMask) & ~alignMask;
  }

  /** Writes an element's header and payload at {@code at}, and zeroes the rest of its slot. */
  void writeElement(int at, byte[] payload, int offset, int length) {
    reach(at + slotBytes(length));
    writeInt(at, length);
    writeInt(at + 4, ELEMENT_MARKER);
    System.arraycopy(payload, offset, bytes, at + HEADER_BYTES, length);
    int end = at + slotBytes(length);
    int dataEnd = at + HEADER_BYTES + length;
    if (dataEnd < end) {
      Arrays.fill(bytes, dataEnd, end, (byte) 0);
    }
  }

  /** Writes a padding header at {@code at} that skips {@code skip} bytes of tail. */
  void writePadding(int at, int skip) {
    reach(at + HEADER_BYTES);
    writeInt(at, skip);
    writeInt(at + 4, PADDING_MARKER);
  }

  /** The marker of the header at {@code at}. */
  int marker(int at) {
    return readInt(at + 4);
  }

  /** The length field of the header at {@code at}: a payload length, or the bytes padding skips. */
  int length(int at) {
    return readInt(at);
  }

  /** Where the element whose header is due at {@code at} starts: 0 if a padding header is there. */
  int elementAt(int at) {
    return marker(at) == PADDING_MARKER ? 0 : at;
  }

  /** The offset after the slot at {@code at} of a {@code length}-byte payload, 0 at the end. */
  int next(int at, int length) {
    int end = at + slotBytes(length);
    return end == capacity ? 0 : end;
  }

  /** A copy of the {@code length}-byte payload of the element at {@code at}. */
  byte[] payload(int at, int length) {
    return Arrays.copyOfRange(bytes, at + HEADER_BYTES, at + HEADER_BYTES + length);
  }

  /** {@code h} with the payload of the element at {@code at} mixed in, FNV-1a byte by byte. */
  long mixPayload(long h, int at, int length) {
    for (int j = at + HEADER_BYTES, end = j + length; j < end; j++) {
      h = (h ^ (bytes[j] & 0xFF)) * 0x100000001B3L;
    }
    return h;
  }

  /** The region itself, all of it (live, not a copy), for tests in this package. */
  byte[] bytes() {
    reach(capacity);
    return bytes;
  }

  /** Allocates the region up to {@code end}; what was never written reads as zeros. */
  private void reach(int end) {
    if (end > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.min(capacity, Math.max(end, 2 * bytes.length)));
    }
  }

  private void writeInt(int at, int v) {
    bytes[at] = (byte) (v >>> 24);
    bytes[at + 1] = (byte) (v >>> 16);
    bytes[at + 2] = (byte) (v >>> 8);
    bytes[at + 3] = (byte) v;
  }

  private int readInt(int at) {
    return (bytes[at] & 0xFF) << 24
        | (bytes[at + 1] & 0xFF) << 16
        | (bytes[at + 2] & 0xFF) << 8
        | (bytes[at + 3] & 0xFF);
  }
}
