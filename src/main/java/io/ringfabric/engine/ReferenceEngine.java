package io.ringfabric.engine;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.EventSink;
import io.ringfabric.model.Layout;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The reference engine: one thread, no actors. It handles each part's events in key order from a
 * queue of its own. A part may handle its events up to a lookahead (the least delay between nodes)
 * past the time every part it shares a link with has handled its own up to: nothing those parts
 * send it later can land sooner. So every component sees its events in the order one queue for
 * the whole machine would give them, whatever order the parts are taken in.
 *
 * <p>The engine sweeps the parts in id order, each sweep starting at the earliest pending event
 * and taking every part {@code runAhead} lookaheads on; to take a part that far, it first takes
 * the parts it shares a link with as far as that needs, and theirs, one lookahead less at each
 * step. With one lookahead a sweep is the actor engine's window. With more, a big machine's sweep
 * is a wave through it: a part is taken several times while its state is still in the cache, not
 * once per window after every other part has pushed it out. A queue per part, not one for all,
 * does the same for the events: with one queue, consecutive events belonged to nodes far apart
 * in memory. Sweeps are one lookahead wide while a checkpoint is due (it is saved at the first
 * window boundary at or after its time, as the actor engine saves it), while each window's work is
 * counted, and when a failed program ends the run (at the end of its window, as on the actors).
 *
 * <p>A component that throws (a model bug, or a switch that finds the fabric deadlocked) leaves
 * its part as it was; the other parts go on to that moment (none goes further; those the sweep
 * had taken past it stay where they are), and the run fails with the earliest failure in key
 * order, whichever part got there first. A send to a part that shares no link with the sender's
 * ends the run too: the sweep relies on links being the only way between parts.
 * It exists to check the actor engine against and to measure what the actors cost.
 */
public final class ReferenceEngine {
  public static final String NAME = "reference";

  private ReferenceEngine() {}

  /** Runs until no event is left or the next one is past {@code durationPs}. */
  public static EngineRun run(Machine machine, long durationPs) {
    return run(machine, durationPs, null, Progress.NONE);
  }

  /** Runs the machine; its components' trace records go to {@code trace} (null: no trace). */
  public static EngineRun run(Machine machine, long durationPs, TraceWriter trace, Progress progress) {
    return run(machine, durationPs, trace, progress, null);
  }

  /** As {@link #run(Machine, long, TraceWriter, Progress)}, counting each window's work in {@code work} (null: not). */
  public static EngineRun run(Machine machine, long durationPs, TraceWriter trace, Progress progress,
      WindowWork work) {
    return run(machine, durationPs, Scenario.ReferenceSpec.defaults().runAhead(), trace, progress, work,
        Checkpoints.NONE);
  }

  /**
   * As {@link #run(Machine, long, TraceWriter, Progress, WindowWork)}, each sweep taking the parts
   * {@code runAhead} lookaheads on, saving or continuing a checkpoint as {@code checkpoints} says.
   */
  public static EngineRun run(Machine machine, long durationPs, int runAhead, TraceWriter trace,
      Progress progress, WindowWork work, Checkpoints checkpoints) {
    return new Sweeps(machine, machine.components(), durationPs, runAhead, trace, progress, work, checkpoints).run();
  }

  /** Runs {@code components} in place of the machine's own (a test's stand-ins among them). */
  static EngineRun run(Machine machine, Component[] components, long durationPs, int runAhead) {
    return new Sweeps(machine, components, durationPs, runAhead, null, Progress.NONE, null, Checkpoints.NONE).run();
  }

