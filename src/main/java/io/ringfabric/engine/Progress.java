package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Core;
import io.ringfabric.model.Layout;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * How far a run has come, for a progress line: the simulated time its windows have reached and
 * the events handled so far. Engines add to it as they go (each lane its own share); whoever
 * shows it reads it from another thread. The one thing that goes the other way is a request to
 * stop (the user pressed Ctrl-C): the engines end the run at the end of the window they are in,
 * as when a program asks for the end, so what was done is reported whole.
 *
 * <p>A run may end before its duration, when its processes are done: so the engines also count
 * the operations the processes said they would issue, and those issued. Each lane reads its own
 * parts between windows, when they are at rest on its thread, and only when the watcher asked
 * ({@link #ask}), so an unwatched run pays one volatile read a window.
 */
public final class Progress {
  /** Counts nothing: for runs nobody watches. */
  public static final Progress NONE = new Progress();
  private static final Lane QUIET = NONE.new Lane();

  private final Runnable pace; // null: none
  private final AtomicLong reachedPs = new AtomicLong();
  private final LongAdder events = new LongAdder();
  private volatile boolean stop;
  private final LongAdder plannedOps = new LongAdder();
  private final LongAdder issuedOps = new LongAdder();
  private final AtomicLong asked = new AtomicLong(); // bumped by the watcher: each lane counts once per bump
  private final AtomicInteger lanes = new AtomicInteger(); // lanes counting, less those that ended
  private volatile boolean laneStarted;
  private volatile Layout layout;
  private volatile Component[] components;

  public Progress() {
    this(null);
  }

  /**
   * A run paced by {@code pace}: the reference engine's thread calls it once before it starts its
   * clocks and then between windows, and it may wait there ({@code bench --series --lockstep} hands
   * the CPU from one run to another that way). Time spent waiting is no CPU time of the run's.
   */
  public Progress(Runnable pace) {
    this.pace = pace;
  }

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

  /** Operations the processes said they would issue (those that say), as far as the lanes have counted. */
  public long plannedOps() {
    return plannedOps.sum();
  }

  /** Of {@link #plannedOps}, those issued when the lanes last counted. */
  public long issuedOps() {
    return issuedOps.sum();
  }

  /** The watcher asks each lane to count its operations again at its next chance. */
  public void ask() {
    asked.incrementAndGet();
  }

  /** Whether every lane that counted has come to the end of the run (the run was not cut short by a failure). */
  public boolean ended() {
    return laneStarted && lanes.get() == 0;
  }

  /** For the reference engine: before it starts its clocks, and between windows. */
  void pace() {
    if (pace != null) {
      pace.run();
    }
  }

  /** For engines, before their lanes start: the machine the lanes count the operations of. */
  void counting(Layout layout, Component[] components) {
    this.layout = layout;
    this.components = components;
  }

  /** For engines: the lane that runs {@code parts} starts counting their operations. */
  Lane lane(List<Integer> parts) {
    return this == NONE || components == null ? QUIET : new Lane(parts);
  }

  /** What one lane counts of its parts' operations; used only on the lane's thread. */
  class Lane {
    private final int[] cores; // component ids of the lane's cores
    private long counted; // operations of this lane already added
    private long seen = -1; // the watcher's last question this lane answered

    private Lane() {
      cores = new int[0];
    }

    private Lane(List<Integer> parts) {
      int perNode = layout.cores();
      int n = 0;
      int[] ids = new int[parts.size() * perNode];
      for (int p : parts) {
        for (int c = 0; p < layout.nodes() && c < perNode; c++) {
          ids[n++] = layout.core(p, c);
        }
      }
      cores = Arrays.copyOf(ids, n);
      long planned = 0;
      for (int id : cores) {
        planned += components[id] instanceof Core core ? core.plannedOps() : 0;
      }
      plannedOps.add(planned);
      lanes.incrementAndGet();
      laneStarted = true;
    }

    /** Between windows: counts the lane's operations if the watcher asked since the last time. */
    void count() {
      long question = asked.get();
      if (question != seen) {
        seen = question;
        add();
      }
    }

    /** At the run's end: counts them one last time. */
    void end() {
      if (this != QUIET) {
        add();
        lanes.decrementAndGet();
      }
    }

    private void add() {
      long issued = 0;
      for (int id : cores) { // looked up each time: a continued run's parts replace the fresh ones
        issued += components[id] instanceof Core core ? core.issuedOps() : 0;
      }
      issuedOps.add(issued - counted);
      counted = issued;
    }
  }
}
