package io.ringfabric.engine;

import io.ringfabric.model.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The coordinator's deputy on one lane: it starts the windows of the parts on its lane and sends
 * their reports back as one message, so that only one message per lane and window crosses
 * between threads (between members, in a cluster run).
 */
public final class LaneCoordinator extends AbstractBehavior<Coordinator.Command> {

  /** Start the lane's parts. */
  public record BeginLane(ActorRef<Coordinator.Command> coordinator) implements Coordinator.Command {}

  /** Run a window on these parts of the lane, each with its incoming events. */
  public record RunLane(long window, long end, List<Integer> parts, List<List<Event>> incoming)
      implements Coordinator.Command {}

  /** The lane's reports of one window (or of the start), one per part that ran. */
  public record LaneDone(List<Coordinator.WindowDone> reports) implements Coordinator.Command {}

  private final Map<Integer, ActorRef<NodeActor.Command>> parts;
  private ActorRef<Coordinator.Command> coordinator;
  private List<Coordinator.WindowDone> reports = new ArrayList<>();
  private int awaiting;

  /** @param parts the lane's parts, by part id */
  public static Behavior<Coordinator.Command> create(Map<Integer, ActorRef<NodeActor.Command>> parts) {
    return Behaviors.setup(ctx -> new LaneCoordinator(ctx, parts));
  }

  private LaneCoordinator(ActorContext<Coordinator.Command> ctx, Map<Integer, ActorRef<NodeActor.Command>> parts) {
    super(ctx);
    this.parts = new TreeMap<>(parts);
  }

  @Override
  public Receive<Coordinator.Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Coordinator.WindowDone.class, this::onWindowDone)
        .onMessage(RunLane.class, this::onRunLane)
        .onMessage(BeginLane.class, this::onBegin)
        .onMessage(Coordinator.PartFailed.class, this::onPartFailed)
        .build();
  }

  private Behavior<Coordinator.Command> onBegin(BeginLane begin) {
    coordinator = begin.coordinator();
    awaiting = parts.size();
    for (ActorRef<NodeActor.Command> part : parts.values()) {
      part.tell(new NodeActor.Begin(getContext().getSelf()));
    }
    return this;
  }

  private Behavior<Coordinator.Command> onRunLane(RunLane run) {
    awaiting = run.parts().size();
    for (int i = 0; i < run.parts().size(); i++) {
      parts.get(run.parts().get(i)).tell(new NodeActor.RunWindow(run.window(), run.end(), run.incoming().get(i)));
    }
    return this;
  }

  private Behavior<Coordinator.Command> onWindowDone(Coordinator.WindowDone done) {
    reports.add(done);
    if (--awaiting == 0) {
      coordinator.tell(new LaneDone(reports));
      reports = new ArrayList<>();
    }
    return this;
  }

  private Behavior<Coordinator.Command> onPartFailed(Coordinator.PartFailed failed) {
    coordinator.tell(failed);
    return this;
  }
}
