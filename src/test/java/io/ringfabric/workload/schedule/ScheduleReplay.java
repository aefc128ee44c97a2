package io.ringfabric.workload.schedule;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs a schedule without time, for tests: an op starts once what it requires has completed and
 * what it irequires has started; a send completes at once and its message waits at the receiver;
 * a receive completes on the first waiting message from its source (or any) with its tag (or
 * any). What is left says which ops never completed and which messages nobody received, so a test
 * can tell a generator's deadlock or a send without its receive.
 */
final class ScheduleReplay {
  private ScheduleReplay() {}

  /** One line per op that never completed and per message never received; empty when all ran. */
  static List<String> leftOver(Schedule s) {
    int n = s.numRanks();
    byte[][] state = new byte[n][]; // 0 waiting, 1 started, 2 completed
    List<List<long[]>> arrived = new ArrayList<>(); // {source, tag, bytes}
    for (int r = 0; r < n; r++) {
      state[r] = new byte[s.rank(r).size()];
      arrived.add(new ArrayList<>());
    }
    List<String> problems = new ArrayList<>();
    boolean moved = true;
    while (moved) {
      moved = false;
      for (int r = 0; r < n; r++) {
        RankSchedule rank = s.rank(r);
        for (int i = 0; i < rank.size(); i++) {
          if (state[r][i] == 0 && ready(rank, state[r], i)) {
            state[r][i] = 1;
            moved = true;
          }
          if (state[r][i] != 1) {
            continue;
          }
          if (rank.kind(i) == OpKind.SEND) {
            arrived.get(rank.peer(i)).add(new long[] {r, rank.tag(i), rank.bytes(i)});
            state[r][i] = 2;
          } else if (rank.kind(i) == OpKind.CALC) {
            state[r][i] = 2;
          } else {
            List<long[]> queue = arrived.get(r);
            for (int k = 0; k < queue.size(); k++) {
              long[] m = queue.get(k);
              if ((rank.peer(i) == -1 || m[0] == rank.peer(i)) && (rank.tag(i) == -1 || m[1] == rank.tag(i))) {
                if (m[2] != rank.bytes(i)) {
                  problems.add("rank " + r + " " + rank.label(i) + " received " + m[2] + " B, not " + rank.bytes(i));
                }
                queue.remove(k);
                state[r][i] = 2;
                break;
              }
            }
          }
          moved |= state[r][i] == 2;
        }
      }
    }
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < state[r].length; i++) {
        if (state[r][i] != 2) {
          problems.add("rank " + r + " " + s.rank(r).label(i) + " " + s.rank(r).kind(i).word() + " never completed");
        }
      }
      for (long[] m : arrived.get(r)) {
        problems.add("message from " + m[0] + " to " + r + " tag " + m[1] + " never received");
      }
    }
    return problems;
  }

  private static boolean ready(RankSchedule rank, byte[] state, int i) {
    for (int k = 0; k < rank.requiresCount(i); k++) {
      if (state[rank.requires(i, k)] != 2) {
        return false;
      }
    }
    for (int k = 0; k < rank.irequiresCount(i); k++) {
      if (state[rank.irequires(i, k)] == 0) {
        return false;
      }
    }
    return true;
  }
}
