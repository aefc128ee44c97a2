package io.ringfabric.cluster;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.Coordinator;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.model.EngineRun;
import io.ringfabric.stats.LinkBusy;
import io.ringfabric.stats.PartTally;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * The lead of a cluster run, on the first seed: admits members whose version and settings match
 * its own, places the parts once the expected number has joined (by address, never by join
 * order; the lead is member 0), starts them together, and gathers every member's figures into
 * the run's results.
 */
public final class Lead extends AbstractBehavior<Lead.Command> {

  /** What the lead hears. */
  public interface Command {}

  /** How members find the lead. */
  public static final ServiceKey<Command> KEY = ServiceKey.create(Command.class, "ringfabric-lead");

  /**
   * A member asks to take part.
   *
   * @param protocol the version of the messages between members ({@link #PROTOCOL}): two builds
   *     of one release may still differ in it
   */
  public record Join(ActorRef<Member.Command> member, String address, String version, int protocol,
      SortedMap<String, String> settings) implements Command, ClusterMessage {}

  /** The version of the messages members exchange; raise it whenever one of them changes. */
  public static final int PROTOCOL = 4;

  /** A member has built its share. */
  public record Ready(int index, List<ActorRef<Coordinator.Command>> coordinators) implements Command, ClusterMessage {}

  /** One of a member's parts' figures, sent at the end of its run (one message per part, to stay small). */
  public record Tallied(int index, PartTally tally) implements Command, ClusterMessage {}

  /** A member's run ended, after it sent the tallies of its {@code parts} parts. */
  public record Ended(int index, EngineRun run, int parts) implements Command, ClusterMessage {}

  /** A member's parts' link busy times up to the run's end, part by part. */
  public record Busy(int index, List<LinkBusy> busy) implements Command, ClusterMessage {}

  /** A member's run failed. */
  public record Failed(int index, String message) implements Command, ClusterMessage {}

  /**
   * Piece {@code piece} of {@code pieces} of part {@code part}, saved by member {@code index} at
   * {@code atPs} for the checkpoint the lead writes.
   */
  public record Saved(int index, int part, long atPs, int piece, int pieces, byte[] bytes)
      implements Command, ClusterMessage {}

  /**
   * Piece {@code piece} of {@code pieces} of one of member {@code index}'s results ({@link Tallied},
   * {@link Busy}), sent as a {@link Parcels parcel}: they may be larger than the transport's frame.
   */
  public record Piece(int index, int piece, int pieces, byte[] bytes) implements Command, ClusterMessage {}

  /** A member's JVM exited with an error (known to whoever started it); {@code why} says so. */
  public record MemberDied(String why) implements Command {}

  /** The cluster did not notice a dead member in time; end the run with what is known. */
  private record GiveUp(String why) implements Command {}

  /** How long the cluster's failure detection may take to name a dead member before the lead gives up. */
  private static final Duration DETECTION = Duration.ofSeconds(10);
  /**
   * How long a run's end told second-hand waits for the words of the member it happened to (its
   * own failure, or its JVM's exit told by whoever started it): a member that ran out of memory,
   * say, misses heartbeats before it exits, and "became unreachable" alone would hide why.
   */
  static final Duration OWN_WORDS = Duration.ofSeconds(3);

  /** How long the members may take to hand in their results once the run has ended. */
  static final Duration GATHER = Duration.ofSeconds(60);

  private enum GatherTimeout implements Command {
    INSTANCE
  }

  /** The run's results, and the members' runs taken together (events, windows, wall time). */
  public record Finished(RunResult result, EngineRun run) {}

  private record ClusterChanged(ClusterEvent.ClusterDomainEvent event) implements Command {}

  private enum JoinTimeout implements Command {
    INSTANCE
  }

