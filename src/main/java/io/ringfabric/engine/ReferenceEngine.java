package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.Machine;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceWriter;

/**
 * The reference engine: one thread, one event queue, every event handled in key order. It
 * exists to check the actor engine against and to measure what the actors cost.
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
    EventQueue queue = new EventQueue(1024);
    Component[] components = machine.components();
    for (Component c : components) {
      c.attach(queue::add);
    }
    long wallStart = System.nanoTime();
    for (Component c : components) {
      c.start();
    }
    long events = 0;
    long last = 0;
    boolean hitDuration = false;
    // The actor engine's windows, followed here only to end a run where it would end it.
    long lookahead = machine.leastDelays().betweenNodes();
    long windowEnd = Long.MIN_VALUE;
    long stopAt = Long.MAX_VALUE;
    Event e;
    while ((e = queue.poll()) != null) {
      if (e.time() > durationPs) {
        hitDuration = true;
        break;
      }
      if (e.time() >= windowEnd) {
        if (e.time() >= stopAt) {
          break;
        }
        if (work != null && windowEnd != Long.MIN_VALUE) {
          work.windowEnds();
        }
        windowEnd = e.time() + lookahead;
      }
      if (work != null) {
        work.count(e.target());
      }
      last = e.time();
      Component target = components[e.target()];
      try {
        target.deliver(e);
      } catch (OutOfMemoryError full) {
        throw full; // not the model's fault: the machine is too big for the heap
      } catch (RuntimeException | Error failure) { // Errors too: a model bug must name its place
        throw new ModelFailure(target, e, failure);
      }
      events++;
      if (stopAt == Long.MAX_VALUE && target.endsRun()) {
        stopAt = windowEnd; // a failed program ends the run: finish this window, then stop
      }
      if ((events & 4095) == 0) {
        progress.add(4096, e.time());
        if (trace != null) {
          collect(components, trace);
          trace.flushUpTo(e.time()); // nothing handled from now on can record anything earlier
        }
      }
    }
    if (trace != null) {
      collect(components, trace);
    }
    progress.add(events & 4095, last);
    if (work != null) {
      work.windowEnds();
    }
    return new EngineRun(NAME, events, last, hitDuration, System.nanoTime() - wallStart);
  }

  private static void collect(Component[] components, TraceWriter trace) {
    for (Component c : components) {
      trace.add(Recorder.drain(c.recorder()));
    }
  }
}
