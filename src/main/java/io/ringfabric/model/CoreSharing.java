package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayDeque;

/**
 * Shares a core's time among its processes: each step holds the core for its cost, and a process
 * that wants the core while it is held waits its turn, first come first served. A process polling
 * its status holds the core as one {@link PollRun}, turned back into single reads only when
 * another process wants the core.
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

  private record Waiting(UserProcess process, Core.Step step) implements Serializable {}

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
      core.send(core.id(), Math.max(0, freeAt - core.now()), Core.CoreFree.INSTANCE);
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
      core.send(core.id(), freeAt - t, new Core.PollDone(p.index));
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

  /** Whether the poller's current action has completed, so one of its reads will see it. */
  private static boolean observing(UserProcess p) {
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
