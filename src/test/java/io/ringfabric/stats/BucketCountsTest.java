package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Sparse bucket counts hold exactly what a sorted map would, through growth and merging. */
class BucketCountsTest {

  @Test
  void countsSurviveGrowthAndComeOutHighestFirst() {
    BucketCounts counts = new BucketCounts();
    TreeMap<Long, Long> expected = new TreeMap<>();
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 20_000; i++) {
      long bucket = random.nextLong(5_000) * 1024; // collisions and far-apart keys alike
      long n = 1 + random.nextInt(3);
      counts.add(bucket, n);
      expected.merge(bucket, n, Long::sum);
    }
    assertEquals(expected.size(), counts.size());
    long[] highest = counts.highestFirst();
    assertArrayEquals(expected.descendingKeySet().stream().mapToLong(Long::longValue).toArray(), highest);
    for (long bucket : highest) {
      assertEquals(expected.get(bucket), counts.count(bucket));
    }
    assertEquals(0, counts.count(7)); // never added
  }

  @Test
  void addAllSumsBucketByBucket() {
    BucketCounts a = new BucketCounts();
    BucketCounts b = new BucketCounts();
    a.add(0, 2);
    a.add(4096, 1);
    b.add(4096, 5);
    b.add(1L << 40, 1);
    a.addAll(b);
    assertArrayEquals(new long[] {1L << 40, 4096, 0}, a.highestFirst());
    assertEquals(6, a.count(4096));
    assertEquals(2, a.count(0));
  }
}