  private final Scenario scenario;
  private final String version;
  private final String self;
  private final int expected;
  private final String placement;
  private final TraceSpec trace;
  private final Duration joinTimeout;
  private final Consumer<String> log;
  private final CompletableFuture<Finished> result;
  private final Checkpointing checkpoints; // the lead JVM's: its own member's parts and the others'
  private final PartPieces savedPieces = new PartPieces();
  private final PartPieces parcels = new PartPieces("member");
  private final TimerScheduler<Command> timers;
  private final TreeMap<String, Join> joined = new TreeMap<>();
  private List<Join> members; // by member index, once started
  private List<List<ActorRef<Coordinator.Command>>> coordinators; // by member, one per lane
  private EngineRun[] runs;
  private List<List<PartTally>> tallies; // by member
  private List<List<LinkBusy>> busy; // by member, null until it came
  private int answers;
  private String died; // a member JVM's end as whoever started it told it, once it came
  private String secondHand; // a run's end told second-hand, waiting for the words of the member it happened to

  /** @param checkpoints what the run saves (the lead writes the file) and continues */
  public static Behavior<Command> create(Scenario scenario, String version, int expected, String placement,
      TraceSpec trace, Duration joinTimeout, Consumer<String> log, Checkpointing checkpoints,
      CompletableFuture<Finished> result) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
        new Lead(ctx, timers, scenario, version, expected, placement, trace, joinTimeout, log, checkpoints, result)));
  }

  private Lead(ActorContext<Command> ctx, TimerScheduler<Command> timers, Scenario scenario,
      String version, int expected, String placement, TraceSpec trace, Duration joinTimeout,
      Consumer<String> log, Checkpointing checkpoints, CompletableFuture<Finished> result) {
    super(ctx);
    this.checkpoints = checkpoints;
    this.timers = timers;
    this.placement = placement;
    this.scenario = scenario;
    this.version = version;
    this.expected = expected;
    this.trace = trace;
    this.joinTimeout = joinTimeout;
    this.log = log;
    this.result = result;
    this.self = Addresses.of(Cluster.get(ctx.getSystem()).selfMember().address());
    ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf()));
    Addresses.watch(ctx, ClusterChanged::new);
    timers.startSingleTimer(JoinTimeout.INSTANCE, joinTimeout);
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Join.class, this::onJoin)
        .onMessage(Ready.class, this::onReady)
        .onMessage(Tallied.class, this::onTallied)
        .onMessage(Ended.class, this::onEnded)
        .onMessage(Busy.class, this::onBusy)
        .onMessage(Failed.class, this::onFailed)
        .onMessage(Saved.class, this::onSaved)
        .onMessage(Piece.class, this::onPiece)
        .onMessage(ClusterChanged.class, this::onClusterChanged)
        .onMessage(MemberDied.class, this::onMemberDied)
        .onMessage(GiveUp.class, g -> fail(g.why()))
        .onMessageEquals(JoinTimeout.INSTANCE, this::onJoinTimeout)
        .onMessageEquals(GatherTimeout.INSTANCE, () -> fail("member(s) " + missing()
            + " did not hand in their results within " + GATHER.toSeconds() + " s of the run's end"))
        .build();
  }

  private Behavior<Command> onJoin(Join join) {
    String refusal = refusal(join);
    if (refusal != null) {
      log.accept("refused " + join.address() + ": " + refusal);
      join.member().tell(new Member.Refused(refusal));
      return this;
    }
    joined.put(join.address(), join);
    log.accept("member at " + join.address() + " joined (" + joined.size() + " of " + expected + ")");
    // the lead's own member is member 0 (it writes the trace), so the run waits for it too
    return joined.size() == expected && joined.containsKey(self) ? start() : this;
  }

  /** Why a member may not join, or null. */
  private String refusal(Join join) {
    if (members != null) {
      return "the run has already started with " + expected + " members";
    }
    boolean lastSeatIsTheLeads = !joined.containsKey(self) && !join.address().equals(self);
    if (joined.size() >= expected - (lastSeatIsTheLeads ? 1 : 0) && !joined.containsKey(join.address())) {
      return "the run has the " + expected + " members it waits for (--members on the lead)";
    }
    if (!version.equals(join.version())) {
      return "it runs ringfabric " + join.version() + " and the lead runs " + version;
    }
    if (join.protocol() != PROTOCOL) {
      return "it speaks cluster protocol " + join.protocol() + " and the lead speaks " + PROTOCOL
          + " (a different build of ringfabric " + version + ")";
    }
    List<String> differences = SettingsDiff.between(scenario.settings(), join.settings());
    return differences.isEmpty() ? null : "its scenario differs from the lead's: " + SettingsDiff.describe(differences);
  }

  /** Places the parts and tells every member its share. */
  private Behavior<Command> start() {
    members = new ArrayList<>(joined.values());
    members.sort(Comparator.comparing((Join j) -> !j.address().equals(self)).thenComparing(j -> Addresses.hostOf(j.address()))
        .thenComparingInt(j -> Addresses.portOf(j.address())));
    List<String> addresses = members.stream().map(Join::address).toList();
    Placement placed = Placement.of(placement, BuiltMachine.layoutOf(scenario).parts(), expected);
    List<String> lines = placed.describe();
    for (int m = 0; m < expected; m++) {
      log.accept(lines.get(m) + " at " + addresses.get(m) + (m == 0 ? " (lead)" : ""));
    }
    coordinators = new ArrayList<>(Collections.nCopies(expected, null));
    runs = new EngineRun[expected];
    tallies = new ArrayList<>();
    busy = new ArrayList<>();
    for (int m = 0; m < expected; m++) {
      tallies.add(new ArrayList<>());
      busy.add(null);
    }
    for (int m = 0; m < expected; m++) {
      members.get(m).member().tell(new Member.Start(m, addresses, placed.memberOf(), trace, checkpoints.saveAt()));
    }
    return this;
  }

  private Behavior<Command> onReady(Ready ready) {
    coordinators.set(ready.index(), ready.coordinators());
    if (++answers == expected) {
      answers = 0;
      for (Join m : members) {
        m.member().tell(new Member.Go(coordinators));
      }
    }
    return this;
  }

  private Behavior<Command> onEnded(Ended ended) {
    if (tallies.get(ended.index()).size() != ended.parts()) {
      return fail("member " + ended.index() + " sent " + tallies.get(ended.index()).size() + " of its "
          + ended.parts() + " parts' results");
    }
    runs[ended.index()] = ended.run();
    if (answers == 0) {
      timers.startSingleTimer(GatherTimeout.INSTANCE, GATHER);
    }
    if (++answers == expected) {
      answers = 0;
      long simulatedPs = Results.simulatedPs(scenario, allTallies(), run());
      long intervalPs = Results.sampleIntervalPs(scenario, allTallies(), simulatedPs);
      for (Join m : members) {
        m.member().tell(new Member.CollectBusy(simulatedPs, intervalPs));
      }
    }
    return this;
  }

  /** A piece of another member's saved part; the whole part goes to the checkpoint. */
  private Behavior<Command> onSaved(Saved s) {
    byte[] part;
    try {
      part = savedPieces.add(s.part(), s.piece(), s.pieces(), s.bytes());
    } catch (IllegalStateException e) {
      return fail("member " + s.index() + "'s checkpoint: " + e.getMessage());
    }
    if (part != null) {
      checkpoints.received(s.part(), s.atPs(), part);
    }
    return this;
  }

  /** A piece of a member's results; once they are whole, they count as if they had come in one. */
  private Behavior<Command> onPiece(Piece p) {
    Object whole;
    try {
      byte[] bytes = parcels.add(p.index(), p.piece(), p.pieces(), p.bytes());
      if (bytes == null) {
        return this;
      }
      whole = Parcels.open(getContext().getSystem(), bytes);
    } catch (RuntimeException e) {
      return fail("member " + p.index() + "'s results could not be read: " + e.getMessage());
    }
    if (whole instanceof Tallied t) {
      return onTallied(t);
    }
    if (whole instanceof Busy b) {
      return onBusy(b);
    }
    return fail("member " + p.index() + " sent a " + whole.getClass().getName() + " in pieces");
  }

  private Behavior<Command> onTallied(Tallied t) {
    tallies.get(t.index()).add(t.tally());
    return this;
  }

  /** The members whose results are still due. */
  private List<Integer> missing() {
    List<Integer> out = new ArrayList<>();
    for (int m = 0; m < expected; m++) {
      if (runs[m] == null || busy.get(m) == null) {
        out.add(m);
      }
    }
    return out;
  }

  private Behavior<Command> onBusy(Busy b) {
    busy.set(b.index(), b.busy());
    if (++answers < expected) {
      return this;
    }
    try {
      return finish();
    } catch (RuntimeException e) { // members' figures that do not fit together: say so, never hang
      return fail("the members' results could not be put together: " + e.getMessage());
    }
  }

  private Behavior<Command> finish() {
    List<LinkBusy> all = new ArrayList<>();
    for (List<LinkBusy> mine : busy) {
      all.addAll(mine);
    }
    EngineRun run = run();
    log.accept(String.format(Locale.ROOT, "%,d windows in %.3f s: %.3f ms and %.1f messages between"
        + " coordinators per window", run.windows(), run.wallNanos() / 1e9,
        run.windows() == 0 ? 0 : run.wallNanos() / 1e6 / run.windows(),
        run.windows() == 0 ? 0 : (double) run.exchanges() / (run.windows() + 1)));
    result.complete(new Finished(Results.from(scenario, allTallies(), all, run), run));
    for (Join m : members) {
      m.member().tell(new Member.Stop(null));
    }
    return Behaviors.stopped();
  }

  /** Every part's tally (Results puts them in part order). */
  private List<PartTally> allTallies() {
    List<PartTally> all = new ArrayList<>();
    for (List<PartTally> mine : tallies) {
      all.addAll(mine);
    }
    return all;
  }

  /** The members' runs as one. */
  private EngineRun run() {
    return EngineRun.merge(runs[0].engine() + " on " + expected + (expected == 1 ? " member" : " members"),
        List.of(runs));
  }

  /**
   * A member's failure; one that names the lead as lost is told from the lead's side (it was paused
   * or cut off); one told second-hand (a member lost, another's failure echoed) waits
   * {@link #OWN_WORDS} for the words of the member it happened to.
   */
  private Behavior<Command> onFailed(Failed failed) {
    String message = CutOff.told(failed.message(), 0, self, failed.index());
    if (!CutOff.secondHand(message)) {
      return fail(message);
    }
    if (died != null) {
      return fail(died + "; " + message);
    }
    if (secondHand == null) {
      secondHand = message;
      timers.startSingleTimer(new GiveUp(message), OWN_WORDS);
    }
    return this;
  }

  /** Before the start a member that goes is only forgotten; once results are due, it ends the run. */
  private Behavior<Command> onClusterChanged(ClusterChanged changed) {
    String gone = Addresses.gone(changed.event());
    if (gone == null) {
      return this;
    }
    if (members == null) {
      if (joined.remove(gone) != null) {
        log.accept("member at " + gone + " " + Addresses.how(changed.event()) + " before the run started");
      }
      return this;
    }
    int index = members.stream().map(Join::address).toList().indexOf(gone);
    if (index <= 0 || busy.get(index) != null) {
      return this;
    }
    String why = "member " + index + " (" + gone + ") " + Addresses.how(changed.event())
        + " before its results arrived";
    if (runs[index] != null) {
      return fail(why);
    }
    // During the run the members' coordinators end it and say in which window; this is the
    // fallback for a loss after every coordinator has finished.
    timers.startSingleTimer(new GiveUp(why), DETECTION);
    return this;
  }

  private Behavior<Command> onMemberDied(MemberDied died) {
    if (members == null) {
      return fail(died.why());
    }
    if (secondHand != null) {
      return fail(died.why() + "; " + secondHand);
    }
    this.died = died.why();
    timers.startSingleTimer(new GiveUp(died.why()), DETECTION);
    return this;
  }

  private Behavior<Command> onJoinTimeout() {
    if (members != null) {
      return this;
    }
    return fail("only " + joined.size() + " of " + expected + " members joined within "
        + joinTimeout.toSeconds() + " s" + (joined.isEmpty() ? "" : ": " + String.join(", ", joined.keySet())));
  }

  private Behavior<Command> fail(String message) {
    result.completeExceptionally(new EngineAborted(message));
    if (members != null) {
      for (Join m : members) {
        m.member().tell(new Member.Stop(message));
      }
    } else {
      for (Join j : joined.values()) {
        j.member().tell(new Member.Abandoned(message));
      }
    }
    return Behaviors.stopped();
  }
}
