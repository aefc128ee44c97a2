package io.ringfabric.config;

import java.util.Collection;

/** Finds the valid name closest to a misspelt one, for "did you mean" hints. */
public final class Closest {
  private Closest() {}

  /**
   * {@code "; did you mean 'x'?"} for the candidate nearest to {@code name} by edit distance, or
   * the empty string when nothing is reasonably close.
   */
  public static String suggestion(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = distance(name, c);
      if (d < bestDistance || (d == bestDistance && best != null && c.compareTo(best) < 0)) {
        best = c;
        bestDistance = d;
      }
    }
    if (best == null || bestDistance > Math.max(2, best.length() / 2)) {
      return "";
    }
    return "; did you mean '" + best + "'?";
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
