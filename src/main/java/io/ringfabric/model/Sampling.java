package io.ringfabric.model;

import java.io.Serializable;

/**
 * When the machine's time series ({@code stats.sample-interval}) are sampled: every {@code
 * intervalPs} of simulated time, at most {@code most} samples. With {@code auto} the interval
 * starts at {@code intervalPs} and doubles each time a series would need more than {@code most}
 * samples, so that a run of any length has between half of {@code most} and {@code most} of them.
 *
 * @param intervalPs the interval, or the first interval with {@code auto}; 0: nothing is sampled
 * @param ringsAndLinks how many of the fullest rings and of the busiest links the results keep a
 *     series of ({@code stats.series-most}); the totals cover them all
 */
public record Sampling(long intervalPs, boolean auto, int most, int ringsAndLinks) implements Serializable {
  /** Nothing sampled. */
  public static final Sampling OFF = new Sampling(0, false, 0, 0);

  /** {@code stats.series-most}'s default. */
  public static final int RINGS_AND_LINKS = 256;

  /** The samples a run of {@code auto} keeps at most (between half of it and it). */
  public static final int AUTO_MOST = 512;

  /** The first interval of {@code auto}: doubled as the run goes on. */
  public static final long AUTO_FIRST_PS = 1_000;

  /** {@code stats.sample-interval = auto}. */
  public static Sampling automatic() {
    return new Sampling(AUTO_FIRST_PS, true, AUTO_MOST, RINGS_AND_LINKS);
  }

  /** Every {@code intervalPs} of a run of {@code durationPs}. */
  public static Sampling every(long intervalPs, long durationPs) {
    return new Sampling(intervalPs, false, (int) Math.min(Integer.MAX_VALUE, samplesOf(durationPs, intervalPs)),
        RINGS_AND_LINKS);
  }

  /** These samples, keeping the series of at most {@code n} rings and {@code n} links. */
  public Sampling keeping(int n) {
    return new Sampling(intervalPs, auto, most, n);
  }

  /** Samples of {@code intervalPs} that cover {@code endPs}: the last interval may end after it. */
  public static long samplesOf(long endPs, long intervalPs) {
    return endPs / intervalPs + (endPs % intervalPs == 0 ? 0 : 1);
  }

  public boolean on() {
    return intervalPs > 0;
  }

  /**
   * The interval of a run that ended at {@code endPs}: the configured one, or with {@code auto} the
   * shortest of its doublings that covers the end in {@code most} samples, and never shorter than
   * {@code reachedPs}, what some series reached already (a series that saw a time past the end).
   */
  public long finalIntervalPs(long endPs, long reachedPs) {
    if (!auto) {
      return intervalPs;
    }
    long interval = intervalPs;
    while (samplesOf(endPs, interval) > most || interval < reachedPs) {
      interval *= 2;
    }
    return interval;
  }
}
