package io.ringfabric.engine;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.Core;
import io.ringfabric.model.Layout;

/**
 * The least simulated time between a component of a node handling an event and any event that
 * handling can cause at another component of the same node, directly or through others. The model
 * guarantees the direct bounds (every send inside a node waits at least this long); the node's
 * {@link Agenda} uses the shortest paths to let a component go ahead of another's earlier event
 * without changing the order any component sees. Bounds are per kind of component: core, module, memory, switch.
 */
final class IntraNodeLookahead {
  static final int CORE = 0;
  static final int MODULE = 1;
  static final int MEMORY = 2;
  static final int SWITCH = 3;
  /** No path: larger than any simulated time, small enough to add to one without overflow. */
  static final long NEVER = Long.MAX_VALUE / 4;

  private final long[][] direct = new long[4][4];
  private final long[][] path = new long[4][4];

  IntraNodeLookahead(Scenario s) {
    for (long[] row : direct) {
      java.util.Arrays.fill(row, NEVER);
    }
    long mmio = s.timing().mmioPs();
    long work = s.timing().moduleLatencyPs();
    long memory = s.timing().memoryLatencyPs();
    direct[CORE][CORE] = 0; // a core's own wake-ups may be immediate
    direct[CORE][MODULE] = Core.REGISTER_WRITES * mmio; // the doorbell after the register writes
    direct[CORE][MEMORY] = Math.min(memory, Core.REGISTER_WRITES * mmio); // a buffer store
    direct[MODULE][CORE] = work; // a status is set after a piece of module work
    direct[MODULE][MODULE] = work; // timeout checks
    direct[MODULE][MEMORY] = work;
    direct[MODULE][SWITCH] = work; // a packet leaves after the module built it
    direct[MEMORY][MODULE] = memory;
    direct[MEMORY][CORE] = memory; // arrival notifications
    direct[SWITCH][MODULE] = s.fabric().switchLatencyPs();
    for (int i = 0; i < 4; i++) {
      path[i] = direct[i].clone();
    }
    for (int k = 0; k < 4; k++) {
      for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
          path[i][j] = Math.min(path[i][j], Math.min(NEVER, path[i][k] + path[k][j]));
        }
      }
    }
  }

  /** The least delay of an event a component of kind {@code from} sends to one of kind {@code to}. */
  long direct(int from, int to) {
    return direct[from][to];
  }

  /** The least delay, over any chain of events inside the node, from one kind to another. */
  long path(int from, int to) {
    return path[from][to];
  }

  /** The kind of a component of a node. */
  static int kindOf(Layout layout, int componentId) {
    int node = layout.nodeOf(componentId);
    if (node < 0) {
      return SWITCH;
    }
    int local = componentId - layout.core(node, 0);
    if (local < layout.cores()) {
      return CORE;
    }
    return MODULE + (local - layout.cores());
  }
}
