package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.Layout;
import io.ringfabric.trace.Recorder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One part of the machine (a node, or a switch that belongs to no node) running windows of
 * simulated time. Its children are its components' actors. It keeps the part's time: inside a
 * window it hands its children their events in key order, collects what they send, keeps what
 * stays inside the part and sends the rest to the coordinator when the window ends. Events
 * between parts are at least a lookahead apart, so none can land inside the window that sent it.
 *
 * <p>It does not wait for every event to be handled before handing out the next: an event goes
 * out while others are being handled when none of those can cause anything for its component
 * before it (see {@link IntraNodeLookahead}), and consecutive events for one component go out
 * together. Each component still sees exactly the events, in exactly the order, that the
 * reference engine gives it.
 */
public final class NodeActor extends AbstractBehavior<NodeActor.Command> {

  /** What a part is told, and what its children answer. */
  public interface Command {}

  /** Start the part's components. */
  public record Begin(ActorRef<Coordinator.Command> coordinator) implements Command {}

  /** Handle every event before {@code end}, after adding {@code incoming} from other parts. */
  public record RunWindow(long window, long end, List<Event> incoming) implements Command {}

  /** A child handled a batch of events (or started), sent these, and recorded these for the trace. */
  public record Handled(int child, List<Event> sent, List<Recorder.Entry> records, boolean endsRun)
      implements Command {}

  /** A child's component threw, or broke the least delay the engine relies on. */
  public record ChildFailed(String message) implements Command {}

  private final int part;
  private final Layout layout;
  private final int firstComponent;
  private final List<ActorRef<ComponentActor.Command>> children = new ArrayList<>();
  private final int[] kinds;
  private final long[][] bound; // least delay from a child's event to anything at another child
  private final EventQueue queue = new EventQueue(64);
  private final ActorRef<Command> self;
  // Batches handed out and not answered yet, per child: the time of each batch's first event.
  private final ArrayDeque<Long>[] inFlight;
  private final List<Event>[] batch;
  private int busyChildren;
  // Events held back in the current scan: per child the first and last held time (-1: none).
  private static final int SCAN = 32;
  private final List<Event> held = new ArrayList<>();
  private final long[] heldFirst;
  private final long[] heldLast;
  private int heldCount;
  private boolean endRun; // a component asked for the run to end
  private List<Event> outbox = new ArrayList<>();
  private List<Recorder.Entry> records = new ArrayList<>();
  private ActorRef<Coordinator.Command> coordinator;
  private int starting;
  private long window;
  private long end;
  private long events;
  private long lastEventTime;

  public static Behavior<Command> create(
      int part, Layout layout, Component[] components, IntraNodeLookahead lookahead) {
    return Behaviors.setup(ctx -> new NodeActor(ctx, part, layout, components, lookahead));
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // arrays of lists, by part or child
  private NodeActor(ActorContext<Command> ctx, int part, Layout layout, Component[] components,
      IntraNodeLookahead lookahead) {
    super(ctx);
    this.part = part;
    this.layout = layout;
    this.self = ctx.getSelf();
    int[] ids = layout.componentsOf(part);
    this.firstComponent = ids[0];
    this.kinds = new int[ids.length];
    this.inFlight = new ArrayDeque[ids.length];
    this.batch = new List[ids.length];
    this.bound = new long[ids.length][ids.length];
    this.heldFirst = new long[ids.length];
    this.heldLast = new long[ids.length];
    java.util.Arrays.fill(heldLast, -1);
    for (int i = 0; i < ids.length; i++) {
      kinds[i] = IntraNodeLookahead.kindOf(layout, ids[i]);
      inFlight[i] = new ArrayDeque<>();
    }
    for (int i = 0; i < ids.length; i++) {
      for (int j = 0; j < ids.length; j++) {
        // a part of one component (a switch of no node) can cause nothing inside itself
        bound[i][j] = ids.length == 1 ? IntraNodeLookahead.NEVER : lookahead.path(kinds[i], kinds[j]);
      }
      Component c = components[ids[i]];
      children.add(ctx.spawn(ComponentActor.create(c, i, layout, lookahead), childName(layout, ids[i]),
          DispatcherSelector.sameAsParent())); // the node's lane: no thread hop inside a node
    }
  }

  /** Actor names in the machine's words: core-0, module, memory, switch. */
  static String childName(Layout layout, int componentId) {
    return switch (IntraNodeLookahead.kindOf(layout, componentId)) {
      case IntraNodeLookahead.CORE -> "core-" + (componentId - layout.core(layout.nodeOf(componentId), 0));
      case IntraNodeLookahead.MODULE -> "module";
      case IntraNodeLookahead.MEMORY -> "memory";
      default -> "switch";
    };
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Handled.class, this::onHandled)
        .onMessage(RunWindow.class, this::onRunWindow)
        .onMessage(Begin.class, this::onBegin)
        .onMessage(ChildFailed.class, this::onChildFailed)
        .build();
  }

