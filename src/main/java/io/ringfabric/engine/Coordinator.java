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
 * Opens windows of simulated time, as wide as the lookahead, for the parts of the machine: a
 * window starts at the earliest event pending anywhere, so empty stretches are skipped, and only
 * parts with an event due in it are woken. Events that cross between parts travel with the
 * window reports and go out with the next window that is due for their part.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {

  /** What the coordinator hears. */
  public interface Command {}

  /**
   * The parts exist, each on a lane with its lane coordinator; start them.
   *
   * @param laneOf the lane of each part
   */
  public record Parts(List<ActorRef<NodeActor.Command>> parts, List<ActorRef<Command>> lanes, int[] laneOf)
      implements Command {}

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

  private enum WatchdogTick implements Command {
    INSTANCE
  }

  private final Layout layout;
  private final long lookahead;
  private final long duration;
  private final Duration watchdog;
  private final CompletableFuture<EngineRun> done;
  private final TraceWriter trace; // null when the run is not traced
  private final TimerScheduler<Command> timers;
  private List<ActorRef<NodeActor.Command>> parts;
  private List<ActorRef<Command>> lanes;
  private int[] laneOf;
  private List<Event>[] pending;
  private long[] pendingMin;
  private long[] next;
  private long[] events;
  private long[] lastEvent;
  private long window;
  private long windowStart;
  private int awaiting;
  private long windowAtLastTick = -1;
  private long wallStart;
  private long windows;
  private long wokenParts;
  private boolean endRun;

  public static Behavior<Command> create(Layout layout, long lookahead, long duration,
      Duration watchdog, TraceWriter trace, CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(
        timers -> new Coordinator(ctx, timers, layout, lookahead, duration, watchdog, trace, done)));
  }

  private Coordinator(ActorContext<Command> ctx, TimerScheduler<Command> timers, Layout layout,
      long lookahead, long duration, Duration watchdog, TraceWriter trace,
      CompletableFuture<EngineRun> done) {
    super(ctx);
    this.trace = trace;
    this.timers = timers;
    this.layout = layout;
    this.lookahead = lookahead;
    this.duration = duration;
    this.watchdog = watchdog;
    this.done = done;
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(LaneCoordinator.LaneDone.class, this::onLaneDone)
        .onMessage(Parts.class, this::onParts)
        .onMessage(PartFailed.class, this::onPartFailed)
        .onMessageEquals(WatchdogTick.INSTANCE, this::onWatchdogTick)
        .build();
  }

  @SuppressWarnings("unchecked")
  private Behavior<Command> onParts(Parts message) {
    parts = message.parts();
    lanes = message.lanes();
    laneOf = message.laneOf();
    int n = parts.size();
    pending = new List[n];
    pendingMin = new long[n];
    next = new long[n];
    events = new long[n];
    lastEvent = new long[n];
    for (int i = 0; i < n; i++) {
      pending[i] = new ArrayList<>();
      pendingMin[i] = Long.MAX_VALUE;
    }
    wallStart = System.nanoTime();
    timers.startTimerWithFixedDelay(WatchdogTick.INSTANCE, watchdog);
    boolean[] used = new boolean[lanes.size()];
    for (int p = 0; p < n; p++) {
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
    if (--awaiting == 0) {
      return openWindow();
    }
    return this;
  }

  /** What a part reported about the window it ran. */
  private void record(WindowDone w) {
    next[w.part()] = w.next();
    events[w.part()] = w.events();
    lastEvent[w.part()] = w.lastEventTime();
    if (trace != null) {
      trace.add(w.records());
    }
    endRun |= w.endRun();
    for (Event e : w.outgoing()) {
      int p = layout.partOf(e.target());
      pending[p].add(e);
      pendingMin[p] = Math.min(pendingMin[p], e.time());
    }
  }

  private Behavior<Command> openWindow() {
    if (endRun) {
      return finish(false);
    }
    long start = Long.MAX_VALUE;
    for (int p = 0; p < parts.size(); p++) {
      start = Math.min(start, Math.min(next[p], pendingMin[p]));
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
    for (int p = 0; p < parts.size(); p++) {
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
    return this;
  }

  private Behavior<Command> finish(boolean hitDuration) {
    long total = 0;
    long last = 0;
    for (int p = 0; p < parts.size(); p++) {
      total += events[p];
      last = Math.max(last, lastEvent[p]);
    }
    done.complete(new EngineRun(ActorEngine.NAME, total, last, hitDuration,
        System.nanoTime() - wallStart, windows, wokenParts));
    return Behaviors.stopped();
  }

  private Behavior<Command> onPartFailed(PartFailed failed) {
    done.completeExceptionally(new EngineAborted(failed.message()));
    return Behaviors.stopped();
  }

  private Behavior<Command> onWatchdogTick() {
    if (window == windowAtLastTick && awaiting > 0) {
      done.completeExceptionally(new EngineAborted("window " + window + " at " + windowStart
          + " ps did not finish within " + watchdog.toMillis() + " ms of wall-clock time; "
          + awaiting + " lane(s) of parts never reported (actors.watchdog)"));
      return Behaviors.stopped();
    }
    windowAtLastTick = window;
    return this;
  }
}
