package io.ringfabric.trace;

/**
 * One line of a trace: something that happened at one component at one simulated time.
 *
 * <p>On disk a record is one JSON object per line, its fields in this order, null fields left
 * out: {@code t, kind, op, component, node, from, to, bytes, status, wait, dur, ring, port, detail}.
 * Records are in canonical order, (t, component id, the component's own record count), so the
 * trace of a scenario and seed is byte-identical on every engine and every run.
 *
 * @param t simulated time, picoseconds
 * @param kind what happened; see {@link Kinds}
 * @param op the operation, {@code node.context.sequence} of its initiating context, or null
 * @param component the component that recorded it, e.g. {@code "node 3 module"}
 * @param componentId that component's id (ordering only; not written)
 * @param node the node of that component, or -1 for a switch of no node
 * @param from where a message or packet came from, or null
 * @param to where it goes, or null
 * @param bytes payload bytes of an action, wire bytes of a packet, or 0
 * @param status the status an action ended in or an answer carries, or null
 * @param waitPs queueing delay in picoseconds, where something waited, else 0 (JSON key {@code wait};
 *     {@code wait} itself cannot name a record component)
 * @param dur how long it lasts (a packet on a link: its serialisation), picoseconds, else 0
 * @param ring the ring, or -1
 * @param port the output port's name for packet records, or null
 * @param detail anything else, short (e.g. {@code "put 64 B to node 9 ring 0"}), or null
 */
public record TraceRecord(
    long t,
    String kind,
    String op,
    String component,
    int componentId,
    int node,
    String from,
    String to,
    long bytes,
    String status,
    long waitPs,
    long dur,
    int ring,
    String port,
    String detail) {

  /** The kinds of records, by trace level. */
  public static final class Kinds {
    // level ops: an operation's stages
    public static final String DOORBELL = "doorbell";
    public static final String REQUEST_SENT = "request-sent";
    public static final String REQUEST_ARRIVED = "request-arrived";
    public static final String APPLIED = "applied";
    public static final String REFUSED = "refused";
    public static final String RESPONSE_SENT = "response-sent";
    public static final String RESPONSE_ARRIVED = "response-arrived";
    public static final String COMPLETED = "completed";
    public static final String COMPLETION_SEEN = "completion-seen";
    /**
     * A program's own moment ({@code ProcessApi.mark}): {@code detail} says what, {@code from} names
     * the process, {@code op} the action it concerns, if any. A schedule's rank marks its messages.
     */
    public static final String MARK = "mark";
    // level packets: plus every packet on every hop
    public static final String PACKET_QUEUED = "packet-queued";
    public static final String PACKET_SENT = "packet-sent";
    public static final String PACKET_RECEIVED = "packet-received";
    /** A packet at the head of its virtual channel waited {@code waitPs} for room in the next switch, until {@code t}. */
    public static final String CREDIT_STALL = "credit-stall";
    /** A packet a link lost or damaged ({@code fabric.faults}). */
    public static final String PACKET_LOST = "packet-lost";
    // level all: plus every message between components
    public static final String MESSAGE = "message";

    private Kinds() {}
  }
}
