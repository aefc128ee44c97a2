package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Shares a core's time among its processes: each step holds the core for its cost, and a process
 * that wants the core while it is held waits its turn, first come first served. A process polling
 * its status holds the core as one {@link PollRun}, turned back into single reads only when
 * another process wants the core.
 *
 * <p>Processes that poll in turn (each read ends in a {@code PollDone}, then a {@code CoreFree}
 * gives the core to the next in line) do nothing but pass the core round until something comes
 * from outside. So the two events of a read begun while others wait take their sequence numbers
 * when sent but are posted only if something else must happen at them: a read that will see its
 * completion, or a step other than a poll next in line. Until then the core {@link #catchUp works
 * them out} just before each event it is delivered, running the very code a delivered
 * {@code PollDone} and {@code CoreFree} run, and a {@link Core.Reminder} brings it back in time to
 * post the pair that must be handled. Every count, digest and fingerprint is as if each read were
 * delivered; only the engine's events are fewer.
 */
final class CoreSharing implements Serializable {
  private final Core core;
  private final TimingSpec timing;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private long freeAt;
  private boolean coreFreePending;
  // The process polling back to back without events, and its run; null when none.
  private UserProcess poller;
  private PollRun run;
  private long polls;
  private long pollPs;
  private long busyPs;
  // The read holding the core until readEnd, begun while others wait: its PollDone and the
  // CoreFree after it have their sequence numbers (-1: none, or posted) but are not posted yet.
  private UserProcess reader;
  private long readEnd;
  private long pollDoneSequence = -1;
  private long coreFreeSequence = -1;
  // The place in line the reader had before passOn gave it the core: passOn puts it back in line
  // with it, so that passing the core round allocates nothing (it was a fifth of a 64x64 run's
  // allocation, one object a read).
  private Waiting readerTurn;
  // The times of the reminders set and not yet come, earliest first.
  private long[] remindersAt = new long[4];
  private int reminders;
  private transient PollLine line;
  private transient Waiting[] turn; // passOnInTurn's line, kept so that it allocates nothing

  record Waiting(UserProcess process, Core.Step step) implements Serializable {}

  CoreSharing(Core core, TimingSpec timing) {
    this.core = core;
    this.timing = timing;
  }

  /** Whether {@code p} is polling in a run, so that its completion ends the run. */
  boolean isPoller(UserProcess p) {
    return p == poller;
  }

  /** The core is free again: the processes waiting for it take it in turn. */
  void onCoreFree() {
    coreFreePending = false;
    dispatch();
  }

  void requestCore(UserProcess p, Core.Step step) {
    if (poller != null && poller != p) {
      unroll(core.now());
    }
    if (freeAt <= core.now() && waiting.isEmpty()) {
      core.execute(p, step);
    } else {
      waiting.addLast(new Waiting(p, step));
      ensureCoreFreeEvent();
    }
  }

  private void dispatch() {
    while (!waiting.isEmpty() && freeAt <= core.now()) {
      Waiting w = waiting.pollFirst();
      if (poller != null) {
        unroll(core.now());
      }
      if (!w.process().isOver()) {
        core.execute(w.process(), w.step());
      }
    }
    if (!waiting.isEmpty()) {
      ensureCoreFreeEvent();
    }
  }

  private void ensureCoreFreeEvent() {
    if (!coreFreePending) {
      coreFreePending = true;
      if (pollDoneSequence >= 0 && coreFreeSequence < 0 && freeAt == readEnd) {
        coreFreeSequence = core.takeSequence(); // the read's pair: posted or worked out in settle()
      } else {
        core.send(core.id(), Math.max(0, freeAt - core.now()), Core.CoreFree.INSTANCE);
      }
    }
  }

  void hold(long ps) {
    freeAt = core.now() + ps;
    busyPs += ps;
  }

