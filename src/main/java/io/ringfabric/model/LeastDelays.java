package io.ringfabric.model;

import java.util.Arrays;

/**
 * The least simulated time between a component handling an event and any event that handling
 * sends, per pair of component kinds: a promise of the model that engines build on. The actor
 * engine lets a node's components go ahead of each other within these bounds, and makes its
 * windows as wide as the least delay between nodes. The table is kept here, beside the components
 * whose sends it describes, so a change to a component's timing and to its promise are one change;
 * the actor engine checks every send inside a node against it and ends the run if one breaks it.
 *
 * <p>The table bounds what goes from one component to another; a component's events to itself
 * (a core's wake-ups, a module's timeout checks, a switch's own allocation) are not in it: they
 * wait in its own queue in key order whatever their delay. Two components of one kind in a node,
 * its cores, never send to each other, so each may go ahead of the others by what a chain
 * through the module or the memory takes.
 */
public final class LeastDelays {
  /** No event of that kind ever goes to the other: larger than any simulated time, yet safe to add to one. */
  public static final long NEVER = Long.MAX_VALUE / 4;

  private static final int KINDS = ComponentKind.values().length;
  private final long[][] direct = new long[KINDS][KINDS];
  private final long betweenNodes;

  public LeastDelays(MachineSpec spec) {
    for (long[] row : direct) {
      Arrays.fill(row, NEVER);
    }
    long mmio = spec.timing().mmioPs();
    long work = spec.timing().moduleLatencyPs();
    long memory = spec.timing().memoryLatencyPs();
    set(ComponentKind.CORE, ComponentKind.MODULE, Core.REGISTER_WRITES * mmio); // the doorbell after the register writes
    set(ComponentKind.CORE, ComponentKind.MEMORY, Math.min(memory, Core.REGISTER_WRITES * mmio)); // a buffer store
    set(ComponentKind.MODULE, ComponentKind.CORE, work); // a status is set after a piece of module work
    set(ComponentKind.MODULE, ComponentKind.MEMORY, work);
    set(ComponentKind.MODULE, ComponentKind.SWITCH, work); // a packet leaves after the module built it
    set(ComponentKind.MEMORY, ComponentKind.MODULE, memory);
    set(ComponentKind.MEMORY, ComponentKind.CORE, memory); // arrival notifications
    set(ComponentKind.SWITCH, ComponentKind.MODULE, spec.fabric().switchLatencyPs());
    this.betweenNodes = spec.fabric().switchLatencyPs() + spec.fabric().linkLatencyPs();
  }

  private void set(ComponentKind from, ComponentKind to, long ps) {
    direct[from.ordinal()][to.ordinal()] = ps;
  }

  /**
   * The least delay of an event a component of kind {@code from} sends to another component of kind
   * {@code to} in its node, or {@link #NEVER}.
   */
  public long inNode(ComponentKind from, ComponentKind to) {
    return direct[from.ordinal()][to.ordinal()];
  }

  /** The least delay of any event that crosses from one node (or standalone switch) to another: a switch plus a wire. */
  public long betweenNodes() {
    return betweenNodes;
  }
}
