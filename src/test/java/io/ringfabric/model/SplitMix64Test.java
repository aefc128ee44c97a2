package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Our stream is the JDK's SplittableRandom, draw for draw, so no run's results moved with it.
 *
 * <p>Equivalent mutant left alive: in nextInt, {@code u + m - r < 0} as {@code <= 0} (line 46):
 * u - r is a multiple of the bound below 2^31 and m = bound - 1 >= 1, so the sum is never 0, even
 * where it overflows.
 */
class SplitMix64Test {

  @Test
  void everyDrawTheModelUsesEqualsTheJdks() {
    int[] bounds = {1, 2, 3, 7, 8, 63, 100, 1 << 20, (1 << 30) + 1, Integer.MAX_VALUE};
    for (long seed = -5; seed < 200; seed++) {
      SplittableRandom jdk = new SplittableRandom(seed * 0x5DEECE66DL);
      SplitMix64 ours = new SplitMix64(seed * 0x5DEECE66DL);
      for (int i = 0; i < 300; i++) {
        switch (i % 4) {
          case 0 -> assertEquals(jdk.nextLong(), ours.nextLong());
          case 1 -> assertEquals(jdk.nextInt(), ours.nextInt());
          case 2 -> assertEquals(jdk.nextDouble(), ours.nextDouble());
          default -> {
            int bound = bounds[(i / 4) % bounds.length];
            assertEquals(jdk.nextInt(bound), ours.nextInt(bound), "bound " + bound);
          }
        }
      }
    }
  }

  @Test
  void aSavedStreamGoesOnWhereItWas() throws Exception {
    SplitMix64 stream = new SplitMix64(42);
    stream.nextLong();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(stream);
    }
    SplitMix64 copy;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (SplitMix64) in.readObject();
    }
    for (int i = 0; i < 10; i++) {
      assertEquals(stream.nextLong(), copy.nextLong());
    }
  }

  @Test
  void aBoundBelowOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new SplitMix64(1).nextInt(0));
  }
}