  private Behavior<Command> onBegin(Begin begin) {
    coordinator = begin.coordinator();
    starting = children.size();
    for (ActorRef<ComponentActor.Command> child : children) {
      child.tell(new ComponentActor.Start(self));
    }
    return this;
  }

  private Behavior<Command> onRunWindow(RunWindow run) {
    window = run.window();
    end = run.end();
    queue.addAll(run.incoming());
    pump();
    return this;
  }

  private Behavior<Command> onHandled(Handled handled) {
    endRun |= handled.endsRun();
    if (!handled.records().isEmpty()) {
      records.addAll(handled.records());
    }
    for (Event e : handled.sent()) {
      if (layout.partOf(e.target()) == part) {
        queue.add(e);
      } else {
        outbox.add(e);
      }
    }
    if (starting > 0) {
      if (--starting == 0) {
        finishWindow();
      }
      return this;
    }
    ArrayDeque<Long> pending = inFlight[handled.child()];
    pending.pollFirst();
    if (pending.isEmpty()) {
      busyChildren--;
    }
    pump();
    return this;
  }

  private Behavior<Command> onChildFailed(ChildFailed failed) {
    coordinator.tell(new Coordinator.PartFailed(part, failed.message()));
    return this;
  }

  /**
   * Hands out the due events that nothing being handled, and nothing held back, can affect, in
   * key order per child, batching them per child; ends the window once nothing is due or being
   * handled. An event that must wait is held back, and the scan goes on past it for a while: a
   * later event may go first when neither can change what the other's component sees.
   */
  private void pump() {
    int touched = 0;
    int looked = 0;
    Event next;
    while ((next = queue.peek()) != null && next.time() < end && looked < SCAN) {
      queue.poll();
      int child = next.target() - firstComponent;
      if (heldLast[child] >= 0 || !safe(next.time(), child)) {
        if (heldLast[child] < 0) {
          heldFirst[child] = next.time();
          heldCount++;
        }
        heldLast[child] = next.time();
        held.add(next);
        looked++;
        continue;
      }
      events++;
      lastEventTime = Math.max(lastEventTime, next.time());
      if (batch[child] == null) {
        batch[child] = new ArrayList<>(4);
        if (inFlight[child].isEmpty()) {
          busyChildren++;
        }
        inFlight[child].addLast(next.time());
        touched++;
      }
      batch[child].add(next);
    }
    if (!held.isEmpty()) {
      queue.addAll(held);
      for (Event e : held) {
        heldLast[e.target() - firstComponent] = -1;
      }
      held.clear();
      heldCount = 0;
      next = queue.peek();
    }
    if (touched > 0) {
      for (int c = 0; c < batch.length; c++) {
        if (batch[c] != null) {
          children.get(c).tell(new ComponentActor.Handle(batch[c], self));
          batch[c] = null;
        }
      }
    }
    if (busyChildren == 0 && (next == null || next.time() >= end)) {
      finishWindow();
    }
  }

  /**
   * Whether an event at {@code time} for {@code child} may go now: nothing being handled or held
   * back can cause an event for it before then, and nothing it causes can land before an event
   * held back for another child (which the reference order handles first).
   */
  private boolean safe(long time, int child) {
    if (busyChildren == 0 && heldCount == 0) {
      return true;
    }
    for (int c = 0; c < inFlight.length; c++) {
      Long first = inFlight[c].peekFirst();
      if (first != null && time >= first + bound[c][child]) {
        return false;
      }
      if (heldLast[c] >= 0
          && (time >= heldFirst[c] + bound[c][child] || time + bound[child][c] <= heldLast[c])) {
        return false;
      }
    }
    return true;
  }

  private void finishWindow() {
    Event next = queue.peek();
    List<Event> out = outbox;
    outbox = new ArrayList<>();
    List<Recorder.Entry> traced = records.isEmpty() ? List.of() : records;
    if (!records.isEmpty()) {
      records = new ArrayList<>();
    }
    coordinator.tell(new Coordinator.WindowDone(window, part,
        next == null ? Long.MAX_VALUE : next.time(), out, events, lastEventTime, traced, endRun));
  }
}
