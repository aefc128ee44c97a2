package io.ringfabric.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * How far a run has come, for a progress line: the simulated time its windows have reached and
 * the events handled so far. Engines add to it as they go (each lane its own share); whoever
 * shows it reads it from another thread. The one thing that goes the other way is a request to
 * stop (the user pressed Ctrl-C): the engines end the run at the end of the window they are in,
 * as when a program asks for the end, so what was done is reported whole.
 */
public final class Progress {
  /** Counts nothing: for runs nobody watches. */
  public static final Progress NONE = new Progress();

  public Progress() {}
  private final AtomicLong reachedPs = new AtomicLong();
  private final LongAdder events = new LongAdder();
  private volatile boolean stop;

  /** Events handled since the last call, and the simulated time the run has reached. */
  void add(long newEvents, long reached) {
    if (this == NONE) {
      return;
    }
    events.add(newEvents);
    reachedPs.accumulateAndGet(reached, Math::max);
  }

  /** The simulated time the run has reached, in picoseconds. */
  public long reachedPs() {
    return reachedPs.get();
  }

  /** Asks the run to end at the end of the window under way. */
  public void requestStop() {
    if (this != NONE) {
      stop = true;
    }
  }

  /** Whether the run was asked to end early. */
  public boolean stopRequested() {
    return stop;
  }

  /** Events handled so far. */
  public long events() {
    return events.sum();
  }
}