  /** One run's queues, by part, and where it is. */
  private static final class Sweeps implements EventSink {
    private final Layout layout;
    private final long durationPs;
    private final int runAhead;
    private final boolean endsOnError;
    private final int[][] linkedParts; // by part, the only parts that can send it events
    private final TraceWriter trace;
    private final Progress progress;
    private final WindowWork work;
    private final Checkpoints checkpoints;
    private final long lookahead;
    private final Component[] components;
    private final EventQueue[] queues; // by part
    private final long[] next; // by part: its earliest pending event, or Long.MAX_VALUE
    private final long[] handledTo; // by part: its events before this time are handled
    private final boolean[] failed; // by part: one of its components threw; it is left as it was
    private ModelFailure failure; // the earliest so far, in the key order of the events that caused them
    private Event failedAt;
    private long failureCap = Long.MAX_VALUE; // once one has failed: the others go on to its time
    private int current = -1; // the part being handled, or -1
    private long now; // the time of the event being handled
    private long sweepStart; // no event anywhere is earlier
    private long events;
    private long last;

    Sweeps(Machine machine, Component[] components, long durationPs, int runAhead, TraceWriter trace,
        Progress progress, WindowWork work, Checkpoints checkpoints) {
      if (runAhead < 1) {
        throw new IllegalArgumentException("run-ahead " + runAhead + ": at least 1 lookahead");
      }
      machine.shareSeries(Share.whole(machine.layout().parts()).parts()); // one thread runs them all
      this.layout = machine.layout();
      this.checkpoints = checkpoints;
      this.durationPs = durationPs;
      this.runAhead = runAhead;
      this.endsOnError = machine.spec().endRunOnProgramError();
      this.linkedParts = Share.linkedParts(machine.topology(), layout);
      this.trace = trace;
      this.progress = progress;
      this.work = work;
      this.lookahead = machine.leastDelays().betweenNodes();
      this.components = components;
      this.queues = new EventQueue[layout.parts()];
      this.next = new long[layout.parts()];
      this.handledTo = new long[layout.parts()];
      this.failed = new boolean[layout.parts()];
      for (int p = 0; p < queues.length; p++) {
        queues[p] = new EventQueue(8);
        next[p] = Long.MAX_VALUE;
      }
    }

    @Override
    public void post(Event e) {
      int part = layout.partOf(e.target());
      if (part != current && current >= 0) {
        if (e.time() - now < lookahead) {
          throw new IllegalStateException("sent " + e.kind() + " to part " + part + " at " + e.time()
              + " ps, " + (e.time() - now) + " ps after the event it handled: sooner than the "
              + lookahead + " ps between nodes that the engines rely on (LeastDelays)");
        }
        if (!linked(current, part)) { // a part goes only as far as the parts linked to it allow
          throw new IllegalStateException("sent " + e.kind() + " to part " + part + ", which shares no"
              + " link with part " + current + ": only packets and their credits cross between parts,"
              + " one link at a time (Share.linkedParts)");
        }
      }
      queues[part].add(e);
      next[part] = Math.min(next[part], e.time());
    }

    /** This thread's CPU time so far, or 0 where the JVM cannot tell it. */
    private static long cpuNanos() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
    }

    private boolean linked(int from, int to) {
      for (int q : linkedParts[from]) {
        if (q == to) {
          return true;
        }
      }
      return false;
    }

    EngineRun run() {
      for (Component c : components) {
        c.attach(this);
        c.runUntil(durationPs);
      }
      progress.pace();
      long wallStart = System.nanoTime();
      long cpuStart = cpuNanos();
      if (checkpoints.resumes()) {
        resume();
      } else {
        for (Component c : components) {
          c.start();
        }
      }
      progress.counting(layout, components);
      Progress.Lane counting = progress.lane(Share.whole(layout.parts()).parts());
      long stop = durationPs == Long.MAX_VALUE ? Long.MAX_VALUE : durationPs + 1; // events up to the duration, inclusive
      long saveAt = checkpoints.saveAt();
      boolean hitDuration = false;
      boolean endRun = false;
      boolean interrupted = false;
      long start;
      while (!endRun && (start = earliest()) != Long.MAX_VALUE && start < failureCap) {
        if (start > durationPs) {
          hitDuration = true;
          break;
        }
        if (start >= saveAt) {
          save(start);
          saveAt = Long.MAX_VALUE;
        }
        sweepStart = start;
        int ahead = saveAt != Long.MAX_VALUE || work != null || endsOnError ? 1 : runAhead;
        long end = Math.min(Math.min(start, Long.MAX_VALUE - ahead * lookahead) + ahead * lookahead,
            Math.min(stop, failureCap));
        for (int p = 0; p < queues.length; p++) {
          endRun |= advance(p, end);
        }
        current = -1;
        if (work != null) {
          work.windowEnds();
        }
        counting.count();
        progress.pace();
        if (progress.stopRequested()) {
          interrupted = !endRun;
          endRun = true;
        }
      }
      if (failure != null) {
        throw failure;
      }
      if (trace != null) {
        collect();
      }
      progress.add(events & 4095, last);
      counting.end();
      return new EngineRun(NAME, events, last, hitDuration, System.nanoTime() - wallStart, cpuNanos() - cpuStart,
          interrupted);
    }

