package io.ringfabric.model;

/**
 * Whether a moment is measured (at or after the warm-up's end), as the number 1 or 0 rather than
 * a branch. The hot paths count with it ({@code packets += counts}) instead of testing it: a branch
 * never taken during the warm-up is compiled by the JIT as a trap, and the first measured packet
 * then throws away the compiled dispatch of every module and switch, which the compiler builds
 * again while the run goes on in slower code (JFR on the BookSim set-up: four compiled units
 * deoptimized at the warm-up's end). Counting a 0 changes no total.
 */
public final class Measured {
  private Measured() {}

  /** 1 if {@code t >= fromPs}, else 0; both non-negative, as simulated times are. */
  public static long counts(long t, long fromPs) {
    return ((t - fromPs) >>> 63) ^ 1;
  }
}
