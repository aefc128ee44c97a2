package io.ringfabric.engine;

import io.ringfabric.model.Layout;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The root of the actor tree in one JVM: builds it from the machine (a node actor per node, each
 * with its cores, module, memory and switch as children; a part per standalone switch; the
 * coordinator) and stops when the coordinator does.
 */
public final class Guardian {
  private Guardian() {}

  public static Behavior<Void> create(
      Machine machine, Duration watchdog, TraceWriter trace, CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> {
      Share whole = Share.whole(machine.layout().parts());
      ActorRef<Coordinator.Command> coordinator = spawnCoordinator(ctx, machine, whole, watchdog, trace, done);
      ctx.watch(coordinator);
      coordinator.tell(spawnParts(ctx, machine, whole));
      return Behaviors.receive(Void.class)
          .onSignal(org.apache.pekko.actor.typed.Terminated.class, t -> Behaviors.stopped())
          .build();
    });
  }

  /** The coordinator of a member's share, on lane 0. */
  public static ActorRef<Coordinator.Command> spawnCoordinator(ActorContext<?> ctx, Machine machine,
      Share share, Duration watchdog, TraceWriter trace, CompletableFuture<EngineRun> done) {
    return ctx.spawn(Coordinator.create(machine.layout(), share, machine.scenario().lookaheadPs(),
            machine.scenario().durationPs(), watchdog, trace, done),
        "coordinator", DispatcherSelector.fromConfig(ActorEngine.LANE + 0));
  }

  /**
   * Spawns the parts of the share, dealt round-robin onto the lanes, and a lane coordinator per
   * lane; returns what the coordinator needs to know of them.
   */
  public static Coordinator.Parts spawnParts(ActorContext<?> ctx, Machine machine, Share share) {
    Layout layout = machine.layout();
    int lanes = ActorEngine.lanes(machine.scenario().actors());
    IntraNodeLookahead lookahead = new IntraNodeLookahead(machine.scenario());
    int[] laneOf = new int[layout.parts()];
    java.util.Arrays.fill(laneOf, -1);
    List<Map<Integer, ActorRef<NodeActor.Command>>> byLane = new ArrayList<>();
    for (int l = 0; l < lanes; l++) {
      byLane.add(new TreeMap<>());
    }
    int dealt = 0;
    for (int p : share.parts()) {
      laneOf[p] = dealt++ % lanes;
      ActorRef<NodeActor.Command> part = ctx.spawn(
          NodeActor.create(p, layout, machine.components(), lookahead),
          partName(layout, p), DispatcherSelector.fromConfig(ActorEngine.LANE + laneOf[p]));
      byLane.get(laneOf[p]).put(p, part);
    }
    List<ActorRef<Coordinator.Command>> laneCoordinators = new ArrayList<>();
    for (int l = 0; l < lanes; l++) {
      laneCoordinators.add(ctx.spawn(LaneCoordinator.create(byLane.get(l)), "lane-" + l,
          DispatcherSelector.fromConfig(ActorEngine.LANE + l)));
    }
    return new Coordinator.Parts(laneCoordinators, laneOf);
  }

  /** {@code node-3}, or {@code switch-16} for a switch that belongs to no node. */
  static String partName(Layout layout, int part) {
    return part < layout.nodes() ? "node-" + part : "switch-" + part;
  }
}
