package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The warm-up's end as a count: 1 from it on, 0 before, over the whole range of simulated times. */
class MeasuredTest {
  @Test
  void countsFromTheWarmupsEndOn() {
    assertEquals(0, Measured.counts(149_999_999L, 150_000_000L));
    assertEquals(1, Measured.counts(150_000_000L, 150_000_000L));
    assertEquals(1, Measured.counts(150_000_001L, 150_000_000L));
    assertEquals(1, Measured.counts(0, 0), "no warm-up: everything counts");
    assertEquals(1, Measured.counts(Long.MAX_VALUE, 0));
    assertEquals(0, Measured.counts(Long.MAX_VALUE - 1, Long.MAX_VALUE), "a warm-up that never ends");
    assertEquals(0, Measured.counts(0, Long.MAX_VALUE));
  }

  @Test
  void agreesWithTheComparisonItReplaces() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      long t = random.nextLong(Long.MAX_VALUE);
      long from = random.nextBoolean() ? random.nextLong(Long.MAX_VALUE) : t + random.nextInt(-2, 3);
      if (from < 0) {
        continue;
      }
      assertEquals(t >= from ? 1 : 0, Measured.counts(t, from), t + " against " + from);
    }
  }
}
