package io.ringfabric.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The inter-node messaging module of one node: its context register sets, the initiator side
 * (doorbell to request, response to status) and the target side (request to ring action to
 * response).
 *
 * <p>The module does one piece of work at a time ({@code timing.module-latency} each), so a
 * busy module delays the next doorbell, request or response. Requests and responses enter the
 * fabric through one injection link to the node's switch.
 *
 * <p>Time limits: an initiator resends a request it has no answer to {@code module.timeout} after
 * the copy before left (its first packet went on the injection link), up to {@code module.retries}
 * times. Every copy carries the initiator's last deadline (the first copy leaving plus (retries +
 * 1) timeouts); a target that gets the request after it refuses it with TIMEOUT instead of
 * applying it. A copy a target has already served is answered from its record of its last answer
 * to that context; copies of an action older than that record are dropped. The initiator waits
 * for the answer, so an element is never written twice, and an action the target answered
 * TIMEOUT left the ring untouched; one that ends TIMEOUT unanswered (every answer lost) may have
 * been applied: its outcome is unknown.
 *
 * <p>The two sides are {@link InitiatorSide} and {@link TargetSide}, which share no state. This
 * class keeps what they do share: the component the engine delivers events to (so one clock and
 * one event numbering for both), the messages other components send it, the reassembly of split
 * packets (whether one is for the initiator or the target matters only once it is whole), the
 * one piece of work at a time and the injection link both sides queue for, and the results other
 * packages read.
 */
public final class MessagingModule extends Component {
  private final int node;
  private final Layout layout;
  private final FabricSpec fabric;
  private final ModuleSpec limits;
  private final TimingSpec timing;
  private final boolean cutThrough;
  private final InitiatorSide initiator;
  private final TargetSide target;
  private final OutputPort injection;
  // Looked up by key only, never iterated: iteration order cannot leak into results.
  private final Map<Reassembly.Key, Reassembly> partial = new HashMap<>();
  private long freeAt;
  // The time series: PUTs, GETs and their bytes completed DONE, and the packets this module put
  // into the fabric less those it took out.
  private final SharedSamples putsDone;
  private final SharedSamples getsDone;
  private final SharedSamples bytesDone;
  private final SharedSamples inFabric;

  public MessagingModule(int id, int node, int nodes, Layout layout, MachineSpec spec) {
    super(id, "node " + node + " module");
    this.node = node;
    this.layout = layout;
    this.fabric = spec.fabric();
    this.timing = spec.timing();
    this.limits = spec.module();
    this.cutThrough = fabric.switching() == Switching.CUT_THROUGH;
    this.initiator = new InitiatorSide(this, node, nodes, layout, spec);
    this.target = new TargetSide(this, node, layout, spec);
    this.injection = new OutputPort("node " + node + " module -> switch", spec.warmupPs());
    this.putsDone = SharedSamples.sum(spec.sampling());
    this.getsDone = SharedSamples.sum(spec.sampling());
    this.bytesDone = SharedSamples.sum(spec.sampling());
    this.inFabric = SharedSamples.level(spec.sampling());
  }

  // ---- set-up by the node's OS ----

  /**
   * The OS maps a free context into a starting process; returns its index, or -1 when every
   * context is taken.
   */
  public int mapFreeContext(int coreComponent, int process) {
    return initiator.mapFreeContext(coreComponent, process);
  }

  // ---- protocol ----

  /** A process wrote its context's fields and rang the doorbell. */
  public record Doorbell(int context, Op op, int targetNode, int ring, long localAddress, int length,
      int group) implements Message {
    /** A doorbell from a process of no particular group. */
    public Doorbell(int context, Op op, int targetNode, int ring, long localAddress, int length) {
      this(context, op, targetNode, ring, localAddress, length, -1);
    }

    @Override
    public MessageKind kind() {
      return MessageKind.DOORBELL;
    }
  }

