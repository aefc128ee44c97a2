package io.ringfabric.engine;

import io.ringfabric.config.Scenario.ActorSpec;
import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
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
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The root of the actor tree in one JVM: builds it from the machine (a node actor per node, each
 * with its cores, module, memory and switch as children; a part per standalone switch; a
 * coordinator per lane) and stops when the coordinators have.
 */
public final class Guardian {
  private Guardian() {}

  public static Behavior<Void> create(Machine machine, ActorSpec actors, long durationPs,
      TraceWriter trace, Progress progress, Checkpoints checkpoints, CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> {
      Share whole = Share.whole(machine.layout().parts());
      Lanes lanes = spawnLanes(ctx, machine, whole, "", ActorEngine.lanes(actors), actors, durationPs, trace,
          progress, checkpoints);
      lanes.done().whenComplete((run, failure) -> {
        if (failure != null) {
          done.completeExceptionally(failure);
        } else {
          done.complete(run);
        }
      });
      lanes.coordinators().forEach(ctx::watch);
      lanes.connect(whole.holderOf(), 0, List.of(lanes.coordinators()));
      int[] running = {lanes.coordinators().size()};
      return Behaviors.receive(Void.class)
          .onSignal(Terminated.class, t -> {
            lanes.stopped(t.getRef());
            return --running[0] == 0 ? Behaviors.stopped() : Behaviors.same();
          })
          .build();
    });
  }

  /**
   * Spawns a member's share as actors: its parts, in contiguous blocks, one block per lane (at
   * most as many lanes as parts), and on each lane its parts and a coordinator. The coordinators
   * start once told of each other ({@link Lanes#connect}).
   *
   * @param member how messages name the member ("" in a run of one JVM)
   * @param lanes how many lanes to use, at most as many as {@link ActorEngine#config} made
   * @param actors the settings the actor system was made with, and the wall-clock watchdog
   * @param durationPs the simulated time limit of the run
   * @param trace where the trace goes, for the member whose first lane is coordinator 0; else null
   * @param progress where the lanes count what they have done, or {@link Progress#NONE}
   * @param checkpoints what the lanes save of their parts, or continue them from
   */
  public static Lanes spawnLanes(ActorContext<?> ctx, Machine machine, Share share, String member,
      int lanes, ActorSpec actors, long durationPs, TraceWriter trace, Progress progress,
      Checkpoints checkpoints) {
    Layout layout = machine.layout();
    IntraNodeLookahead lookahead = new IntraNodeLookahead(machine.leastDelays());
    List<Integer> own = share.parts();
    Component[] components = machine.components(); // a copy: one for all parts, not one each
    progress.counting(layout, components);
    for (Component c : components) {
      c.runUntil(durationPs);
    }
    lanes = Math.max(1, Math.min(Math.min(lanes, ActorEngine.lanes(actors)), own.size()));
    Duration watchdog = Duration.ofMillis(actors.watchdogMillis());
    List<Map<Integer, ActorRef<NodeActor.Command>>> byLane = new ArrayList<>();
    for (int l = 0; l < lanes; l++) {
      byLane.add(new TreeMap<>());
    }
    List<List<Integer>> partsOf = new ArrayList<>();
    for (int l = 0; l < lanes; l++) {
      partsOf.add(new ArrayList<>());
    }
    for (int i = 0; i < own.size(); i++) {
      partsOf.get(Lanes.laneOf(i, own.size(), lanes)).add(own.get(i));
    }
    for (int l = 0; l < lanes; l++) {
      machine.shareSeries(partsOf.get(l)); // before any lane runs: spawning its actors publishes it
      for (int p : partsOf.get(l)) {
        byLane.get(l).put(p, ctx.spawn(NodeActor.create(p, layout, components, lookahead, checkpoints),
            partName(layout, p), DispatcherSelector.fromConfig(ActorEngine.LANE + l)));
      }
    }
    List<ActorRef<Coordinator.Command>> coordinators = new ArrayList<>();
    List<CompletableFuture<EngineRun>> runs = new ArrayList<>();
    for (int l = 0; l < lanes; l++) {
      String name = member.isEmpty() ? "lane " + l : lanes == 1 ? member : member + ", lane " + l;
      CompletableFuture<EngineRun> run = new CompletableFuture<>();
      ActorRef<Coordinator.Command> coordinator = ctx.spawn(
          Coordinator.create(name, layout, machine.leastDelays().betweenNodes(), durationPs,
              watchdog, l == 0 ? trace : null, progress, checkpoints, run),
          "coordinator-" + l, DispatcherSelector.fromConfig(ActorEngine.LANE + l));
      coordinator.tell(new Coordinator.Parts(byLane.get(l)));
      coordinators.add(coordinator);
      runs.add(run);
    }
    int[][] linked = Share.linkedParts(machine.topology(), layout);
    // A failed program ends the run at the end of its window, which must then be every part's.
    return new Lanes(coordinators, runs, linked, machine.spec().endRunOnProgramError() ? null : PartColours.of(linked));
  }

  /** {@code node-3}, or {@code switch-16} for a switch that belongs to no node. */
  static String partName(Layout layout, int part) {
    return part < layout.nodes() ? "node-" + part : "switch-" + part;
  }
}
