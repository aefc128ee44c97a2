package io.ringfabric.model;

import java.io.Serializable;
import java.util.PriorityQueue;

/**
 * The initiator side of one node's messaging module: its context register sets and each action
 * they start, from the doorbell through the request (resent at each timeout while retries are
 * left) to the status register and the completion the owning core is told of.
 *
 * <p>Apart from {@link TargetSide} because the two share no state: an initiator knows only its
 * own contexts, a target only what it last answered other nodes' contexts. Both still act through
 * their {@link MessagingModule}: its clock, its event numbering, its one piece of work at a time
 * and its injection link are the module's, so every event keeps the key it would have had with
 * both sides in one class.
 */
final class InitiatorSide implements Serializable {
  private final MessagingModule module;
  private final int node;
  private final int nodes;
  private final Layout layout;
  private final FabricSpec fabric;
  private final TimingSpec timing;
  private final ModuleSpec limits;
  private final long warmupPs;
  private final Context[] contexts;
  private final OpCounters puts = new OpCounters();
  private final OpCounters gets = new OpCounters();
  private final PriorityQueue<Deadline> deadlines = new PriorityQueue<>(); // in their natural order
  private int sweepAbove = SWEEP_SLACK; // deadlines kept past which the settled ones are dropped
  private static final int SWEEP_SLACK = 16;
  private long checkAt = Long.MAX_VALUE; // the earliest TIMEOUT_CHECK posted and not yet handled
  private long lateResponses;
  private long retries;
  private long unanswered;
  private long confirmations;

  InitiatorSide(MessagingModule module, int node, int nodes, Layout layout, MachineSpec spec) {
    this.module = module;
    this.node = node;
    this.nodes = nodes;
    this.layout = layout;
    this.fabric = spec.fabric();
    this.timing = spec.timing();
    this.limits = spec.module();
    this.warmupPs = spec.warmupPs();
    this.contexts = new Context[spec.node().contexts()];
    for (int i = 0; i < contexts.length; i++) {
      contexts[i] = new Context(i);
    }
  }

  /** See {@link MessagingModule#mapFreeContext}. */
  int mapFreeContext(int coreComponent, int process) {
    for (Context c : contexts) {
      if (!c.isMapped()) {
        c.map(coreComponent, process);
        return c.index();
      }
    }
    return -1;
  }

  void onDoorbell(MessagingModule.Doorbell d) {
    TraceSink recorder = module.recorder();
    Context ctx = contexts[d.context()];
    OpCounters counters = counters(d.op());
    if (ctx.status() == Status.BUSY) {
      if (counted(now())) {
        counters.countRefused(Status.BUSY); // the action in flight goes on; nothing is sent
      }
      if (recorder != null) {
        recorder.doorbell(now(), null, ctx.ownerCore(), 0, true, d.ring(), describe(d));
      }
      return;
    }
    ctx.begin(d.op(), d.targetNode(), d.ring(), d.localAddress(), d.length(), now());
    ctx.group = d.group();
    if (counted(now())) {
      counters.countIssued();
    }
    if (recorder != null) {
      recorder.doorbell(now(), opId(ctx), ctx.ownerCore(), d.op() == Op.PUT ? d.length() : 0, false,
          d.ring(), describe(d));
    }
    long done = module.work();
    if (d.targetNode() < 0 || d.targetNode() >= nodes) {
      complete(ctx, Status.NO_SUCH_NODE, 0, null, done);
      return;
    }
    if (d.op() == Op.PUT) {
      send(layout.memory(node), done - now(),
          new Memory.PayloadRead(ctx.index(), ctx.sequence(), d.localAddress(), d.length()));
    } else {
      sendFirstRequest(ctx, done);
    }
  }

  void onPayloadReady(MessagingModule.PayloadReady r) {
    Context ctx = contexts[r.context()];
    if (ctx.sequence() != r.sequence() || ctx.status() != Status.BUSY) {
      return;
    }
    ctx.payload = r.data();
    sendFirstRequest(ctx, module.work()); // after building the request: a retry must have the payload to resend
  }

  /**
   * The action's first copy, ready at {@code ready}: its time limits start when it leaves, which
   * may be later, behind other packets on the injection link; the last deadline it carries must
   * be known before it is built.
   */
  private void sendFirstRequest(Context ctx, long ready) {
    armDeadline(ctx, module.leavesAt(ctx.targetNode(), ready));
    sendRequest(ctx, ready);
  }

