package io.ringfabric.engine;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.Component;
import io.ringfabric.model.Machine;
import io.ringfabric.stats.Describe;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceOptions;
import io.ringfabric.trace.TraceWriter;

/** Runs a scenario on an engine and gathers its results: the one entry point the commands use. */
public final class Simulation {
  private Simulation() {}

  /** Thrown when the scenario names an engine this build cannot run. */
  public static final class EngineUnavailable extends RuntimeException {
    public EngineUnavailable(String message) {
      super(message);
    }
  }

  public static RunResult run(Scenario scenario) {
    return run(Machine.build(scenario), scenario.engine(), null);
  }

  public static RunResult run(Scenario scenario, TraceOptions trace) {
    return run(Machine.build(scenario), scenario.engine(), trace);
  }

  public static RunResult run(Machine machine, String engine) {
    return run(machine, engine, null);
  }

  /** Runs the machine on {@code engine}, writing a trace when {@code trace} is not null. */
  public static RunResult run(Machine machine, String engine, TraceOptions trace) {
    if (!ReferenceEngine.NAME.equals(engine) && !ActorEngine.NAME.equals(engine)) {
      throw new EngineUnavailable("unknown engine '" + engine + "'; use reference or actors");
    }
    TraceWriter writer = trace == null ? null : startTrace(machine, trace);
    EngineRun run;
    try {
      run = ReferenceEngine.NAME.equals(engine)
          ? ReferenceEngine.run(machine, machine.scenario().durationPs(), writer)
          : ActorEngine.run(machine, writer);
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
    return Results.collect(machine, run);
  }

  /** Gives every component a recorder and opens the trace file. */
  public static TraceWriter startTrace(Machine machine, TraceOptions trace) {
    attachRecorders(machine, trace);
    Scenario s = machine.scenario();
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
