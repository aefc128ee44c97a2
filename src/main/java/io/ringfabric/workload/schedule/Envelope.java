package io.ringfabric.workload.schedule;

import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * What every element of a schedule's message carries before its share of the message's bytes:
 * the sending rank, the tag, the message's size and its number among the messages that rank sent
 * to this one. A message larger than what one element holds after this header is cut into
 * elements sent one after the other (a rank PUTs through one context, one element at a time, so
 * the elements of one sender reach a ring in order and the receiver only counts bytes); a message
 * of 0 bytes is one element of header alone.
 *
 * <p>The receiver learns everything from the elements, as a real message layer on these rings
 * would: nothing passes between the ranks' programs outside the simulated machine.
 *
 * @param source the sending rank
 * @param tag the message's tag (GOAL's {@code tag T}, 0 if it names none)
 * @param bytes the whole message's size
 * @param sequence the message's number among those {@code source} sent to the receiving rank
 */
public record Envelope(int source, int tag, long bytes, int sequence) implements Serializable {
  /** Header bytes at the start of every element. */
  public static final int BYTES = 20;

  /** Elements a message of {@code bytes} takes when an element holds {@code maxElement} bytes. */
  public static long elements(long bytes, int maxElement) {
    long room = room(maxElement);
    return bytes == 0 ? 1 : (bytes + room - 1) / room;
  }

  /** The message's bytes that element {@code index} carries. */
  public static int carried(long bytes, int maxElement, long index) {
    long room = room(maxElement);
    return (int) Math.max(0, Math.min(room, bytes - index * room));
  }

  /** The element, from 0, that holds the message's byte {@code offset}. */
  public static long elementAt(long offset, int maxElement) {
    return offset / room(maxElement);
  }

  private static long room(int maxElement) {
    if (maxElement <= BYTES) {
      throw new IllegalArgumentException("an element of " + maxElement + " bytes has no room beside the "
          + BYTES + "-byte message header");
    }
    return maxElement - BYTES;
  }

  /** Element {@code index} of this message: the header, then the bytes it carries (zeros: only their count matters). */
  public byte[] element(int maxElement, long index) {
    byte[] data = new byte[BYTES + carried(bytes, maxElement, index)];
    ByteBuffer.wrap(data).putInt(source).putInt(tag).putLong(bytes).putInt(sequence);
    return data;
  }

  /** The envelope at the start of {@code element}, or null if it is too short to hold one. */
  public static Envelope of(byte[] element) {
    if (element == null || element.length < BYTES) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(element);
    return new Envelope(b.getInt(), b.getInt(), b.getLong(), b.getInt());
  }

  /** The message's bytes {@code element} carries. */
  public static int carriedBy(byte[] element) {
    return element.length - BYTES;
  }
}
