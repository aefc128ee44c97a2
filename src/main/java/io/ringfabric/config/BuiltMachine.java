package io.ringfabric.config;

import io.ringfabric.model.Layout;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Program;
import io.ringfabric.topology.Topologies;
import io.ringfabric.workload.ElementCheck;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.Programs;
import io.ringfabric.workload.schedule.Placement;
import io.ringfabric.workload.schedule.RankProgram;
import io.ringfabric.workload.schedule.ScheduleSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine a scenario describes, built and set up as its OSes would before the run (rings
 * created, processes started with their contexts mapped), with what the run keeps beside it: the
 * scenario, and every consumer's element check, by node.
 */
public final class BuiltMachine {
  private final Scenario scenario;
  private final Machine machine;
  private final List<List<ElementCheck>> checks; // by node: a part's tally reads only its own

  /** Makes the program of one process; tests supply their own. */
  @FunctionalInterface
  public interface ProgramFactory {
    Program create(ProcessGroupSpec group, int node, int instance, ElementCheck check);
  }

  /** The scenario's machine, running the programs it names. */
  public static BuiltMachine of(Scenario scenario) {
    int nodes = scenario.nodes();
    return new BuiltMachine(scenario,
        (group, node, instance, check) -> Programs.instantiate(group.spec(), group.nodes(), node, instance, nodes, check));
  }

  /** The scenario's machine, running the programs {@code programs} makes. */
  public static BuiltMachine of(Scenario scenario, ProgramFactory programs) {
    return new BuiltMachine(scenario, programs);
  }

  /** The machine's layout, without building the machine. */
  public static Layout layoutOf(Scenario scenario) {
    return Machine.layoutOf(Topologies.build(scenario.topology()), scenario.node().cores());
  }

  private BuiltMachine(Scenario scenario, ProgramFactory programs) {
    this.scenario = scenario;
    this.machine = new Machine(Topologies.build(scenario.topology()), scenario.machine());
    this.checks = new ArrayList<>();
    for (int n = 0; n < machine.nodes(); n++) {
      checks.add(new ArrayList<>());
    }
    createRings();
    startProcesses(programs);
  }

  private void createRings() {
    for (RingSpec spec : scenario.rings()) {
      for (int n : spec.nodes().members(machine.nodes())) {
        machine.createRing(n, spec.id(), spec.capacity(), spec.maxElement(), spec.alignment(),
            spec.putAccess(), spec.getAccess());
      }
    }
  }

  /** Each node's OS maps a free context into each of its processes, in scenario order. */
  private void startProcesses(ProgramFactory programs) {
    for (ProcessGroupSpec g : scenario.processes()) {
      if (g.spec() instanceof ScheduleSpec schedule) {
        startRanks(g, schedule);
        continue;
      }
      int notifyRing = g.spec() instanceof GetStreamSpec get && get.waitForNotification() ? get.ring() : -1;
      for (int n : g.nodes().members(machine.nodes())) {
        for (int k = 0; k < g.count(); k++) {
          String name = "node " + n + " core " + g.core() + " " + g.program() + "[" + g.index() + "]#" + k;
          ElementCheck check = new ElementCheck();
          checks.get(n).add(check);
          machine.startProcess(n, g.core(), name, programs.create(g, n, k, check), scenario.seed(),
              g.interruptCompletion(), g.index(), notifyRing);
        }
      }
    }
  }

  /** Each rank of a schedule is a process on its node, mapped after the process groups before it. */
  private void startRanks(ProcessGroupSpec g, ScheduleSpec s) {
    Placement placement = s.placement();
    int cores = scenario.node().cores();
    for (int rank = 0; rank < placement.ranks(); rank++) {
      int node = placement.node(rank);
      int core = (s.core() + placement.local(rank)) % cores;
      RankProgram program = new RankProgram(rank, s.schedule().rank(rank), placement, s.backoffPs(),
          s.waitForArrival(), s.maxElement());
      machine.startProcess(node, core, "node " + node + " core " + core + " rank " + rank, program, scenario.seed(),
          g.interruptCompletion(), g.index(), s.waitForArrival() ? placement.ring(rank) : -1);
    }
  }

  public Scenario scenario() {
    return scenario;
  }

  public Machine machine() {
    return machine;
  }

  /** The element checks of the consumers on {@code node}, in the order they were started: a checkpoint saves them. */
  public List<ElementCheck> checksOf(int node) {
    return checks.get(node);
  }

  /** Puts the element checks a checkpoint saved for {@code node} in place of the fresh ones. */
  public void restoreChecks(int node, List<ElementCheck> saved) {
    checks.set(node, new ArrayList<>(saved));
  }

  /** The consumers' element checks, merged. */
  public ElementCheck elementChecks() {
    ElementCheck all = new ElementCheck();
    for (int n = 0; n < machine.nodes(); n++) {
      all.add(elementChecks(n));
    }
    return all;
  }

  /** The element checks of the consumers on {@code node}, merged. */
  public ElementCheck elementChecks(int node) {
    ElementCheck all = new ElementCheck();
    checks.get(node).forEach(all::add);
    return all;
  }
}
