package io.ringfabric.engine;

import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Event;
import io.ringfabric.model.Layout;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * Opens windows of simulated time, as wide as the lookahead, for the parts of one lane: a window
 * starts at the earliest event pending anywhere, so empty stretches are skipped, and only parts
 * with an event due in it are woken. Events that cross between parts travel with the window
 * reports and go out with the next window that is due for their part. The due parts of a window
 * run one after another, in id order, each opened when the one before has reported: a part's
 * turns then follow each other while its state is in the cache.
 *
 * <p>Where the parts have two colours, no two linked parts alike ({@link PartColours}: an even
 * torus, a mesh, a tree), a window opens only the parts of one colour, the next window the
 * other's, each up to a lookahead past where the last window ended (or past the window's start,
 * when nothing was due before it). A part so runs every other window, two lookaheads at a time:
 * half the turns, reports and first reads of its state for the same events. That is safe
 * because every part it shares a link with is of the other colour, at rest up to the last
 * window's end, so what those send it later lands at least a lookahead after that. The
 * windows are one lookahead wide and every part runs in each while a checkpoint is due (it
 * saves every part at one time) and when a failed program ends the run (at the end of its
 * window, as the reference engine ends it).
 *
 * <p>Every lane of every member has its own coordinator, on the lane's thread with its parts.
 * Only packets cross between parts, one link at a time, so a coordinator exchanges events only
 * with its neighbours: the coordinators running a part that shares a link with one of its own.
 * When its parts have finished a window, a coordinator other than coordinator 0 sends one
 * {@link Exchange} to each neighbour (the events for its parts, sent even when there are none, so
 * the receiver knows what to wait for) and one to coordinator 0, with the earliest time it knows
 * of (its parts' next events and every event it sent). Coordinator 0 waits for every other's,
 * then sends each its own end of the window, carrying the earliest time anywhere: the start of
 * the next window, which every coordinator opens once it also has its neighbours' ends. Messages
 * per window: two per coordinator for the agreement, two per pair of neighbours; none grow with
 * the square of the lanes. When every coordinator is every other's neighbour (two or three
 * members, most small runs) each already hears every other's earliest time, so none goes
 * through coordinator 0, and the window costs one message between threads each way. Between members this is also the flow control Pekko's remote transport
 * needs: nothing is sent ahead of what the other side has asked for by finishing its window.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {

  /** What the coordinator hears. */
  public interface Command {}

  /** The lane's parts exist, by part id. */
  public record Parts(Map<Integer, ActorRef<NodeActor.Command>> parts) implements Command {}

  /**
   * Every coordinator of the run, by index (this one included), and which parts each runs; start.
   *
   * @param neighbours the other coordinators that run a part sharing a link with one of this one's
   * @param relay whether the next window's start goes through coordinator 0 (else every
   *     coordinator is every other's neighbour, and each sends its end to all at once)
   * @param colours each part's colour ({@link PartColours}), by part id: the parts of one colour
   *     run a window, the other's the next; or null, every part every window
   */
  public record Peers(List<ActorRef<Command>> coordinators, Share share, List<Integer> neighbours,
      boolean relay, byte[] colours) implements Command {}

  /**
   * A part finished a window (or started), and its agenda comes back with the report: the
   * coordinator holds it until it opens the part's next window on it.
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
      List<Recorder.Entry> records, boolean endRun, Agenda.Handover agenda) implements Command {}

  /** A component of a part threw; {@code outOfMemory} if what it threw was the heap running out. */
  public record PartFailed(int part, String message, boolean outOfMemory) implements Command {}

  /**
   * One coordinator's end of a window, for another.
   *
   * @param next the earliest event the sender knows of: its parts' next events and every event it
   *     sent in the window, to anyone; from coordinator 0, the earliest anywhere
   * @param events the events for the receiver's parts
   * @param records trace records of the sender's parts (for coordinator 0, which writes the trace)
   * @param last whether this is the sender's last piece for the window (see {@link ExchangePieces})
   */
  public record Exchange(long window, int from, long next, boolean endRun, List<Event> events,
      List<Recorder.Entry> records, boolean last) implements Command {}

  /** Another coordinator aborted the run; {@code from} names it (see {@link #create}). */
  public record Abort(String from, String message) implements Command {}

  /** A member of the run left the cluster or cannot be reached; {@code who} names it. */
  public record MemberLost(String who) implements Command {}

  private enum WatchdogTick implements Command {
    INSTANCE
  }

  private final String name;
  private final Layout layout;
  private final long lookahead;
  private final long duration;
  private final Duration watchdog;
  private final CompletableFuture<EngineRun> done;
  private final TraceWriter trace; // null when the run is not traced here
  private final Progress progress;
  private final Checkpoints checkpoints;
  private long saveAt; // the first window opening at or after it is saved; then never again
  private long counted; // events of this lane's parts already added to progress
  private Progress.Lane counting; // the operations of this lane's parts, for progress
  private final TimerScheduler<Command> timers;
  private final List<Event>[] pending; // by part: events that came while its agenda was away
  private final Agenda[] agendas; // by part, held here between windows (taken from each report)
  private final long[] pendingMin;
  private final long[] next;
  private final long[] events;
  private final long[] lastEvent;
  private Share share;
  private List<Integer> own;
  private Map<Integer, ActorRef<NodeActor.Command>> parts;
  private List<Event>[] outbound; // by coordinator
  private WindowInbox inbox;
  private final List<Exchange> early = new ArrayList<>(); // from faster coordinators, before Peers
  private List<Recorder.Entry> forwarded = new ArrayList<>();
  private List<ActorRef<Command>> peers;
  private List<Integer> receivers; // the coordinators this one sends its end of every window to
  private boolean relay; // whether coordinator 0 answers the others' ends with the next start
  private byte[] colours; // by part, or null (see Peers)
  private long lastEnd = Long.MIN_VALUE; // the end of the last window: what every part not due in it is at
  private boolean localDone;
  private long announced;
  private long window;
  private long windowStart;
  private int awaiting;
  // This window's due parts, opened one at a time (see the class comment).
  private int[] due;
  private int dueCount;
  private int dueNext;
  private long dueEnd;
  private long windowAtLastTick = -1;
  private long wallStart;
  private long windows;
  private long wokenParts;
  private long exchanges; // pieces sent to other coordinators
  private boolean endRun;
  private boolean interrupted; // this coordinator ended the run because the user asked it to

  /**
   * @param name how messages name this coordinator: its lane, and in a cluster its member
   * @param trace where the run's trace goes, for coordinator 0 of a traced run; else null
   * @param done completed with the lane's share of the run, or with why it failed
   */
  public static Behavior<Command> create(String name, Layout layout, long lookahead, long duration,
      Duration watchdog, TraceWriter trace, Progress progress, Checkpoints checkpoints,
      CompletableFuture<EngineRun> done) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
        new Coordinator(ctx, timers, name, layout, lookahead, duration, watchdog, trace, progress, checkpoints,
            done)));
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // arrays of lists, by part or child
  private Coordinator(ActorContext<Command> ctx, TimerScheduler<Command> timers, String name,
      Layout layout, long lookahead, long duration, Duration watchdog, TraceWriter trace,
      Progress progress, Checkpoints checkpoints, CompletableFuture<EngineRun> done) {
    super(ctx);
    this.checkpoints = checkpoints;
    this.saveAt = checkpoints.saveAt();
    this.progress = progress;
    this.name = name;
    this.trace = trace;
    this.timers = timers;
    this.layout = layout;
    this.lookahead = lookahead;
    this.duration = duration;
    this.watchdog = watchdog;
    this.done = done;
    int n = layout.parts();
    pending = new List[n];
    agendas = new Agenda[n];
    pendingMin = new long[n];
    next = new long[n];
    events = new long[n];
    lastEvent = new long[n];
    for (int i = 0; i < n; i++) {
      pending[i] = new ArrayList<>();
      pendingMin[i] = Long.MAX_VALUE;
      next[i] = Long.MAX_VALUE;
    }
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(WindowDone.class, this::onWindowDone)
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
    parts = new TreeMap<>(message.parts());
    return peers != null ? begin() : this;
  }

  @SuppressWarnings({"unchecked", "rawtypes"}) // an array of lists, by coordinator
  private Behavior<Command> onPeers(Peers message) {
    peers = message.coordinators();
    share = message.share();
    own = share.parts();
    relay = message.relay();
    colours = message.colours();
    due = new int[own.size()];
    receivers = new ArrayList<>();
    for (int m = 0; m < share.holders(); m++) {
      if (m != share.holder() && (m == 0 || share.holder() == 0 || message.neighbours().contains(m))) {
        receivers.add(m);
      }
    }
    inbox = new WindowInbox(receivers);
    List<Exchange> before = List.copyOf(early);
    early.clear();
    for (Exchange x : before) {
      if (onExchange(x) != this) {
        return Behaviors.stopped(); // it failed the run
      }
    }
    outbound = new List[share.holders()];
    for (int m = 0; m < share.holders(); m++) {
      outbound[m] = new ArrayList<>();
    }
    return parts != null ? begin() : this;
  }

  /** Starts the lane's parts: window 0, in which components post their first events. */
  private Behavior<Command> begin() {
    if (!parts.keySet().equals(new TreeSet<>(own))) {
      return fail(name + " was given parts " + parts.keySet() + " but its share is "
          + own + " (a fault in how the run was built)");
    }
    wallStart = System.nanoTime();
    counting = progress.lane(own);
    timers.startTimerWithFixedDelay(WatchdogTick.INSTANCE, watchdog);
    for (ActorRef<NodeActor.Command> part : parts.values()) {
      awaiting++;
      part.tell(new NodeActor.Begin(getContext().getSelf()));
    }
    return awaiting == 0 ? windowDoneHere() : this;
  }

  private Behavior<Command> onWindowDone(WindowDone done) {
    record(done);
    if (dueNext < dueCount) {
      openPart(due[dueNext++]);
      return this;
    }
    return --awaiting == 0 ? windowDoneHere() : this;
  }

  /** What a part reported about the window it ran. */
  private void record(WindowDone w) {
    agendas[w.part()] = w.agenda().take(Agenda.COORDINATOR);
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
        outbound[share.holderOf()[p]].add(e);
      }
    }
  }

  /**
   * An event for one of this lane's parts. A part at rest (its agenda held here, as every part's
   * is but the one under way, once the parts have started) takes it into its queue at once: kept
   * in a list until its next window, it was read from cold memory twice more, a cost that grows
   * with the machine.
   */
  private void addPending(int part, Event e) {
    Agenda agenda = agendas[part];
    if (agenda != null && agenda.holder() == Agenda.COORDINATOR) {
      agenda.deliver(Agenda.COORDINATOR, e);
    } else {
      pending[part].add(e);
    }
    pendingMin[part] = Math.min(pendingMin[part], e.time());
  }

  /**
   * This lane's parts have finished the window: tell the coordinators that wait for it (coordinator
   * 0, when it relays, does once it has heard from everyone, see {@link #advance}), then wait for theirs.
   */
  private Behavior<Command> windowDoneHere() {
    localDone = true;
    if (progress.stopRequested() && !endRun) { // asked here; the ends carry it to every coordinator
      endRun = true;
      interrupted = true;
    }
    announced = earliestHere();
    if (!share.alone() && (share.holder() != 0 || !relay)) {
      for (int m = 0; m < share.holders(); m++) {
        if (!receivers.contains(m) && !outbound[m].isEmpty()) {
          return strayEvent(m);
        }
      }
      sendEnds(announced);
    }
    return advance();
  }

  /** This coordinator's end of the window to each that waits for it, with {@code next}. */
  private void sendEnds(long next) {
    for (int m : receivers) {
      for (Exchange piece : ExchangePieces.split(window, share.holder(), next, endRun,
          outbound[m], m == 0 ? forwarded : List.of())) {
        peers.get(m).tell(piece);
        exchanges++;
      }
      outbound[m] = new ArrayList<>();
    }
    forwarded = new ArrayList<>();
  }

  private Behavior<Command> strayEvent(int coordinator) {
    Event e = outbound[coordinator].get(0);
    return fail(name + " has an event at " + e.time() + " ps for part " + layout.partOf(e.target())
        + " of coordinator " + coordinator + ", whose parts share no link with its own (a fault in the model)");
  }

  /** The earliest event this coordinator knows of: its parts' own, their pending ones, and all it sent. */
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
    if (inbox == null) { // another coordinator heard of its peers first and has finished window 0
      early.add(x);
      return this;
    }
    if (!inbox.expects(x.from())) {
      return fail("coordinator " + x.from() + " sent its end of window " + x.window() + " to " + name
          + ", which waits only for " + inbox.senders() + " (a fault in the window protocol)");
    }
    if (x.window() < window || x.window() > window + 1) {
      return fail("coordinator " + x.from() + " sent its end of window " + x.window()
          + " while " + name + " (coordinator " + share.holder() + ") is at window " + window + " (a fault in the window protocol)");
    }
    inbox.add(x);
    return advance();
  }

  /**
   * Opens the next window once this lane's parts and every coordinator it waits for are done with
   * this one. The start is the least time any end carried: the earliest of all, heard from every
   * coordinator directly, or (when coordinator 0 relays) the one coordinator 0 sent, which no
   * neighbour's can be below.
   */
  private Behavior<Command> advance() {
    if (!localDone || !inbox.complete(window)) {
      return this;
    }
    long start = announced;
    List<Exchange> ends = inbox.take(window);
    for (Exchange x : ends) {
      start = Math.min(start, x.next());
      endRun |= x.endRun();
    }
    if (share.holder() == 0 && !share.alone() && relay) {
      sendEnds(start);
    }
    for (Exchange x : ends) {
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
    if (start >= saveAt) {
      save(start);
    }
    // Once no checkpoint is due, the colours take turns: see the class comment.
    boolean byColour = colours != null && saveAt == Long.MAX_VALUE;
    long end = Math.min((byColour ? Math.max(lastEnd, start) : start) + lookahead, duration + 1);
    lastEnd = end;
    if (trace != null) {
      trace.flushUpTo(start); // nothing handled from now on can record anything earlier
    }
    window++;
    windows++;
    windowStart = start;
    countProgress(start);
    dueCount = 0;
    dueNext = 0;
    dueEnd = end;
    int colour = (int) (window & 1);
    for (int p : own) {
      if ((!byColour || colours[p] == colour) && Math.min(next[p], pendingMin[p]) < end) {
        due[dueCount++] = p;
      }
    }
    if (dueCount == 0) {
      return windowDoneHere(); // nothing of this lane's is due
    }
    awaiting = 1;
    openPart(due[dueNext++]);
    return this;
  }

  /** Opens part {@code p}'s window, with the events that came for it. */
  private void openPart(int p) {
    wokenParts++;
    agendas[p].open(window, dueEnd, pending[p]);
    agendas[p].passOn(Agenda.COORDINATOR);
    if (!pending[p].isEmpty()) {
      pending[p] = new ArrayList<>();
    }
    pendingMin[p] = Long.MAX_VALUE;
  }

  /** Hands this lane's parts, at rest between windows, to the checkpoint. */
  private void save(long start) {
    saveAt = Long.MAX_VALUE;
    for (int p : own) {
      List<Event> all = agendas[p].pending(Agenda.COORDINATOR);
      all.addAll(pending[p]);
      checkpoints.save(start, p, all);
    }
  }

  /** Adds what this lane's parts handled since the last window to the run's progress. */
  private void countProgress(long reached) {
    if (progress == Progress.NONE) {
      return;
    }
    long total = 0;
    for (int p : own) {
      total += events[p];
    }
    progress.add(total - counted, reached);
    counted = total;
    counting.count();
  }

  private Behavior<Command> finish(boolean hitDuration) {
    long total = 0;
    long last = 0;
    for (int p : own) {
      total += events[p];
      last = Math.max(last, lastEvent[p]);
    }
    countProgress(last);
    if (counting != null) {
      counting.end();
    }
    done.complete(new EngineRun(ActorEngine.NAME, total, last, hitDuration,
        System.nanoTime() - wallStart, 0, windows, wokenParts, exchanges, interrupted));
    return Behaviors.stopped();
  }

  private Behavior<Command> onPartFailed(PartFailed failed) {
    return fail(failed.outOfMemory() ? new EngineAborted.OutOfMemory(failed.message())
        : new EngineAborted(failed.message()));
  }

  private Behavior<Command> onAbort(Abort abort) {
    done.completeExceptionally(new EngineAborted.Echo(abort.message() + " (seen by " + abort.from() + ")"));
    return Behaviors.stopped();
  }

  private Behavior<Command> onMemberLost(MemberLost lost) {
    return fail(lost.who() + " during window " + window + " (at " + windowStart
        + " ps); the run cannot go on without its parts");
  }

  /** Ends the run here and at every other coordinator. */
  private Behavior<Command> fail(String message) {
    return fail(new EngineAborted(message));
  }

  private Behavior<Command> fail(EngineAborted failure) {
    String message = failure.getMessage();
    done.completeExceptionally(failure);
    if (peers != null && !share.alone()) {
      for (int m = 0; m < peers.size(); m++) {
        if (m != share.holder()) {
          peers.get(m).tell(new Abort(name, message));
        }
      }
    }
    return Behaviors.stopped();
  }

  private Behavior<Command> onWatchdogTick() {
    boolean waiting = awaiting > 0 || localDone;
    if (window == windowAtLastTick && waiting) {
      return fail("window " + window + " at " + windowStart + " ps did not finish within "
          + watchdog.toMillis() + " ms of wall-clock time; " + (awaiting > 0
              ? unreported(name, awaiting, dueCount == 0 ? -1 : due[dueNext - 1], dueCount - dueNext)
              : "coordinator(s) " + inbox.silent(window) + " never sent their end of it") + " (actors.watchdog)");
    }
    windowAtLastTick = window;
    return this;
  }

  /**
   * Which parts a stalled window waits for: the one open, when the lane's due parts run one after
   * another ({@code open} >= 0), with how many queued behind it; else the count woken at once.
   */
  static String unreported(String lane, int awaiting, int open, int queued) {
    if (open < 0) {
      return awaiting + " part(s) of " + lane + " never reported";
    }
    return "part " + open + " of " + lane + " never reported"
        + (queued > 0 ? " (" + queued + " more of its parts were waiting their turn)" : "");
  }
}
