package io.ringfabric.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.ActorEngine;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Progress;
import io.ringfabric.trace.TraceOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.AddressFromURIString;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.JoinSeedNodes;
import org.slf4j.LoggerFactory;

/**
 * Runs this JVM as one member of a cluster run: starts an actor system on {@code host:port},
 * joins the seeds, and takes part until the run ends. The member at the first seed is the lead:
 * it also admits the others, and returns the run's results; the others return null.
 */
public final class ClusterRun {
  /** The actor system's name, the same on every member (Pekko requires it). */
  public static final String SYSTEM = "ringfabric";

  private ClusterRun() {}

  /**
   * How this member takes part.
   *
   * @param seeds {@code host:port} of the seed members; the first is the lead
   * @param members how many members the run waits for (the lead's value counts)
   * @param placement how the lead places parts on members (one of {@link Placement#KINDS})
   * @param trace the trace to write (the lead only), or null
   * @param pekko extra Pekko settings (tests make failure detection faster), or an empty config
   */
  public record Options(String host, int port, List<String> seeds, int members, String placement,
      Duration joinTimeout, TraceOptions trace, String version, Config pekko) {

    public boolean lead() {
      return seeds.get(0).equals(host + ":" + port);
    }
  }

  /** A member's part of the run failed or was refused; {@code exitCode} says which. */
  public static final class MemberFailed extends RuntimeException {
    private final int exitCode;

    public MemberFailed(int exitCode, String message) {
      super(message);
      this.exitCode = exitCode;
    }

    public int exitCode() {
      return exitCode;
    }
  }

  /**
   * Takes part in the run and returns its results on the lead, null elsewhere. Throws
   * {@link EngineAborted} when the run fails, {@link MemberFailed} when this member fails or is
   * refused.
   *
   * @param memberDied on the lead, completed (with what happened) by whoever started the other
   *     members' JVMs when one of them exits with an error: before the run starts that ends the
   *     wait for members at once; during the run, the cluster's own failure detection names the
   *     member and the window, and this is only the fallback
   */
  public static Lead.Finished member(Scenario scenario, Options options, Consumer<String> log,
      CompletableFuture<String> memberDied) {
    return member(scenario, options, log, memberDied, Progress.NONE);
  }

  /** As {@link #member(Scenario, Options, Consumer, CompletableFuture)}; this member's lanes count their work in {@code progress}. */
  public static Lead.Finished member(Scenario scenario, Options options, Consumer<String> log,
      CompletableFuture<String> memberDied, Progress progress) {
    return member(scenario, options, log, memberDied, progress, Checkpointing.none());
  }

  /**
   * As {@link #member(Scenario, Options, Consumer, CompletableFuture, Progress)}, this member's
   * share continuing the checkpoint {@code checkpoints} holds (each member reads the file itself);
   * on the lead, also the checkpoint it saves (every member saves its parts at that moment and
   * the lead writes them into one file).
   */
  public static Lead.Finished member(Scenario scenario, Options options, Consumer<String> log,
      CompletableFuture<String> memberDied, Progress progress, Checkpointing checkpoints) {
    return member(scenario, options, log, memberDied, progress, checkpoints, finished -> finished);
  }

  /**
   * As {@link #member(Scenario, Options, Consumer, CompletableFuture, Progress, Checkpointing)}, the
   * lead handing its results to {@code report} (which prints and writes them) before it leaves the
   * cluster: leaving may take seconds (once in ten TLS runs Pekko's shutdown waited 10 s for a
   * phase), and the report must not wait for it. Returns what {@code report} returned on the
   * lead, null elsewhere.
   */
  public static <T> T member(Scenario scenario, Options options, Consumer<String> log,
      CompletableFuture<String> memberDied, Progress progress, Checkpointing checkpoints,
      Function<Lead.Finished, T> report) {
    LoggerFactory.getILoggerFactory(); // before Pekko starts; see ActorEngine
    CompletableFuture<Lead.Finished> result = new CompletableFuture<>();
    CompletableFuture<Member.Outcome> outcome = new CompletableFuture<>();
    boolean lead = options.lead();
    ActorSystem<Void> system = ActorSystem.create(Behaviors.setup(ctx -> {
      if (lead) {
        var leadRef = ctx.spawn(Lead.create(scenario, options.version(), options.members(), options.placement(),
            TraceSpec.of(options.trace()), options.joinTimeout(), log, checkpoints, result), "lead");
        memberDied.thenAccept(why -> leadRef.tell(new Lead.MemberDied(why)));
        ctx.watch(leadRef);
      }
      ctx.watch(ctx.spawn(Member.create(scenario, options.version(), options.seeds().get(0),
          options.trace() == null ? null : options.trace().file(), options.joinTimeout(), log, progress,
          checkpoints, outcome), "member"));
      // Both actors end by completing their future; one that stops without (a fault) must not leave
      // this JVM waiting.
      return Behaviors.receive(Void.class).onSignal(Terminated.class, t -> {
        if (t.getRef().path().name().equals("lead")) {
          result.completeExceptionally(new EngineAborted("the lead stopped on a fault; see the log above"));
        } else {
          outcome.complete(new Member.Outcome(1, "this member stopped on a fault; see the log above"));
        }
        return Behaviors.same();
      }).build();
    }), SYSTEM, config(scenario, options));
    ActorEngine.failWhenStopped(system, result);
    ActorEngine.failWhenStopped(system, outcome);
    boolean ran = false;
    try {
      Cluster.get(system).manager().tell(new JoinSeedNodes(seedAddresses(options.seeds())));
      if (lead) {
        Lead.Finished r = ActorEngine.await(result, "the cluster run failed: ");
        ActorEngine.await(outcome, "the cluster run failed: "); // the lead's own member stops once the results are in
        ran = true;
        return report.apply(r);
      }
      Member.Outcome o = ActorEngine.await(outcome, "the cluster run failed: ");
      if (o.exitCode() != 0) {
        throw new MemberFailed(o.exitCode(), o.message());
      }
      ran = true;
      return null;
    } finally {
      // After a run the member leaves the cluster, so that the others see it go rather than lose
      // it. After a failure there may be nobody to leave (a member cut off from the rest waited
      // 20 s here for peers it could not reach): the failure is what counts, and it is in hand.
      ActorEngine.stop(system, ran ? LEAVE : GIVE_UP);
    }
  }

  /** How long a member that ran waits to leave the cluster, and one whose run failed to shut down. */
  static final Duration LEAVE = Duration.ofSeconds(20);
  static final Duration GIVE_UP = Duration.ofSeconds(3);

  static Config config(Scenario scenario, Options options) {
    Config here = ConfigFactory.parseMap(Map.of(
        "pekko.remote.artery.canonical.hostname", options.host(),
        "pekko.remote.artery.canonical.port", options.port()));
    return options.pekko().withFallback(here)
        .withFallback(ConfigFactory.parseResources("ringfabric-cluster.conf"))
        .withFallback(ActorEngine.config(scenario.actors()));
  }

  static List<Address> seedAddresses(List<String> seeds) {
    return seeds.stream().map(s -> AddressFromURIString.parse("pekko://" + SYSTEM + "@" + s)).toList();
  }
}
