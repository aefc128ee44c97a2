package io.ringfabric.engine;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.Machine;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * The actor engine: the machine as Pekko actors (see {@link Guardian}), run in windows of
 * simulated time. It gives the same results as the reference engine, event for event.
 */
public final class ActorEngine {
  public static final String NAME = "actors";

  private ActorEngine() {}

  public static EngineRun run(Machine machine) {
    // Start logging before the actor system does, from this one thread: SLF4J otherwise warns
    // that it replayed calls made by several threads during its initialisation.
    org.slf4j.LoggerFactory.getILoggerFactory();
    Scenario.ActorSpec settings = machine.scenario().actors();
    CompletableFuture<EngineRun> done = new CompletableFuture<>();
    ActorSystem<Void> system = ActorSystem.create(
        Guardian.create(machine, Duration.ofMillis(settings.watchdogMillis()), done),
        "ringfabric", config(settings));
    try {
      return done.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new EngineAborted("the actor engine failed: " + e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EngineAborted("interrupted");
    } finally {
      system.terminate();
      try {
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
      } catch (InterruptedException | ExecutionException | TimeoutException e) {
        // the result is already in hand; a slow shutdown must not hide it
      }
    }
  }

  /** Sizes the dispatcher to the machine: as many threads as cores, a high throughput. */
  static Config config(Scenario.ActorSpec settings) {
    int threads = settings.threads() > 0 ? settings.threads() : Runtime.getRuntime().availableProcessors();
    Map<String, Object> values = Map.ofEntries(
        Map.entry("pekko.actor.default-dispatcher.fork-join-executor.parallelism-min", threads),
        Map.entry("pekko.actor.default-dispatcher.fork-join-executor.parallelism-max", threads),
        Map.entry("pekko.actor.default-dispatcher.fork-join-executor.parallelism-factor", 1.0),
        Map.entry("pekko.actor.default-dispatcher.throughput", settings.throughput()),
        Map.entry("pekko.actor.internal-dispatcher.fork-join-executor.parallelism-min", 1),
        Map.entry("pekko.actor.internal-dispatcher.fork-join-executor.parallelism-max", 2),
        Map.entry("pekko.loglevel", "WARNING"),
        Map.entry("pekko.stdout-loglevel", "WARNING"),
        Map.entry("pekko.log-dead-letters", "off"));
    return ConfigFactory.parseMap(values).withFallback(ConfigFactory.load());
  }
}
