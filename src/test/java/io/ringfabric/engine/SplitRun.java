package io.ringfabric.engine;

import io.ringfabric.model.Machine;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.ArrayList;
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
  static EngineRun run(Machine machine, int members, TraceWriter trace) throws Exception {
    int parts = machine.layout().parts();
    int[] memberOf = new int[parts];
    for (int p = 0; p < parts; p++) {
      memberOf[p] = (int) ((long) p * members / parts);
    }
    List<CompletableFuture<EngineRun>> done = new ArrayList<>();
    List<CompletableFuture<ActorRef<Coordinator.Command>>> refs = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      done.add(new CompletableFuture<>());
      refs.add(new CompletableFuture<>());
    }
    Behavior<Void> root = Behaviors.setup(ctx -> {
      for (int m = 0; m < members; m++) {
        Share share = new Share(m, members, memberOf);
        CompletableFuture<EngineRun> mine = done.get(m);
        TraceWriter writer = m == 0 ? trace : null;
        CompletableFuture<ActorRef<Coordinator.Command>> ref = refs.get(m);
        ctx.spawn(Behaviors.<Void>setup(member -> { // one parent per member: its actors' names repeat
          ActorRef<Coordinator.Command> c = Guardian.spawnCoordinator(member, machine, share,
              Duration.ofSeconds(30), writer, mine);
          c.tell(Guardian.spawnParts(member, machine, share));
          ref.complete(c);
          return Behaviors.empty();
        }), "member-" + m);
      }
      return Behaviors.empty();
    });
    ActorSystem<Void> system = ActorSystem.create(root, "split", ActorEngine.config(machine.scenario().actors()));
    List<ActorRef<Coordinator.Command>> coordinators = new ArrayList<>();
    for (CompletableFuture<ActorRef<Coordinator.Command>> ref : refs) {
      coordinators.add(ref.get(30, TimeUnit.SECONDS));
    }
    for (ActorRef<Coordinator.Command> c : coordinators) {
      c.tell(new Coordinator.Peers(coordinators));
    }
    try {
      long events = 0;
      long last = 0;
      long woken = 0;
      EngineRun first = null;
      for (CompletableFuture<EngineRun> d : done) {
        EngineRun r = d.get(60, TimeUnit.SECONDS);
        first = first == null ? r : first;
        events += r.events();
        last = Math.max(last, r.lastEventPs());
        woken += r.partsWoken();
      }
      return new EngineRun(ActorEngine.NAME, events, last, first.hitDuration(), first.wallNanos(),
          first.windows(), woken);
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }
}
