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

  /** The placements a run may ask for by name ({@code --placement}). */
  public static final List<String> KINDS = List.of("blocks", "round-robin");

  /** The placement called {@code kind} (one of {@link #KINDS}). */
  public static Placement of(String kind, int parts, int members) {
    return switch (kind) {
      case "blocks" -> blocks(parts, members);
      case "round-robin" -> roundRobin(parts, members);
      default -> throw new IllegalArgumentException("unknown placement '" + kind + "'; use one of " + KINDS);
    };
  }

  /**
   * Part {@code p} on member {@code p mod members}: every member gets a share of every region of
   * the fabric (useful when the load is uneven across node ids), at the price of more events
   * crossing between members.
   */
  public static Placement roundRobin(int parts, int members) {
    check(parts, members);
    int[] memberOf = new int[parts];
    for (int p = 0; p < parts; p++) {
      memberOf[p] = p % members;
    }
    return new Placement(memberOf, members);
  }

  /**
   * Parts {@code 0 .. parts-1} in {@code members} contiguous blocks whose sizes differ by at most
   * one, the larger blocks first.
   */
  public static Placement blocks(int parts, int members) {
    check(parts, members);
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

  private static void check(int parts, int members) {
    if (members < 1 || parts < 1) {
      throw new IllegalArgumentException("placement needs at least one part and one member, not "
          + parts + " parts on " + members + " members");
    }
    if (members > parts) {
      throw new IllegalArgumentException(members + " members for " + parts
          + " parts: every member must run at least one part");
    }
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

  /**
   * One line per member, e.g. {@code member 1: parts 6..10 (5 parts)} or
   * {@code member 1: parts 1, 4, 7 (3 parts)}, as a run prints it at start.
   */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      List<Integer> ps = partsOf(m);
      lines.add("member " + m + ": parts " + ranges(ps) + " (" + ps.size() + " part"
          + (ps.size() == 1 ? "" : "s") + ")");
    }
    return lines;
  }

  /** Ascending ids as runs: {@code 0..5}, {@code 1, 4, 7}, {@code 0..2, 8}. */
  private static String ranges(List<Integer> ids) {
    List<String> runs = new ArrayList<>();
    int i = 0;
    while (i < ids.size()) {
      int j = i;
      while (j + 1 < ids.size() && ids.get(j + 1) == ids.get(j) + 1) {
        j++;
      }
      runs.add(j - i >= 2 ? ids.get(i) + ".." + ids.get(j) : String.valueOf(ids.get(i)));
      if (j - i == 1) {
        runs.add(String.valueOf(ids.get(j)));
      }
      i = j + 1;
    }
    return String.join(", ", runs);
  }
}
