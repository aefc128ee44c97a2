package io.ringfabric.engine;

import io.ringfabric.model.ComponentKind;
import io.ringfabric.model.Layout;
import io.ringfabric.model.LeastDelays;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The least simulated time between a component of a node handling an event and any event that
 * handling can cause at another component of the same node, directly or through others. The model
 * declares the direct bounds ({@link LeastDelays}); this adds up the shortest paths, so the node's
 * {@link Agenda} can let a component go ahead of another's earlier event without changing the
 * order any component sees. Kinds are {@link ComponentKind} ordinals, so the agenda's tables stay
 * plain arrays.
 */
final class IntraNodeLookahead {
  static final int CORE = ComponentKind.CORE.ordinal();
  static final int MODULE = ComponentKind.MODULE.ordinal();
  static final int MEMORY = ComponentKind.MEMORY.ordinal();
  static final int SWITCH = ComponentKind.SWITCH.ordinal();
  static final long NEVER = LeastDelays.NEVER;

  private static final ComponentKind[] KINDS = ComponentKind.values();
  private final long[][] direct = new long[KINDS.length][KINDS.length];
  private final long[][] path = new long[KINDS.length][KINDS.length];
  // By the kinds of a part's children. Parts alike share one table: a big machine's parts are out
  // of the cache by their next window, and a table of each part's own was a cache miss per turn.
  private final Map<List<Integer>, PartBounds> parts = new ConcurrentHashMap<>();

  /**
   * The least delays between the children of a part, by child index: {@code to[c][o]} from child
   * o's event to anything at child c, {@code from[c][o]} from c's event to anything at o (both
   * NEVER for o == c: a child's own events are in its queue in order). Read only, shared.
   */
  record PartBounds(long[][] to, long[][] from) {}

  IntraNodeLookahead(LeastDelays delays) {
    for (ComponentKind from : KINDS) {
      for (ComponentKind to : KINDS) {
        direct[from.ordinal()][to.ordinal()] = delays.inNode(from, to);
      }
    }
    for (int i = 0; i < KINDS.length; i++) {
      path[i] = direct[i].clone();
    }
    for (int k = 0; k < KINDS.length; k++) {
      for (int i = 0; i < KINDS.length; i++) {
        for (int j = 0; j < KINDS.length; j++) {
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

  /** The least delays between the children of a part whose children have {@code kinds}, in order. */
  PartBounds bounds(int[] kinds) {
    return parts.computeIfAbsent(Arrays.stream(kinds).boxed().toList(), k -> boundsOf(kinds));
  }

  private PartBounds boundsOf(int[] kinds) {
    int n = kinds.length;
    long[][] to = new long[n][n];
    long[][] from = new long[n][n];
    for (int c = 0; c < n; c++) {
      for (int o = 0; o < n; o++) {
        to[c][o] = o == c ? NEVER : path(kinds[o], kinds[c]);
        from[c][o] = o == c ? NEVER : path(kinds[c], kinds[o]);
      }
    }
    return new PartBounds(to, from);
  }

  /** The kind of a component of a node. */
  static int kindOf(Layout layout, int componentId) {
    return layout.kindOf(componentId).ordinal();
  }
}
