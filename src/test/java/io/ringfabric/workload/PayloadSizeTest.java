package io.ringfabric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Payload size distributions: values within their definition, in the right proportions. */
class PayloadSizeTest {
  private static final int DRAWS = 100_000;

  @Test
  void aFixedSizeDoesNotDraw() {
    RandomGenerator noDraws = () -> {
      throw new AssertionError("a fixed size must not draw");
    };
    assertEquals(64, PayloadSize.fixed(64).draw(noDraws));
    assertEquals(64, PayloadSize.fixed(64).largest());
    assertEquals(0, PayloadSize.fixed(0).draw(noDraws));
  }

  @Test
  void uniformCoversItsRangeFlatly() {
    PayloadSize.Uniform u = new PayloadSize.Uniform(64, 95);
    int[] counts = new int[32];
    RandomGenerator r = new SplittableRandom(9);
    for (int i = 0; i < DRAWS; i++) {
      int s = u.draw(r);
      assertTrue(s >= 64 && s <= 95, "size " + s);
      counts[s - 64]++;
    }
    double expected = DRAWS / 32.0;
    double sigma = Math.sqrt(DRAWS * (1 / 32.0) * (31 / 32.0));
    for (int i = 0; i < 32; i++) {
      assertTrue(Math.abs(counts[i] - expected) <= 5 * sigma,
          (64 + i) + " bytes: " + counts[i] + " draws, expected " + expected);
    }
    assertEquals(95, u.largest());
    assertEquals(128, new PayloadSize.Uniform(128, 128).draw(r));
    assertThrows(IllegalArgumentException.class, () -> new PayloadSize.Uniform(10, 9));
  }

  @Test
  void bimodalMixesItsTwoSizesInProportion() {
    PayloadSize.Bimodal b = new PayloadSize.Bimodal(64, 4096, 0.1);
    RandomGenerator r = new SplittableRandom(10);
    int large = 0;
    for (int i = 0; i < DRAWS; i++) {
      int s = b.draw(r);
      assertTrue(s == 64 || s == 4096, "size " + s);
      large += s == 4096 ? 1 : 0;
    }
    double share = (double) large / DRAWS;
    assertTrue(Math.abs(share - 0.1) <= 0.005, "large share " + share);
    assertEquals(4096, b.largest());
    assertEquals(512, new PayloadSize.Bimodal(512, 8, 0.5).largest());
    for (int i = 0; i < 100; i++) {
      assertEquals(64, new PayloadSize.Bimodal(64, 4096, 0).draw(r));
      assertEquals(4096, new PayloadSize.Bimodal(64, 4096, 1).draw(r));
    }
  }

  @Test
  void aListGivesOnlyItsValuesEachEquallyOften() {
    PayloadSize.Listed l = new PayloadSize.Listed(List.of(64, 128, 1024));
    RandomGenerator r = new SplittableRandom(11);
    int[] counts = new int[3];
    for (int i = 0; i < DRAWS; i++) {
      int s = l.draw(r);
      int index = List.of(64, 128, 1024).indexOf(s);
      assertTrue(index >= 0, "size " + s + " is not listed");
      counts[index]++;
    }
    double sigma = Math.sqrt(DRAWS * (1 / 3.0) * (2 / 3.0));
    for (int c : counts) {
      assertTrue(Math.abs(c - DRAWS / 3.0) <= 5 * sigma, "count " + c);
    }
    assertEquals(1024, l.largest());
    assertThrows(IllegalArgumentException.class, () -> new PayloadSize.Listed(List.of()));
  }
}
