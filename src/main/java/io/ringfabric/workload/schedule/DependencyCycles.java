package io.ringfabric.workload.schedule;

import java.util.Arrays;

/**
 * Finds a dependency cycle in one rank without recursion (a rank of millions of ops must not
 * overflow the stack): Kahn's order removes every op that can start; if some remain, each of them
 * waits for another that remains, so walking from one to what it waits for must come back round.
 */
final class DependencyCycles {
  private DependencyCycles() {}

  /**
   * @param edges dependency e: op from[e] waits for op to[e]
   * @return the dependencies of one cycle in walking order (each waits for the next's op, the
   *     last for the first's op), or null when there is none
   */
  static int[] find(int ops, int edges, int[] from, int[] to) {
    if (edges == 0) {
      return null;
    }
    int[] waiting = new int[ops];
    int[] dependentsStart = new int[ops + 1];
    int[] waitsStart = new int[ops + 1];
    for (int e = 0; e < edges; e++) {
      waiting[from[e]]++;
      dependentsStart[to[e] + 1]++;
      waitsStart[from[e] + 1]++;
    }
    for (int i = 0; i < ops; i++) {
      dependentsStart[i + 1] += dependentsStart[i];
      waitsStart[i + 1] += waitsStart[i];
    }
    int[] dependents = new int[edges];
    int[] waits = new int[edges];
    int[] nextDependent = Arrays.copyOf(dependentsStart, ops);
    int[] nextWait = Arrays.copyOf(waitsStart, ops);
    for (int e = 0; e < edges; e++) {
      dependents[nextDependent[to[e]]++] = from[e];
      waits[nextWait[from[e]]++] = e;
    }
    int[] ready = new int[ops];
    int head = 0;
    int tail = 0;
    for (int i = 0; i < ops; i++) {
      if (waiting[i] == 0) {
        ready[tail++] = i;
      }
    }
    while (head < tail) {
      int op = ready[head++];
      for (int k = dependentsStart[op]; k < dependentsStart[op + 1]; k++) {
        if (--waiting[dependents[k]] == 0) {
          ready[tail++] = dependents[k];
        }
      }
    }
    if (tail == ops) {
      return null;
    }
    int op = 0;
    while (waiting[op] == 0) {
      op++;
    }
    // step[op] = 1 + the position at which the walk reached op; path[k] = the dependency taken.
    int[] step = new int[ops];
    int[] path = new int[ops];
    int steps = 0;
    while (step[op] == 0) {
      step[op] = steps + 1;
      int taken = -1;
      for (int k = waitsStart[op]; k < waitsStart[op + 1] && taken < 0; k++) {
        if (waiting[to[waits[k]]] > 0) {
          taken = waits[k];
        }
      }
      path[steps++] = taken;
      op = to[taken];
    }
    return Arrays.copyOfRange(path, step[op] - 1, steps);
  }
}