  /**
   * Starts a poll run: reads back to back from {@code after} picoseconds on, until one sees the
   * action complete or another process wants the core.
   */
  void poll(UserProcess p, long after) {
    p.state = UserProcess.State.POLLING;
    hold(after);
    poller = p;
    run = new PollRun(core.now(), core.now() + after,
        timing.mmioPs(), timing.pollIntervalPs());
    freeAt = run.readEnd(0);
    if (!waiting.isEmpty()) {
      unroll(core.now()); // others want the core already: poll one read at a time
      return;
    }
    Core.Completion c = p.seen;
    if (c != null && c.sequence() == p.actions) {
      scheduleObservation(p);
    }
  }

  /** The completion is in: the read that sees it ends the run. */
  void scheduleObservation(UserProcess p) {
    long k = run.firstReadEndingAfter(core.now());
    p.generation++;
    p.observingRead = k;
    core.send(core.id(), run.readEnd(k) - core.now(),
        new Core.Wake(p.index, Core.Wake.Reason.OBSERVED, p.generation));
  }

  void onObserved(UserProcess p, long generation) {
    if (p != poller || generation != p.generation) {
      return; // the run was unrolled before this read: its own reads will see the completion
    }
    countReads(p.observingRead + 1);
    poller = null;
    run = null;
    freeAt = core.now();
    core.seen(p);
  }

  /**
   * Another process wants the core at {@code t}: the poller's run becomes single reads again.
   * A read in progress finishes first (an explicit PollDone); a read not yet started waits its
   * turn behind the newcomer.
   */
  private void unroll(long t) {
    UserProcess p = poller;
    long k = run.readAt(t);
    p.generation++;
    if (observing(p) && run.readEnd(p.observingRead) <= t) {
      countReads(p.observingRead + 1); // that read has seen the completion, at this very instant
      freeAt = t;
      core.send(core.id(), 0, new Core.PollDone(p.index));
    } else if (run.holdsCoreAt(k, t)) {
      countReads(k + 1);
      freeAt = run.readEnd(k);
      post(); // one read at a time is begun per event; a pair left from before goes out first
      reader = p;
      readEnd = freeAt;
      pollDoneSequence = core.takeSequence(); // posted or worked out in settle()
    } else if (t < run.readStart(k + 1) && t >= run.readEnd(k)) {
      countReads(k + 1); // between two reads: the next one starts on time, if the core is free
      freeAt = t;
      core.send(core.id(), run.readStart(k + 1) - t,
          new Core.Wake(p.index, Core.Wake.Reason.REPOLL));
    } else {
      countReads(k); // read k is due right now: the newcomer goes first
      freeAt = t;
      core.send(core.id(), 0, new Core.Wake(p.index, Core.Wake.Reason.REPOLL));
    }
    poller = null;
    run = null;
  }

  // ---- reads in turn, worked out rather than delivered ----

  /**
   * The core's event has been handled. A read's pair whose sequence numbers were taken stays
   * unposted, with a reminder at the time of the first pair whose handling does more than pass
   * the core on (or at the run's end); it is posted only when reads in turn may not be skipped,
   * or at the run's end, so the engine sees the run go on past it.
   */
  void settle() {
    settle(core.now());
  }

  /** As {@link #settle()}, at {@code now}: a reminder's time, which sets no component's time. */
  private void settle(long now) {
    if (pollDoneSequence < 0 && coreFreeSequence < 0) {
      return;
    }
    if (!core.skipsPollTurns()) {
      post();
      return;
    }
    long passes = passesBeforeHandling();
    long due = passes < 0 ? Long.MAX_VALUE : readEnd + passes * timing.mmioPs();
    if (due > core.runEndPs() && now >= core.runEndPs()) {
      post();
    } else {
      remindAt(Math.min(due, core.runEndPs()));
    }
  }

  /**
   * Sets a reminder at {@code time} unless one comes sooner: that one takes stock again. So an
   * earlier stop sets one more reminder, and a later one none.
   */
  private void remindAt(long time) {
    if (reminders > 0 && remindersAt[0] <= time) {
      return;
    }
    if (reminders == remindersAt.length) {
      remindersAt = Arrays.copyOf(remindersAt, reminders * 2);
    }
    System.arraycopy(remindersAt, 0, remindersAt, 1, reminders++);
    remindersAt[0] = time;
    core.remindAt(time, Core.Reminder.INSTANCE);
  }

