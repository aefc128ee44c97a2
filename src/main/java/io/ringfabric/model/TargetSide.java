package io.ringfabric.model;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;


/**
 * The target side of one node's messaging module: it serves the requests other nodes' contexts
 * send it, from the request through the ring action in memory to the response.
 *
 * <p>A target keeps, per initiating context, a record of what it last answered, so that a copy of
 * a request it has served (a retry, or a duplicate) is answered alike instead of applied twice,
 * and a copy of an action older than the record is dropped. It refuses with TIMEOUT, leaving the
 * ring alone, a request that comes after the initiator's last deadline. With
 * {@code module.ring-full = hold} it keeps PUTs to a full ring in {@link HeldPuts} until a GET
 * makes room, their hold limit comes or their initiator's last deadline comes, whichever is
 * first: a held PUT is never applied after its initiator could have given up on it. A PUT that
 * arrives while PUTs are held for its ring waits behind them, once memory has found that nothing
 * but room would refuse it.
 *
 * <p>Apart from {@link InitiatorSide} because the two share no state; both act through their
 * {@link MessagingModule}, whose clock, event numbering, one piece of work at a time and
 * injection link they share, so every event keeps the key it would have had with both sides in
 * one class.
 */
final class TargetSide implements Serializable {
  private final MessagingModule module;
  private final int node;
  private final Layout layout;
  private final FabricSpec fabric;
  private final TimingSpec timing;
  private final ModuleSpec limits;
  // What this module last answered to each initiating context that has sent it anything, by
  // context and node: a map, because a module in a big machine hears from few of all
  // contexts, and rows for every node it heard from grew with the square of the nodes. Only
  // looked up, never iterated, so its order cannot reach a result.
  private final LongKeyedMap<Served> served = new LongKeyedMap<>();
  // The actions not answered yet (in memory, checked or held), by their whole id: a held PUT
  // keeps its own record even if its context's row moves on. Only looked up, never iterated
  // for a result.
  private final Map<Packet.ActionId, Served> open = new HashMap<>();
  private final HeldPuts held = new HeldPuts();
  // By ring: PUTs whose room-independent checks memory is doing because PUTs are held ahead of
  // them. A PUT that comes meanwhile is checked too, so none overtakes them.
  private final Map<Integer, Integer> checking = new TreeMap<>();
  private long holdCheckAt = Long.MAX_VALUE; // the earliest HOLD_CHECK posted and not yet handled
  private long servedPuts;
  private long servedGets;
  private long refusedLate;
  private long duplicatesAnswered;
  private long duplicatesDropped;

  TargetSide(MessagingModule module, int node, Layout layout, MachineSpec spec) {
    this.module = module;
    this.node = node;
    this.layout = layout;
    this.fabric = spec.fabric();
    this.timing = spec.timing();
    this.limits = spec.module();
  }

  /** What this module last answered to one initiating context, to answer retries alike. */
  private static final class Served implements Serializable {
    final long sequence;
    final Packet.Type type;
    final int ring;
    final long giveUpAt; // the initiator's last deadline
    boolean pending = true;
    boolean checking; // a PUT memory is checking before it waits behind held ones
    Status status;
    byte[] element;
    ElementOrigin origin = ElementOrigin.NONE; // of the GET's element, for the response
    byte[] payload; // a PUT's, kept in case it is held for room
    ElementOrigin requestOrigin = ElementOrigin.NONE; // of the PUT's element, kept alike

    Served(long sequence, Packet.Type type, int ring, long giveUpAt) {
      this.sequence = sequence;
      this.type = type;
      this.ring = ring;
      this.giveUpAt = giveUpAt;
    }

    /** The action is answered: what a copy of its request needs stays, the PUT's payload goes. */
    void answered(Status status) {
      this.pending = false;
      this.status = status;
      this.payload = null;
      this.requestOrigin = ElementOrigin.NONE;
    }
  }

