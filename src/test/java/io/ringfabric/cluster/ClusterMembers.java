package io.ringfabric.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Progress;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Cluster members as threads of the test JVM, each with its own actor system on 127.0.0.1. */
final class ClusterMembers {
  /** Failure detection and gossip fast enough for tests (pekko.md section 2.3); never for real runs. */
  static final Config FAST = ConfigFactory.parseString("""
      pekko.cluster {
        periodic-tasks-initial-delay = 100ms
        gossip-interval = 200ms
        leader-actions-interval = 200ms
        unreachable-nodes-reaper-interval = 250ms
        failure-detector { heartbeat-interval = 200ms, acceptable-heartbeat-pause = 1s, expected-response-after = 200ms }
        split-brain-resolver.stable-after = 2s
      }
      pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
      """);

  private ClusterMembers() {}

  /** A free port of 127.0.0.1 for the lead. */
  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs one member of a run of {@code members} joining the lead at {@code seed} ({@code port} 0: not
   * the lead) and returns how it ended: the lead's {@link Lead.Finished}, the string {@code "ran"} for
   * another member, or what it threw.
   */
  static Object end(Scenario s, int port, String seed, int members, Duration joinTimeout, String version) {
    return end(s, port, seed, members, joinTimeout, version, ConfigFactory.empty());
  }

  /** As {@link #end(Scenario, int, String, int, Duration, String)}, with {@code pekko} (e.g. TLS) beside {@link #FAST}. */
  static Object end(Scenario s, int port, String seed, int members, Duration joinTimeout, String version,
      Config pekko) {
    try {
      Object r = ClusterRun.member(s, new ClusterRun.Options("127.0.0.1", port, List.of(seed), members, "blocks",
          joinTimeout, null, version, FAST.withFallback(pekko)), line -> { }, new CompletableFuture<>());
      return r == null ? "ran" : r;
    } catch (RuntimeException e) {
      return e;
    }
  }

  /** One member's end: the lead's results, or what it threw; the events its progress counted. */
  record End(RunResult result, RuntimeException failure, List<String> log, long counted) {}

  /**
   * Runs the lead (scenario {@code scenarios.get(0)}) and one member per further scenario, each in
   * a thread, and returns every member's end in that order.
   */
  static List<End> run(List<Scenario> scenarios, TraceOptions trace, Duration joinTimeout) throws Exception {
    return run(scenarios, "blocks", trace, joinTimeout);
  }

  /** As {@link #run(List, TraceOptions, Duration)}, with the lead placing parts by {@code placement}. */
  static List<End> run(List<Scenario> scenarios, String placement, TraceOptions trace, Duration joinTimeout)
      throws Exception {
    return run(scenarios, placement, trace, joinTimeout, member -> Checkpointing.none());
  }

  /**
   * As {@link #run(List, String, TraceOptions, Duration)}, each member with the checkpoints
   * {@code checkpoints} gives it by its index (0, the lead, is the one that saves).
   */
  static List<End> run(List<Scenario> scenarios, String placement, TraceOptions trace, Duration joinTimeout,
      IntFunction<Checkpointing> checkpoints) throws Exception {
    return run(scenarios, placement, trace, joinTimeout, checkpoints, ConfigFactory.empty());
  }

  /** As {@link #run(List, String, TraceOptions, Duration, IntFunction)}, with {@code pekko} beside {@link #FAST}. */
  static List<End> run(List<Scenario> scenarios, String placement, TraceOptions trace, Duration joinTimeout,
      IntFunction<Checkpointing> checkpoints, Config pekko) throws Exception {
    int leadPort = freePort();
    List<String> seeds = List.of("127.0.0.1:" + leadPort);
    ExecutorService threads = Executors.newFixedThreadPool(scenarios.size());
    try {
      List<Future<End>> ends = new ArrayList<>();
      for (int i = 0; i < scenarios.size(); i++) {
        Scenario s = scenarios.get(i);
        int port = i == 0 ? leadPort : 0;
        TraceOptions t = i == 0 ? trace : null;
        int member = i;
        ends.add(threads.submit(() -> {
          List<String> log = Collections.synchronizedList(new ArrayList<>());
          Progress progress = new Progress();
          try {
            var r = ClusterRun.member(s, new ClusterRun.Options("127.0.0.1", port, seeds,
                scenarios.size(), placement, joinTimeout, t, "test", FAST.withFallback(pekko)), log::add, new CompletableFuture<>(),
                progress, checkpoints.apply(member));
            return new End(r == null ? null : r.result(), null, log, progress.events());
          } catch (RuntimeException e) {
            return new End(null, e, log, progress.events());
          }
        }));
      }
      List<End> out = new ArrayList<>();
      for (Future<End> f : ends) {
        out.add(f.get());
      }
      return out;
    } finally {
      threads.shutdownNow();
    }
  }
}
