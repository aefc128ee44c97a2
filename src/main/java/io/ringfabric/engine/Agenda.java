package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.Layout;
import io.ringfabric.trace.Recorder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * A part's pending events and what its window has produced so far: its node's time, handed like
 * a baton from actor to actor. The node actor makes it and has its components start; then the
 * coordinator opens each window on it and gives it to the component whose event is next; that
 * component handles what it may and hands it straight to the component whose event is next
 * then; the last one sends it back to the coordinator with the window's report. A window so
 * costs one message per turn instead of a request and a reply per batch of events.
 *
 * <p>Exactly one actor holds the agenda at a time, and the types say who: it travels only as a
 * {@link Handover} addressed to one holder, which that holder must {@link Handover#take take};
 * every method that reads or changes the agenda names its caller and fails with an
 * {@link IllegalStateException} unless the caller holds it. A stale or misaddressed handover, or
 * an actor that kept a reference past its turn, is so found at its first touch, not by a
 * difference in results much later.
 *
 * <p>A component may handle events beyond the part's next one in key order when neither it nor
 * the components with earlier events can cause anything for the other in time
 * ({@link IntraNodeLookahead}); each component still sees exactly the events, in exactly the
 * order, that the reference engine gives it.
 */
final class Agenda {
  /** The holder that is the lane's coordinator (children are 0 and up). */
  static final int COORDINATOR = -1;
  /** The holder that is the part's node actor, which makes the agenda. */
  static final int NODE = -2;
  private static final int IN_TRANSIT = -3;

  /**
   * The agenda on its way to {@code to}: the one way an actor gets hold of it. {@code serial}
   * tells this handover from every earlier one, so an old message cannot be taken again.
   */
  record Handover(Agenda agenda, int to, long serial) {
    /** The agenda, now held by {@code who}, which must be the holder this handover is for. */
    Agenda take(int who) {
      agenda.receive(this, who);
      return agenda;
    }
  }

  private final int part;
  private final Layout layout;
  private final int first; // component id of child 0
  private final int[] kinds;
  private final String[] names;
  // boundTo[c][o]: least delay from child o's event to anything at child c; boundFrom[c][o]: from
  // c's event to anything at o (IntraNodeLookahead.PartBounds, shared by parts alike)
  private final long[][] boundTo;
  private final long[][] boundFrom;
  private final IntraNodeLookahead lookahead;
  private final EventQueue[] queues; // by child
  private final long[] headTime; // time of each child's first event, EMPTY for none
  // Later than every event, and a NEVER bound can be added to it without overflow.
  private static final long EMPTY = Long.MAX_VALUE / 2;
  private ActorRef<Coordinator.Command> coordinator;
  private int holder = NODE;
  private long handovers;
  private List<ActorRef<ComponentActor.Command>> children;
  private long window;
  private long end;
  private Event handling; // the event being handled, whose sends are checked
  private int handler;
  private String tooSoon; // the first send that broke a least delay, described
  private List<Event> outbox = new ArrayList<>();
  private List<Recorder.Entry> records = new ArrayList<>();
  private boolean endRun;
  private boolean resumed;
  private long events;
  private long lastEventTime;

  Agenda(int part, Layout layout, Component[] components, IntraNodeLookahead lookahead) {
    this.part = part;
    this.layout = layout;
    this.lookahead = lookahead;
    int[] ids = layout.componentsOf(part);
    this.first = ids[0];
    this.kinds = new int[ids.length];
    this.names = new String[ids.length];
    this.queues = new EventQueue[ids.length];
    this.headTime = new long[ids.length];
    Arrays.fill(headTime, EMPTY);
    for (int i = 0; i < ids.length; i++) {
      kinds[i] = IntraNodeLookahead.kindOf(layout, ids[i]);
      names[i] = components[ids[i]].name();
      queues[i] = new EventQueue(16);
    }
    IntraNodeLookahead.PartBounds bounds = lookahead.bounds(kinds);
    this.boundTo = bounds.to();
    this.boundFrom = bounds.from();
  }

  /** Who the baton goes to: the part's children, by child index. */
  void route(int who, List<ActorRef<ComponentActor.Command>> children) {
    held(who);
    this.children = List.copyOf(children);
  }

  int children() {
    return queues.length;
  }

  /** Where the part's window reports go; the last child to hold the agenda in a window sends it. */
  void reportTo(int who, ActorRef<Coordinator.Command> coordinator) {
    held(who);
    this.coordinator = coordinator;
  }

  /** The agenda leaves {@code who}, for {@code to}; from now on only the handover reaches it. */
  Handover handTo(int who, int to) {
    held(who);
    holder = IN_TRANSIT;
    return new Handover(this, to, ++handovers);
  }

  private void receive(Handover h, int who) {
    if (holder != IN_TRANSIT || h.serial() != handovers || h.to() != who) {
      throw new IllegalStateException("the agenda of part " + part + " was taken by " + holderName(who)
          + " with handover " + h.serial() + " for " + holderName(h.to()) + ", but "
          + (holder == IN_TRANSIT ? "handover " + handovers + " is the current one" : holderName(holder) + " holds it")
          + " (a fault in the actor engine)");
    }
    holder = who;
  }

  /** Who holds the agenda now: a child index, {@link #COORDINATOR}, {@link #NODE}, or nobody while in transit. */
  int holder() {
    return holder;
  }

  private void held(int who) {
    if (holder != who) {
      throw new IllegalStateException(holderName(who) + " touched the agenda of part " + part
          + " while " + holderName(holder) + " holds it (a fault in the actor engine)");
    }
  }

  private String holderName(int who) {
    return switch (who) {
      case COORDINATOR -> "the coordinator";
      case NODE -> "the node actor";
      case IN_TRANSIT -> "a handover in transit";
      default -> who >= 0 && who < names.length ? names[who] : "holder " + who;
    };
  }

  /**
   * The part continues a checkpoint: its components were restored, so they are not started, and
   * {@code pending} are the events they had pending; the counts go on from what they handled.
   */
  void resume(int who, List<Event> pending, Component[] components) {
    held(who);
    resumed = true;
    for (int id : layout.componentsOf(part)) {
      events += components[id].eventsDelivered();
      lastEventTime = Math.max(lastEventTime, components[id].lastEventPs());
    }
    for (Event e : pending) {
      queue(e.target() - first, e);
    }
  }

  /** Whether the part continues a checkpoint ({@link #resume}). */
  boolean resumed() {
    return resumed;
  }

  /** The part's pending events, for a checkpoint; the agenda is left as it was. */
  List<Event> pending(int who) {
    held(who);
    List<Event> all = new ArrayList<>();
    for (EventQueue q : queues) {
      all.addAll(q.snapshot());
    }
    return all;
  }

  /** Starts a window: events before {@code end} may be handled; {@code incoming} came from other parts. */
  void open(long window, long end, List<Event> incoming) {
    held(COORDINATOR);
    this.window = window;
    this.end = end;
    for (Event e : incoming) {
      queue(e.target() - first, e);
    }
  }

  /** An event from another part, for this part at rest between windows. */
  void deliver(int who, Event e) {
    held(who);
    queue(e.target() - first, e);
  }

  private void queue(int child, Event e) {
    queues[child].add(e);
    headTime[child] = Math.min(headTime[child], e.time());
  }

  /** An event the component of child {@code who} sent: kept if it stays in the part, else for the window's report. */
  void add(int who, Event e) {
    held(who);
    if (layout.partOf(e.target()) != part) {
      outbox.add(e);
      return;
    }
    int target = e.target() - first;
    if (handling != null && tooSoon == null && target != handler) { // to itself: its own queue keeps the order
      long least = lookahead.direct(kinds[handler], kinds[target]);
      if (e.time() - handling.time() < least) {
        tooSoon = names[handler] + " sent " + e.kind() + " " + (e.time() - handling.time())
            + " ps after " + handling.kind() + " at " + handling.time() + " ps, sooner than the "
            + least + " ps the actor engine relies on (IntraNodeLookahead)";
      }
    }
    queue(target, e);
  }

  /**
   * Takes the next event {@code child} may handle now, or null: its first event, if it is due in
   * the window and every other child's first event either comes after it in key order, or is
   * too late to cause anything for this child at or before it while this child cannot reach the
   * other in no time. The reference handles the other's earlier events first: nothing they cause
   * may come to this child before this event, and nothing this event causes may come to the
   * other before them (those events are at this event's time or sooner, so only a send without
   * delay could).
   */
  Event next(int child) {
    held(child);
    handling = null;
    long time = headTime[child];
    if (time >= end) {
      return null;
    }
    Event e = queues[child].peek();
    long[] toMe = boundTo[child];
    long[] fromMe = boundFrom[child];
    for (int other = 0; other < headTime.length; other++) {
      long first = headTime[other];
      if (first != EMPTY && (time >= first + toMe[other] || fromMe[other] == 0)
          && queues[other].peek().before(e)) {
        return null; // its event comes first, and one of the two could reach the other in time
      }
    }
    queues[child].poll();
    long after = queues[child].firstTime();
    headTime[child] = after == Long.MAX_VALUE ? EMPTY : after;
    events++;
    handling = e;
    handler = child;
    return e;
  }

  /** A send of the event just handled came sooner than the node may assume: described, or null. */
  String tooSoon() {
    return tooSoon;
  }

  /**
   * What a child's component recorded for the trace, whether it asks for the run to end, and the
   * time of the last event of the machine it handled (a reminder is none; what it worked out is).
   */
  void collect(int who, List<Recorder.Entry> recorded, boolean endsRun, long lastEventPs) {
    held(who);
    lastEventTime = Math.max(lastEventTime, lastEventPs);
    if (!recorded.isEmpty()) {
      records.addAll(recorded);
    }
    endRun |= endsRun;
  }

  /** {@code who} hands the baton to the child whose event is next in the window, or reports the window. */
  void passOn(int who) {
    held(who);
    handling = null;
    int next = nextHolder();
    if (next >= 0) {
      children.get(next).tell(new ComponentActor.Turn(handTo(who, next)));
    } else {
      coordinator.tell(report(who));
    }
  }

  /** The child whose event is the part's next in key order, if due in the window; else -1. It may always go. */
  int nextHolder() {
    int holder = -1;
    for (int c = 0; c < queues.length; c++) {
      if (headTime[c] < end && (holder < 0 || headTime[c] < headTime[holder]
          || headTime[c] == headTime[holder] && queues[c].peek().before(queues[holder].peek()))) {
        holder = c;
      }
    }
    return holder;
  }

  /** Hands the baton on after {@code child} started its component: to the next child, or reports. */
  void passOnStart(int child) {
    held(child);
    if (child + 1 < children.size()) {
      children.get(child + 1).tell(new ComponentActor.Start(handTo(child, child + 1)));
    } else {
      coordinator.tell(report(child));
    }
  }

  /** The component of child {@code who} failed: the run ends, and the agenda goes nowhere. */
  void fail(int who, String message) {
    fail(who, message, false);
  }

  /** As {@link #fail(int, String)}; {@code outOfMemory} if the heap ran out. */
  void fail(int who, String message, boolean outOfMemory) {
    held(who);
    coordinator.tell(new Coordinator.PartFailed(part, message, outOfMemory));
  }

  /**
   * {@code who}'s report of the part's window, which empties the agenda's outputs for the next one;
   * the agenda goes with it to the coordinator.
   */
  Coordinator.WindowDone report(int who) {
    Handover toCoordinator = handTo(who, COORDINATOR);
    long next = EMPTY;
    for (long time : headTime) {
      next = Math.min(next, time);
    }
    next = next == EMPTY ? Long.MAX_VALUE : next;
    List<Event> out = outbox;
    outbox = new ArrayList<>(Math.max(10, out.size())); // as many as the last window's: not grown again each window
    List<Recorder.Entry> traced = records.isEmpty() ? List.of() : records;
    if (!records.isEmpty()) {
      records = new ArrayList<>();
    }
    return new Coordinator.WindowDone(window, part, next, out, events, lastEventTime, traced, endRun, toCoordinator);
  }
}
