package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Layout;
import io.ringfabric.trace.Recorder;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One model component (a core, a messaging module with its contexts, a memory with its rings, a
 * switch) as an actor: the component is the actor's state. Its node hands it events in key order,
 * a few at a time; it answers with the events the component sent.
 *
 * <p>It also checks that every event sent inside the node waits at least the least delay the
 * node relies on ({@link IntraNodeLookahead#direct}); a model change that broke it would
 * otherwise make the engines disagree without a word.
 */
public final class ComponentActor extends AbstractBehavior<ComponentActor.Command> {

  /** What a component actor is asked to do. */
  public interface Command {}

  /** Post the component's first events. */
  public record Start(ActorRef<NodeActor.Command> replyTo) implements Command {}

  /** Handle these events, in this order. */
  public record Handle(List<Event> events, ActorRef<NodeActor.Command> replyTo) implements Command {}

  private final Component component;
  private final int child;
  private final Layout layout;
  private final IntraNodeLookahead lookahead;
  private final int kind;
  private final int part;
  private List<Event> sent = new ArrayList<>();

  public static Behavior<Command> create(Component component, int child, Layout layout,
      IntraNodeLookahead lookahead) {
    return Behaviors.setup(ctx -> new ComponentActor(ctx, component, child, layout, lookahead));
  }

  private ComponentActor(ActorContext<Command> ctx, Component component, int child, Layout layout,
      IntraNodeLookahead lookahead) {
    super(ctx);
    this.component = component;
    this.child = child;
    this.layout = layout;
    this.lookahead = lookahead;
    this.kind = IntraNodeLookahead.kindOf(layout, component.id());
    this.part = layout.partOf(component.id());
    component.attach(event -> sent.add(event));
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Handle.class, this::onHandle)
        .onMessage(Start.class, this::onStart)
        .build();
  }

  private Behavior<Command> onStart(Start start) {
    component.start();
    start.replyTo().tell(new NodeActor.Handled(child, takeSent(), takeRecords(), false));
    return this;
  }

  private Behavior<Command> onHandle(Handle handle) {
    for (Event e : handle.events()) {
      int before = sent.size();
      try {
        component.deliver(e);
      } catch (RuntimeException | Error failure) { // never let a model bug take the system down silently
        handle.replyTo().tell(new NodeActor.ChildFailed(new ModelFailure(component, e, failure).getMessage()));
        return this;
      }
      String broken = checkDelays(e, before);
      if (broken != null) {
        handle.replyTo().tell(new NodeActor.ChildFailed(broken));
        return this;
      }
    }
    handle.replyTo().tell(new NodeActor.Handled(child, takeSent(), takeRecords(), component.endsRun()));
    return this;
  }

  private List<Recorder.Entry> takeRecords() {
    Recorder r = component.recorder();
    return r == null ? List.of() : r.drain();
  }

  /** The first event sent since {@code from} that comes sooner than the node may assume, or null. */
  private String checkDelays(Event cause, int from) {
    for (int i = from; i < sent.size(); i++) {
      Event out = sent.get(i);
      if (layout.partOf(out.target()) != part) {
        continue;
      }
      long least = lookahead.direct(kind, IntraNodeLookahead.kindOf(layout, out.target()));
      if (out.time() - cause.time() < least) {
        return component.name() + " sent " + out.kind() + " " + (out.time() - cause.time())
            + " ps after " + cause.kind() + " at " + cause.time() + " ps, sooner than the " + least
            + " ps the actor engine relies on (IntraNodeLookahead)";
      }
    }
    return null;
  }

  private List<Event> takeSent() {
    if (sent.isEmpty()) {
      return List.of();
    }
    List<Event> out = sent;
    sent = new ArrayList<>(4);
    return out;
  }
}