  /** A packet has fully arrived from the node's switch. */
  public record PacketDelivered(Packet packet) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PACKET_DELIVERED;
    }
  }

  /** Memory has read a PUT's payload. */
  public record PayloadReady(int context, long sequence, byte[] data) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PAYLOAD_READY;
    }
  }

  /** Memory has written a GET's element into the initiator's buffer. */
  public record PayloadWritten(int context, long sequence) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PAYLOAD_WRITTEN;
    }
  }

  /**
   * Memory has applied a ring action. {@code element} is the GET's element, or null, and
   * {@code origin} the PUT that made it; the ring's fill after the action rides along for traces.
   */
  public record RingResult(Packet.ActionId action, int ring, Status status, byte[] element,
      ElementOrigin origin, int ringElements, long ringUsed, int ringCapacity) implements Message {
    public RingResult(Packet.ActionId action, int ring, Status status, byte[] element) {
      this(action, ring, status, element, ElementOrigin.NONE, 0, 0, 0);
    }

    @Override
    public MessageKind kind() {
      return MessageKind.RING_RESULT;
    }

    /** How full the ring is, as traces say it. */
    String occupancy() {
      return "ring " + ring + " holds " + ringElements + " elements, " + ringUsed + " of "
          + ringCapacity + " B";
    }
  }

  /** Time to look at the earliest hold limit. */
  enum HoldCheck implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.HOLD_CHECK;
    }
  }

  /** Time to look at the earliest response deadline. */
  enum TimeoutCheck implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.TIMEOUT_CHECK;
    }
  }

  @Override
  protected void handle(Event event) {
    Message m = event.message();
    if (m instanceof PacketDelivered d) {
      onPacketDelivered(d.packet());
    } else if (m instanceof Doorbell d) {
      initiator.onDoorbell(d);
    } else if (m instanceof PayloadReady r) {
      initiator.onPayloadReady(r);
    } else if (m instanceof RingResult r) {
      target.onRingResult(r);
    } else if (m instanceof PayloadWritten w) {
      initiator.onPayloadWritten(w);
    } else if (m == TimeoutCheck.INSTANCE) {
      initiator.onTimeoutCheck();
    } else if (m == HoldCheck.INSTANCE) {
      target.onHoldCheck();
    } else {
      throw new IllegalStateException(name() + " cannot handle " + m.kind());
    }
  }

  // ---- what both sides share ----

  private void onPacketDelivered(Packet p) {
    inFabric.change(now(), -1);
    if (recorder != null && recorder.packets()) {
      recorder.packetReceived(now(), p.action().toString(), layout.switchComponent(node),
          fabric.wireBytes(p), PacketTrace.describe(p));
    }
    byte[] data = p.chunk();
    if (p.count() > 1) {
      Reassembly.Key key = new Reassembly.Key(p.type(), p.sourceNode(), p.sourceContext());
      Reassembly r = partial.get(key);
      if (r != null && r.sequence() > p.sequence()) {
        return; // a late copy's packet: its context has gone on to a newer action
      }
      if (r == null || r.sequence() < p.sequence()) {
        r = new Reassembly(p.sequence(), p.count(), p.totalLength()); // an older one left unfinished goes
        partial.put(key, r);
      }
      data = r.add(p, fabric.mtu());
      if (data == null) {
        return;
      }
      partial.remove(key);
    }
    if (p.type().isRequest()) {
      target.onRequest(p, data);
    } else {
      initiator.onResponse(p, data);
    }
  }

  /**
   * When packets for {@code targetNode} ready at {@code ready} would start to leave, were they
   * injected now: {@link #inject} returns the same.
   */
  long leavesAt(int targetNode, long ready) {
    return limits.directLocalPath() && targetNode == node ? ready : Math.max(ready, injection.freeAt());
  }

  /**
   * Sends packets over the injection link, one after another, ready at {@code ready}; returns
   * when the first one starts to leave.
   */
  long inject(Packet[] packets, long ready) {
    inFabric.change(now(), packets.length); // out again when delivered, whichever way they go
    if (limits.directLocalPath() && packets[0].targetNode() == node) {
      for (Packet p : packets) { // module.local-path = direct: its own ring, without the switch
        send(id(), ready - now(), new PacketDelivered(p));
      }
      return ready;
    }
    int sw = layout.switchComponent(node);
    long first = -1;
    for (Packet p : packets) {
      int wire = fabric.wireBytes(p);
      long serialization = Rates.transferPs(wire, fabric.linkBandwidthBitsPerSecond());
      long start = injection.transmit(now(), ready, serialization, wire);
      if (first < 0) {
        first = start;
      }
      if (recorder != null && recorder.packets()) {
        PacketTrace.sent(recorder, p, injection.name(), ready, start, serialization, wire);
      }
      long arrives = start + (cutThrough ? 0 : serialization);
      send(sw, arrives - now(), new Switch.PacketArrival(0, p));
    }
    return first;
  }

  /**
   * An action of this module's ended DONE, moving {@code bytes}: into the time series now, when
   * the module counts it (its status is set after the module's work), so that the series add up
   * to the counts even for an action whose status is set after the run's end.
   */
  void sampleDone(Op op, long bytes) {
    (op == Op.PUT ? putsDone : getsDone).add(now(), 1);
    bytesDone.add(now(), bytes);
  }

  /** PUTs completed DONE over time. */
  public SharedSamples putsDone() {
    return putsDone;
  }

  public SharedSamples getsDone() {
    return getsDone;
  }

  /** Payload bytes of the PUTs and GETs completed DONE over time. */
  public SharedSamples bytesDone() {
    return bytesDone;
  }

  /** Its series, in the order the rows they share take them ({@link Machine#shareSeries}). */
  List<SharedSamples> series() {
    return List.of(putsDone, getsDone, bytesDone, inFabric);
  }

  /** Packets this module put into the fabric less those it took out, over time. */
  public SharedSamples inFabric() {
    return inFabric;
  }

  /** Books the module for one piece of work; returns when it is done. */
  long work() {
    long start = Math.max(now(), freeAt);
    freeAt = start + timing.moduleLatencyPs();
    return freeAt;
  }

  // ---- results ----

  public int node() {
    return node;
  }

  public Context context(int index) {
    return initiator.context(index);
  }

  /** Deadlines the initiator side keeps, settled ones included: bounded by its contexts, not its actions. */
  int deadlinesKept() {
    return initiator.deadlinesKept();
  }

  public int contextCount() {
    return initiator.contextCount();
  }

  public OpCounters puts() {
    return initiator.puts();
  }

  public OpCounters gets() {
    return initiator.gets();
  }

  public OutputPort injection() {
    return injection;
  }

  public long servedPuts() {
    return target.servedPuts();
  }

  public long servedGets() {
    return target.servedGets();
  }

  public long lateResponses() {
    return initiator.lateResponses();
  }

  public long retries() {
    return initiator.retries();
  }

  /** Requests this module refused with TIMEOUT because they came after the initiator's last deadline. */
  public long refusedLate() {
    return target.refusedLate();
  }

  /** Copies of requests sent after their action's last deadline, to learn the target's answer. */
  public long confirmations() {
    return initiator.confirmations();
  }

  /** Actions this module's contexts ended TIMEOUT without any answer from their target. */
  public long unanswered() {
    return initiator.unanswered();
  }

  /** Copies of requests this module had served or was serving, not applied again: answered from the record or dropped. */
  public long duplicates() {
    return target.duplicatesAnswered() + target.duplicatesDropped();
  }

  /** Of {@link #duplicates()}, those dropped unanswered: their action was being served, or over for its initiator. */
  public long duplicatesDropped() {
    return target.duplicatesDropped();
  }

  /** Messages this module has part of (tests). */
  int partialMessages() {
    return partial.size();
  }

  /** What the target side keeps of the operations it served: records, and those still holding a payload (tests). */
  int[] servedState() {
    return new int[] {target.records(), target.recordsHoldingPayload()};
  }

  /** PUTs this module held for room in a full ring (module.ring-full = hold). */
  public long heldPuts() {
    return target.heldPuts();
  }
}
