package io.ringfabric.engine;

import io.ringfabric.model.Layout;
import io.ringfabric.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

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

  /**
   * The parts each part shares a link with, by part id, ascending: the only parts an event can
   * cross to, since only packets and their credits cross between parts, one link at a time.
   */
  public static int[][] linkedParts(Topology topology, Layout layout) {
    List<TreeSet<Integer>> linked = new ArrayList<>();
    for (int p = 0; p < layout.parts(); p++) {
      linked.add(new TreeSet<>());
    }
    for (Topology.Link link : topology.links()) {
      int from = layout.partOf(layout.switchComponent(link.fromSwitch()));
      int to = layout.partOf(layout.switchComponent(link.toSwitch()));
      if (from != to) {
        linked.get(from).add(to);
        linked.get(to).add(from);
      }
    }
    int[][] out = new int[linked.size()][];
    for (int p = 0; p < out.length; p++) {
      out[p] = linked.get(p).stream().mapToInt(Integer::intValue).toArray();
    }
    return out;
  }

  /**
   * The other holders that run a part sharing a link with one of this holder's: the only ones
   * that can send this one an event, or be sent one.
   *
   * @param linkedParts by part, the parts it shares a link with ({@link #linkedParts})
   */
  public List<Integer> neighbours(int[][] linkedParts) {
    TreeSet<Integer> out = new TreeSet<>();
    for (int p = 0; p < holderOf.length; p++) {
      if (holderOf[p] == holder) {
        for (int q : linkedParts[p]) {
          if (holderOf[q] != holder) {
            out.add(holderOf[q]);
          }
        }
      }
    }
    return List.copyOf(out);
  }

  public boolean owns(int part) {
    return holderOf[part] == holder;
  }

  public boolean alone() {
    return holders == 1;
  }
}
