package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
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
 * switch) as an actor: the component is the actor's state. Its node hands it one event at a time,
 * in key order; it answers with the events the component sent.
 */
public final class ComponentActor extends AbstractBehavior<ComponentActor.Command> {

  /** What a component actor is asked to do. */
  public interface Command {}

  /** Post the component's first events. */
  public record Start(ActorRef<NodeActor.Command> replyTo) implements Command {}

  /** Handle one event. */
  public record Handle(Event event, ActorRef<NodeActor.Command> replyTo) implements Command {}

  private final Component component;
  private final int child;
  private List<Event> sent = new ArrayList<>();

  public static Behavior<Command> create(Component component, int child) {
    return Behaviors.setup(ctx -> new ComponentActor(ctx, component, child));
  }

  private ComponentActor(ActorContext<Command> ctx, Component component, int child) {
    super(ctx);
    this.component = component;
    this.child = child;
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
    start.replyTo().tell(new NodeActor.Handled(child, takeSent()));
    return this;
  }

  private Behavior<Command> onHandle(Handle handle) {
    try {
      component.deliver(handle.event());
    } catch (RuntimeException | Error failure) { // never let a model bug take the system down silently
      handle.replyTo().tell(new NodeActor.ChildFailed(
          new ModelFailure(component, handle.event(), failure).getMessage()));
      return this;
    }
    handle.replyTo().tell(new NodeActor.Handled(child, takeSent()));
    return this;
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
