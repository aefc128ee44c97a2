package io.ringfabric.workload.schedule;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Which of a rank's operations may start, have started and have completed: an operation may
 * start once every operation it {@code requires} has completed and every one it {@code irequires}
 * has started. Operations that become free at one moment start in the order of their indices
 * (the order of the file), so a run never depends on anything but the schedule.
 */
final class RankSteps implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final byte WAITING = 0;
  private static final byte STARTED = 2;
  private static final byte COMPLETED = 3;

  private final int[] unmet; // by op: dependencies not met yet
  // Who waits for op j: CSR lists, in op order, of the ops that require j (its completion) and
  // that irequire j (its start).
  private final int[] completionStart;
  private final int[] completionWaiters;
  private final int[] startStart;
  private final int[] startWaiters;
  private final byte[] state;
  private final ArrayDeque<Integer> ready = new ArrayDeque<>();
  private final ArrayDeque<Integer> sends = new ArrayDeque<>();
  private final ArrayDeque<Integer> calcs = new ArrayDeque<>();
  private final long[] iterationFirst; // by iteration: its first op's start
  private final long[] iterationLast; // and its last op's completion
  private final int[] iteration;
  private int completed;

  RankSteps(RankSchedule ops) {
    int n = ops.size();
    unmet = new int[n];
    state = new byte[n];
    completionStart = new int[n + 1];
    startStart = new int[n + 1];
    for (int op = 0; op < n; op++) {
      unmet[op] = ops.requiresCount(op) + ops.irequiresCount(op);
      for (int k = 0; k < ops.requiresCount(op); k++) {
        completionStart[ops.requires(op, k) + 1]++;
      }
      for (int k = 0; k < ops.irequiresCount(op); k++) {
        startStart[ops.irequires(op, k) + 1]++;
      }
    }
    completionWaiters = new int[prefixSum(completionStart)];
    startWaiters = new int[prefixSum(startStart)];
    int[] c = completionStart.clone();
    int[] s = startStart.clone();
    for (int op = 0; op < n; op++) {
      for (int k = 0; k < ops.requiresCount(op); k++) {
        completionWaiters[c[ops.requires(op, k)]++] = op;
      }
      for (int k = 0; k < ops.irequiresCount(op); k++) {
        startWaiters[s[ops.irequires(op, k)]++] = op;
      }
      if (unmet[op] == 0) {
        ready.add(op);
      }
    }
    iterationFirst = new long[ops.iterationCount()];
    iterationLast = new long[ops.iterationCount()];
    Arrays.fill(iterationFirst, Long.MAX_VALUE);
    iteration = new int[ops.iterationCount() == 0 ? 0 : n];
    for (int op = 0; op < iteration.length; op++) {
      iteration[op] = ops.iteration(op);
    }
  }

  private static int prefixSum(int[] counts) {
    for (int i = 1; i < counts.length; i++) {
      counts[i] += counts[i - 1];
    }
    return counts[counts.length - 1];
  }

  /** The next op whose dependencies are met and that was not handed out yet, or -1. */
  int nextReady() {
    Integer op = ready.poll();
    return op == null ? -1 : op;
  }

  void queueSend(int op) {
    sends.add(op);
  }

  void queueCalc(int op) {
    calcs.add(op);
  }

  /** The oldest send not begun yet, or -1. */
  int nextSend() {
    Integer op = sends.poll();
    return op == null ? -1 : op;
  }

  /** The oldest calc that may run, or -1. */
  int nextCalc() {
    Integer op = calcs.poll();
    return op == null ? -1 : op;
  }

  void started(int op, long now) {
    state[op] = STARTED;
    if (iteration.length > 0) {
      int i = iteration[op];
      iterationFirst[i] = Math.min(iterationFirst[i], now);
    }
    release(startWaiters, startStart[op], startStart[op + 1]);
  }

  void completed(int op, long now) {
    state[op] = COMPLETED;
    completed++;
    if (iteration.length > 0) {
      int i = iteration[op];
      iterationLast[i] = Math.max(iterationLast[i], now);
    }
    release(completionWaiters, completionStart[op], completionStart[op + 1]);
  }

  private void release(int[] waiters, int from, int to) {
    for (int k = from; k < to; k++) {
      if (--unmet[waiters[k]] == 0) {
        ready.add(waiters[k]);
      }
    }
  }

  boolean allCompleted() {
    return completed == state.length;
  }

  /** Ops not completed, in index order. */
  int[] unfinished() {
    int[] out = new int[state.length - completed];
    for (int op = 0, k = 0; op < state.length; op++) {
      if (state[op] != COMPLETED) {
        out[k++] = op;
      }
    }
    return out;
  }

  boolean started(int op) {
    return state[op] != WAITING;
  }

  /** When iteration {@code i}'s first op started and its last completed on this rank. */
  long iterationFirst(int i) {
    return iterationFirst[i];
  }

  long iterationLast(int i) {
    return iterationLast[i];
  }
}
