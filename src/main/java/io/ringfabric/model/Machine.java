package io.ringfabric.model;

import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.config.RingSpec;
import io.ringfabric.config.Scenario;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.workload.ElementCheck;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.Program;
import io.ringfabric.workload.Programs;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole machine of a scenario, built and set up as its OSes would before the run: every
 * node's cores, module, memory and switch, the standalone switches, the rings, and the processes
 * with their contexts mapped. Engines run it; nothing here knows how.
 */
public final class Machine {
  private final Scenario scenario;
  private final Topology topology;
  private final Layout layout;
  private final Component[] components;
  private final Core[][] cores;
  private final MessagingModule[] modules;
  private final Memory[] memories;
  private final Switch[] switches;
  private final List<List<ElementCheck>> checks; // by node: a part's tally reads only its own

  /** Makes the program of one process; tests supply their own. */
  @FunctionalInterface
  public interface ProgramFactory {
    Program create(ProcessGroupSpec group, int node, int instance, ElementCheck check);
  }

  public static Machine build(Scenario scenario) {
    int nodes = scenario.nodes();
    return new Machine(scenario,
        (group, node, instance, check) -> Programs.instantiate(group, node, instance, nodes, check));
  }

  public static Machine build(Scenario scenario, ProgramFactory programs) {
    return new Machine(scenario, programs);
  }

  /** The machine's layout, without building the machine. */
  public static Layout layoutOf(Scenario scenario) {
    var topology = Topologies.build(scenario.topology());
    return new Layout(topology.nodes(), scenario.node().cores(), topology.switches() - topology.nodes());
  }

  private Machine(Scenario scenario, ProgramFactory programs) {
    this.scenario = scenario;
    this.topology = Topologies.build(scenario.topology());
    int nodes = topology.nodes();
    int coreCount = scenario.node().cores();
    this.layout = new Layout(nodes, coreCount, topology.switches() - nodes);
    this.components = new Component[layout.components()];
    this.cores = new Core[nodes][coreCount];
    this.modules = new MessagingModule[nodes];
    this.memories = new Memory[nodes];
    this.switches = new Switch[topology.switches()];
    this.checks = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      checks.add(new ArrayList<>());
    }
    for (int n = 0; n < nodes; n++) {
      for (int c = 0; c < coreCount; c++) {
        cores[n][c] = place(new Core(layout.core(n, c), n, c, nodes, layout, scenario.timing(), scenario.warmupPs(),
            scenario.endRunOnProgramError()));
      }
      modules[n] = place(new MessagingModule(layout.module(n), n, nodes, layout, scenario));
      memories[n] = place(new Memory(layout.memory(n), n, scenario.timing()));
    }
    for (int s = 0; s < switches.length; s++) {
      switches[s] = place(new Switch(s, topology, layout, scenario.fabric()));
    }
    createRings();
    startProcesses(programs);
  }

  private <T extends Component> T place(T component) {
    components[component.id()] = component;
    return component;
  }

  private void createRings() {
    long[] nextAddress = new long[modules.length];
    java.util.Arrays.fill(nextAddress, 0x8000_0000L);
    for (RingSpec spec : scenario.rings()) {
      for (int n : spec.nodes().members(modules.length)) {
        RingBuffer ring = new RingBuffer(n, spec.id(), nextAddress[n], spec.capacity(),
            spec.maxElement(), spec.alignment(), spec.putAccess(), spec.getAccess());
        nextAddress[n] += spec.capacity();
        memories[n].addRing(ring);

      }
    }
  }

  /** Each node's OS maps a free context into each of its processes, in scenario order. */
  private void startProcesses(ProgramFactory programs) {
    for (ProcessGroupSpec g : scenario.processes()) {
      for (int n : g.nodes().members(modules.length)) {
        for (int k = 0; k < g.count(); k++) {
          Core core = cores[n][g.core()];
          String name = "node " + n + " core " + g.core() + " " + g.program() + "[" + g.index() + "]#" + k;
          ElementCheck check = new ElementCheck();
          checks.get(n).add(check);
          int process = core.processCount();
          int context = modules[n].mapFreeContext(core.id(), process);
          core.addProcess(name, programs.create(g, n, k, check), scenario.seed(), context,
              g.interruptCompletion(), g.index());
          if (g.spec() instanceof GetStreamSpec get && get.waitForNotification()) {
            memories[n].registerArrivalNotification(get.ring(), core.id(), process);
          }
        }
      }
    }
  }

  public Scenario scenario() {
    return scenario;
  }

  public Topology topology() {
    return topology;
  }

  public Layout layout() {
    return layout;
  }

  /** Every component, by id. */
  public Component[] components() {
    return components.clone();
  }

  public Component component(int id) {
    return components[id];
  }

  public int nodes() {
    return modules.length;
  }

  public Core core(int node, int core) {
    return cores[node][core];
  }

  public MessagingModule module(int node) {
    return modules[node];
  }

  public Memory memory(int node) {
    return memories[node];
  }

  public Switch fabricSwitch(int switchId) {
    return switches[switchId];
  }

  public int switchCount() {
    return switches.length;
  }

  /** The consumers' element checks, merged. */
  public ElementCheck elementChecks() {
    ElementCheck all = new ElementCheck();
    for (int n = 0; n < nodes(); n++) {
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
