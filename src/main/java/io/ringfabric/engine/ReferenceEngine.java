package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.EventSink;
import io.ringfabric.model.Layout;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceWriter;

/**
 * The reference engine: one thread, no actors. It opens the actor engine's windows of simulated
 * time, as wide as the least delay between nodes, each starting at the earliest pending event;
 * in each it takes the parts with events due in id order and handles each part's events in key
 * order up to the window's end. Nothing one part sends another can land inside the window, so
 * every component sees its events in the order one queue for the whole machine would give them.
 * A queue per part instead of one for all keeps a part's events and state together in the cache:
 * with one queue, a big machine's consecutive events belonged to nodes far apart in memory.
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
    return run(machine, durationPs, trace, progress, work, Checkpoints.NONE);
  }

  /** As {@link #run(Machine, long, TraceWriter, Progress, WindowWork)}, saving or continuing a checkpoint as {@code checkpoints} says. */
  public static EngineRun run(Machine machine, long durationPs, TraceWriter trace, Progress progress,
      WindowWork work, Checkpoints checkpoints) {
    return new Windows(machine, machine.components(), durationPs, trace, progress, work, checkpoints).run();
  }

  /** Runs {@code components} in place of the machine's own (a test's stand-ins among them). */
  static EngineRun run(Machine machine, Component[] components, long durationPs) {
    return new Windows(machine, components, durationPs, null, Progress.NONE, null, Checkpoints.NONE).run();
  }

  /** One run's queues, by part, and where it is. */
  private static final class Windows implements EventSink {
    private final Layout layout;
    private final long durationPs;
    private final TraceWriter trace;
    private final Progress progress;
    private final WindowWork work;
    private final Checkpoints checkpoints;
    private final long lookahead;
    private final Component[] components;
    private final EventQueue[] queues; // by part
    private final long[] next; // by part: its earliest pending event, or Long.MAX_VALUE
    private int current = -1; // the part being handled, or -1
    private long windowStart;
    private long windowEnd = Long.MIN_VALUE;
    private long events;
    private long last;

    Windows(Machine machine, Component[] components, long durationPs, TraceWriter trace,
        Progress progress, WindowWork work, Checkpoints checkpoints) {
      this.layout = machine.layout();
      this.checkpoints = checkpoints;
      this.durationPs = durationPs;
      this.trace = trace;
      this.progress = progress;
      this.work = work;
      this.lookahead = machine.leastDelays().betweenNodes();
      this.components = components;
      this.queues = new EventQueue[layout.parts()];
      this.next = new long[layout.parts()];
      for (int p = 0; p < queues.length; p++) {
        queues[p] = new EventQueue(8);
        next[p] = Long.MAX_VALUE;
      }
    }

    @Override
    public void post(Event e) {
      int part = layout.partOf(e.target());
      if (part != current && current >= 0 && e.time() < windowEnd) {
        throw new IllegalStateException("sent " + e.kind() + " to part " + part + " at " + e.time()
            + " ps, inside the window that ends at " + windowEnd + " ps: sooner than the "
            + lookahead + " ps between nodes that the engines rely on (LeastDelays)");
      }
      queues[part].add(e);
      next[part] = Math.min(next[part], e.time());
    }

    EngineRun run() {
      for (Component c : components) {
        c.attach(this);
      }
      long wallStart = System.nanoTime();
      if (checkpoints.resumes()) {
        resume();
      } else {
        for (Component c : components) {
          c.start();
        }
      }
      long saveAt = checkpoints.saveAt();
      boolean hitDuration = false;
      boolean endRun = false;
      boolean interrupted = false;
      long start;
      while (!endRun && (start = earliest()) != Long.MAX_VALUE) {
        if (start > durationPs) {
          hitDuration = true;
          break;
        }
        if (start >= saveAt) {
          save(start);
          saveAt = Long.MAX_VALUE;
        }
        windowStart = start;
        windowEnd = Math.min(start + lookahead, durationPs + 1);
        for (int p = 0; p < queues.length; p++) {
          if (next[p] < windowEnd) {
            endRun |= handle(p);
          }
        }
        current = -1;
        if (work != null) {
          work.windowEnds();
        }
        if (progress.stopRequested()) {
          interrupted = !endRun;
          endRun = true;
        }
      }
      if (trace != null) {
        collect();
      }
      progress.add(events & 4095, last);
      return new EngineRun(NAME, events, last, hitDuration, System.nanoTime() - wallStart, interrupted);
    }

    /** Takes up a saved run: its components are restored, and their pending events are posted again. */
    private void resume() {
      for (Component c : components) {
        events += c.eventsHandled();
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

    /** Handles part {@code p}'s events due in the window; whether one of its components asks to end the run. */
    private boolean handle(int p) {
      current = p;
      EventQueue queue = queues[p];
      boolean endRun = false;
      Event e;
      while ((e = queue.peek()) != null && e.time() < windowEnd) {
        queue.poll();
        if (work != null) {
          work.count(e.target());
        }
        last = Math.max(last, e.time());
        Component target = components[e.target()];
        try {
          target.deliver(e);
        } catch (OutOfMemoryError full) {
          throw full; // not the model's fault: the machine is too big for the heap
        } catch (RuntimeException | Error failure) { // Errors too: a model bug must name its place
          throw new ModelFailure(target, e, failure);
        }
        endRun |= target.endsRun(); // a failed program ends the run: finish this window, then stop
        if ((++events & 4095) == 0) {
          progress.add(4096, e.time());
          if (trace != null) {
            collect();
            trace.flushUpTo(windowStart); // nothing handled from now on can record anything earlier
          }
        }
      }
      Event first = queue.peek();
      next[p] = first == null ? Long.MAX_VALUE : first.time();
      return endRun;
    }

    private void collect() {
      for (Component c : components) {
        trace.add(Recorder.drain(c.recorder()));
      }
    }
  }
}