  /** Sends a copy of the request, ready at {@code ready}; returns when its first packet leaves. */
  private long sendRequest(Context ctx, long ready) {
    Packet.ActionId action = new Packet.ActionId(node, ctx.index(), ctx.sequence());
    Packet[] packets = ctx.op() == Op.PUT
        ? Packet.Header.putRequest(action, ctx.targetNode(), ctx.ring(), ctx.length(), ctx.giveUpAt,
            new ElementOrigin(ctx.doorbellAt, ctx.group)).split(ctx.payload, fabric.mtu())
        : Packet.Header.getRequest(action, ctx.targetNode(), ctx.ring(), ctx.length(), ctx.giveUpAt)
            .split(null, fabric.mtu());
    long leaves = module.inject(packets, ready);
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.requestSent(leaves, opId(ctx), layout.module(ctx.targetNode()),
          ctx.op() == Op.PUT ? ctx.length() : 0, ctx.ring(), ctx.retriesUsed + ctx.confirmationsUsed + 1);
    }
    return leaves;
  }

  /** A whole response has arrived: {@code first} is its first packet, {@code data} its payload. */
  void onResponse(Packet first, byte[] data) {
    Context ctx = contexts[first.sourceContext()];
    if (ctx.sequence() != first.sequence() || ctx.status() != Status.BUSY || ctx.responded) {
      lateResponses++;
      return;
    }
    ctx.responded = true;
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.responseArrived(now(), opId(ctx), layout.module(ctx.targetNode()), data.length,
          first.status(), ctx.ring());
    }
    long done = module.work();
    if (first.type() == Packet.Type.GET_RESPONSE && first.status() == Status.DONE) {
      send(layout.memory(node), done - now(),
          new Memory.PayloadWrite(ctx.index(), ctx.sequence(), ctx.localAddress(), data));
      ctx.payload = data;
      ctx.origin = first.origin();
      return;
    }
    complete(ctx, first.status(), 0, null, done);
  }

  void onPayloadWritten(MessagingModule.PayloadWritten w) {
    Context ctx = contexts[w.context()];
    if (ctx.sequence() == w.sequence() && ctx.status() == Status.BUSY) {
      byte[] data = ctx.payload;
      complete(ctx, Status.DONE, data.length, data, module.work());
    }
  }

  /** Sets the status register and tells the owning core, at time {@code at}. */
  private void complete(Context ctx, Status status, int resultLength, byte[] data, long at) {
    long bytes = ctx.op() == Op.PUT ? ctx.length() : resultLength;
    if (status == Status.DONE) {
      module.sampleDone(ctx.op(), bytes); // warm-up included: the series shows it
    }
    // One rule for every latency: a sample counts if its interval began after the warm-up.
    if (counted(ctx.doorbellAt)) {
      counters(ctx.op()).countCompleted(status, bytes);
      if (status == Status.DONE) {
        if (ctx.op() == Op.PUT) {
          module.stats().putDone(at - ctx.doorbellAt);
        } else {
          module.stats().getDone(at - ctx.doorbellAt);
        }
      }
    }
    if (status == Status.DONE && ctx.op() == Op.GET && counted(ctx.origin.doorbellAt())) {
      // the message latency runs from the element's PUT doorbell to this GET
      module.stats().messageDone(at - ctx.origin.doorbellAt(), resultLength, ctx.origin.group());
    }
    ctx.finish(status, resultLength);
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.completed(at, opId(ctx), bytes, status, at - ctx.doorbellAt, ctx.ring(),
          describe(ctx.op(), ctx.length(), ctx.targetNode(), ctx.ring())); // readable without its doorbell
    }
    send(ctx.ownerCore(), at - now(),
        new Core.Completion(ctx.ownerProcess(), ctx.index(), ctx.sequence(), status, resultLength,
            data, ctx.doorbellAt, at));
  }

  // ---- timeouts ----

  /** Ordered by time, context, sequence; written out, since a composed Comparator showed in profiles. */
  private record Deadline(long at, int context, long sequence) implements Serializable, Comparable<Deadline> {
    @Override
    public int compareTo(Deadline o) {
      return at != o.at ? Long.compare(at, o.at)
          : context != o.context ? Integer.compare(context, o.context)
          : Long.compare(sequence, o.sequence);
    }
  }

  /**
   * The first copy of a request leaves at {@code sentAt}: its time limits start. The last
   * deadline, which every copy carries to the target, is (retries + 1) timeouts later; since each
   * retry waits a timeout from its own copy leaving, the initiator's own last deadline is never
   * sooner, so a copy sent after it (a confirmation) reaches the target after the last deadline.
   */
  private void armDeadline(Context ctx, long sentAt) {
    ctx.giveUpAt = SimTime.later(sentAt, limits.retries() + 1L, limits.timeoutPs());
    deadlines.add(new Deadline(SimTime.later(sentAt, limits.timeoutPs()), ctx.index(), ctx.sequence()));
    if (deadlines.size() > sweepAbove) {
      dropSettled();
    }
    scheduleCheck();
  }

  /**
   * Forgets the deadlines of actions answered or over, all but the earliest. Each stays until its
   * time otherwise (a timeout later: 100 us by default, 100 ms in conf/booksim.conf), though its
   * answer came in microseconds: 64x64 nodes held 624 k after 300 us. The next pass comes when
   * the queue has grown to twice what this one left, and 16 more: so it holds about twice the
   * actions in flight (at most one deadline a context is live), not twice the contexts (the 4,096
   * modules of a 64x64 machine with 256 contexts each kept up to 2 million), and each pass, over
   * twice what the last one left and 16 more, is paid for by the half of them added since. No event
   * changes: a settled deadline is only ever skipped, except the earliest, which decides when the
   * next check is posted, and stays; and once settled, a deadline stays settled.
   */
  private void dropSettled() {
    Deadline earliest = deadlines.peek();
    deadlines.removeIf(d -> d != earliest && isSettled(d));
    sweepAbove = 2 * deadlines.size() + SWEEP_SLACK;
  }

  /** Deadlines kept, settled ones included. */
  int deadlinesKept() {
    return deadlines.size();
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
      send(module.id(), checkAt - now(), MessagingModule.TimeoutCheck.INSTANCE);
    }
  }

  /**
   * Resends each request still unanswered a timeout after its last copy left (not after it was
   * built: a copy waiting behind others at injection is not resent before it has gone), while
   * retries are left. After the last
   * deadline {@code module.confirmations} copies still go, each after twice the wait of the one
   * before (none by default without faults, where every answer comes): the target answers it
   * from its record of the action, or, never having served it, refuses it with TIMEOUT (it came
   * after the initiator's last deadline), and from then on answers every copy alike; so the
   * process learns what happened even when answers were lost. When none of those copies is
   * answered either (a link down on the only way) the action ends TIMEOUT unanswered: the
   * initiator cannot know whether the target applied it.
   */
  void onTimeoutCheck() {
    if (now() >= checkAt) {
      checkAt = Long.MAX_VALUE;
    }
    while (!deadlines.isEmpty() && deadlines.peek().at() <= now()) {
      Deadline d = deadlines.poll();
      Context ctx = contexts[d.context()];
      if (isSettled(d)) {
        continue;
      }
      if (ctx.retriesUsed < limits.retries()) {
        ctx.retriesUsed++;
        retries++;
      } else if (ctx.confirmationsUsed < limits.confirmations()) {
        ctx.confirmationsUsed++;
        confirmations++;
      } else if (limits.confirmations() == 0) {
        continue; // the answer (perhaps TIMEOUT, from the target) is on its way
      } else {
        unanswered++;
        if (counted(ctx.doorbellAt)) {
          counters(ctx.op()).countUnknown();
        }
        complete(ctx, Status.TIMEOUT, 0, null, module.work());
        continue;
      }
      long leaves = sendRequest(ctx, module.work());
      long waits = 1L << ctx.confirmationsUsed; // twice as long after each confirmation (at most 30)
      deadlines.add(new Deadline(SimTime.later(leaves, waits, limits.timeoutPs()), ctx.index(), ctx.sequence()));
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

  // ---- helpers ----

  /** An action's name in traces: the initiator's node, context and sequence. */
  private String opId(Context ctx) {
    return node + "." + ctx.index() + "." + ctx.sequence();
  }

  private static String describe(MessagingModule.Doorbell d) {
    return describe(d.op(), d.length(), d.targetNode(), d.ring());
  }

  private static String describe(Op op, int length, int target, int ring) {
    return op == Op.PUT
        ? "put " + length + " B to node " + target + " ring " + ring
        : "get from node " + target + " ring " + ring;
  }

  /** Whether an action whose doorbell rang at {@code doorbellAt} counts: after the warm-up. */
  private boolean counted(long doorbellAt) {
    return doorbellAt >= warmupPs;
  }

  private OpCounters counters(Op op) {
    return op == Op.PUT ? puts : gets;
  }

  private long now() {
    return module.now();
  }

  private void send(int target, long delay, Message message) {
    module.send(target, delay, message);
  }

  // ---- results ----

  Context context(int index) {
    return contexts[index];
  }

  int contextCount() {
    return contexts.length;
  }

  OpCounters puts() {
    return puts;
  }

  OpCounters gets() {
    return gets;
  }

  long lateResponses() {
    return lateResponses;
  }

  long retries() {
    return retries;
  }

  /** Copies sent after an action's last deadline, to learn what the target made of it. */
  long confirmations() {
    return confirmations;
  }

  /** Actions ended TIMEOUT without any answer from the target. */
  long unanswered() {
    return unanswered;
  }
}
