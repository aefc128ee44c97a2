package io.ringfabric.cluster;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.ActorEngine;
import io.ringfabric.engine.Coordinator;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Guardian;
import io.ringfabric.engine.Lanes;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.Share;
import io.ringfabric.model.EngineRun;
import io.ringfabric.run.HeapAdvice;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.LinkBusy;
import io.ringfabric.stats.PartLatencies;
import io.ringfabric.stats.PartTally;
import io.ringfabric.trace.TraceWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.apache.pekko.actor.Dropped;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.eventstream.EventStream;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * One JVM's part in a cluster run: finds the lead, asks to join (with its version and settings),
 * builds the share of the machine the lead gives it (its parts' actors and a coordinator), runs
 * it in step with the other members, and hands its parts' figures to the lead at the end.
 * Watches the cluster the whole time: a member of the run that leaves or cannot be reached ends
 * the run here, naming it.
 */
public final class Member extends AbstractBehavior<Member.Command> {

  /** What a member hears. */
  public interface Command {}

  /** The lead would not take this member (another version or scenario). */
  public record Refused(String reason) implements Command, ClusterMessage {}

  /** The lead gave up before the run started (not enough members joined). */
  public record Abandoned(String reason) implements Command, ClusterMessage {}

  /**
   * Build your share and say when ready.
   *
   * @param addresses every member's address, by member index
   * @param memberOf the member of every part
   * @param trace what to record for the trace, or null
   * @param checkpointAtPs the moment the lead saves a checkpoint from ({@code Long.MAX_VALUE}: none);
   *     every member saves its parts then and hands them to the lead
   */
  public record Start(int index, List<String> addresses, int[] memberOf, TraceSpec trace, long checkpointAtPs)
      implements Command, ClusterMessage {}

  /** Every member is ready: their coordinators (one per lane), by member index. Run. */
  public record Go(List<List<ActorRef<Coordinator.Command>>> coordinators) implements Command, ClusterMessage {}

  /** Send the busy time of your parts' links up to the run's end. */
  public record CollectBusy(long simulatedPs, long sampleIntervalPs) implements Command, ClusterMessage {}

  /** The lead has the results ({@code why} null), or the run failed for the reason {@code why}; stop. */
  public record Stop(String why) implements Command, ClusterMessage {}

  private record LeadListing(Receptionist.Listing listing) implements Command {}

  private record RunEnded(EngineRun run, Throwable failure) implements Command {}

  /** A part this member saved, for the lead: sent from here, so that it reaches the lead before {@link Lead.Ended}. */
  private record PartSaved(int part, long atPs, byte[] bytes) implements Command {}

  private record ClusterChanged(ClusterEvent.ClusterDomainEvent event) implements Command {}

  /** The transport of this JVM dropped a message (Pekko publishes it on the event stream). */
  private record Lost(Dropped dropped) implements Command {}

  private enum JoinTimeout implements Command {
    INSTANCE
  }

  /** A TLS handshake this member began failed ({@link TrustedMembers} publishes it). */
  private record HandshakeFailed(TlsFailed failure) implements Command {}

  /** Time to ask a lead not yet found whether it speaks TLS (a member without TLS only). */
  private enum Probe implements Command {
    INSTANCE
  }

  /** What the probe found: whether the lead speaks TLS. */
  private record Probed(boolean tls) implements Command {}

  /**
   * How long a member without TLS looks for the lead before it asks whether the lead speaks TLS.
   * A lead that is up and speaks as this member does is found in about a second; should the probe
   * (a TLS greeting) reach such a lead all the same, it drops the connection without a word
   * (seen on a plain lead: nothing logged).
   */
  static final Duration PROBE_AFTER = Duration.ofSeconds(5);

  private enum GatherTimeout implements Command {
    INSTANCE
  }

  /** A member that left the cluster during the run, told to the coordinators after {@link #LEAVE_GRACE}. */
  private record PeerLeft(String who) implements Command {}

  /** The members found unreachable in the last {@link CutOff#SETTLE} are named. */
  private enum Settled implements Command {
    INSTANCE
  }

  /**
   * How long a member that left the cluster on its own during the run is given before its loss
   * ends the run here: it leaves only as it ends, having told the lead why, and the lead's stop
   * with that reason comes after its leaving is seen. Without the wait a third member ended
   * saying "member 2 left the cluster" instead of the model bug that ended member 2 (ClusterRunTest).
   */
  private static final Duration LEAVE_GRACE = Duration.ofSeconds(2);

  /**
   * How long the lead may take to gather results once this member's run has ended: longer than
   * the lead's own deadline, so a lead that gives up tells this member why before it times out.
   */
  private static final Duration GATHER = Lead.GATHER.plusSeconds(30);

  /** How a member's part of the run ends, for the command to turn into an exit status. */
  public record Outcome(int exitCode, String message) {}

  private final Scenario scenario;
  private final String address;
  private final String version;
  private final Path traceFile; // only the lead's own member writes the trace
  private final Progress progress; // where this member's lanes count their work
  private Checkpointing checkpoints;
  private final CompletableFuture<Outcome> outcome;
  private final Consumer<String> log;
  private final String leadSeed; // host:port of the first seed
  private TlsFailed tlsFailed; // the last TLS handshake that failed before the run started
  private ActorRef<Lead.Command> lead;
  private Start start;
  private Share share;
  private final TimerScheduler<Command> timers;
  private BuiltMachine built;
  private TraceWriter trace;
  private Lanes lanes;
  private boolean ended;
  private boolean delivered;
  private final TreeMap<Integer, String> unreachable = new TreeMap<>(); // by member index, during the run

  /** @param checkpoints the checkpoint this member's share continues, or {@link Checkpointing#none()} */
  public static Behavior<Command> create(Scenario scenario, String version, String leadSeed, Path traceFile,
      Duration joinTimeout, Consumer<String> log, Progress progress, Checkpointing checkpoints,
      CompletableFuture<Outcome> outcome) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new Member(ctx, timers, scenario, version, leadSeed,
        traceFile, joinTimeout, log, progress, checkpoints, outcome)));
  }

  private Member(ActorContext<Command> ctx, TimerScheduler<Command> timers, Scenario scenario,
      String version, String leadSeed, Path traceFile, Duration joinTimeout, Consumer<String> log,
      Progress progress, Checkpointing checkpoints, CompletableFuture<Outcome> outcome) {
    super(ctx);
    this.leadSeed = leadSeed;
    this.checkpoints = checkpoints;
    this.progress = progress;
    this.log = log;
    this.timers = timers;
    this.scenario = scenario;
    this.version = version;
    this.traceFile = traceFile;
    this.outcome = outcome;
    this.address = Addresses.of(Cluster.get(ctx.getSystem()).selfMember().address());
    ctx.getSystem().receptionist().tell(Receptionist.subscribe(Lead.KEY,
        ctx.messageAdapter(Receptionist.Listing.class, LeadListing::new)));
    Addresses.watch(ctx, ClusterChanged::new);
    LostMessages.watch(ctx, Lost::new);
    ctx.getSystem().eventStream().tell(new EventStream.Subscribe<>(TlsFailed.class,
        ctx.messageAdapter(TlsFailed.class, HandshakeFailed::new)));
    timers.startSingleTimer(JoinTimeout.INSTANCE, joinTimeout);
    boolean tls = ctx.getSystem().settings().config().getString("pekko.remote.artery.transport").equals("tls-tcp");
    if (!tls && !address.equals(leadSeed) && PROBE_AFTER.compareTo(joinTimeout) < 0) {
      timers.startSingleTimer(Probe.INSTANCE, PROBE_AFTER);
    }
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(LeadListing.class, this::onLeadListing)
        .onMessage(Refused.class, this::onRefused)
        .onMessage(Abandoned.class, a -> end(1, "the lead gave up: " + a.reason()))
        .onMessage(Start.class, this::onStart)
        .onMessage(Go.class, this::onGo)
        .onMessage(PartSaved.class, this::onPartSaved)
        .onMessage(RunEnded.class, this::onRunEnded)
        .onMessage(CollectBusy.class, this::onCollectBusy)
        .onMessage(Stop.class, this::onStop)
        .onMessage(ClusterChanged.class, this::onClusterChanged)
        .onMessage(PeerLeft.class, this::onPeerLeft)
        .onMessageEquals(Settled.INSTANCE, () -> onPeerLeft(new PeerLeft(CutOff.who(start.index(),
            start.addresses(), unreachable))))
        .onMessage(Lost.class, this::onLost)
        .onMessageEquals(JoinTimeout.INSTANCE, this::onJoinTimeout)
        .onMessage(HandshakeFailed.class, this::onHandshakeFailed)
        .onMessageEquals(Probe.INSTANCE, this::onProbe)
        .onMessage(Probed.class, this::onProbed)
        .onMessageEquals(GatherTimeout.INSTANCE, () -> end(1, "the lead did not gather the results within "
            + GATHER.toSeconds() + " s of the run's end"))
        .onSignal(Terminated.class, this::onTerminated)
        .build();
  }

  private Behavior<Command> onLeadListing(LeadListing message) {
    var found = message.listing().getServiceInstances(Lead.KEY);
    if (lead == null && !found.isEmpty()) {
      lead = found.iterator().next();
      lead.tell(new Lead.Join(getContext().getSelf(), address, version, Lead.PROTOCOL, scenario.settings()));
    }
    return this;
  }

  private Behavior<Command> onRefused(Refused refused) {
    return end(2, "the lead refused this member: " + refused.reason());
  }

  private Behavior<Command> onJoinTimeout() {
    if (start != null) {
      return this;
    }
    if (lead == null && tlsFailed != null) {
      return end(2, "found no lead in the cluster in time: " + tlsFailed.describe(leadSeed));
    }
    return end(1, lead == null
        ? "found no lead in the cluster in time; is the first seed running ringfabric cluster member?"
        : "the lead did not start the run in time (not enough members joined?)");
  }

  /**
   * A certificate refused, by either side, is for good: the member ends now, saying so, rather than
   * wait out its join timeout and blame a missing lead. Other failures (the lead still starting,
   * or not on TLS) are kept for the join timeout to name.
   */
  private Behavior<Command> onHandshakeFailed(HandshakeFailed failed) {
    if (start != null || lead != null) {
      return this;
    }
    tlsFailed = failed.failure();
    return tlsFailed.refused() ? end(2, tlsFailed.describe(leadSeed)) : this;
  }

  /** Asks, off the actor's thread, whether the lead not found speaks TLS. */
  private Behavior<Command> onProbe() {
    if (lead == null && start == null) {
      getContext().pipeToSelf(CompletableFuture.supplyAsync(() -> TlsFailed.speaksTls(leadSeed, Duration.ofSeconds(3))),
          (tls, failure) -> new Probed(tls != null && tls));
    }
    return this;
  }

  private Behavior<Command> onProbed(Probed probed) {
    if (lead != null || start != null || !probed.tls()) {
      return this;
    }
    return end(2, "the lead (" + leadSeed + ") speaks TLS and this member does not: start it with the"
        + " lead's --tls-keystore and --tls-truststore (or both without)");
  }

  /**
   * Less than a machine takes a node on any scenario (the bench measures 375 KB and more beyond the
   * rings). A member whose heap is below this many would spend seconds collecting garbage before
   * the heap ran out, too busy to answer the cluster's heartbeats, so that the others could find it
   * unreachable before it said why (seen in CI): it says so at once instead.
   */
  static final long LEAST_BYTES_PER_NODE = 64 << 10;

  private static final String HEAP_ADVICE =
      "give the members more heap (cluster local --member-java-opts, or RINGFABRIC_JAVA_OPTS on each host), e.g. -Xmx";

  /** Builds this member's share: the whole machine's model, but actors only for its own parts. */
  private Behavior<Command> onStart(Start s) {
    if ((long) scenario.nodes() * LEAST_BYTES_PER_NODE > Runtime.getRuntime().maxMemory()) {
      return couldNotStart(s, HeapAdvice.of(new Simulation.OutOfMemory(scenario.nodes(), null), HEAP_ADVICE));
    }
    try {
      return build(s);
    } catch (RuntimeException e) { // e.g. the trace file cannot be written: end the run, never hang it
      return couldNotStart(s, e.getMessage());
    } catch (OutOfMemoryError e) { // the machine is garbage once this returns: there is heap to say so
      built = null;
      return couldNotStart(s, HeapAdvice.of(new Simulation.OutOfMemory(scenario.nodes(), e), HEAP_ADVICE));
    }
  }

  private Behavior<Command> couldNotStart(Start s, String why) {
    String message = "member " + s.index() + " could not start its share: " + why;
    lead.tell(new Lead.Failed(s.index(), message));
    return end(1, message);
  }

  private Behavior<Command> build(Start s) {
    start = s;
    share = new Share(s.index(), s.addresses().size(), s.memberOf());
    if (s.index() > 0) {
      log.accept("member " + s.index() + " of " + s.addresses().size() + " at " + address + ": "
          + share.parts().size() + " parts");
    }
    built = BuiltMachine.of(scenario);
    PartLatencies.attach(built.machine());
    if (s.index() > 0 && s.checkpointAtPs() != Long.MAX_VALUE) { // the lead writes the file
      ActorRef<Command> self = getContext().getSelf();
      checkpoints = checkpoints.sendingTo(s.checkpointAtPs(), (part, at, bytes) -> self.tell(new PartSaved(part, at, bytes)));
    }
    // a continued run: every part as saved; the file the lead writes says who saved it
    checkpoints.prepare(built, ActorEngine.NAME + " on " + s.addresses().size() + " members");
    if (s.trace() != null && s.index() == 0) {
      trace = Simulation.startTrace(built, s.trace().options(traceFile));
    } else if (s.trace() != null) {
      Simulation.attachRecorders(built.machine(), s.trace().options(null)); // records go to member 0
    }
    lanes = Guardian.spawnLanes(getContext(), built.machine(), share, "member " + s.index(), lanes(s),
        scenario.actors(), scenario.durationPs(), trace, progress, checkpoints);
    lanes.coordinators().forEach(getContext()::watch);
    getContext().pipeToSelf(lanes.done(), RunEnded::new);
    lead.tell(new Lead.Ready(s.index(), lanes.coordinators()));
    return this;
  }

  /**
   * Lanes of this member: {@code actors.threads}, or else this host's cores shared out among the
   * members on it, so that members run side by side on one host do not fight over its cores.
   */
  private int lanes(Start s) {
    if (scenario.actors().threads() > 0) {
      return scenario.actors().threads();
    }
    String host = Addresses.hostOf(s.addresses().get(s.index()));
    long here = s.addresses().stream().filter(a -> Addresses.hostOf(a).equals(host)).count();
    return Math.max(1, Runtime.getRuntime().availableProcessors() / (int) here);
  }

  private Behavior<Command> onTerminated(Terminated stopped) {
    lanes.stopped(stopped.getRef());
    return this;
  }

  private Behavior<Command> onGo(Go go) {
    lanes.connect(start.memberOf(), start.index(), go.coordinators());
    return this;
  }

  /** Cuts a saved part into pieces that fit the transport's frame. */
  private Behavior<Command> onPartSaved(PartSaved saved) {
    List<byte[]> pieces = PartPieces.cut(saved.bytes(), most());
    for (int i = 0; i < pieces.size(); i++) {
      lead.tell(new Lead.Saved(start.index(), saved.part(), saved.atPs(), i, pieces.size(), pieces.get(i)));
    }
    return this;
  }

  private Behavior<Command> onRunEnded(RunEnded r) {
    ended = true;
    closeTrace();
    if (r.failure() != null) {
      Throwable cause = r.failure() instanceof CompletionException c ? c.getCause() : r.failure();
      String message = cause instanceof EngineAborted.OutOfMemory
          ? "member " + start.index() + " ran " + HeapAdvice.of(new Simulation.OutOfMemory(scenario.nodes(), null),
              HEAP_ADVICE)
          : CutOff.told(cause instanceof EngineAborted ? cause.getMessage() : String.valueOf(cause),
              start.index(), address, -1);
      lead.tell(new Lead.Failed(start.index(), message));
      return end(1, message);
    }
    // One message per part: a member's tallies together would be one large parcel to write at once.
    List<Integer> parts = share.parts();
    for (int p : parts) {
      toLead(new Lead.Tallied(start.index(), PartTally.of(built, p)));
    }
    lead.tell(new Lead.Ended(start.index(), r.run(), parts.size()));
    timers.startSingleTimer(GatherTimeout.INSTANCE, GATHER);
    return this;
  }

  private Behavior<Command> onCollectBusy(CollectBusy collect) {
    List<LinkBusy> busy = new ArrayList<>();
    for (int p : share.parts()) {
      busy.add(LinkBusy.of(built.machine(), p, collect.simulatedPs(), collect.sampleIntervalPs()));
    }
    toLead(new Lead.Busy(start.index(), busy));
    delivered = true;
    return this;
  }

  /**
   * Results for the lead: as they are to a lead in this JVM, else as a parcel in pieces that fit
   * the transport's frame (the time series of a large machine are many frames).
   */
  private void toLead(Lead.Command results) {
    if (lead.path().address().hasLocalScope()) {
      lead.tell(results);
      return;
    }
    List<byte[]> pieces = Parcels.cut(getContext().getSystem(), results, most());
    for (int i = 0; i < pieces.size(); i++) {
      lead.tell(new Lead.Piece(start.index(), i, pieces.size(), pieces.get(i)));
    }
  }

  /** The most bytes of a checkpoint's part or a parcel in one message, for this system's frame. */
  private int most() {
    return PartPieces.most(getContext().getSystem().settings().config());
  }

  private Behavior<Command> onStop(Stop stop) {
    return end(stop.why() == null ? 0 : 1, stop.why() == null ? "done" : stop.why());
  }

  /** A member of the run gone ends the run; before the run, only the lead's loss matters. */
  private Behavior<Command> onClusterChanged(ClusterChanged changed) {
    String gone = Addresses.gone(changed.event());
    if (gone == null || gone.equals(address)) {
      return this;
    }
    if (start == null) {
      return lead != null && gone.equals(Addresses.of(lead.path().address()))
          ? end(1, "the lead (" + gone + ") " + Addresses.how(changed.event()) + " before the run started")
          : this;
    }
    int index = start.addresses().indexOf(gone);
    if (index < 0) {
      return this;
    }
    String who = "member " + index + " (" + gone + ") " + Addresses.how(changed.event());
    if (!ended) {
      if (changed.event() instanceof ClusterEvent.UnreachableMember) {
        // named once the others that went silent with it are known: this member may be the one cut off
        unreachable.putIfAbsent(index, Addresses.how(changed.event()));
        if (!timers.isTimerActive(Settled.INSTANCE)) {
          timers.startSingleTimer(Settled.INSTANCE, CutOff.SETTLE);
        }
        return this;
      }
      if (index == 0) {
        return onPeerLeft(new PeerLeft(who));
      }
      if (!timers.isTimerActive(PeerLeft.class)) {
        timers.startSingleTimer(PeerLeft.class, new PeerLeft(who), LEAVE_GRACE);
      }
      return this;
    }
    if (index == 0) { // the lead gone after the run: nobody is left to gather or to stop this member
      return delivered ? end(0, who + " after it had this member's results")
          : end(1, who + " before it had this member's results");
    }
    return this;
  }

  private Behavior<Command> onPeerLeft(PeerLeft left) {
    if (!ended) {
      lanes.coordinators().forEach(c -> c.tell(new Coordinator.MemberLost(left.who())));
    }
    return this;
  }

  /** A message of the run that the transport dropped would leave its receiver waiting: end the run, naming it. */
  private Behavior<Command> onLost(Lost lost) {
    String message = LostMessages.why(lost.dropped(), start == null ? "a member" : "member " + start.index());
    if (message == null) {
      return this;
    }
    if (lead != null) {
      lead.tell(new Lead.Failed(start == null ? -1 : start.index(), message));
    }
    return end(1, message);
  }

  private void closeTrace() {
    if (trace != null) {
      trace.close();
      trace = null;
    }
  }

  private Behavior<Command> end(int exitCode, String message) {
    closeTrace();
    outcome.complete(new Outcome(exitCode, message));
    return Behaviors.stopped();
  }
}
