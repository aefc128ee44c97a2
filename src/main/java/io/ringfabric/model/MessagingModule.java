package io.ringfabric.model;

import io.ringfabric.config.Scenario;
import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The inter-node messaging module of one node: its context register sets, the initiator side
 * (doorbell to request, response to status) and the target side (request to ring action to
 * response).
 *
 * <p>The module does one piece of work at a time ({@code timing.module-latency} each), so a
 * busy module delays the next doorbell, request or response. Requests and responses enter the
 * fabric through one injection link to the node's switch.
 *
 * <p>Time limits: an initiator resends a request it has no answer to after {@code module.timeout},
 * up to {@code module.retries} times. Every copy carries the initiator's last deadline (the
 * doorbell's request time plus (retries + 1) timeouts); a target that gets the request after it
 * refuses it with TIMEOUT instead of applying it. The initiator waits for the answer, so a context
 * ends TIMEOUT exactly when the ring was not touched, and an element is never lost or written
 * twice. A copy a target has already served is answered from its record of its last answer to
 * that context; copies of an action older than that record are dropped.
 */
public final class MessagingModule extends Component {
  private final int node;
  private final int nodes;
  private final Layout layout;
  private final Scenario.FabricSpec fabric;
  private final Scenario.TimingSpec timing;
  private final Scenario.ModuleSpec limits;
  private final boolean cutThrough;
  private final Context[] contexts;
  private final OutputPort injection;
  private final OpCounters puts = new OpCounters();
  private final OpCounters gets = new OpCounters();
  private final LatencyRecorder putLatency = new LatencyRecorder();
  private final LatencyRecorder getLatency = new LatencyRecorder();
  private final LatencyRecorder messageLatency = new LatencyRecorder();
  // Breakdowns of the message latency: by element size, by the producing process group.
  private final Map<Integer, LatencyRecorder> messageBySize = new java.util.TreeMap<>();
  private final Map<Integer, LatencyRecorder> messageByGroup = new java.util.TreeMap<>();
  private final long warmupPs;
  // What this module last answered to each initiating context: served[node][context], a node's
  // row made on its first request (most modules hear from few nodes in a big machine).
  private final Served[][] served;
  // Looked up by key only, never iterated: iteration order cannot leak into results.
  private final Map<Reassembly.Key, Reassembly> partial = new HashMap<>();
  private final PriorityQueue<Deadline> deadlines = new PriorityQueue<>(
      Comparator.comparingLong(Deadline::at).thenComparingInt(Deadline::context)
          .thenComparingLong(Deadline::sequence));
  private long checkAt = Long.MAX_VALUE; // the earliest TIMEOUT_CHECK posted and not yet handled
  private final HeldPuts held = new HeldPuts();
  private long holdCheckAt = Long.MAX_VALUE; // the earliest HOLD_CHECK posted and not yet handled
  private long freeAt;
  private long servedPuts;
  private long servedGets;
  private long lateResponses;
  private long retries;
  private long refusedLate;

  public MessagingModule(int id, int node, int nodes, Layout layout, Scenario scenario) {
    super(id, "node " + node + " module");
    this.node = node;
    this.nodes = nodes;
    this.layout = layout;
    this.fabric = scenario.fabric();
    this.timing = scenario.timing();
    this.limits = scenario.module();
    this.warmupPs = scenario.warmupPs();
    this.cutThrough = fabric.switching() == Scenario.Switching.CUT_THROUGH;
    this.contexts = new Context[scenario.node().contexts()];
    this.served = new Served[nodes][];
    for (int i = 0; i < contexts.length; i++) {
      contexts[i] = new Context(i);
    }
    this.injection = new OutputPort("node " + node + " module -> switch");
  }

  // ---- set-up by the node's OS ----