  /**
   * How many pairs the processes pass the core round with before one that must be handled at its
   * time: 0 when it is the pair pending now, -1 when none is until something comes from outside.
   * Pair k ends read k and gives the core to the next in line. It must be handled at its time when
   * it gives the core to a step other than a poll, which may send things out. A read that sees its
   * completion only puts its process back in line, to run its program, so it is worked out too,
   * unless the trace records it as it is seen.
   */
  private long passesBeforeHandling() {
    if (reader == null || pollDoneSequence < 0 || coreFreeSequence < 0 || poller != null
        || waiting.isEmpty()) {
      return 0;
    }
    if (line == null) {
      line = new PollLine();
    }
    return line.passes(reader, waiting, !core.recordsTrace());
  }

  static boolean passesOn(Waiting w) {
    return w.step() == Core.Step.POLL && !w.process().isOver();
  }

  /** Posts the pending pair whose sequence numbers were taken; the core handles it from now on. */
  private void post() {
    if (pollDoneSequence < 0 && coreFreeSequence < 0) {
      return;
    }
    if (pollDoneSequence >= 0) {
      core.postTaken(readEnd, pollDoneSequence, new Core.PollDone(reader.index));
      pollDoneSequence = -1;
    }
    if (coreFreeSequence >= 0) {
      core.postTaken(readEnd, coreFreeSequence, Core.CoreFree.INSTANCE);
      coreFreeSequence = -1;
    }
    reader = null;
  }

  /** A reminder has come, the earliest set: the core takes stock again. */
  void remind(long at) {
    System.arraycopy(remindersAt, 1, remindersAt, 0, --reminders);
    settle(at);
  }

  /**
   * Handles the unposted pair events whose keys come before {@code next}'s, each with the code
   * its delivered self runs. One that does more than pass the core on (a read that sees its
   * completion, the core given to a step other than a poll) is handled only at its own time:
   * what it sends then leaves exactly when a delivered one's would, and nothing the core was
   * delivered came after it. The reminder makes sure such a time is delivered.
   */
  void catchUp(Event next) {
    while (true) {
      if (passesOnBefore(next)) {
        passOn();
        if (passesOnBefore(next)) { // a line that turns no further is not copied for nothing
          passOnInTurn(next);
        }
      } else if (pollDoneSequence >= 0 && Event.before(readEnd, core.id(), pollDoneSequence, next)) {
        UserProcess p = reader;
        if (next.time() != readEnd && ((observing(p) && core.recordsTrace()) || p.isOver())) {
          throw skipped("the read in which " + p.name + " sees its completion");
        }
        core.handledUnposted(readEnd, pollDoneSequence, MessageKind.POLL_DONE);
        pollDoneSequence = -1;
        reader = null;
        core.onPollDone(p);
      } else if (pollDoneSequence < 0 && coreFreeSequence >= 0
          && Event.before(readEnd, core.id(), coreFreeSequence, next)) {
        Waiting w = waiting.peekFirst();
        if (next.time() != readEnd && (w == null || !passesOn(w) || waiting.size() < 2)) {
          throw skipped("a CoreFree that gives the core to "
              + (w == null ? "nobody" : w.process().name + " to " + w.step()));
        }
        core.handledUnposted(readEnd, coreFreeSequence, MessageKind.CORE_FREE);
        coreFreeSequence = -1;
        onCoreFree();
      } else {
        return;
      }
    }
  }

  /** Whether the pending pair only passes the core on, and both come before {@code next}. */
  private boolean passesOnBefore(Event next) {
    return pollDoneSequence >= 0 && coreFreeSequence >= 0 && !observing(reader)
        && Event.before(readEnd, core.id(), coreFreeSequence, next) && waiting.size() >= 1
        && passesOn(waiting.peekFirst());
  }

