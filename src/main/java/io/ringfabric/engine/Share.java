package io.ringfabric.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Which parts one holder runs: a member of a cluster run (a JVM), or one coordinator of a run,
 * of which every member has one per lane. Every holder of a run knows the same split, so each
 * knows where an event it sends has to go.
 *
 * @param holder this holder's index (coordinator 0 writes the trace; member 0 leads a cluster)
 * @param holderOf the holder that runs each part, by part id
 */
public record Share(int holder, int holders, int[] holderOf) {

  /** One holder of every part. */
  public static Share whole(int parts) {
    return new Share(0, 1, new int[parts]);
  }

  /**
   * The coordinators' shares of a run: each member's parts, ascending, cut into as many blocks
   * as it has lanes. Coordinators are numbered member by member, lane by lane.
   *
   * @param memberOf the member that runs each part
   * @param lanes the lanes of each member
   * @return every coordinator's share, by coordinator index
   */
  public static List<Share> ofLanes(int[] memberOf, int[] lanes) {
    int coordinators = 0;
    int[] firstOf = new int[lanes.length];
    for (int m = 0; m < lanes.length; m++) {
      firstOf[m] = coordinators;
      coordinators += lanes[m];
    }
    int[] coordinatorOf = new int[memberOf.length];
    for (int m = 0; m < lanes.length; m++) {
      List<Integer> parts = new Share(m, lanes.length, memberOf).parts();
      for (int i = 0; i < parts.size(); i++) {
        coordinatorOf[parts.get(i)] = firstOf[m] + Lanes.laneOf(i, parts.size(), lanes[m]);
      }
    }
    List<Share> shares = new ArrayList<>();
    for (int c = 0; c < coordinators; c++) {
      shares.add(new Share(c, coordinators, coordinatorOf));
    }
    return shares;
  }

  /** The parts this holder runs, ascending. */
  public List<Integer> parts() {
    List<Integer> own = new ArrayList<>();
    for (int p = 0; p < holderOf.length; p++) {
      if (holderOf[p] == holder) {
        own.add(p);
      }
    }
    return own;
  }

  public boolean owns(int part) {
    return holderOf[part] == holder;
  }

  public boolean alone() {
    return holders == 1;
  }
}
