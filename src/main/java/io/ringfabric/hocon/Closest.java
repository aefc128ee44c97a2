package io.ringfabric.hocon;

import java.util.Collection;

/** Finds the valid name closest to a misspelt one, for "closest valid key" hints. */
public final class Closest {
  private Closest() {}

  /**
   * {@code "; closest valid key: 'x'"} for the candidate nearest to {@code name} by edit distance.
   * It always names one, however far: a user who misspelt a key learns a real key at that level
   * even when the guess is poor. Empty only when there are no candidates.
   */
  public static String suggestion(String name, Collection<String> candidates) {
    return suggestion(name, candidates, "key");
  }

  /** As {@link #suggestion(String, Collection)}, naming what the candidates are: "; closest valid program: 'x'". */
  public static String suggestion(String name, Collection<String> candidates, String noun) {
    String best = nearest(name, candidates);
    return best == null ? "" : "; closest valid " + noun + ": '" + best + "'";
  }

  /**
   * The candidate nearest to {@code name} by edit distance, ties going to the alphabetically first
   * (so the answer does not depend on the collection's order); null when there are no candidates.
   */
  public static String nearest(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = distance(name, c);
      if (d < bestDistance || (d == bestDistance && c.compareTo(best) < 0)) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
