package io.ringfabric.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Which parts of the machine one member of a run holds: in one JVM, all of them; in a cluster,
 * the block the placement gives it. Every member holds the same placement, so each knows where
 * an event it sends has to go.
 *
 * @param member this member's index (0 coordinates the run and writes the results and trace)
 * @param memberOf the member that runs each part, by part id
 */
public record Share(int member, int members, int[] memberOf) {

  /** One JVM running every part. */
  public static Share whole(int parts) {
    return new Share(0, 1, new int[parts]);
  }

  /** The parts this member runs, ascending. */
  public List<Integer> parts() {
    List<Integer> own = new ArrayList<>();
    for (int p = 0; p < memberOf.length; p++) {
      if (memberOf[p] == member) {
        own.add(p);
      }
    }
    return own;
  }

  public boolean owns(int part) {
    return memberOf[part] == member;
  }

  public boolean alone() {
    return members == 1;
  }
}