  /**
   * The pair that only passes the core on, handled as its delivered self would be, without the
   * detour through a {@link PollRun}: the reader goes to the back of the line, the first in line
   * begins a read of {@code mmio} (the code of onPollDone, requestCore, dispatch, poll and unroll,
   * for this one case).
   */
  private void passOn() {
    core.handledUnposted(readEnd, pollDoneSequence, MessageKind.POLL_DONE);
    core.handledUnposted(readEnd, coreFreeSequence, MessageKind.CORE_FREE);
    waiting.addLast(readerTurn != null && readerTurn.process() == reader ? readerTurn
        : new Waiting(reader, Core.Step.POLL));
    readerTurn = waiting.pollFirst();
    UserProcess p = readerTurn.process();
    p.state = UserProcess.State.POLLING;
    p.generation++;
    countReads(1);
    reader = p;
    readEnd += timing.mmioPs();
    freeAt = readEnd;
    pollDoneSequence = core.takeSequence();
    coreFreeSequence = core.takeSequence();
  }

  /**
   * Right after {@link #passOn}: the passes after it that come before {@code next}, while the line
   * turns as it is, handled at once. Each would run passOn's code again; only the pairs' digests
   * and keys need working out one by one, so the line is turned, and each process in it counted
   * its reads' start, in one go. The cores of a 64x64 torus passed the core on 77 million times in
   * 448 us of simulated time, two passes a delivered event.
   */
  private void passOnInTurn(Event next) {
    int k = waiting.size() + 1;
    if (turn == null || turn.length < k) { // none after a checkpoint's restore
      turn = new Waiting[2 * k];
    }
    turn[0] = readerTurn; // the line as it turns: the reader, back in line after its read, then the rest
    int q = 1;
    for (Waiting w : waiting) {
      turn[q++] = w;
    }
    long most = Long.MAX_VALUE;
    for (int j = 1; j <= k; j++) { // pass j ends the read of turn[j - 1] and gives the core to turn[j]
      if (observing(turn[j - 1].process()) || !passesOn(turn[j % k])) {
        most = j - 1;
        break;
      }
    }
    long mmio = timing.mmioPs();
    long passes = most == 0 ? 0 : core.handledUnpostedPairs(readEnd, mmio, pollDoneSequence, most, next,
        MessageKind.POLL_DONE, MessageKind.CORE_FREE);
    if (passes > 0) {
      turnLine(k, passes);
      countReads(passes);
      readEnd += passes * mmio;
      freeAt = readEnd;
      pollDoneSequence += 2 * passes;
      coreFreeSequence += 2 * passes;
    }
    Arrays.fill(turn, 0, k, null);
  }

  /** The line of {@code k} in {@link #turn} after {@code passes} passes: who reads now, and who waits. */
  private void turnLine(int k, long passes) {
    long rounds = passes / k; // one division, not one a process: a long division takes tens of cycles
    int now = (int) (passes - rounds * k);
    for (int q = 0; q < k; q++) { // pass j gives the core to turn[j % k]: rounds times, once more up to now
      long reads = q >= 1 && q <= now ? rounds + 1 : rounds;
      if (reads > 0) {
        UserProcess p = turn[q].process();
        p.state = UserProcess.State.POLLING;
        p.generation += reads;
      }
    }
    readerTurn = turn[now];
    reader = readerTurn.process();
    waiting.clear();
    for (int i = now + 1; i < k; i++) {
      waiting.addLast(turn[i]);
    }
    for (int i = 0; i < now; i++) {
      waiting.addLast(turn[i]);
    }
  }

  private IllegalStateException skipped(String what) {
    return new IllegalStateException(core.name() + " came to " + what + " after its time, with no"
        + " reminder to handle it then (a fault in skipping reads in turn)");
  }

  /** Whether the poller's current action has completed, so one of its reads will see it. */
  static boolean observing(UserProcess p) {
    return p.seen != null && p.seen.sequence() == p.actions;
  }

  private void countReads(long reads) {
    polls += reads;
    pollPs += reads * timing.mmioPs();
    busyPs += reads * timing.mmioPs();
  }

  long polls() {
    return polls;
  }

  long pollPs() {
    return pollPs;
  }

  long busyPs() {
    return busyPs;
  }
}
