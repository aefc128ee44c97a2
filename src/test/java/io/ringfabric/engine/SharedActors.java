package io.ringfabric.engine;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.EngineRun;
import io.ringfabric.stats.PartLatencies;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The actor engine for many small runs in one test: one actor system, kept for the JVM's life,
 * in which each run's tree (the {@link Guardian} of {@link ActorEngine#run}) is spawned afresh.
 * Starting and stopping an actor system costs more than a small run itself; what a run does in
 * its tree is the same either way. Runs go one at a time.
 */
public final class SharedActors {
  private static ActorSystem<Start> system;

  private SharedActors() {}

  private record Start(BuiltMachine built, Checkpointing checkpoints, CompletableFuture<EngineRun> done) {}

  /** As {@code Simulation.run(built, "actors", null, Progress.NONE, checkpoints)}, in the shared system. */
  public static synchronized RunResult run(BuiltMachine built, Checkpointing checkpoints) {
    Scenario s = built.scenario();
    if (system == null) {
      system = ActorSystem.create(root(s.actors()), "shared-actors", ActorEngine.config(s.actors()));
    }
    PartLatencies.attach(built.machine());
    checkpoints.prepare(built, ActorEngine.NAME);
    CompletableFuture<EngineRun> done = new CompletableFuture<>();
    system.tell(new Start(built, checkpoints, done));
    return Results.collect(built, ActorEngine.await(done, "the actor engine failed: "));
  }

  private static Behavior<Start> root(Scenario.ActorSpec actors) {
    return Behaviors.receive((ctx, start) -> {
      Scenario s = start.built().scenario();
      ctx.spawnAnonymous(Guardian.create(start.built().machine(), actors, s.durationPs(), null, Progress.NONE,
          start.checkpoints(), start.done()));
      return Behaviors.same();
    });
  }
}