  /** A whole request has arrived: {@code first} is its first packet, {@code payload} its payload. */
  void onRequest(Packet first, byte[] payload) {
    Served last = served(first.sourceNode(), first.sourceContext());
    if (last != null && first.sequence() < last.sequence) {
      duplicatesDropped++;
      return; // a copy of an action the initiator has finished with
    }
    if (last != null && last.sequence == first.sequence()) {
      if (last.pending) {
        duplicatesDropped++; // being served: its answer is still to come
      } else {
        duplicatesAnswered++; // served: answered alike, never applied twice
        respond(first.action(), last, module.work());
      }
      return;
    }
    Packet.Type answer = first.type() == Packet.Type.PUT_REQUEST
        ? Packet.Type.PUT_RESPONSE : Packet.Type.GET_RESPONSE;
    Served record = new Served(first.sequence(), answer, first.ring(), first.giveUpAt());
    served.put(key(first.sourceNode(), first.sourceContext()), record);
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.requestArrived(now(), first.action().toString(), layout.module(first.sourceNode()),
          payload.length, first.ring());
    }
    long done = module.work();
    if (now() > first.giveUpAt()) {
      record.answered(Status.TIMEOUT); // too late: the initiator has given up on it, so leave the ring alone
      refusedLate++;
      if (recorder != null) {
        recorder.refused(now(), first.action().toString(), 0, Status.TIMEOUT, first.ring(),
            "after the initiator's last deadline");
      }
      respond(first.action(), record, done);
      return;
    }
    open.put(first.action(), record);
    if (first.type() == Packet.Type.PUT_REQUEST) {
      servedPuts++;
      record.payload = payload;
      record.requestOrigin = first.origin();
      if (limits.holdWhenFull() && (held.hasHeld(first.ring()) || checking.containsKey(first.ring()))) {
        record.checking = true; // first come, first served, but no waiting for an answer room cannot change
        checking.merge(first.ring(), 1, Integer::sum);
        send(layout.memory(node), done - now(), new Memory.RingCheck(first.action(), first.ring(), payload.length));
        return;
      }
      send(layout.memory(node), done - now(),
          new Memory.RingPut(first.action(), first.ring(), payload, first.origin()));
    } else {
      servedGets++;
      send(layout.memory(node), done - now(),
          new Memory.RingGet(first.action(), first.ring(), first.maxLength()));
    }
  }

  void onRingResult(MessagingModule.RingResult r) {
    Served s = open.get(r.action());
    if (s == null) {
      throw new IllegalStateException(module.name() + " got a ring result for action " + r.action()
          + " it has no record of");
    }
    if (s.checking) {
      onCheckResult(r, s);
      return;
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
    finish(r.action(), s, r.status(), r.element(), r.origin());
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      long bytes = r.element() == null ? 0 : r.element().length;
      if (r.status() == Status.DONE) {
        recorder.applied(now(), r.action().toString(), bytes, r.ring(), r.occupancy());
      } else {
        recorder.refused(now(), r.action().toString(), bytes, r.status(), r.ring(), r.occupancy());
      }
    }
    respond(r.action(), s, module.work());
    if (limits.holdWhenFull() && (r.status() == Status.DONE || heldTurn)) {
      retryHeld(r.ring()); // a GET made room, or a held PUT left the queue: the next may fit
    }
  }

  /**
   * Memory has checked a PUT that came while others were held for its ring: refused for a reason
   * room cannot change, it is answered now; else it waits behind them, and is tried at once if
   * they have all gone meanwhile.
   */
  private void onCheckResult(MessagingModule.RingResult r, Served s) {
    s.checking = false;
    checking.compute(r.ring(), (ring, n) -> n == 1 ? null : n - 1);
    if (r.status() == Status.DONE || r.status() == Status.FULL) {
      boolean first = !held.hasHeld(r.ring());
      hold(r.action(), r.ring(), s);
      if (first) {
        retryHeld(r.ring());
      }
      return;
    }
    finish(r.action(), s, r.status(), null, ElementOrigin.NONE);
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.refused(now(), r.action().toString(), 0, r.status(), r.ring(), r.occupancy());
    }
    respond(r.action(), s, module.work());
  }

  /** The action's answer is set: its record keeps what a copy needs, and it is no longer open. */
  private void finish(Packet.ActionId action, Served s, Status status, byte[] element, ElementOrigin origin) {
    s.answered(status);
    s.element = element;
    s.origin = origin;
    open.remove(action);
  }

  // ---- PUTs held while their ring is full (module.ring-full = hold) ----

  /** Holds a PUT until its hold limit or its initiator's last deadline, whichever comes first. */
  private void hold(Packet.ActionId action, int ring, Served s) {
    long until = Math.min(SimTime.later(now(), limits.holdLimitPs()), s.giveUpAt);
    held.hold(new HeldPuts.Held(action, ring, s.payload, s.requestOrigin, until));
    // every earlier limit has its check posted; this one may be past already (the initiator's
    // deadline came while memory had the PUT), then it is checked a piece of module work from now
    if (until < holdCheckAt) {
      holdCheckAt = Math.max(until, now() + timing.moduleLatencyPs());
      send(module.id(), holdCheckAt - now(), MessagingModule.HoldCheck.INSTANCE);
    }
  }

  private void retryHeld(int ring) {
    HeldPuts.Held h = held.retry(ring, now());
    if (h != null) {
      send(layout.memory(node), module.work() - now(),
          new Memory.RingPut(h.action(), ring, h.payload(), h.origin()));
    }
  }

  /**
   * Answers FULL to the held PUTs whose time is over, then tries the next PUT of each ring whose
   * oldest one went: it may fit where the one before it did not.
   */
  void onHoldCheck() {
    if (now() >= holdCheckAt) {
      holdCheckAt = Long.MAX_VALUE;
    }
    Set<Integer> headsGone = new TreeSet<>();
    TraceSink recorder = module.recorder();
    for (HeldPuts.Held h : held.expire(now(), headsGone)) {
      Served s = open.get(h.action());
      finish(h.action(), s, Status.FULL, null, ElementOrigin.NONE);
      if (recorder != null) {
        recorder.refused(now(), h.action().toString(), 0, Status.FULL, h.ring(), h.until() == s.giveUpAt
            ? "held, no room came by the initiator's last deadline" : "held, no room came within the hold limit");
      }
      respond(h.action(), s, module.work());
    }
    for (int ring : headsGone) {
      retryHeld(ring);
    }
    long next = held.nextDeadlineAfter(now());
    if (next != Long.MAX_VALUE && next < holdCheckAt) {
      holdCheckAt = Math.max(next, now() + timing.moduleLatencyPs());
      send(module.id(), holdCheckAt - now(), MessagingModule.HoldCheck.INSTANCE);
    }
  }

  // ---- helpers ----

  private void respond(Packet.ActionId action, Served s, long ready) {
    Packet[] packets = Packet.Header.response(s.type, action, s.ring, s.status, s.origin)
        .split(s.element, fabric.mtu());
    long leaves = module.inject(packets, ready);
    TraceSink recorder = module.recorder();
    if (recorder != null) {
      recorder.responseSent(leaves, action.toString(), layout.module(action.node()),
          s.element == null ? 0 : s.element.length, s.status, s.ring);
    }
  }

  /** The record for one initiating context, or null if it never sent this module anything. */
  private Served served(int sourceNode, int sourceContext) {
    return served.get(key(sourceNode, sourceContext));
  }

  // The context in the high half, the node in the low (LongKeyedMap hashes both halves).
  private static long key(int sourceNode, int sourceContext) {
    return (long) sourceContext << 32 | sourceNode;
  }

  /** Records of what this module answered, one per initiating context heard from (tests). */
  int records() {
    return served.size();
  }

  /** Records that still hold a PUT's payload: those of PUTs not yet applied or refused (tests). */
  int recordsHoldingPayload() {
    int n = 0;
    for (Served s : open.values()) {
      n += s.payload == null ? 0 : 1;
    }
    return n;
  }

  private long now() {
    return module.now();
  }

  private void send(int target, long delay, Message message) {
    module.send(target, delay, message);
  }

  // ---- results ----

  long servedPuts() {
    return servedPuts;
  }

  long servedGets() {
    return servedGets;
  }

  long refusedLate() {
    return refusedLate;
  }

  /** Copies of requests already served, answered again from the record rather than applied again. */
  long duplicatesAnswered() {
    return duplicatesAnswered;
  }

  /** Copies of requests dropped unanswered: their action was still being served, or is over for the initiator. */
  long duplicatesDropped() {
    return duplicatesDropped;
  }

  long heldPuts() {
    return held.held();
  }
}
