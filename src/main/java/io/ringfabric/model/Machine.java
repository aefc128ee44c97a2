package io.ringfabric.model;

import io.ringfabric.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The whole machine: every node's cores, module, memory and switch, and the standalone switches,
 * as the nodes' OSes set it up before the run ({@link #createRing}, {@link #startProcess}). Engines
 * run it; nothing here knows how, or where its settings came from.
 */
public final class Machine {
  private final MachineSpec spec;
  private final Topology topology;
  private final Layout layout;
  private final LeastDelays leastDelays;
  private final Component[] components;
  private final Core[][] cores;
  private final MessagingModule[] modules;
  private final Memory[] memories;
  private final Switch[] switches;
  private final long[] nextRingAddress; // by node: where the OS puts the next ring

  /** A machine of {@code topology}'s shape whose nodes are made as {@code spec} says, without rings or processes. */
  public Machine(Topology topology, MachineSpec spec) {
    this.spec = spec;
    this.topology = topology;
    int nodes = topology.nodes();
    int coreCount = spec.node().cores();
    this.layout = layoutOf(topology, coreCount);
    this.leastDelays = new LeastDelays(spec);
    this.components = new Component[layout.components()];
    this.cores = new Core[nodes][coreCount];
    this.modules = new MessagingModule[nodes];
    this.memories = new Memory[nodes];
    this.switches = new Switch[topology.switches()];
    this.nextRingAddress = new long[nodes];
    Arrays.fill(nextRingAddress, Core.RINGS_AT);
    for (int n = 0; n < nodes; n++) {
      for (int c = 0; c < coreCount; c++) {
        cores[n][c] = place(new Core(layout.core(n, c), n, c, nodes, layout, spec.timing(), spec.warmupPs(),
            spec.endRunOnProgramError()));
      }
      modules[n] = place(new MessagingModule(layout.module(n), n, nodes, layout, spec));
      memories[n] = place(new Memory(layout.memory(n), n, spec.timing(), spec.sampling()));
    }
    for (int s = 0; s < switches.length; s++) {
      switches[s] = place(new Switch(s, topology, layout, spec.fabric(), spec.warmupPs(), spec.sampling(), spec.fabric().faults()));
    }
  }

  /** The component ids of a machine of this shape, without building it. */
  public static Layout layoutOf(Topology topology, int coresPerNode) {
    return new Layout(topology.nodes(), coresPerNode, topology.switches() - topology.nodes());
  }

  /**
   * Puts {@code saved}, a component read back from a checkpoint of a machine of this shape, in
   * place of the one built here with its id. Before the run.
   */
  public void restore(Component saved) {
    int id = saved.id();
    if (id < 0 || id >= components.length || components[id].getClass() != saved.getClass()) {
      throw new IllegalArgumentException("component " + id + " of the checkpoint (" + saved.name()
          + ") is not one of this machine's");
    }
    place(saved);
    int node = layout.nodeOf(id);
    switch (layout.kindOf(id)) {
      case CORE -> cores[node][id - layout.core(node, 0)] = (Core) saved;
      case MODULE -> modules[node] = (MessagingModule) saved;
      case MEMORY -> memories[node] = (Memory) saved;
      case SWITCH -> switches[layout.partOf(id)] = (Switch) saved; // a switch's id is its part's
    }
  }

  private <T extends Component> T place(T component) {
    component.endLoopsAfter(spec.mostEventsAtOneInstant());
    components[component.id()] = component;
    return component;
  }

  /**
   * The OS of {@code node} creates a ring in its memory, after the rings it made before, and
   * registers it with its messaging module.
   */
  public RingBuffer createRing(int node, int ringId, int capacity, int maxElement, int alignment,
      NodeSet putAccess, NodeSet getAccess) {
    RingBuffer ring = new RingBuffer(node, ringId, nextRingAddress[node], capacity, maxElement, alignment,
        putAccess, getAccess);
    nextRingAddress[node] += capacity;
    memories[node].addRing(ring);
    return ring;
  }

  /**
   * The OS of {@code node} maps a free context into a new process running {@code program} on
   * core {@code core}; with {@code notifyRing} at 0 or above, the process is one of those ring
   * {@code notifyRing}'s arrivals notify.
   *
   * @param group the process group it belongs to, for the latency breakdowns
   */
  public void startProcess(int node, int core, String name, Program program, long seed,
      boolean interruptCompletion, int group, int notifyRing) {
    Core c = cores[node][core];
    int process = c.processCount();
    int context = modules[node].mapFreeContext(c.id(), process);
    c.addProcess(name, program, seed, context, interruptCompletion, group);
    if (notifyRing >= 0 && context >= 0) {
      memories[node].registerArrivalNotification(notifyRing, c.id(), process, context);
    }
  }

  public MachineSpec spec() {
    return spec;
  }

  public Topology topology() {
    return topology;
  }

  public Layout layout() {
    return layout;
  }

  /** The least delays the model keeps between its components, which engines may rely on. */
  public LeastDelays leastDelays() {
    return leastDelays;
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

  /**
   * The components of {@code parts}, which one thread runs from now on, keep their time series
   * in rows they share ({@link SeriesRows#share}): the links' busy time, the modules' and the
   * rings' series. An engine calls it once it knows which parts each of its threads runs, after
   * a continued run's parts are restored.
   */
  public void shareSeries(Iterable<Integer> parts) {
    List<SeriesRows.Column> columns = new ArrayList<>();
    for (int p : parts) {
      columns.addAll(switches[p].linkedPorts());
      if (p < nodes()) {
        columns.addAll(module(p).series());
        columns.addAll(memory(p).series());
      }
    }
    SeriesRows.share(columns, spec.sampling());
  }
}
