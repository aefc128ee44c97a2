package io.ringfabric.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * Which cluster member runs which parts of the machine (nodes, and switches that belong to no
 * node). Contiguous blocks of ids by default, so neighbours in a mesh or torus mostly share a
 * member; decided from the scenario and the member count alone, never from the order members
 * joined in, so every layout of the same run gives the same results.
 */
public final class Placement {
  private final int[] memberOf;
  private final int members;

  private Placement(int[] memberOf, int members) {
    this.memberOf = memberOf;
    this.members = members;
  }

  /**
   * Parts {@code 0 .. parts-1} in {@code members} contiguous blocks whose sizes differ by at most
   * one, the larger blocks first.
   */
  public static Placement blocks(int parts, int members) {
    if (members < 1 || parts < 1) {
      throw new IllegalArgumentException("placement needs at least one part and one member, not "
          + parts + " parts on " + members + " members");
    }
    if (members > parts) {
      throw new IllegalArgumentException(members + " members for " + parts
          + " parts: every member must run at least one part");
    }
    int[] memberOf = new int[parts];
    int base = parts / members;
    int extra = parts % members;
    int p = 0;
    for (int m = 0; m < members; m++) {
      int size = base + (m < extra ? 1 : 0);
      for (int i = 0; i < size; i++) {
        memberOf[p++] = m;
      }
    }
    return new Placement(memberOf, members);
  }

  public int members() {
    return members;
  }

  /** The member of every part, by part id. */
  public int[] memberOf() {
    return memberOf.clone();
  }

  public int memberOf(int part) {
    return memberOf[part];
  }

  /** The parts member {@code m} runs, ascending. */
  public List<Integer> partsOf(int m) {
    List<Integer> out = new ArrayList<>();
    for (int p = 0; p < memberOf.length; p++) {
      if (memberOf[p] == m) {
        out.add(p);
      }
    }
    return out;
  }

  /** One line per member, e.g. {@code member 1: parts 6..10 (5 parts)}, as a run prints it at start. */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      List<Integer> ps = partsOf(m);
      lines.add("member " + m + ": parts " + ps.get(0) + ".." + ps.get(ps.size() - 1) + " ("
          + ps.size() + " part" + (ps.size() == 1 ? "" : "s") + ")");
    }
    return lines;
  }
}
