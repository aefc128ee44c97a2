package io.ringfabric.model;

/**
 * Component ids. Every node owns a block of ids: its cores, then its messaging module, its
 * memory and its switch. Switches that belong to no node come after all node blocks. Ids are
 * stable logical names: they order simultaneous events and name components in traces.
 */
public final class Layout {
  private final int nodes;
  private final int cores;
  private final int perNode;
  private final int standaloneSwitches;

  public Layout(int nodes, int cores, int standaloneSwitches) {
    this.nodes = nodes;
    this.cores = cores;
    this.perNode = cores + 3;
    this.standaloneSwitches = standaloneSwitches;
  }

  public int nodes() {
    return nodes;
  }

  public int cores() {
    return cores;
  }

  public int components() {
    return nodes * perNode + standaloneSwitches;
  }

  public int core(int node, int core) {
    return node * perNode + core;
  }

  public int module(int node) {
    return node * perNode + cores;
  }

  public int memory(int node) {
    return node * perNode + cores + 1;
  }

  /** The component id of a fabric switch, node-owned or standalone. */
  public int switchComponent(int switchId) {
    return switchId < nodes ? node(switchId) : nodes * perNode + (switchId - nodes);
  }

  private int node(int switchId) {
    return switchId * perNode + cores + 2;
  }

  /**
   * The part of the machine a component belongs to, for engines that run parts apart: the node
   * id for a node's components, {@code nodes + i} for the i-th standalone switch.
   */
  public int partOf(int componentId) {
    int n = componentId / perNode;
    return n < nodes ? n : nodes + (componentId - nodes * perNode);
  }

  /** Parts: one per node, one per standalone switch. */
  public int parts() {
    return nodes + standaloneSwitches;
  }

  /** The component ids of a part, in id order. */
  public int[] componentsOf(int part) {
    if (part >= nodes) {
      return new int[] {nodes * perNode + (part - nodes)};
    }
    int[] ids = new int[perNode];
    for (int i = 0; i < perNode; i++) {
      ids[i] = part * perNode + i;
    }
    return ids;
  }

  /** What component {@code componentId} is. */
  public ComponentKind kindOf(int componentId) {
    int node = nodeOf(componentId);
    if (node < 0) {
      return ComponentKind.SWITCH;
    }
    int local = componentId - core(node, 0);
    if (local < cores) {
      return ComponentKind.CORE;
    }
    return local == cores ? ComponentKind.MODULE : local == cores + 1 ? ComponentKind.MEMORY : ComponentKind.SWITCH;
  }

  /** The node owning a component, or -1 for a standalone switch. */
  public int nodeOf(int componentId) {
    int n = componentId / perNode;
    return n < nodes ? n : -1;
  }
}
