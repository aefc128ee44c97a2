package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One part of the machine (a node, or a switch that belongs to no node) running windows of
 * simulated time. Its children are its components' actors. It keeps the part's time: inside a
 * window it hands its children their events one at a time in key order, collects what they send,
 * keeps what stays inside the part and sends the rest to the coordinator when the window ends.
 * Events between parts are at least a lookahead apart, so none can land inside the window that
 * sent it.
 */
public final class NodeActor extends AbstractBehavior<NodeActor.Command> {

  /** What a part is told, and what its children answer. */
  public interface Command {}

  /** Start the part's components. */
  public record Begin(ActorRef<Coordinator.Command> coordinator) implements Command {}

  /** Handle every event before {@code end}, after adding {@code incoming} from other parts. */
  public record RunWindow(long window, long end, List<Event> incoming) implements Command {}

  /** A child handled an event (or started) and sent these. */
  public record Handled(int child, List<Event> sent) implements Command {}

  /** A child's component threw. */
  public record ChildFailed(String message) implements Command {}

  private final int part;
  private final Layout layout;
  private final int firstComponent;
  private final List<ActorRef<ComponentActor.Command>> children = new ArrayList<>();
  private final PriorityQueue<Event> queue = new PriorityQueue<>(64, Event.ORDER);
  private final ActorRef<Command> self;
  private List<Event> outbox = new ArrayList<>();
  private ActorRef<Coordinator.Command> coordinator;
  private int starting;
  private boolean inFlight;
  private long window;
  private long end;
  private long events;
  private long lastEventTime;

  public static Behavior<Command> create(int part, Layout layout, Component[] components) {
    return Behaviors.setup(ctx -> new NodeActor(ctx, part, layout, components));
  }

  private NodeActor(ActorContext<Command> ctx, int part, Layout layout, Component[] components) {
    super(ctx);
    this.part = part;
    this.layout = layout;
    this.self = ctx.getSelf();
    int[] ids = layout.componentsOf(part);
    this.firstComponent = ids[0];
    for (int i = 0; i < ids.length; i++) {
      Component c = components[ids[i]];
      children.add(ctx.spawn(ComponentActor.create(c, i), childName(layout, ids[i])));
    }
  }

  /** Actor names in the machine's words: core-0, module, memory, switch. */
  static String childName(Layout layout, int componentId) {
    if (layout.nodeOf(componentId) < 0) {
      return "switch";
    }
    int local = componentId - layout.core(layout.nodeOf(componentId), 0);
    if (local < layout.cores()) {
      return "core-" + local;
    }
    return switch (local - layout.cores()) {
      case 0 -> "module";
      case 1 -> "memory";
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
    inFlight = false;
    pump();
    return this;
  }

  private Behavior<Command> onChildFailed(ChildFailed failed) {
    coordinator.tell(new Coordinator.PartFailed(part, failed.message()));
    return this;
  }

  /** Hands the next due event to its child, or ends the window when none is left. */
  private void pump() {
    Event next = queue.peek();
    if (next == null || next.time() >= end) {
      finishWindow();
      return;
    }
    queue.poll();
    events++;
    lastEventTime = next.time();
    inFlight = true;
    children.get(next.target() - firstComponent).tell(new ComponentActor.Handle(next, self));
  }

  private void finishWindow() {
    Event next = queue.peek();
    List<Event> out = outbox;
    outbox = new ArrayList<>();
    coordinator.tell(new Coordinator.WindowDone(window, part,
        next == null ? Long.MAX_VALUE : next.time(), out, events, lastEventTime));
  }

}