    /** Takes up a saved run: its components are restored, and their pending events are posted again. */
    private void resume() {
      for (Component c : components) {
        events += c.eventsDelivered();
        last = Math.max(last, c.lastEventPs());
      }
      for (int p = 0; p < queues.length; p++) {
        for (Event e : checkpoints.pending(p)) {
          post(e);
        }
      }
    }

    private void save(long start) {
      for (int p = 0; p < queues.length; p++) {
        checkpoints.save(start, p, queues[p].snapshot());
      }
    }

    private long earliest() {
      long earliest = Long.MAX_VALUE;
      for (long t : next) {
        earliest = Math.min(earliest, t);
      }
      return earliest;
    }

    /**
     * Handles part {@code p}'s events before {@code end}, first those of the parts it shares a link
     * with as far as that needs (a lookahead less); whether a component asks to end the run.
     */
    private boolean advance(int p, long to) {
      long end = Math.min(to, failureCap);
      if (handledTo[p] >= end || failed[p]) {
        return false;
      }
      boolean endRun = false;
      long need = end - lookahead;
      if (need > sweepStart) { // else every part is there: nothing is pending sooner
        for (int q : linkedParts[p]) {
          if (handledTo[q] < need) {
            endRun |= advance(q, need);
          }
        }
      }
      end = Math.min(end, failureCap); // a linked part may have failed meanwhile: go no further than its failure
      if (next[p] < end) {
        endRun |= handle(p, end);
      }
      handledTo[p] = end;
      return endRun;
    }

    /** Handles part {@code p}'s events before {@code end}; whether one of its components asks to end the run. */
    private boolean handle(int p, long end) {
      current = p;
      EventQueue queue = queues[p];
      boolean endRun = false;
      while (queue.firstTime() < end) {
        Event e = queue.poll();
        if (work != null) {
          work.count(e.target());
        }
        now = e.time();
        Component target = components[e.target()];
        try {
          target.deliver(e);
        } catch (OutOfMemoryError full) {
          throw full; // not the model's fault: the machine is too big for the heap
        } catch (RuntimeException | Error thrown) { // Errors too: a model bug must name its place
          failed(p, e, new ModelFailure(target, e, thrown));
          return endRun;
        }
        last = Math.max(last, target.lastEventPs()); // a reminder is none, the events it worked out are
        endRun |= target.endsRun(); // a failed program ends the run: finish this window, then stop
        if ((++events & 4095) == 0) {
          progress.add(4096, e.time());
          if (trace != null) {
            collect();
            trace.flushUpTo(sweepStart); // nothing handled from now on can record anything earlier
          }
        }
      }
      next[p] = queue.firstTime();
      return endRun;
    }

    /**
     * Part {@code p} failed handling {@code e}: it is left as it is, and the others go on only to
     * {@code e}'s time, where an earlier failure, if one comes, is the one the run ends with.
     */
    private void failed(int p, Event e, ModelFailure f) {
      failed[p] = true;
      next[p] = Long.MAX_VALUE;
      if (failedAt == null || e.before(failedAt)) {
        failure = f;
        failedAt = e;
        failureCap = e.time() + 1;
      }
    }

    private void collect() {
      for (Component c : components) {
        trace.add(Recorder.drain(c.recorder()));
      }
    }
  }
}
