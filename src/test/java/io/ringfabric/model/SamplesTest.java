package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Time series of one component: sums per interval, levels at interval ends, and auto's doublings.
 *
 * <p>Equivalent mutants of grow left alive: it sets only how many samples the array has room for
 * (growing again at {@code n == length}, or by halves instead of doublings), never a value, and
 * every caller grows it before writing.
 */
class SamplesTest {
  private static final Sampling EVERY_10 = new Sampling(10, false, 100, 8);

  @Test
  void sumsGoToTheIntervalThatHoldsTheirTime() {
    Samples s = Samples.sum(EVERY_10);
    s.add(0, 1);
    s.add(9, 2);
    s.add(10, 4);
    s.add(35, 8);
    assertArrayEquals(new long[] {3, 4, 0, 8}, s.upTo(40, 10));
    assertArrayEquals(new long[] {3, 4, 0, 8, 0}, s.upTo(41, 10), "the last interval may end after the run");
    s.add(1_000, 16); // interval 100: past the most samples a fixed interval keeps
    assertArrayEquals(new long[] {3, 4, 0, 8}, s.upTo(40, 10));
  }

  @Test
  void aSpanIsCutAtIntervalBoundaries() {
    Samples busy = Samples.sum(EVERY_10);
    busy.addSpan(5, 27);
    busy.addSpan(30, 30); // empty
    busy.addSpan(40, 50);
    assertArrayEquals(new long[] {5, 10, 7, 0, 10}, busy.upTo(50, 10));
  }

  @Test
  void aLevelIsSampledAtEachIntervalsEndBeforeAChangeThere() {
    Samples ring = Samples.level(EVERY_10);
    ring.set(3, 64);
    ring.set(10, 128); // at the boundary: sample 0 keeps 64
    ring.change(15, -64);
    ring.set(42, 0);
    // samples end at 10, 20, 30, 40, 50, 60
    assertArrayEquals(new long[] {64, 64, 64, 64, 0, 0}, ring.upTo(60, 10));
    assertArrayEquals(new long[] {64, 64, 64, 64, 0}, ring.upTo(41 + 5, 10));
  }

  @Test
  void offKeepsNothing() {
    Samples s = Samples.sum(Sampling.OFF);
    s.add(5, 1);
    s.addSpan(0, 100);
    assertEquals(0, s.upTo(100, 0).length);
  }

  @Test
  void autoDoublesToTheSamplesAFixedIntervalWouldHaveTakenFromTheStart() {
    Sampling auto = new Sampling(8, true, 16, 8);
    SplittableRandom random = new SplittableRandom(15);
    for (int run = 0; run < 200; run++) {
      Samples sum = Samples.sum(auto);
      Samples span = Samples.sum(auto);
      Samples level = Samples.level(auto);
      long t = 0;
      long[][] seen = new long[300][];
      int n = 1 + random.nextInt(300);
      for (int i = 0; i < n; i++) {
        t += random.nextLong(40);
        long amount = random.nextLong(1, 100);
        long length = random.nextLong(60);
        seen[i] = new long[] {t, amount, length};
        sum.add(t, amount);
        span.addSpan(t, t + length);
        level.set(t, amount);
      }
      long end = t + random.nextLong(50);
      long reached = Math.max(sum.intervalPs(), Math.max(span.intervalPs(), level.intervalPs()));
      long interval = auto.finalIntervalPs(end, reached);
      Sampling fixed = new Sampling(interval, false, (int) Sampling.samplesOf(end + 200, interval), 8);
      Samples sumAtOnce = Samples.sum(fixed);
      Samples spanAtOnce = Samples.sum(fixed);
      Samples levelAtOnce = Samples.level(fixed);
      for (int i = 0; i < n; i++) {
        sumAtOnce.add(seen[i][0], seen[i][1]);
        spanAtOnce.addSpan(seen[i][0], seen[i][0] + seen[i][2]);
        levelAtOnce.set(seen[i][0], seen[i][1]);
      }
      assertArrayEquals(sumAtOnce.upTo(end, interval), sum.upTo(end, interval), "run " + run);
      assertArrayEquals(spanAtOnce.upTo(end, interval), span.upTo(end, interval), "run " + run);
      assertArrayEquals(levelAtOnce.upTo(end, interval), level.upTo(end, interval), "run " + run);
      long samples = Sampling.samplesOf(end, interval);
      assertEquals(true, samples <= 16, "run " + run + ": " + samples + " samples of " + interval);
    }
  }

  @Test
  void autoEndsWithBetweenHalfAndAllOfItsMostSamples() {
    Sampling auto = Sampling.automatic();
    for (long end : new long[] {300_000, 2_481_500_000L, 10_000_000_000L}) {
      long interval = auto.finalIntervalPs(end, Sampling.AUTO_FIRST_PS);
      long samples = Sampling.samplesOf(end, interval);
      assertEquals(true, samples > Sampling.AUTO_MOST / 2 && samples <= Sampling.AUTO_MOST, end + ": " + samples);
    }
  }
}
