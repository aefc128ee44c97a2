package io.ringfabric.engine;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.Machine;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;

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
    return run(Machine.build(scenario), scenario.engine());
  }

  public static RunResult run(Machine machine, String engine) {
    EngineRun run;
    if (ReferenceEngine.NAME.equals(engine)) {
      run = ReferenceEngine.run(machine, machine.scenario().durationPs());
    } else if (ActorEngine.NAME.equals(engine)) {
      run = ActorEngine.run(machine);
    } else {
      throw new EngineUnavailable("unknown engine '" + engine + "'; use reference or actors");
    }
    return Results.collect(machine, run);
  }
}
