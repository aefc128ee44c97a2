package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.ElementCheck;
import io.ringfabric.workload.Programs;
import java.util.HashMap;
import java.util.Map;

/**
 * A program factory for tests: {@code custom} groups (see {@link TestScenarios#custom}) get the
 * programs registered here by group index; every other group runs its built-in program.
 */
public final class CustomPrograms implements BuiltMachine.ProgramFactory {
  /** Makes the program of one process of a group. */
  @FunctionalInterface
  public interface Maker {
    Program make(int node, int instance);
  }

  private final Map<Integer, Maker> byGroup = new HashMap<>();

  public CustomPrograms on(int group, Maker maker) {
    byGroup.put(group, maker);
    return this;
  }

  @Override
  public Program create(ProcessGroupSpec group, int node, int instance, ElementCheck check) {
    Maker maker = byGroup.get(group.index());
    Program p = maker == null ? null : maker.make(node, instance);
    if (p != null) {
      return p;
    }
    if (group.spec() == TestScenarios.CUSTOM) {
      throw new IllegalStateException(
          "test set-up: no program for custom group " + group.index() + " on node " + node + " #" + instance);
    }
    return Programs.instantiate(group.spec(), group.nodes(), node, check);
  }

  /** A machine and the result of running it on the reference engine. */
  public record Run(Machine machine, RunResult result) {
    public RingBuffer ring(int node, int id) {
      for (RingBuffer r : machine.memory(node).rings()) {
        if (r.id() == id) {
          return r;
        }
      }
      throw new AssertionError("node " + node + " has no ring " + id);
    }

    public Core.ProcessOutcome outcome(int node, int core, int index) {
      return machine.core(node, core).outcomes().get(index);
    }
  }

  /** Builds the machine with these programs and runs it on the reference engine. */
  public Run run(TestScenarios scenario) {
    return run(scenario, "reference");
  }

  /** Builds the scenario with these programs and runs it on {@code engine}. */
  public Run run(TestScenarios scenario, String engine) {
    BuiltMachine built = BuiltMachine.of(scenario.build(), this);
    Machine m = built.machine();
    return new Run(m, Simulation.run(built, engine));
  }

  /** Builds and runs a scenario of built-in programs only. */
  public static Run runBuiltIn(TestScenarios scenario) {
    return new CustomPrograms().run(scenario);
  }
}
