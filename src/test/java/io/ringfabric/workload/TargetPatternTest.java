package io.ringfabric.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each target pattern against an independently written definition; the random ones within
 * statistical bounds for a fixed seed.
 */
class TargetPatternTest {
  private static final int DRAWS = 100_000;

  /** A random stream that fails the test if a pattern without draws draws. */
  private static final RandomGenerator NO_DRAWS = new RandomGenerator() {
    @Override
    public long nextLong() {
      throw new AssertionError("this pattern must not draw");
    }
  };

  private static int[] targets(TargetPattern p, int nodes) {
    int[] t = new int[nodes];
    for (int s = 0; s < nodes; s++) {
      t[s] = p.target(s, nodes, 0, NO_DRAWS);
    }
    return t;
  }

  private static void assertPermutation(int[] t) {
    boolean[] hit = new boolean[t.length];
    for (int d : t) {
      assertTrue(d >= 0 && d < t.length, "target " + d);
      assertTrue(!hit[d], "target " + d + " twice");
      hit[d] = true;
    }
  }

  // --- permutations ---------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void transposeSwapsTheGridCoordinates(int nodes) {
    int k = nodes == 16 ? 4 : 8;
    // the grid written out row by row; node grid[y][x] sends to grid[x][y]
    int[][] grid = new int[k][k];
    int id = 0;
    for (int y = 0; y < k; y++) {
      for (int x = 0; x < k; x++) {
        grid[y][x] = id++;
      }
    }
    int[] expected = new int[nodes];
    for (int y = 0; y < k; y++) {
      for (int x = 0; x < k; x++) {
        expected[grid[y][x]] = grid[x][y];
      }
    }
    int[] t = targets(new TargetPattern.Transpose(), nodes);
    assertArrayEquals(expected, t);
    assertPermutation(t);
    assertEquals(1, t[k], "(0, 1) -> (1, 0)");
    assertEquals(k, t[1], "(1, 0) -> (0, 1)");
    for (int d = 0; d < k; d++) {
      assertEquals(d * k + d, t[d * k + d], "the diagonal sends to itself");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void bitReverseReversesTheIdsBits(int nodes) {
    int bits = Integer.toBinaryString(nodes - 1).length();
    int[] t = targets(new TargetPattern.BitReverse(), nodes);
    for (int s = 0; s < nodes; s++) {
      String b = String.format("%" + bits + "s", Integer.toBinaryString(s)).replace(' ', '0');
      int reversed = Integer.parseInt(new StringBuilder(b).reverse().toString(), 2);
      assertEquals(reversed, t[s], "node " + s + " (" + b + ")");
    }
    assertPermutation(t);
    if (nodes == 16) {
      assertEquals(8, t[1]); // 0001 -> 1000
      assertEquals(12, t[3]); // 0011 -> 1100
      assertEquals(6, t[6]); // 0110 reads the same both ways
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64, 15, 5})
  void tornadoGoesNearlyHalfWayRound(int nodes) {
    int steps = nodes / 2 + (nodes % 2) - 1; // ceil(n/2) - 1
    int[] t = targets(new TargetPattern.Tornado(), nodes);
    for (int s = 0; s < nodes; s++) {
      int d = s;
      for (int i = 0; i < steps; i++) {
        d = d == nodes - 1 ? 0 : d + 1;
      }
      assertEquals(d, t[s], "node " + s);
    }
    assertPermutation(t);
    if (nodes == 16) {
      assertEquals(7, t[0]);
      assertEquals(2, t[11]);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void neighborIsTheNextId(int nodes) {
    int[] t = targets(new TargetPattern.Neighbor(), nodes);
    assertEquals(nodes, t.length);
    for (int s = 0; s < nodes - 1; s++) {
      assertEquals(s + 1, t[s]);
    }
    assertEquals(0, t[nodes - 1]);
    assertPermutation(t);
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void allToAllCyclesThroughEveryOtherNodeFromTheNext(int nodes) {
    TargetPattern p = new TargetPattern.AllToAll();
    for (int s = 0; s < nodes; s++) {
      List<Integer> expected = new ArrayList<>();
      for (int d = s + 1; d < nodes; d++) {
        expected.add(d);
      }
      for (int d = 0; d < s; d++) {
        expected.add(d);
      }
      List<Integer> got = new ArrayList<>();
      for (long i = 0; i < nodes - 1; i++) {
        got.add(p.target(s, nodes, i, NO_DRAWS));
      }
      assertEquals(expected, got, "node " + s);
      // and again from the start
      assertEquals(expected.get(0), p.target(s, nodes, nodes - 1, NO_DRAWS));
      assertEquals(expected.get(3), p.target(s, nodes, 5L * (nodes - 1) + 3, NO_DRAWS));
    }
  }

  @Test
  void fixedAndIncastSendToTheirNodeWithoutDrawing() {
    for (int s = 0; s < 16; s++) {
      assertEquals(5, new TargetPattern.Fixed(5).target(s, 16, s, NO_DRAWS));
      assertEquals(99, new TargetPattern.Fixed(99).target(s, 16, s, NO_DRAWS));
      if (s != 9) {
        assertEquals(9, new TargetPattern.Incast(9).target(s, 16, s, NO_DRAWS));
      }
    }
  }

  @Test
  void theIncastNodeSendsUniformlyToTheOthers() {
    int[] counts = new int[16];
    RandomGenerator r = new SplittableRandom(3);
    for (int i = 0; i < DRAWS; i++) {
      counts[new TargetPattern.Incast(9).target(9, 16, i, r)]++;
    }
    assertEquals(0, counts[9]);
    assertFlat(counts, 9, DRAWS);
  }

  // --- uniform ----------------------------------------------------------------------------------

  @Test
  void uniformMakesExactlyTheDrawsItAlwaysMade() {
    SplittableRandom a = new SplittableRandom(42);
    SplittableRandom b = new SplittableRandom(42);
    TargetPattern p = new TargetPattern.Uniform();
    for (int i = 0; i < 1000; i++) {
      int self = i % 16;
      int pick = b.nextInt(16 - 1);
      assertEquals(pick >= self ? pick + 1 : pick, p.target(self, 16, i, a));
    }
    assertEquals(0, p.target(0, 1, 0, NO_DRAWS), "one node: itself, no draw");
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void uniformIsFlatOverTheOtherNodes(int nodes) {
    for (int self : new int[] {0, 5, nodes - 1}) {
      int[] counts = new int[nodes];
      RandomGenerator r = new SplittableRandom(7 + self);
      for (int i = 0; i < DRAWS; i++) {
        counts[new TargetPattern.Uniform().target(self, nodes, i, r)]++;
      }
      assertEquals(0, counts[self], "never itself");
      assertFlat(counts, self, DRAWS);
    }
  }

  /**
   * Every node but {@code skip} got its share of {@code n} draws within 5 sigma, and the counts
   * pass a chi-square test at the 0.1% level (Wilson-Hilferty approximation of the quantile).
   */
  private static void assertFlat(int[] counts, int skip, int n) {
    int cells = counts.length - 1;
    double p = 1.0 / cells;
    double expected = n * p;
    double sigma = Math.sqrt(n * p * (1 - p));
    double chi2 = 0;
    for (int d = 0; d < counts.length; d++) {
      if (d == skip) {
        continue;
      }
      assertTrue(Math.abs(counts[d] - expected) <= 5 * sigma,
          "node " + d + ": " + counts[d] + " draws, expected " + expected + " +- " + 5 * sigma);
      chi2 += (counts[d] - expected) * (counts[d] - expected) / expected;
    }
    int df = cells - 1;
    double z = 3.09; // 0.1% upper tail
    double limit = df * Math.pow(1 - 2.0 / (9 * df) + z * Math.sqrt(2.0 / (9 * df)), 3);
    assertTrue(chi2 < limit, "chi-square " + chi2 + " over " + df + " degrees of freedom, limit " + limit);
  }

  // --- hotspot ----------------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(ints = {16, 64})
  void hotspotSendsItsFractionToTheHotNodeAndTheRestUniformly(int nodes) {
    int hot = 3;
    for (double fraction : new double[] {0.05, 0.2, 0.5}) {
      for (int self : new int[] {0, 2, 4, nodes - 1}) {
        int[] counts = new int[nodes];
        RandomGenerator r = new SplittableRandom(11 + self);
        TargetPattern p = new TargetPattern.Hotspot(hot, fraction);
        for (int i = 0; i < DRAWS; i++) {
          counts[p.target(self, nodes, i, r)]++;
        }
        assertEquals(0, counts[self], "never itself");
        double share = (double) counts[hot] / DRAWS;
        assertTrue(Math.abs(share - fraction) <= 0.01,
            "node " + self + ": hot share " + share + " for fraction " + fraction);
        // the rest: flat over the nodes that are neither the source nor the hot node
        int rest = DRAWS - counts[hot];
        int[] others = new int[nodes - 1];
        int j = 0;
        for (int d = 0; d < nodes; d++) {
          if (d != self) {
            others[j++] = d == hot ? 0 : counts[d];
          }
        }
        int hotIndex = hot < self ? hot : hot - 1;
        assertFlat(others, hotIndex, rest);
      }
    }
  }

  @Test
  void hotspotEdgeCases() {
    RandomGenerator r = new SplittableRandom(1);
    for (int i = 0; i < 1000; i++) {
      assertEquals(3, new TargetPattern.Hotspot(3, 1.0).target(i % 3, 16, i, r), "fraction 1");
      assertNotEquals(3, new TargetPattern.Hotspot(3, 0.0).target(i % 3, 16, i, r), "fraction 0");
      assertEquals(1, new TargetPattern.Hotspot(1, 0.3).target(0, 2, i, r), "two nodes");
      assertEquals(0, new TargetPattern.Hotspot(1, 0.3).target(1, 2, i, r), "the hot node of two");
      assertEquals(0, new TargetPattern.Hotspot(0, 0.3).target(0, 1, i, r), "one node");
    }
    // the hot node sends like uniform: the same draws
    SplittableRandom a = new SplittableRandom(5);
    SplittableRandom b = new SplittableRandom(5);
    for (int i = 0; i < 1000; i++) {
      assertEquals(new TargetPattern.Uniform().target(3, 16, i, b),
          new TargetPattern.Hotspot(3, 0.5).target(3, 16, i, a));
    }
  }

  // --- node counts --------------------------------------------------------------------------------

  @Test
  void transposeAndBitReverseNameTheNodeCountTheyCannotUse() {
    assertEquals("transpose needs a square number of nodes (4, 9, 16, 25, ...) to lay them out as"
        + " a k x k grid, but the machine has 12", new TargetPattern.Transpose().unsupported(12));
    assertEquals("bit-reverse needs a power-of-two number of nodes (2, 4, 8, 16, ...), but the"
        + " machine has 12", new TargetPattern.BitReverse().unsupported(12));
    for (int n : new int[] {1, 4, 9, 16, 64, 100}) {
      assertNull(new TargetPattern.Transpose().unsupported(n));
    }
    for (int n : new int[] {1, 2, 4, 64, 1024}) {
      assertNull(new TargetPattern.BitReverse().unsupported(n));
    }
    assertNull(new TargetPattern.BitReverse().unsupported(16));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new TargetPattern.Transpose().target(0, 12, 0, NO_DRAWS));
    assertTrue(e.getMessage().contains("has 12"));
    assertThrows(IllegalStateException.class,
        () -> new TargetPattern.BitReverse().target(0, 12, 0, NO_DRAWS));
    assertEquals(0, new TargetPattern.BitReverse().target(0, 1, 0, NO_DRAWS));
    assertEquals(0, new TargetPattern.Transpose().target(0, 1, 0, NO_DRAWS));
    assertEquals(0, new TargetPattern.Tornado().target(0, 1, 0, NO_DRAWS));
    assertEquals(1, new TargetPattern.Tornado().target(1, 2, 0, NO_DRAWS), "two nodes: itself");
    assertEquals(0, new TargetPattern.AllToAll().target(0, 1, 7, NO_DRAWS));
  }

  @Test
  void everyKindHasItsConfigName() {
    assertEquals(List.of("uniform", "neighbor", "fixed", "transpose", "bit-reverse", "tornado",
        "hotspot", "incast", "all-to-all"), List.of(Pattern.configNames()));
    for (Pattern k : Pattern.values()) {
      assertEquals(k, Pattern.fromConfigName(k.configName()));
      assertEquals(k, TargetPattern.of(k, 2).kind());
    }
    assertEquals(new TargetPattern.Hotspot(1, 0.1), TargetPattern.of(Pattern.HOTSPOT, 1),
        "the fraction reference.conf gives");
  }
}
