package io.ringfabric.model;

/**
 * One packet on the fabric: a request or response, or one piece of it when the payload is
 * longer than the MTU.
 *
 * <p>An action is named by (source node, source context, sequence); every packet of its request
 * and of its response carries that name, so the target can reassemble, recognise a retry, and
 * the initiator can match the response to the context's current action.
 *
 * @param targetNode node the packet travels to (the ring's node for a request, the initiator
 *     for a response)
 * @param ring ring id the action names
 * @param maxLength for a GET request: the largest element the initiator's buffer takes
 * @param status for a response: the action's outcome
 * @param index this packet's position among {@code count} packets of the message
 * @param totalLength payload bytes of the whole message
 * @param giveUpAt for a request: the initiator's last deadline; a target that gets the request
 *     later refuses it with TIMEOUT (0 for a response)
 * @param bornAt when the PUT that made the element rang its doorbell: carried by a PUT request
 *     and by the response of a GET that took the element, for the message latency (else 0)
 * @param bornGroup the process group of the PUT that made the element, carried alike (else -1)
 * @param chunk this packet's share of the payload (empty for header-only packets)
 */
public record Packet(
    Type type,
    int sourceNode,
    int sourceContext,
    long sequence,
    int targetNode,
    int ring,
    int maxLength,
    Status status,
    int index,
    int count,
    int totalLength,
    long giveUpAt,
    long bornAt,
    int bornGroup,
    byte[] chunk) {

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

  /** Bytes on the wire: the routing header plus this packet's payload. */
  public int wireBytes(int headerBytes) {
    return headerBytes + chunk.length;
  }

  /** The action this packet belongs to, as one number: node, context and sequence. */
  public ActionId action() {
    return new ActionId(sourceNode, sourceContext, sequence);
  }

  /**
   * Splits a message into packets of at most {@code mtu} payload bytes (at least one packet,
   * even with no payload).
   */
  public static Packet[] split(
      Type type, ActionId action, int targetNode, int ring, int maxLength, Status status,
      long giveUpAt, long bornAt, int bornGroup, byte[] payload, int mtu) {
    byte[] data = payload == null ? EMPTY : payload;
    int count = Math.max(1, (data.length + mtu - 1) / mtu);
    Packet[] packets = new Packet[count];
    for (int i = 0; i < count; i++) {
      int from = i * mtu;
      int to = Math.min(data.length, from + mtu);
      byte[] chunk = count == 1 ? data : java.util.Arrays.copyOfRange(data, from, to);
      packets[i] = new Packet(type, action.node(), action.context(), action.sequence(), targetNode,
          ring, maxLength, status, i, count, data.length, giveUpAt, bornAt, bornGroup, chunk);
    }
    return packets;
  }

  /** Names one action: the initiator's node and context, and the context's sequence number. */
  public record ActionId(int node, int context, long sequence) {
    @Override
    public String toString() {
      return node + "." + context + "." + sequence;
    }
  }
}
