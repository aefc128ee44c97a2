package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Layout;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The root of the actor tree: builds it from the machine (a node actor per node, each with its
 * cores, module, memory and switch as children; a part per standalone switch; the coordinator)
 * and stops when the coordinator does. Parts are dealt round-robin onto the lanes.
 */
public final class Guardian {
  private Guardian() {}

  public static Behavior<Void> create(
      Machine machine, Duration watchdog, TraceWriter trace, CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> {
      Layout layout = machine.layout();
      int lanes = ActorEngine.lanes(machine.scenario().actors());
      ActorRef<Coordinator.Command> coordinator = ctx.spawn(Coordinator.create(layout,
          machine.scenario().lookaheadPs(), machine.scenario().durationPs(), watchdog, trace, done),
          "coordinator", DispatcherSelector.fromConfig(ActorEngine.LANE + 0));
      ctx.watch(coordinator);
      Component[] components = machine.components();
      IntraNodeLookahead lookahead = new IntraNodeLookahead(machine.scenario());
      List<ActorRef<NodeActor.Command>> parts = new ArrayList<>();
      int[] laneOf = new int[layout.parts()];
      List<java.util.Map<Integer, ActorRef<NodeActor.Command>>> byLane = new ArrayList<>();
      for (int l = 0; l < lanes; l++) {
        byLane.add(new java.util.TreeMap<>());
      }
      for (int p = 0; p < layout.parts(); p++) {
        laneOf[p] = p % lanes;
        ActorRef<NodeActor.Command> part = ctx.spawn(NodeActor.create(p, layout, components, lookahead),
            partName(layout, p), DispatcherSelector.fromConfig(ActorEngine.LANE + laneOf[p]));
        parts.add(part);
        byLane.get(laneOf[p]).put(p, part);
      }
      List<ActorRef<Coordinator.Command>> laneCoordinators = new ArrayList<>();
      for (int l = 0; l < lanes; l++) {
        laneCoordinators.add(ctx.spawn(LaneCoordinator.create(byLane.get(l)), "lane-" + l,
            DispatcherSelector.fromConfig(ActorEngine.LANE + l)));
      }
      coordinator.tell(new Coordinator.Parts(parts, laneCoordinators, laneOf));
      return Behaviors.receive(Void.class)
          .onSignal(org.apache.pekko.actor.typed.Terminated.class, t -> Behaviors.stopped())
          .build();
    });
  }

  /** {@code node-3}, or {@code switch-16} for a switch that belongs to no node. */
  static String partName(Layout layout, int part) {
    return part < layout.nodes() ? "node-" + part : "switch-" + part;
  }
}
