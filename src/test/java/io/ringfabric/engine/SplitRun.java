package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.stats.PartLatencies;
import io.ringfabric.trace.TraceWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Runs one machine as if it were spread over several cluster members, in one JVM and one actor
 * system: a coordinator and parts per member, each holding only its share, exchanging window
 * ends as members do. All members drive the same Machine object, so its state at the end holds
 * every part's results and can be compared with a run in one piece.
 */
final class SplitRun {
  private SplitRun() {}


  /** Runs the machine with its parts in contiguous blocks over {@code members}. */
  static EngineRun run(BuiltMachine built, int members, TraceWriter trace) throws Exception {
    int parts = built.machine().layout().parts();
    int[] memberOf = new int[parts];
    for (int p = 0; p < parts; p++) {
      memberOf[p] = (int) ((long) p * members / parts);
    }
    return run(built, memberOf, trace);
  }

  /** Runs the machine with part {@code p} on member {@code memberOf[p]}. */
  static EngineRun run(BuiltMachine built, int[] memberOf, TraceWriter trace) throws Exception {
    Machine machine = built.machine();
    int members = Arrays.stream(memberOf).max().orElse(0) + 1;
    PartLatencies.attach(machine);
    Scenario.ActorSpec a = built.scenario().actors();
    Scenario.ActorSpec actors = new Scenario.ActorSpec(a.threads(), a.throughput(), 30_000, a.spinWaitNanos());
    long durationPs = built.scenario().durationPs();
    List<CompletableFuture<Lanes>> spawned = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      spawned.add(new CompletableFuture<>());
    }
    Behavior<Void> root = Behaviors.setup(ctx -> {
      for (int m = 0; m < members; m++) {
        Share share = new Share(m, members, memberOf);
        TraceWriter writer = m == 0 ? trace : null;
        CompletableFuture<Lanes> lanes = spawned.get(m);
        ctx.spawn(Behaviors.<Void>setup(member -> { // one parent per member: its actors' names repeat
          lanes.complete(Guardian.spawnLanes(member, machine, share, "member " + share.holder(),
              ActorEngine.lanes(actors), actors, durationPs, writer, Progress.NONE, Checkpoints.NONE));
          return Behaviors.empty();
        }), "member-" + m);
      }
      return Behaviors.empty();
    });
    ActorSystem<Void> system = ActorSystem.create(root, "split", ActorEngine.config(actors));
    List<Lanes> all = new ArrayList<>();
    List<List<ActorRef<Coordinator.Command>>> coordinators = new ArrayList<>();
    for (CompletableFuture<Lanes> lanes : spawned) {
      all.add(lanes.get(30, TimeUnit.SECONDS));
      coordinators.add(all.get(all.size() - 1).coordinators());
    }
    for (int m = 0; m < members; m++) {
      all.get(m).connect(memberOf, m, coordinators);
    }
    try {
      List<EngineRun> runs = new ArrayList<>();
      for (Lanes lanes : all) {
        runs.add(lanes.done().get(60, TimeUnit.SECONDS));
      }
      return EngineRun.merge(ActorEngine.NAME, runs);
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }
}
