package io.ringfabric.run;

import io.ringfabric.checkpoint.BadCheckpoint;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Describe;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.ActorEngine;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.stats.PartLatencies;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceOptions;
import io.ringfabric.trace.TraceWriter;

/**
 * Runs a scenario on an engine and gathers its results: the one entry point the commands use.
 * It builds the machine, starts the trace, runs the engine the scenario names and reads the
 * results, the steps a cluster member takes for its share.
 */
public final class Simulation {
  private Simulation() {}

  /** Thrown when the scenario names an engine this build cannot run. */
  public static final class EngineUnavailable extends RuntimeException {
    public EngineUnavailable(String message) {
      super(message);
    }
  }

  /**
   * The heap ran out while building or running a machine of {@code nodes} nodes: not a fault of
   * the model or the scenario, but of the heap it was given.
   */
  public static final class OutOfMemory extends RuntimeException {
    private final int nodes;

    public OutOfMemory(int nodes, Throwable cause) {
      super("out of memory at " + nodes + " nodes", cause);
      this.nodes = nodes;
    }

    public int nodes() {
      return nodes;
    }
  }

  public static RunResult run(Scenario scenario) {
    return run(scenario, null);
  }

  public static RunResult run(Scenario scenario, TraceOptions trace) {
    return run(scenario, trace, Progress.NONE);
  }

  /** As {@link #run(Scenario, TraceOptions)}, counting how far it has come in {@code progress}. */
  public static RunResult run(Scenario scenario, TraceOptions trace, Progress progress) {
    return run(scenario, trace, progress, Checkpointing.none());
  }

  /** As {@link #run(Scenario, TraceOptions, Progress)}, continuing or saving a checkpoint as {@code checkpoints} says. */
  public static RunResult run(Scenario scenario, TraceOptions trace, Progress progress, Checkpointing checkpoints) {
    BuiltMachine built;
    try {
      built = BuiltMachine.of(scenario);
    } catch (OutOfMemoryError full) {
      throw new OutOfMemory(scenario.nodes(), full);
    }
    return run(built, scenario.engine(), trace, progress, checkpoints);
  }

  public static RunResult run(BuiltMachine built, String engine) {
    return run(built, engine, null);
  }

  /** Runs the machine on {@code engine}, writing a trace when {@code trace} is not null. */
  public static RunResult run(BuiltMachine built, String engine, TraceOptions trace) {
    return run(built, engine, trace, Progress.NONE);
  }

  /** As {@link #run(BuiltMachine, String, TraceOptions)}, counting how far it has come in {@code progress}. */
  public static RunResult run(BuiltMachine built, String engine, TraceOptions trace, Progress progress) {
    return run(built, engine, trace, progress, Checkpointing.none());
  }

  /**
   * As {@link #run(BuiltMachine, String, TraceOptions, Progress)}, continuing or saving a
   * checkpoint as {@code checkpoints} says; a checkpoint that could not be saved is told by
   * {@link Checkpointing#failure()}, the run's results are kept all the same.
   *
   * @throws BadCheckpoint if the checkpoint to continue does not fit the machine
   */
  public static RunResult run(BuiltMachine built, String engine, TraceOptions trace, Progress progress,
      Checkpointing checkpoints) {
    EngineRun run = runEngine(built, engine, trace, progress, checkpoints);
    try {
      return Results.collect(built, run);
    } catch (OutOfMemoryError full) {
      throw new OutOfMemory(built.scenario().nodes(), full);
    }
  }

  /** Runs the machine on {@code engine} and says how the engine went; the machine holds the rest. */
  public static EngineRun runEngine(BuiltMachine built, String engine, TraceOptions trace, Progress progress) {
    return runEngine(built, engine, trace, progress, Checkpointing.none());
  }

  /** As {@link #runEngine(BuiltMachine, String, TraceOptions, Progress)}, with {@code checkpoints}. */
  public static EngineRun runEngine(BuiltMachine built, String engine, TraceOptions trace, Progress progress,
      Checkpointing checkpoints) {
    if (!ReferenceEngine.NAME.equals(engine) && !ActorEngine.NAME.equals(engine)) {
      throw new EngineUnavailable("unknown engine '" + engine + "'; use reference or actors");
    }
    Scenario s = built.scenario();
    PartLatencies.attach(built.machine());
    checkpoints.prepare(built, engine); // a continued run's components replace the fresh ones, statistics and all
    TraceWriter writer = trace == null ? null : startTrace(built, trace);
    try {
      return ReferenceEngine.NAME.equals(engine)
          ? ReferenceEngine.run(built.machine(), s.durationPs(), s.reference().runAhead(), writer, progress, null, checkpoints)
          : ActorEngine.run(built.machine(), s.actors(), s.durationPs(), writer, progress, checkpoints);
    } catch (OutOfMemoryError | EngineAborted.OutOfMemory full) {
      throw new OutOfMemory(s.nodes(), full);
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
  }

  /** Gives every component a recorder and opens the trace file. */
  public static TraceWriter startTrace(BuiltMachine built, TraceOptions trace) {
    attachRecorders(built.machine(), trace);
    Scenario s = built.scenario();
    return new TraceWriter(trace, s.seed(), s.nodes(), Describe.scenario(s));
  }

  /** Gives every component a recorder: in a cluster, members record and member 0 writes. */
  public static void attachRecorders(Machine machine, TraceOptions trace) {
    Component[] components = machine.components();
    String[] names = new String[components.length];
    for (Component c : components) {
      names[c.id()] = c.name();
    }
    for (Component c : components) {
      c.attachRecorder(new Recorder(trace, c.id(), c.name(), machine.layout().nodeOf(c.id()), names));
    }
  }
}
