package io.ringfabric.engine;

import io.ringfabric.model.Event;
import io.ringfabric.model.Layout;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * Opens windows of simulated time, as wide as the lookahead, for the parts of the machine this
 * member runs: a window starts at the earliest event pending anywhere, so empty stretches are
 * skipped, and only parts with an event due in it are woken. Events that cross between parts
 * travel with the window reports and go out with the next window that is due for their part.
 *
 * <p>In a cluster every member has its own coordinator. When its parts have finished a window it
 * sends every other member one {@link Exchange}: the events for that member's parts and the
 * earliest time it knows of (its own parts' and every event it sent anywhere). Once it has every
 * member's exchange for the window, all members know the same earliest time, so all open the
 * same next window, without anyone in the middle. One message per pair of members and window
 * is also the flow control Pekko's remote transport needs: nothing is sent ahead of what the
 * other side has asked for by finishing its window.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {

  /** What the coordinator hears. */
  public interface Command {}

  /**
   * This member's parts exist, each on a lane with its lane coordinator.
   *
   * @param laneOf the lane of each part of the machine, -1 for parts other members run
   */
  public record Parts(List<ActorRef<Command>> lanes, int[] laneOf) implements Command {}

  /** The coordinators of every member, by member index (this one's own included); start. */
  public record Peers(List<ActorRef<Command>> coordinators) implements Command {}

  /**
   * A part finished a window.
   *
   * @param next its earliest pending event, or Long.MAX_VALUE
   * @param outgoing events it sent to other parts
   * @param events events it has handled so far
   * @param lastEventTime time of the last event it handled
   * @param records what its components recorded for the trace in the window
   * @param endRun whether one of its components asks for the run to end (after this window)
   */
  public record WindowDone(
      long window, int part, long next, List<Event> outgoing, long events, long lastEventTime,
      List<Recorder.Entry> records, boolean endRun) implements Command {}

  /** A component of a part threw. */
  public record PartFailed(int part, String message) implements Command {}

  /**
   * One member's end of a window, for another member.
   *
   * @param next the earliest event the sender knows of: its parts' next events and every event it
   *     sent in the window, to anyone
   * @param events the events for the receiver's parts
   * @param records trace records of the sender's parts (for member 0, which writes the trace)
   * @param last whether this is the sender's last piece for the window (see {@link ExchangePieces})
   */
  public record Exchange(long window, int from, long next, boolean endRun, List<Event> events,
      List<Recorder.Entry> records, boolean last) implements Command {}

  /** Another member aborted the run. */
  public record Abort(int from, String message) implements Command {}

  /** A member of the run left the cluster or cannot be reached; {@code who} names it. */
  public record MemberLost(String who) implements Command {}

  private enum WatchdogTick implements Command {
    INSTANCE
  }

  private final Layout layout;
  private final Share share;
  private final long lookahead;
  private final long duration;
  private final Duration watchdog;
  private final CompletableFuture<EngineRun> done;
  private final TraceWriter trace; // null when the run is not traced here
  private final TimerScheduler<Command> timers;
  private final List<Integer> own;
  private final List<Event>[] pending;
  private final long[] pendingMin;
  private final long[] next;
  private final long[] events;
  private final long[] lastEvent;
  private final List<Event>[] outbound; // by member
  private final WindowInbox inbox;
  private List<Recorder.Entry> forwarded = new ArrayList<>();
  private List<ActorRef<Command>> lanes;
  private int[] laneOf;
  private List<ActorRef<Command>> peers;
  private boolean started;
  private boolean localDone;
  private long announced;
  private long window;
  private long windowStart;
  private int awaiting;
  private long windowAtLastTick = -1;
  private long wallStart;
  private long windows;
  private long wokenParts;
  private boolean endRun;

  public static Behavior<Command> create(Layout layout, Share share, long lookahead, long duration,
      Duration watchdog, TraceWriter trace, CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
        new Coordinator(ctx, timers, layout, share, lookahead, duration, watchdog, trace, done)));
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // arrays of lists, by part or child
  private Coordinator(ActorContext<Command> ctx, TimerScheduler<Command> timers, Layout layout,
      Share share, long lookahead, long duration, Duration watchdog, TraceWriter trace,
      CompletableFuture<EngineRun> done) {
    super(ctx);
    this.trace = trace;
    this.timers = timers;
    this.layout = layout;
    this.share = share;
    this.lookahead = lookahead;
    this.duration = duration;
    this.watchdog = watchdog;
    this.done = done;
    this.own = share.parts();
    int n = layout.parts();
    pending = new List[n];
    pendingMin = new long[n];
    next = new long[n];
    events = new long[n];
    lastEvent = new long[n];
    for (int i = 0; i < n; i++) {
      pending[i] = new ArrayList<>();
      pendingMin[i] = Long.MAX_VALUE;
      next[i] = Long.MAX_VALUE;
    }
    inbox = new WindowInbox(share.members(), share.member());
    outbound = new List[share.members()];
    for (int m = 0; m < share.members(); m++) {
      outbound[m] = new ArrayList<>();
    }
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(LaneCoordinator.LaneDone.class, this::onLaneDone)
        .onMessage(Exchange.class, this::onExchange)
        .onMessage(Parts.class, this::onParts)
        .onMessage(Peers.class, this::onPeers)
        .onMessage(PartFailed.class, this::onPartFailed)
        .onMessage(Abort.class, this::onAbort)
        .onMessage(MemberLost.class, this::onMemberLost)
        .onMessageEquals(WatchdogTick.INSTANCE, this::onWatchdogTick)
        .build();
  }

  private Behavior<Command> onParts(Parts message) {
    lanes = message.lanes();
    laneOf = message.laneOf();
    return share.alone() ? begin() : this;
  }

  private Behavior<Command> onPeers(Peers message) {
    peers = message.coordinators();
    return lanes != null ? begin() : this;
  }

  /** Starts every lane's parts: window 0, in which components post their first events. */
  private Behavior<Command> begin() {
    if (started) {
      return this;
    }
    started = true;
    wallStart = System.nanoTime();
    timers.startTimerWithFixedDelay(WatchdogTick.INSTANCE, watchdog);
    boolean[] used = new boolean[lanes.size()];
    for (int p : own) {
      used[laneOf[p]] = true;
    }
    for (int l = 0; l < lanes.size(); l++) {
      if (used[l]) {
        awaiting++;
        lanes.get(l).tell(new LaneCoordinator.BeginLane(getContext().getSelf()));
      }
    }
    return this;
  }

  private Behavior<Command> onLaneDone(LaneCoordinator.LaneDone done) {
    for (WindowDone w : done.reports()) {
      record(w);
    }
    return --awaiting == 0 ? windowDoneHere() : this;
  }

  /** What a part reported about the window it ran. */
  private void record(WindowDone w) {
    next[w.part()] = w.next();
    events[w.part()] = w.events();
    lastEvent[w.part()] = w.lastEventTime();
    if (trace != null) {
      trace.add(w.records());
    } else if (!w.records().isEmpty()) {
      forwarded.addAll(w.records());
    }
    endRun |= w.endRun();
    for (Event e : w.outgoing()) {
      int p = layout.partOf(e.target());
      if (share.owns(p)) {
        addPending(p, e);
      } else {
        outbound[share.memberOf()[p]].add(e);
      }
    }
  }

  private void addPending(int part, Event e) {
    pending[part].add(e);
    pendingMin[part] = Math.min(pendingMin[part], e.time());
  }

  /** This member's parts have finished the window: tell the other members, then wait for theirs. */
  private Behavior<Command> windowDoneHere() {
    localDone = true;
    announced = earliestHere();
    if (!share.alone()) {
      for (int m = 0; m < share.members(); m++) {
        if (m != share.member()) {
          for (Exchange piece : ExchangePieces.split(window, share.member(), announced, endRun,
              outbound[m], m == 0 ? forwarded : List.of())) {
            peers.get(m).tell(piece);
          }
          outbound[m] = new ArrayList<>();
        }
      }
      forwarded = new ArrayList<>();
    }
    return advance();
  }

  /** The earliest event this member knows of: its parts' own, their pending ones, and all it sent. */
  private long earliestHere() {
    long earliest = Long.MAX_VALUE;
    for (int p : own) {
      earliest = Math.min(earliest, Math.min(next[p], pendingMin[p]));
    }
    for (List<Event> out : outbound) {
      for (Event e : out) {
        earliest = Math.min(earliest, e.time());
      }
    }
    return earliest;
  }

  private Behavior<Command> onExchange(Exchange x) {
    if (x.window() < window || x.window() > window + 1) {
      return fail("member " + x.from() + " sent its end of window " + x.window()
          + " while this member is at window " + window + " (a fault in the window protocol)");
    }
    inbox.add(x);
    return advance();
  }

  /** Opens the next window once this member's parts and every other member are done with this one. */
  private Behavior<Command> advance() {
    if (!localDone || !inbox.complete(window)) {
      return this;
    }
    long start = announced;
    for (Exchange x : inbox.take(window)) {
      start = Math.min(start, x.next());
      endRun |= x.endRun();
      for (Event e : x.events()) {
        addPending(layout.partOf(e.target()), e);
      }
      if (trace != null) {
        trace.add(x.records());
      }
    }
    localDone = false;
    return openWindow(start);
  }

  private Behavior<Command> openWindow(long start) {
    if (endRun) {
      return finish(false);
    }
    if (start == Long.MAX_VALUE || start > duration) {
      return finish(start != Long.MAX_VALUE);
    }
    long end = Math.min(start + lookahead, duration + 1);
    if (trace != null) {
      trace.flushUpTo(start); // nothing handled from now on can record anything earlier
    }
    window++;
    windows++;
    windowStart = start;
    List<List<Integer>> due = new ArrayList<>();
    List<List<List<Event>>> incoming = new ArrayList<>();
    for (int l = 0; l < lanes.size(); l++) {
      due.add(new ArrayList<>());
      incoming.add(new ArrayList<>());
    }
    for (int p : own) {
      if (Math.min(next[p], pendingMin[p]) < end) {
        due.get(laneOf[p]).add(p);
        incoming.get(laneOf[p]).add(pending[p]);
        pending[p] = new ArrayList<>();
        pendingMin[p] = Long.MAX_VALUE;
        wokenParts++;
      }
    }
    for (int l = 0; l < lanes.size(); l++) {
      if (!due.get(l).isEmpty()) {
        awaiting++;
        lanes.get(l).tell(new LaneCoordinator.RunLane(window, end, due.get(l), incoming.get(l)));
      }
    }
    return awaiting == 0 ? windowDoneHere() : this; // nothing of this member's is due
  }

  private Behavior<Command> finish(boolean hitDuration) {
    long total = 0;
    long last = 0;
    for (int p : own) {
      total += events[p];
      last = Math.max(last, lastEvent[p]);
    }
    done.complete(new EngineRun(ActorEngine.NAME, total, last, hitDuration,
        System.nanoTime() - wallStart, windows, wokenParts));
    return Behaviors.stopped();
  }

  private Behavior<Command> onPartFailed(PartFailed failed) {
    return fail(failed.message());
  }

  private Behavior<Command> onAbort(Abort abort) {
    done.completeExceptionally(new EngineAborted(abort.message() + " (seen by member " + abort.from() + ")"));
    return Behaviors.stopped();
  }

  private Behavior<Command> onMemberLost(MemberLost lost) {
    return fail(lost.who() + " during window " + window + " (at " + windowStart
        + " ps); the run cannot go on without its parts");
  }

  /** Ends the run here and on every other member. */
  private Behavior<Command> fail(String message) {
    if (peers != null && !share.alone()) {
      for (int m = 0; m < peers.size(); m++) {
        if (m != share.member()) {
          peers.get(m).tell(new Abort(share.member(), message));
        }
      }
    }
    done.completeExceptionally(new EngineAborted(message));
    return Behaviors.stopped();
  }

  private Behavior<Command> onWatchdogTick() {
    boolean waiting = awaiting > 0 || localDone;
    if (window == windowAtLastTick && waiting) {
      return fail("window " + window + " at " + windowStart + " ps did not finish within "
          + watchdog.toMillis() + " ms of wall-clock time; " + (awaiting > 0
              ? awaiting + " lane(s) of parts never reported"
              : "member(s) " + inbox.silent(window) + " never sent their end of it") + " (actors.watchdog)");
    }
    windowAtLastTick = window;
    return this;
  }
}
