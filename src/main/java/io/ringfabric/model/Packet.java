package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One packet on the fabric: a request or response, or one piece of it when the payload is
 * longer than the MTU. Every packet of one message shares its {@link Header}.
 *
 * <p>An action is named by (source node, source context, sequence); every packet of its request
 * and of its response carries that name, so the target can reassemble, recognise a retry, and
 * the initiator can match the response to the context's current action.
 *
 * @param index this packet's position among {@code count} packets of the message
 * @param totalLength payload bytes of the whole message
 * @param chunk this packet's share of the payload (empty for header-only packets)
 */
public record Packet(Header header, int index, int count, int totalLength, byte[] chunk) implements Serializable {

  private static final byte[] EMPTY = new byte[0];

  /** What a packet is part of. */
  public enum Type {
    PUT_REQUEST,
    GET_REQUEST,
    PUT_RESPONSE,
    GET_RESPONSE;

    public boolean isRequest() {
      return this == PUT_REQUEST || this == GET_REQUEST;
    }
  }

  /**
   * What every packet of one message carries.
   *
   * @param targetNode node the message travels to (the ring's node for a request, the initiator
   *     for a response)
   * @param ring ring id the action names
   * @param maxLength for a request: the length the context names (for a GET, the largest element
   *     the initiator's buffer takes); 0 for a response
   * @param status for a response: the action's outcome (BUSY for a request)
   * @param giveUpAt for a request: the initiator's last deadline; a target that gets the request
   *     later refuses it with TIMEOUT (0 for a response)
   * @param origin carried by a PUT request and by the response of a GET that took an element,
   *     for the message latency (else {@link ElementOrigin#NONE})
   */
  public record Header(Type type, ActionId action, int targetNode, int ring, int maxLength,
      Status status, long giveUpAt, ElementOrigin origin) implements Serializable {

    /** A PUT's request of {@code length} bytes to a ring of {@code targetNode}. */
    public static Header putRequest(ActionId action, int targetNode, int ring, int length,
        long giveUpAt, ElementOrigin origin) {
      return new Header(Type.PUT_REQUEST, action, targetNode, ring, length, Status.BUSY, giveUpAt, origin);
    }

    /** A GET's request for an element of at most {@code maxLength} bytes from a ring of {@code targetNode}. */
    public static Header getRequest(ActionId action, int targetNode, int ring, int maxLength, long giveUpAt) {
      return new Header(Type.GET_REQUEST, action, targetNode, ring, maxLength, Status.BUSY, giveUpAt,
          ElementOrigin.NONE);
    }

    /** The answer to {@code action}, back to its initiating node. */
    public static Header response(Type type, ActionId action, int ring, Status status, ElementOrigin origin) {
      return new Header(type, action, action.node(), ring, 0, status, 0, origin);
    }

    /**
     * The message as packets of at most {@code mtu} payload bytes (at least one packet, even
     * with no payload).
     */
    public Packet[] split(byte[] payload, int mtu) {
      byte[] data = payload == null ? EMPTY : payload;
      int count = Math.max(1, (data.length + mtu - 1) / mtu);
      Packet[] packets = new Packet[count];
      for (int i = 0; i < count; i++) {
        int from = i * mtu;
        int to = Math.min(data.length, from + mtu);
        byte[] chunk = count == 1 ? data : Arrays.copyOfRange(data, from, to);
        packets[i] = new Packet(this, i, count, data.length, chunk);
      }
      return packets;
    }
  }

  /** Bytes on the wire: the routing header plus this packet's payload. */
  public int wireBytes(int headerBytes) {
    return headerBytes + chunk.length;
  }

  /**
   * Bits that share the fabric's ties among packets ({@code Topology.route(switch, node, spread)}),
   * the same for every packet of an action's request and response, so a message keeps to one
   * path. Bit 0 is the parity of the sequence's one bits (the Thue-Morse sequence), bit 1 that of
   * the sequence halved: one context's actions take the four ways round in turn, any run of them
   * is within one of an even split in each dimension, and so is every second or third one (a PUT
   * and a GET in turn, say), which a plain alternation would put all on one way. A hash of the
   * node and context flips both bits, so the contexts do not all start the same way. A random
   * bit per action was tried: 4,000 actions of one context split 1,943 to 2,057. The other 30
   * bits are a hash of the action, for a routing that picks at random (Valiant's intermediate node).
   */
  public int spread() {
    ActionId a = header.action();
    long s = a.sequence();
    int flow = (int) Component.mix(a.node(), a.context());
    int bits = (Long.bitCount(s) & 1) | (Long.bitCount(s >>> 1) & 1) << 1;
    int hash = (int) (Component.mix(flow, s) >>> 32);
    return (bits ^ flow) & 3 | hash & ~3;
  }

  /** The action this packet belongs to: node, context and sequence. */
  public ActionId action() {
    return header.action();
  }

  public Type type() {
    return header.type();
  }

  public int sourceNode() {
    return header.action().node();
  }

  public int sourceContext() {
    return header.action().context();
  }

  public long sequence() {
    return header.action().sequence();
  }

  public int targetNode() {
    return header.targetNode();
  }

  public int ring() {
    return header.ring();
  }

  public int maxLength() {
    return header.maxLength();
  }

  public Status status() {
    return header.status();
  }

  public long giveUpAt() {
    return header.giveUpAt();
  }

  public ElementOrigin origin() {
    return header.origin();
  }

  /** Names one action: the initiator's node and context, and the context's sequence number. */
  public record ActionId(int node, int context, long sequence) implements Serializable {
    @Override
    public String toString() {
      return node + "." + context + "." + sequence;
    }
  }
}
