package io.ringfabric.engine;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.LoggerFactory;

/**
 * The actor engine: the machine as Pekko actors (see {@link Guardian}), run in windows of
 * simulated time. It gives the same results as the reference engine, event for event.
 */
public final class ActorEngine {
  public static final String NAME = "actors";

  private ActorEngine() {}

  /**
   * Runs the machine up to {@code durationPs} of simulated time on the threads {@code actors}
   * asks for; its components' trace records go to {@code trace} (null: no trace).
   */
  public static EngineRun run(Machine machine, Scenario.ActorSpec actors, long durationPs, TraceWriter trace,
      Progress progress) {
    return run(machine, actors, durationPs, trace, progress, Checkpoints.NONE);
  }

  /** As {@link #run(Machine, Scenario.ActorSpec, long, TraceWriter, Progress)}, saving or continuing a checkpoint as {@code checkpoints} says. */
  public static EngineRun run(Machine machine, Scenario.ActorSpec actors, long durationPs, TraceWriter trace,
      Progress progress, Checkpoints checkpoints) {
    // Start logging before the actor system does, from this one thread: SLF4J otherwise warns
    // that it replayed calls made by several threads during its initialisation.
    LoggerFactory.getILoggerFactory();
    CompletableFuture<EngineRun> done = new CompletableFuture<>();
    Config config = config(actors);
    try (LaneExecutor.Watch lanesFull = failWhenOutOfMemory(config, done);
        HeapGuard guard = HeapGuard.watch(() -> done.completeExceptionally(new EngineAborted.OutOfMemory(
            "the heap stayed over " + Math.round(HeapGuard.FULL * 100) + "% full after a collection")))) {
      ActorSystem<Void> system = ActorSystem.create(Guardian.create(machine, actors, durationPs, trace, progress, checkpoints, done),
          "ringfabric", config);
      failWhenStopped(system, done);
      try {
        return await(done, "the actor engine failed: ");
      } finally {
        stop(system, Duration.ofSeconds(30));
      }
    }
  }

  /**
   * What {@code future} completes with; a run's own failures are thrown as they are, anything
   * else as an {@link EngineAborted} whose message starts with {@code failed}.
   */
  public static <T> T await(CompletableFuture<T> future, String failed) {
    try {
      return future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new EngineAborted(failed + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EngineAborted("interrupted");
    }
  }

  /**
   * Ends the wait for {@code done} if the actor system stops first: Pekko stops it on a fatal error
   * (the heap running out outside a component's handling, which would otherwise name its place)
   * instead of exiting the JVM, so the command can still say what happened.
   */
  public static void failWhenStopped(ActorSystem<?> system, CompletableFuture<?> done) {
    system.getWhenTerminated().whenComplete((stopped, failure) -> done.completeExceptionally(
        new EngineAborted("the actor system stopped before the run ended, after a fatal error"
            + " (the log above names it; out of heap, give the JVM more with RINGFABRIC_JAVA_OPTS=-Xmx<size>)")));
  }

  /** Until closed, fails {@code done} as out of memory when a lane of the run {@code config} sets up runs out of heap. */
  static LaneExecutor.Watch failWhenOutOfMemory(Config config, CompletableFuture<?> done) {
    // Made now: when it is needed, there may be no heap left for an exception and its stack trace.
    EngineAborted.OutOfMemory failure = new EngineAborted.OutOfMemory("a lane ran out of heap");
    return LaneExecutor.onOutOfMemory(config.getString(LANE + "0.lane-executor.run"),
        () -> done.completeExceptionally(failure));
  }

  /** Stops the actor system, waiting at most {@code wait}: the result is already in hand. */
  public static void stop(ActorSystem<?> system, Duration wait) {
    system.terminate();
    try {
      system.getWhenTerminated().toCompletableFuture().get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      // a slow shutdown must not hide the result
    }
  }

  /**
   * Sizes the dispatchers to the machine: one lane per thread, as many as cores. A lane is a
   * dispatcher with a single thread; every actor of a node runs on its node's lane, so the
   * messages between a node and its components never cross threads, and nodes on different lanes
   * run in parallel. Measured on 2 cores, one shared pool was up to twice as slow, and its speed
   * varied from one JVM to the next with how the pool moved actors between threads.
   */
  public static Config config(Scenario.ActorSpec settings) {
    int lanes = lanes(settings);
    String run = "run-" + RUNS.incrementAndGet(); // names the run to its lanes, for failWhenOutOfMemory
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < lanes; i++) {
      String lane = LANE + i;
      values.put(lane + ".type", "Dispatcher");
      values.put(lane + ".executor", LaneExecutor.class.getName());
      values.put(lane + ".lane-executor.spin-wait-nanos", settings.spinWaitNanos());
      values.put(lane + ".lane-executor.run", run);
      values.put(lane + ".throughput", settings.throughput());
    }
    values.put("pekko.actor.default-dispatcher.fork-join-executor.parallelism-min", 1);
    values.put("pekko.actor.default-dispatcher.fork-join-executor.parallelism-max", 2);
    values.put("pekko.actor.internal-dispatcher.fork-join-executor.parallelism-min", 1);
    values.put("pekko.actor.internal-dispatcher.fork-join-executor.parallelism-max", 2);
    values.put("pekko.loglevel", "WARNING");
    values.put("pekko.stdout-loglevel", "WARNING");
    values.put("pekko.log-dead-letters", "off");
    values.put("pekko.jvm-exit-on-fatal-error", "off"); // see failWhenStopped
    return ConfigFactory.parseMap(values).withFallback(ConfigFactory.load());
  }

  private static final AtomicLong RUNS = new AtomicLong();

  /** Config path prefix of the lanes' dispatchers. */
  static final String LANE = "ringfabric-lane-";

  /** Threads, hence lanes, of a run. */
  static int lanes(Scenario.ActorSpec settings) {
    return settings.threads() > 0 ? settings.threads() : Runtime.getRuntime().availableProcessors();
  }
}
