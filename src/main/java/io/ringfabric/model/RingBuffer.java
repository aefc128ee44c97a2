package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A ring buffer: a circular byte region in one node's local memory holding variable-sized
 * elements, first in, first out (DESIGN.md section 1.1 "Ring buffer", 1.3 to 1.5).
 *
 * <h2>Memory layout</h2>
 *
 * The ring owns a real {@code byte[]} of {@link #capacity()} bytes: its region of the node's
 * memory, starting at {@link #baseAddress()}. Every element occupies one <em>slot</em> of {@link
 * #slotBytes(int) slotBytes(length)} bytes, a header then its payload, as {@link RingRegion} lays
 * them out.
 *
 * <h2>Wrap-around: padding marker</h2>
 *
 * Elements are never split. If an element's slot does not fit in the contiguous space from the
 * producer offset to the end of the region, the producer writes a <em>padding header</em> there
 * (length field = number of bytes skipped, i.e. {@code capacity - offset}; marker 0x50414444
 * "PADD"; the rest of the tail is left as it was), counts that whole tail as used, and places the
 * element at offset 0. The tail is always a multiple of the alignment, hence at least 8 bytes, so
 * the padding header always fits. A PUT therefore fits iff {@code (wasted tail, if it must wrap)
 * + slot <= free bytes}. The consumer, when it meets a padding marker, skips it (freeing the
 * tail) and reads the element at offset 0.
 *
 * <p>One refinement: when the ring is <em>empty</em> and a PUT must wrap, the consumer has nothing
 * to read before the padding, so the consumer position advances over the padding at once, together
 * with the producer position. The tail is thus reclaimed immediately and an empty ring accepts any
 * element of up to {@link #maxElement()} bytes, whatever its current offset. (Without this, an
 * empty ring whose producer offset sat in the middle of the region could answer FULL forever to
 * large elements.) Positions are never reset: both only ever grow.
 *
 * <h2>Positions</h2>
 *
 * {@link #producerPosition()} and {@link #consumerPosition()} are monotonically increasing byte
 * counters; the offset in the region is {@code position % capacity}. {@link #usedBytes()} is
 * their difference: stored slots plus any wrap padding not yet skipped by the consumer.
 *
 * <h2>Errors</h2>
 *
 * A PUT is checked in this order: {@link Status#ACCESS_DENIED}, {@link Status#TOO_LARGE},
 * {@link Status#FULL}; a GET: {@link Status#ACCESS_DENIED}, {@link Status#EMPTY}. An action that
 * ends in an error changes nothing: not the memory, not the positions, not the counters.
 *
 * <p>Not thread-safe: the owning messaging module / memory component serialises all actions on a
 * ring. {@code checkPut}, {@code put}, {@code checkGet} and {@code take} allocate nothing except
 * the array {@code take} returns.
 */
public final class RingBuffer implements Serializable {
  /** Bytes of header in front of every element: 4-byte length, 4-byte marker. */
  public static final int HEADER_BYTES = 8;
  /** Marker of an element header: ASCII "RING". */
  public static final int ELEMENT_MARKER = 0x52494E47;
  /** Marker of a wrap padding header: ASCII "PADD". */
  public static final int PADDING_MARKER = 0x50414444;

  /** Largest node id (node ids are 16 bits). */
  private static final int MAX_NODE = 0xFFFF;

  private final int node;
  private final int id;
  private final long baseAddress;
  private final int capacity;
  private final int maxElement;
  private final int alignment;
  private final NodeSet putAccess;
  private final NodeSet getAccess;
  private final RingRegion region;

  private long producerPosition;
  private long consumerPosition;
  private int producerOffset; // producerPosition % capacity, kept to avoid a division per call
  private int consumerOffset; // consumerPosition % capacity
  private int elements;
  private long payloadBytes;
  private long peakUsedBytes;
  private int peakElements;
  private long puts;
  private long takes;

  /**
   * Creates an empty ring.
   *
   * @param node id of the node whose memory holds the ring (0..65535)
   * @param id ring id, registered with the node's messaging module (>= 0)
   * @param baseAddress address of the region in the node's memory (>= 0)
   * @param capacity bytes of the region, headers and padding included; a positive multiple of
   *     {@code alignment}
   * @param maxElement largest payload of one element, in bytes (>= 0); one element of that size,
   *     with its header and padding, must fit in {@code capacity}
   * @param alignment every slot is padded to a multiple of this; a power of two >= 8
   * @param putAccess nodes allowed to PUT
   * @param getAccess nodes allowed to GET
   * @throws IllegalArgumentException if an argument is out of range, with a message that says which
   *     and why
   */
  public RingBuffer(
      int node,
      int id,
      long baseAddress,
      int capacity,
      int maxElement,
      int alignment,
      NodeSet putAccess,
      NodeSet getAccess) {
    if (node < 0 || node > MAX_NODE) {
      throw new IllegalArgumentException(
          "ring node must be in 0.." + MAX_NODE + ", got " + node);
    }
    if (id < 0) {
      throw new IllegalArgumentException("ring id must be >= 0, got " + id);
    }
    if (baseAddress < 0) {
      throw new IllegalArgumentException("ring base address must be >= 0, got " + baseAddress);
    }
    this.region = new RingRegion(capacity, maxElement, alignment);
    this.node = node;
    this.id = id;
    this.baseAddress = baseAddress;
    this.capacity = capacity;
    this.maxElement = maxElement;
    this.alignment = alignment;
    this.putAccess = Objects.requireNonNull(putAccess, "putAccess");
    this.getAccess = Objects.requireNonNull(getAccess, "getAccess");
  }

  public int node() {
    return node;
  }

  public int id() {
    return id;
  }

  public long baseAddress() {
    return baseAddress;
  }

  public int capacity() {
    return capacity;
  }

  public int maxElement() {
    return maxElement;
  }

  public int alignment() {
    return alignment;
  }

  public NodeSet putAccess() {
    return putAccess;
  }

  public NodeSet getAccess() {
    return getAccess;
  }

  /**
   * Bytes one element with a payload of {@code length} bytes occupies: header + payload, rounded up
   * to the alignment (wrap padding not included). Meaningful for {@code 0 <= length <=
   * maxElement()}.
   */
  public int slotBytes(int length) {
    return region.slotBytes(length);
  }

  // ---------------------------------------------------------------------------------------------
  // PUT

  /**
   * Checks a PUT without changing anything: {@link Status#ACCESS_DENIED} if {@code sourceNode} is
   * not in {@link #putAccess()}, {@link Status#TOO_LARGE} if {@code length > maxElement()}, {@link
   * Status#FULL} if there is no room now (wrap padding included), else {@link Status#DONE}.
   *
   * @throws IllegalArgumentException if {@code length} is negative
   */
  public Status checkPut(int sourceNode, int length) {
    if (length < 0) {
      throw new IllegalArgumentException("PUT length must be >= 0, got " + length);
    }
    if (!putAccess.contains(sourceNode)) {
      return Status.ACCESS_DENIED;
    }
    if (length > maxElement) {
      return Status.TOO_LARGE;
    }
    return wrapSkip(slotBytes(length)) < 0 ? Status.FULL : Status.DONE;
  }

  /**
   * Bytes of tail the producer must skip before placing a slot of {@code slot} bytes (0 if it fits
   * at the producer offset), or -1 if it does not fit now.
   */
  private int wrapSkip(int slot) {
    int used = (int) (producerPosition - consumerPosition);
    int free = capacity - used;
    int tail = capacity - producerOffset;
    if (slot <= tail) {
      return slot <= free ? 0 : -1;
    }
    if (used == 0) {
      return tail; // empty ring: the tail is reclaimed at once (see class comment)
    }
    return tail + slot <= free ? tail : -1;
  }

  /**
   * Appends one element holding a copy of {@code payload} if {@link #checkPut} would return {@link
   * Status#DONE}; returns that status. On any error the ring is unchanged.
   */
  public Status put(int sourceNode, byte[] payload) {
    return put(sourceNode, payload, 0, payload.length);
  }

  /**
   * Appends one element holding a copy of {@code payload[offset .. offset+length)}; otherwise as
   * {@link #put(int, byte[])}. Lets a caller PUT straight from a node's memory array.
   *
   * @throws IndexOutOfBoundsException if the range is not inside {@code payload}
   */
  public Status put(int sourceNode, byte[] payload, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, payload.length);
    if (!putAccess.contains(sourceNode)) {
      return Status.ACCESS_DENIED;
    }
    if (length > maxElement) {
      return Status.TOO_LARGE;
    }
    int slot = slotBytes(length);
    int skip = wrapSkip(slot);
    if (skip < 0) {
      return Status.FULL;
    }
    if (skip > 0) {
      boolean empty = producerPosition == consumerPosition;
      region.writePadding(producerOffset, skip);
      producerPosition += skip;
      producerOffset = 0;
      if (empty) {
        consumerPosition = producerPosition;
        consumerOffset = 0;
      }
    }
    region.writeElement(producerOffset, payload, offset, length);
    producerPosition += slot;
    producerOffset = region.next(producerOffset, length);
    elements++;
    payloadBytes += length;
    puts++;
    long used = producerPosition - consumerPosition;
    if (used > peakUsedBytes) {
      peakUsedBytes = used;
    }
    if (elements > peakElements) {
      peakElements = elements;
    }
    return Status.DONE;
  }

  // ---------------------------------------------------------------------------------------------
  // GET

  /**
   * Checks a GET without changing anything: {@link Status#ACCESS_DENIED} if {@code sourceNode} is
   * not in {@link #getAccess()}, {@link Status#EMPTY} if no element is stored, else {@link
   * Status#DONE}.
   */
  public Status checkGet(int sourceNode) {
    if (!getAccess.contains(sourceNode)) {
      return Status.ACCESS_DENIED;
    }
    return elements == 0 ? Status.EMPTY : Status.DONE;
  }

  /**
   * Removes the oldest element and returns its payload (a fresh array of exactly its length), or
   * null if access is denied or the ring is empty, in which case nothing changes (use {@link
   * #checkGet} to know which).
   *
   * @throws IllegalStateException if the memory does not hold a valid header at the consumer
   *     position (a bug: the ring's invariants were broken)
   */
  public byte[] take(int sourceNode) {
    if (!getAccess.contains(sourceNode) || elements == 0) {
      return null;
    }
    int at = consumerOffset;
    long position = consumerPosition;
    int marker = region.marker(at);
    if (marker == PADDING_MARKER) {
      int skip = region.length(at);
      if (skip != capacity - at) {
        throw corrupted("padding of " + skip + " bytes at offset " + at);
      }
      position += skip;
      at = 0;
      marker = region.marker(0);
    }
    int length = region.length(at);
    if (marker != ELEMENT_MARKER || length < 0 || length > maxElement) {
      throw corrupted(
          "header (length " + length + ", marker 0x" + Integer.toHexString(marker) + ")"
              + " at offset " + at);
    }
    int slot = slotBytes(length);
    if (position + slot > producerPosition) {
      throw corrupted("element of " + slot + " bytes at offset " + at + " runs past the producer");
    }
    byte[] payload = region.payload(at, length);
    consumerPosition = position + slot;
    consumerOffset = region.next(at, length);
    elements--;
    payloadBytes -= length;
    takes++;
    return payload;
  }

  /**
   * The payload length of the oldest element, without removing it or checking access (the target
   * module uses it to refuse a GET whose destination is too small, leaving the element in place),
   * or -1 if the ring is empty. Changes nothing.
   */
  public int headLength() {
    if (elements == 0) {
      return -1;
    }
    return region.length(region.elementAt(consumerOffset));
  }

  private IllegalStateException corrupted(String what) {
    return new IllegalStateException(
        "ring " + id + " on node " + node + " is corrupted: unexpected " + what
            + " (consumer position " + consumerPosition + ", producer position "
            + producerPosition + ")");
  }

  // ---------------------------------------------------------------------------------------------
  // State

  /** Elements stored. */
  public int elements() {
    return elements;
  }

  /** Bytes occupied: headers, payloads, alignment padding and wrap padding not yet skipped. */
  public long usedBytes() {
    return producerPosition - consumerPosition;
  }

  /** {@code capacity() - usedBytes()}; not all of it need be contiguous. */
  public long freeBytes() {
    return capacity - (producerPosition - consumerPosition);
  }

  /** Sum of the payload lengths stored. */
  public long payloadBytes() {
    return payloadBytes;
  }

  /** Bytes ever written by the producer (slots and wrap padding); offset = position % capacity. */
  public long producerPosition() {
    return producerPosition;
  }

  /** Bytes ever released by the consumer; offset = position % capacity. */
  public long consumerPosition() {
    return consumerPosition;
  }

  /** Highest {@link #usedBytes()} ever reached. */
  public long peakUsedBytes() {
    return peakUsedBytes;
  }

  /** Highest {@link #elements()} ever reached. */
  public int peakElements() {
    return peakElements;
  }

  /** Successful PUTs. */
  public long puts() {
    return puts;
  }

  /** Successful takes (GETs that returned an element). */
  public long takes() {
    return takes;
  }

  /**
   * A stable 64-bit digest of the ring's state, for run fingerprints: producer and consumer
   * positions, elements, payload bytes, peaks, puts, takes, and every stored element's length and
   * bytes, oldest first. It does not depend on the JVM, on the ring's identity (node, id, base
   * address) or on memory outside the stored elements. Not meant for the hot path.
   */
  public long stateHash() {
    long h = 0xCBF29CE484222325L; // FNV-1a 64 offset basis
    h = mixLong(h, producerPosition);
    h = mixLong(h, consumerPosition);
    h = mixLong(h, elements);
    h = mixLong(h, payloadBytes);
    h = mixLong(h, peakUsedBytes);
    h = mixLong(h, peakElements);
    h = mixLong(h, puts);
    h = mixLong(h, takes);
    int at = consumerOffset;
    for (int i = 0; i < elements; i++) {
      at = region.elementAt(at);
      int length = region.length(at);
      h = mixLong(h, length);
      h = region.mixPayload(h, at, length);
      at = region.next(at, length);
    }
    // splitmix64 finaliser, so that nearby states give unrelated digests
    h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
    h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
    return h ^ (h >>> 31);
  }

  private static long mixLong(long h, long v) {
    for (int i = 0; i < 8; i++) {
      h = (h ^ ((v >>> (8 * i)) & 0xFF)) * 0x100000001B3L;
    }
    return h;
  }

  /** Copies of the stored payloads, oldest first. Changes nothing. */
  public List<byte[]> snapshot() {
    List<byte[]> out = new ArrayList<>(elements);
    int at = consumerOffset;
    for (int i = 0; i < elements; i++) {
      at = region.elementAt(at);
      int length = region.length(at);
      out.add(region.payload(at, length));
      at = region.next(at, length);
    }
    return out;
  }

  /** The ring's region itself (live, not a copy), for tests in this package. */
  byte[] memory() {
    return region.bytes();
  }

  @Override
  public String toString() {
    return "RingBuffer{node="
        + node
        + ", id="
        + id
        + ", capacity="
        + capacity
        + ", elements="
        + elements
        + ", used="
        + usedBytes()
        + ", producer="
        + producerPosition
        + ", consumer="
        + consumerPosition
        + "}";
  }
}
