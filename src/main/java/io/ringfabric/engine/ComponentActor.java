package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.trace.Recorder;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractMatchingBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * One model component (a core, a messaging module with its contexts, a memory with its rings, a
 * switch) as an actor: the component is the actor's state. It takes its turn when its node's
 * {@link Agenda} reaches it: it handles the events it may, in key order, puts what the component
 * sends into the agenda and passes the agenda on, so the doorbell a core rings reaches its module
 * as the module's turn, and the module's payload read reaches the memory as the memory's.
 *
 * <p>Every event sent inside the node must wait at least the least delay the agenda relies on
 * ({@link IntraNodeLookahead#direct}); the agenda checks it, and the actor ends the run when
 * it does not hold: a model change that broke it would otherwise make the engines disagree
 * without a word.
 *
 * <p>It matches its messages itself ({@link AbstractMatchingBehavior}) rather than through a
 * receive builder: a big machine's component actors are out of the cache by their next turn, and
 * a builder's cases and handlers are objects of each actor's own, a cache miss each on every turn.
 */
public final class ComponentActor extends AbstractMatchingBehavior<ComponentActor.Command> {

  /** What a component actor is asked to do. */
  public interface Command {}

  /** Post the component's first events into the agenda, then pass it on. */
  public record Start(Agenda.Handover agenda) implements Command {}

  /** Handle the events that are the component's turn, then pass the agenda on. */
  public record Turn(Agenda.Handover agenda) implements Command {}

  private final Component component;
  private final int child;
  private Agenda holding; // the agenda during a turn, null between turns; what the component sends goes into it

  public static Behavior<Command> create(Component component, int child) {
    return Behaviors.setup(ctx -> new ComponentActor(ctx, component, child));
  }

  private ComponentActor(ActorContext<Command> ctx, Component component, int child) {
    super(ctx);
    this.component = component;
    this.child = child;
    component.attach(this::send);
  }

  @Override
  public Behavior<Command> onMessage(Command message) {
    if (message instanceof Turn turn) {
      return onTurn(turn);
    }
    if (message instanceof Start start) {
      return onStart(start);
    }
    return Behaviors.unhandled();
  }

  private void send(Event event) {
    if (holding == null) {
      throw new IllegalStateException(component.name() + " sent " + event.kind()
          + " outside its turn (a fault in the actor engine)");
    }
    holding.add(child, event);
  }

  private Behavior<Command> onStart(Start start) {
    holding = start.agenda().take(child);
    try {
      if (!holding.resumed()) { // a restored component carries on where it was saved
        component.start();
      }
    } catch (RuntimeException | Error failure) {
      release().fail(child, new ModelFailure(component, failure).getMessage(),
          failure instanceof OutOfMemoryError);
      return this;
    }
    release().passOnStart(child);
    return this;
  }

  private Behavior<Command> onTurn(Turn turn) {
    holding = turn.agenda().take(child);
    Event e;
    while ((e = holding.next(child)) != null) {
      try {
        component.deliver(e);
      } catch (RuntimeException | Error failure) { // never let a model bug take the system down silently
        release().fail(child, new ModelFailure(component, e, failure).getMessage(),
            failure instanceof OutOfMemoryError);
        return this;
      }
      String tooSoon = holding.tooSoon();
      if (tooSoon != null) {
        release().fail(child, tooSoon);
        return this;
      }
    }
    release().passOn(child);
    return this;
  }

  /** Ends the turn: the component's trace records and wish to end the run go with the agenda. */
  private Agenda release() {
    Agenda agenda = holding;
    holding = null;
    agenda.collect(child, Recorder.drain(component.recorder()), component.endsRun(), component.lastEventPs());
    return agenda;
  }
}
