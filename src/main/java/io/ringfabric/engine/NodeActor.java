package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Layout;
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
 * One part of the machine (a node, or a switch that belongs to no node). Its children are its
 * components' actors. It makes the part's {@link Agenda}, the node's time, which orders the
 * children's events: it has them start their components, and from then on the agenda goes from
 * the lane's coordinator, which opens a window on it, to the child whose event is next, from
 * child to child, each handling its events in key order, and back to the coordinator when nothing
 * is due before the window's end. Events between parts are at least a lookahead apart, so none
 * can land inside the window that sent it.
 */
public final class NodeActor extends AbstractBehavior<NodeActor.Command> {

  /** What a part is told. */
  public interface Command {}

  /** Start the part's components. */
  public record Begin(ActorRef<Coordinator.Command> coordinator) implements Command {}

  private final int part;
  private final Component[] components;
  private final Checkpoints checkpoints;
  private final Agenda agenda;
  private final List<ActorRef<ComponentActor.Command>> children = new ArrayList<>();

  public static Behavior<Command> create(int part, Layout layout, Component[] components,
      IntraNodeLookahead lookahead, Checkpoints checkpoints) {
    return Behaviors.setup(ctx -> new NodeActor(ctx, part, layout, components, lookahead, checkpoints));
  }

  private NodeActor(ActorContext<Command> ctx, int part, Layout layout, Component[] components,
      IntraNodeLookahead lookahead, Checkpoints checkpoints) {
    super(ctx);
    this.part = part;
    this.components = components;
    this.checkpoints = checkpoints;
    this.agenda = new Agenda(part, layout, components, lookahead);
    int[] ids = layout.componentsOf(part);
    for (int i = 0; i < ids.length; i++) {
      children.add(ctx.spawn(ComponentActor.create(components[ids[i]], i), childName(layout, ids[i]),
          DispatcherSelector.sameAsParent())); // the node's lane: no thread hop inside a node
    }
    agenda.route(Agenda.NODE, children);
  }

  /** Actor names in the machine's words: core-0, module, memory, switch. */
  static String childName(Layout layout, int componentId) {
    return switch (layout.kindOf(componentId)) {
      case CORE -> "core-" + (componentId - layout.core(layout.nodeOf(componentId), 0));
      case MODULE -> "module";
      case MEMORY -> "memory";
      case SWITCH -> "switch";
    };
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Begin.class, this::onBegin)
        .build();
  }

  /** Window 0: the children start their components one after the other, passing the agenda on. */
  private Behavior<Command> onBegin(Begin begin) {
    agenda.reportTo(Agenda.NODE, begin.coordinator());
    if (checkpoints.resumes()) {
      agenda.resume(Agenda.NODE, checkpoints.pending(part), components);
    }
    children.get(0).tell(new ComponentActor.Start(agenda.handTo(Agenda.NODE, 0)));
    return this;
  }

}