  /**
   * The OS maps a free context into a starting process; returns its index, or -1 when every
   * context is taken.
   */
  public int mapFreeContext(int coreComponent, int process) {
    for (Context c : contexts) {
      if (!c.isMapped()) {
        c.map(coreComponent, process);
        return c.index();
      }
    }
    return -1;
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
   * {@code bornAt} when its PUT rang its doorbell; the ring's fill after the action rides along
   * for traces.
   */
  public record RingResult(Packet.ActionId action, int ring, Status status, byte[] element,
      long bornAt, int bornGroup, int ringElements, long ringUsed, int ringCapacity) implements Message {
    public RingResult(Packet.ActionId action, int ring, Status status, byte[] element) {
      this(action, ring, status, element, 0, -1, 0, 0, 0);
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
      onDoorbell(d);
    } else if (m instanceof PayloadReady r) {
      onPayloadReady(r);
    } else if (m instanceof RingResult r) {
      onRingResult(r);
    } else if (m instanceof PayloadWritten w) {
      onPayloadWritten(w);
    } else if (m == TimeoutCheck.INSTANCE) {
      onTimeoutCheck();
    } else if (m == HoldCheck.INSTANCE) {
      onHoldCheck();
    } else {
      throw new IllegalStateException(name() + " cannot handle " + m.kind());
    }
  }

  // ---- initiator side ----

  private void onDoorbell(Doorbell d) {
    Context ctx = contexts[d.context()];
    OpCounters counters = counters(d.op());
    if (ctx.status() == Status.BUSY) {
      if (counted(now())) {
        counters.countRefused(Status.BUSY); // the action in flight goes on; nothing is sent
      }
      if (recorder != null) {
        recorder.record(now(), Kinds.DOORBELL, null, recorder.name(ctx.ownerCore()), null, 0,
            Status.BUSY.name(), 0, 0, d.ring(), null, describe(d));
      }
      return;
    }
    ctx.begin(d.op(), d.targetNode(), d.ring(), d.localAddress(), d.length(), now());
    ctx.group = d.group();
    if (counted(now())) {
      counters.countIssued();
    }
    if (recorder != null) {
      recorder.record(now(), Kinds.DOORBELL, opId(ctx), recorder.name(ctx.ownerCore()), null,
          d.op() == Op.PUT ? d.length() : 0, null, 0, 0, d.ring(), null, describe(d));
    }
    long done = work();
    if (d.targetNode() < 0 || d.targetNode() >= nodes) {
      complete(ctx, Status.NO_SUCH_NODE, 0, null, done);
      return;
    }
    if (d.op() == Op.PUT) {
      send(layout.memory(node), done - now(),
          new Memory.PayloadRead(ctx.index(), ctx.sequence(), d.localAddress(), d.length()));
    } else {
      armDeadline(ctx, done);
      sendRequest(ctx, done);
    }
  }

  private void onPayloadReady(PayloadReady r) {
    Context ctx = contexts[r.context()];
    if (ctx.sequence() != r.sequence() || ctx.status() != Status.BUSY) {
      return;
    }
    ctx.payload = r.data();
    long ready = work(); // building the request
    armDeadline(ctx, ready); // from the request leaving: a retry must have the payload to resend
    sendRequest(ctx, ready);
  }

  private void sendRequest(Context ctx, long ready) {
    Packet.ActionId action = new Packet.ActionId(node, ctx.index(), ctx.sequence());
    Packet.Type type = ctx.op() == Op.PUT ? Packet.Type.PUT_REQUEST : Packet.Type.GET_REQUEST;
    long leaves = inject(Packet.split(type, action, ctx.targetNode(), ctx.ring(), ctx.length(),
        Status.BUSY, ctx.giveUpAt, ctx.op() == Op.PUT ? ctx.doorbellAt : 0,
        ctx.op() == Op.PUT ? ctx.group : -1, ctx.op() == Op.PUT ? ctx.payload : null, fabric.mtu()), ready);
    if (recorder != null) {
      recorder.record(leaves, Kinds.REQUEST_SENT, opId(ctx), null,
          recorder.name(layout.module(ctx.targetNode())), ctx.op() == Op.PUT ? ctx.length() : 0,
          null, 0, 0, ctx.ring(), null, ctx.retriesUsed > 0 ? "attempt " + (ctx.retriesUsed + 1) : null);
    }
  }

  private void onResponse(Packet first, byte[] data) {
    Context ctx = contexts[first.sourceContext()];
    if (ctx.sequence() != first.sequence() || ctx.status() != Status.BUSY || ctx.responded) {
      lateResponses++;
      return;
    }
    ctx.responded = true;
    if (recorder != null) {
      recorder.record(now(), Kinds.RESPONSE_ARRIVED, opId(ctx),
          recorder.name(layout.module(ctx.targetNode())), null, data.length,
          first.status().name(), 0, 0, ctx.ring(), null, null);
    }
    long done = work();
    if (first.type() == Packet.Type.GET_RESPONSE && first.status() == Status.DONE) {
      send(layout.memory(node), done - now(),
          new Memory.PayloadWrite(ctx.index(), ctx.sequence(), ctx.localAddress(), data));
      ctx.payload = data;
      ctx.bornAt = first.bornAt();
      ctx.bornGroup = first.bornGroup();
      return;
    }
    complete(ctx, first.status(), 0, null, done);
  }

  private void onPayloadWritten(PayloadWritten w) {
    Context ctx = contexts[w.context()];
    if (ctx.sequence() == w.sequence() && ctx.status() == Status.BUSY) {
      byte[] data = ctx.payload;
      complete(ctx, Status.DONE, data.length, data, work());
    }
  }

  /** Sets the status register and tells the owning core, at time {@code at}. */
  private void complete(Context ctx, Status status, int resultLength, byte[] data, long at) {
    long bytes = ctx.op() == Op.PUT ? ctx.length() : resultLength;
    if (counted(ctx.doorbellAt)) {
      counters(ctx.op()).countCompleted(status, bytes);
      if (status == Status.DONE) {
        (ctx.op() == Op.PUT ? putLatency : getLatency).record(at - ctx.doorbellAt);
        if (ctx.op() == Op.GET) {
          long latency = at - ctx.bornAt; // from the element's PUT doorbell to this GET
          messageLatency.record(latency);
          messageBySize.computeIfAbsent(resultLength, k -> new LatencyRecorder()).record(latency);
          messageByGroup.computeIfAbsent(ctx.bornGroup, k -> new LatencyRecorder()).record(latency);
        }
      }
    }
    ctx.finish(status, resultLength);
    if (recorder != null) {
      recorder.record(at, Kinds.COMPLETED, opId(ctx), null, null, bytes, status.name(), 0,
          at - ctx.doorbellAt, ctx.ring(), null,
          describe(ctx.op(), ctx.length(), ctx.targetNode(), ctx.ring())); // readable without its doorbell
    }
    send(ctx.ownerCore(), at - now(),
        new Core.Completion(ctx.ownerProcess(), ctx.index(), ctx.sequence(), status, resultLength,
            data, ctx.doorbellAt));
  }

  // ---- timeouts ----

  private record Deadline(long at, int context, long sequence) {}

  /** The first copy of a request leaves at {@code sentAt}: its time limits start. */
  private void armDeadline(Context ctx, long sentAt) {
    long attempts = limits.retries() + 1L;
    ctx.giveUpAt = limits.timeoutPs() > (Long.MAX_VALUE - sentAt) / attempts
        ? Long.MAX_VALUE : sentAt + attempts * limits.timeoutPs();
    deadlines.add(new Deadline(sentAt + limits.timeoutPs(), ctx.index(), ctx.sequence()));
    scheduleCheck();
  }

  /**
   * Posts a check for the earliest deadline unless one is already due no later. A check never
   * comes sooner than one piece of module work from now: the module notices a deadline while it
   * works, and engines rely on that minimum delay.
   */
  private void scheduleCheck() {
    Deadline head = deadlines.peek();
    if (head != null && head.at() < checkAt) {
      checkAt = Math.max(head.at(), now() + timing.moduleLatencyPs());
      send(id(), checkAt - now(), TimeoutCheck.INSTANCE);
    }
  }

  /** Resends each request still unanswered at its deadline, while retries are left. */
  private void onTimeoutCheck() {
    if (now() >= checkAt) {
      checkAt = Long.MAX_VALUE;
    }
    while (!deadlines.isEmpty() && deadlines.peek().at() <= now()) {
      Deadline d = deadlines.poll();
      Context ctx = contexts[d.context()];
      if (isSettled(d) || ctx.retriesUsed >= limits.retries()) {
        continue; // answered, or out of retries: the answer (perhaps TIMEOUT) is on its way
      }
      ctx.retriesUsed++;
      retries++;
      long done = work();
      sendRequest(ctx, done);
      deadlines.add(new Deadline(done + limits.timeoutPs(), ctx.index(), ctx.sequence()));
    }
    while (!deadlines.isEmpty() && isSettled(deadlines.peek())) {
      deadlines.poll();
    }
    scheduleCheck();
  }

  private boolean isSettled(Deadline d) {
    Context ctx = contexts[d.context()];
    return ctx.sequence() != d.sequence() || ctx.status() != Status.BUSY || ctx.responded;
  }

  // ---- target side ----

  /** What this module last answered to one initiating context, to answer retries alike. */
  private static final class Served {
    final long sequence;
    final Packet.Type type;
    final int ring;
    boolean pending = true;
    Status status;
    byte[] element;
    long bornAt;
    int bornGroup = -1;
    byte[] payload; // a PUT's, kept in case it is held for room
    long requestBornAt;
    int requestBornGroup = -1;

    Served(long sequence, Packet.Type type, int ring) {
      this.sequence = sequence;
      this.type = type;
      this.ring = ring;
    }
  }

  private void onRequest(Packet first, byte[] payload) {
    Served last = served(first.sourceNode(), first.sourceContext());
    if (last != null && first.sequence() < last.sequence) {
      return; // a copy of an action the initiator has finished with
    }
    if (last != null && last.sequence == first.sequence()) {
      if (!last.pending) {
        respond(first.action(), last, work());
      }
      return;
    }
    Packet.Type answer = first.type() == Packet.Type.PUT_REQUEST
        ? Packet.Type.PUT_RESPONSE : Packet.Type.GET_RESPONSE;
    Served record = new Served(first.sequence(), answer, first.ring());
    served[first.sourceNode()][first.sourceContext()] = record;
    if (recorder != null) {
      recorder.record(now(), Kinds.REQUEST_ARRIVED, first.action().toString(),
          recorder.name(layout.module(first.sourceNode())), null, payload.length, null, 0, 0,
          first.ring(), null, null);
    }
    long done = work();
    if (now() > first.giveUpAt()) {
      record.pending = false; // too late: the initiator has given up on it, so leave the ring alone
      record.status = Status.TIMEOUT;
      refusedLate++;
      if (recorder != null) {
        recorder.record(now(), Kinds.REFUSED, first.action().toString(), null, null, 0,
            Status.TIMEOUT.name(), 0, 0, first.ring(), null, "after the initiator's last deadline");
      }
      respond(first.action(), record, done);
    } else if (first.type() == Packet.Type.PUT_REQUEST) {
      servedPuts++;
      record.payload = payload;
      record.requestBornAt = first.bornAt();
      record.requestBornGroup = first.bornGroup();
      if (limits.holdWhenFull() && held.hasHeld(first.ring())) { // first come, first served
        hold(first.action(), first.ring(), record);
        return;
      }
      send(layout.memory(node), done - now(),
          new Memory.RingPut(first.action(), first.ring(), payload, first.bornAt(), first.bornGroup()));
    } else {
      servedGets++;
      send(layout.memory(node), done - now(),
          new Memory.RingGet(first.action(), first.ring(), first.maxLength()));
    }
  }

  private void onRingResult(RingResult r) {
    Served s = served(r.action().node(), r.action().context());
    if (s == null || s.sequence != r.action().sequence()) {
      throw new IllegalStateException(name() + " got a ring result for action " + r.action()
          + " it has no record of");
    }
    boolean put = s.type == Packet.Type.PUT_RESPONSE;
    boolean heldTurn = false; // this was a held PUT's turn: the next one may go now
    if (limits.holdWhenFull() && put) {
      if (held.isRetry(r.ring(), r.action())) {
        heldTurn = true;
        HeldPuts.Held expired = held.retried(r.ring(), r.status() != Status.FULL, now());
        if (r.status() == Status.FULL && expired == null) {
          return; // still no room: it stays at the head until a GET makes some or its limit comes
        }
      } else if (r.status() == Status.FULL) {
        hold(r.action(), r.ring(), s);
        return;
      }
    }
    s.pending = false;
    s.status = r.status();
    s.element = r.element();
    s.bornAt = r.bornAt();
    s.bornGroup = r.bornGroup();
    if (recorder != null) {
      recorder.record(now(), r.status() == Status.DONE ? Kinds.APPLIED : Kinds.REFUSED,
          r.action().toString(), null, null, r.element() == null ? 0 : r.element().length,
          r.status().name(), 0, 0, r.ring(), null, r.occupancy());
    }
    respond(r.action(), s, work());
    if (limits.holdWhenFull() && (r.status() == Status.DONE || heldTurn)) {
      retryHeld(r.ring()); // a GET made room, or a held PUT left the queue: the next may fit
    }
  }

  // ---- PUTs held while their ring is full (module.ring-full = hold) ----

  private void hold(Packet.ActionId action, int ring, Served s) {
    held.hold(new HeldPuts.Held(action, ring, s.payload, s.requestBornAt, s.requestBornGroup,
        now() + limits.holdLimitPs()));
    scheduleHoldCheck();
  }

  private void retryHeld(int ring) {
    HeldPuts.Held h = held.retry(ring);
    if (h != null) {
      send(layout.memory(node), work() - now(),
          new Memory.RingPut(h.action(), ring, h.payload(), h.bornAt(), h.bornGroup()));
    }
  }

  /** Posts a check for the earliest hold limit, never sooner than one piece of module work. */
  private void scheduleHoldCheck() {
    long next = held.nextDeadlineAfter(now() - 1);
    if (next != Long.MAX_VALUE && next < holdCheckAt) {
      holdCheckAt = Math.max(next, now() + timing.moduleLatencyPs());
      send(id(), holdCheckAt - now(), HoldCheck.INSTANCE);
    }
  }

  /** Answers FULL to the held PUTs whose limit has come. */
  private void onHoldCheck() {
    if (now() >= holdCheckAt) {
      holdCheckAt = Long.MAX_VALUE;
    }
    for (HeldPuts.Held h : held.expire(now())) {
      Served s = served(h.action().node(), h.action().context());
      s.pending = false;
      s.status = Status.FULL;
      respond(h.action(), s, work());
    }
    long next = held.nextDeadlineAfter(now());
    if (next != Long.MAX_VALUE && next < holdCheckAt) {
      holdCheckAt = Math.max(next, now() + timing.moduleLatencyPs());
      send(id(), holdCheckAt - now(), HoldCheck.INSTANCE);
    }
  }

  private void respond(Packet.ActionId action, Served s, long ready) {
    long leaves = inject(Packet.split(s.type, action, action.node(), s.ring, 0, s.status, 0,
        s.bornAt, s.bornGroup, s.element, fabric.mtu()), ready);
    if (recorder != null) {
      recorder.record(leaves, Kinds.RESPONSE_SENT, action.toString(), null,
          recorder.name(layout.module(action.node())), s.element == null ? 0 : s.element.length,
          s.status.name(), 0, 0, s.ring, null, null);
    }
  }

  /** The record for one initiating context, making its node's row on first use. */
  private Served served(int sourceNode, int sourceContext) {
    Served[] row = served[sourceNode];
    if (row == null) {
      row = new Served[contexts.length];
      served[sourceNode] = row;
    }
    return row[sourceContext];
  }

  // ---- packets ----

  private void onPacketDelivered(Packet p) {
    if (recorder != null && recorder.packets()) {
      recorder.record(now(), Kinds.PACKET_RECEIVED, p.action().toString(),
          recorder.name(layout.switchComponent(node)), null, p.wireBytes(fabric.packetHeaderBytes()),
          null, 0, 0, -1, null, PacketTrace.describe(p));
    }
    byte[] data = p.chunk();
    if (p.count() > 1) {
      Reassembly.Key key = new Reassembly.Key(p.type(), p.sourceNode(), p.sourceContext(), p.sequence());
      Reassembly r = partial.computeIfAbsent(key, k -> new Reassembly(p.count(), p.totalLength()));
      data = r.add(p, fabric.mtu());
      if (data == null) {
        return;
      }
      partial.remove(key);
    }
    if (p.type().isRequest()) {
      onRequest(p, data);
    } else {
      onResponse(p, data);
    }
  }

  /**
   * Sends packets over the injection link, one after another, ready at {@code ready}; returns
   * when the first one starts to leave.
   */
  private long inject(Packet[] packets, long ready) {
    int sw = layout.switchComponent(node);
    long first = -1;
    for (Packet p : packets) {
      int wire = p.wireBytes(fabric.packetHeaderBytes());
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

  /** An action's name in traces: the initiator's node, context and sequence. */
  private String opId(Context ctx) {
    return node + "." + ctx.index() + "." + ctx.sequence();
  }

  private static String describe(Doorbell d) {
    return describe(d.op(), d.length(), d.targetNode(), d.ring());
  }

  private static String describe(Op op, int length, int target, int ring) {
    return op == Op.PUT
        ? "put " + length + " B to node " + target + " ring " + ring
        : "get from node " + target + " ring " + ring;
  }

  /** Books the module for one piece of work; returns when it is done. */
  private long work() {
    long start = Math.max(now(), freeAt);
    freeAt = start + timing.moduleLatencyPs();
    return freeAt;
  }

  /** Whether an action whose doorbell rang at {@code doorbellAt} counts: after the warm-up. */
  private boolean counted(long doorbellAt) {
    return doorbellAt >= warmupPs;
  }

  private OpCounters counters(Op op) {
    return op == Op.PUT ? puts : gets;
  }

  // ---- results ----

  public int node() {
    return node;
  }

  public Context context(int index) {
    return contexts[index];
  }

  public int contextCount() {
    return contexts.length;
  }

  public OpCounters puts() {
    return puts;
  }

  public OpCounters gets() {
    return gets;
  }

  /** Doorbell to DONE status, in picoseconds, of the PUTs this module initiated. */
  public LatencyRecorder putLatency() {
    return putLatency;
  }

  public LatencyRecorder getLatency() {
    return getLatency;
  }

  /**
   * From the doorbell of the PUT that made an element to the completion of the GET that took it,
   * for the GETs this module initiated.
   */
  public LatencyRecorder messageLatency() {
    return messageLatency;
  }

  /** The message latency by element size in bytes. */
  public Map<Integer, LatencyRecorder> messageLatencyBySize() {
    return java.util.Collections.unmodifiableMap(messageBySize);
  }

  /** The message latency by the process group that PUT the element (-1: none). */
  public Map<Integer, LatencyRecorder> messageLatencyByGroup() {
    return java.util.Collections.unmodifiableMap(messageByGroup);
  }

  public OutputPort injection() {
    return injection;
  }

  public long servedPuts() {
    return servedPuts;
  }

  public long servedGets() {
    return servedGets;
  }

  public long lateResponses() {
    return lateResponses;
  }

  public long retries() {
    return retries;
  }

  /** Requests this module refused with TIMEOUT because they came after the initiator's last deadline. */
  public long refusedLate() {
    return refusedLate;
  }

  /** PUTs this module held for room in a full ring (module.ring-full = hold). */
  public long heldPuts() {
    return held.held();
  }
}
