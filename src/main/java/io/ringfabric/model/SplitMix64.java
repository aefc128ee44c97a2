package io.ringfabric.model;

import java.io.Serializable;
import java.util.random.RandomGenerator;

/**
 * A process's random stream: the SplitMix64 generator that {@link java.util.SplittableRandom}
 * is, draw for draw, but a class of ours, so its state can be saved in a checkpoint (the JDK's
 * is not serializable and hides its state). {@code SplitMix64Test} holds it to the JDK's over
 * every draw the model uses.
 */
public final class SplitMix64 implements RandomGenerator, Serializable {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
  private long seed;

  public SplitMix64(long seed) {
    this.seed = seed;
  }

  @Override
  public long nextLong() {
    long z = seed += GOLDEN_GAMMA;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public int nextInt() {
    long z = seed += GOLDEN_GAMMA;
    z = (z ^ (z >>> 33)) * 0x62A9D9ED799705F5L;
    return (int) (((z ^ (z >>> 28)) * 0xCB24D0A5C88C35B3L) >>> 32);
  }

  /** A bounded draw as the JDK makes it: rejection of the over-represented tail, one draw for a power of two. */
  @Override
  public int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, not " + bound);
    }
    int r = nextInt();
    int m = bound - 1;
    if ((bound & m) == 0) {
      return r & m;
    }
    for (int u = r >>> 1; u + m - (r = u % bound) < 0; u = nextInt() >>> 1) {
      // draw again: u fell in the tail that would favour small values
    }
    return r;
  }

  @Override
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }
}
