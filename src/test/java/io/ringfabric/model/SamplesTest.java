package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Time series of one component: sums per interval, levels at interval ends, and auto's doublings.
 *
 * <p>Equivalent mutants of makeRoom left alive: whether it grows after a fold ({@code 2 * n >
 * length}) and by how much set only how much room the entries have, never a value.
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
  @Test
  void aSeriesHoldsOnlyWhatChangedThroughAutosDoublings() {
    Samples level = Samples.level(Sampling.automatic());
    Samples sum = Samples.sum(Sampling.automatic());
    for (long t = 0; t < 2_000_000_000L; t += 100_000_000) { // every 100 us, 20 times: 12 doublings of 1 ns
      level.set(t + 1, t % 200_000_000 == 0 ? 64 : 0);
      sum.add(t + 1, 3);
    }
    assertEquals(4_096_000, level.intervalPs());
    assertEquals(19, level.held(), "the samples where the level moved (the first to 64 from 0 at the start)");
    assertEquals(20, sum.held(), "the intervals with a sum");
    long[] levels = level.upTo(2_000_000_000L, 4_096_000);
    assertEquals(489, levels.length);
    assertEquals(64, levels[0]);
    assertEquals(64, levels[23], "ends at 98.304 us");
    assertEquals(0, levels[24], "ends at 102.4 us, after the change at 100 us");
    assertEquals(0, levels[47], "ends at 196.608 us");
    assertEquals(64, levels[48], "ends at 200.704 us, after the change at 200 us");
    assertEquals(0, levels[488]);
    long[] sums = sum.upTo(2_000_000_000L, 4_096_000);
    assertEquals(60, Arrays.stream(sums).sum());
    assertEquals(3, sums[0]);
    assertEquals(3, sums[24], "100 us is in 98.304 .. 102.4 us");
    assertEquals(0, sums[23]);
  }

  @Test
  void entriesFoldToTheIntervalWhenTheyFillTheirRoom() {
    Sampling auto = new Sampling(10, true, 8, 8);
    Samples busy = Samples.sum(auto);
    Samples level = Samples.level(auto);
    for (long t = 0; t < 320; t += 5) {
      busy.addSpan(t, t + 3);
      level.set(t, t);
    }
    assertEquals(40, busy.intervalPs());
    assertEquals(8, busy.held(), "sixteen intervals of 10 touched, folded into eight of 40 when the ninth came");
    assertArrayEquals(new long[] {24, 24, 24, 24, 24, 24, 24, 24}, busy.upTo(320, 40));
    assertArrayEquals(new long[] {48, 48, 48, 48}, busy.upTo(280, 80), "the last interval ends after the run");
    assertEquals(40, level.intervalPs());
    assertEquals(true, level.held() <= 8, level.held() + " entries");
    assertArrayEquals(new long[] {35, 75, 115, 155, 195, 235, 275, 315}, level.upTo(320, 40));
    assertArrayEquals(new long[] {75, 155, 235, 315}, level.upTo(320, 80));
  }

  @Test
  void aLevelForgetsTheSamplesADoublingDroppedBeforeTheyWereDue() {
    Samples ring = Samples.level(new Sampling(10, true, 4, 8));
    ring.set(5, 7);
    ring.set(25, 9); // samples 0 and 1 (end at 10, 20): 7
    ring.set(35, 11); // sample 2 (end 30): 9, dropped when the interval doubles to 20
    ring.set(85, 0); // doubles: samples of 20 end at 40, 60, 80: 11
    assertEquals(20, ring.intervalPs());
    assertArrayEquals(new long[] {7, 11, 11, 11, 0}, ring.upTo(100, 20));
    assertArrayEquals(new long[] {11, 11, 0}, ring.upTo(100, 40));
  }

  @Test
  void aSeriesStillForManyDoublingsKeepsItsEntriesInTheirIntervals() {
    Samples sum = Samples.sum(Sampling.automatic());
    Samples level = Samples.level(Sampling.automatic());
    sum.add(999, 5);
    level.set(1_500, 9);
    long far = 1L << 55; // 37 doublings of 1 ns in one step
    sum.add(far, 7);
    level.set(far, 1);
    long interval = 1_000L << 37;
    assertEquals(interval, sum.intervalPs());
    assertEquals(interval, level.intervalPs());
    long[] sums = sum.upTo(far + 1, interval);
    assertEquals(263, sums.length);
    assertEquals(5, sums[0]);
    assertEquals(7, sums[262], "2^55 ps is 262.1 intervals");
    assertEquals(12, Arrays.stream(sums).sum());
    long[] levels = level.upTo(far + 1, interval);
    assertEquals(9, levels[0]);
    assertEquals(9, levels[261], "ends before the change at 2^55 ps");
    assertEquals(1, levels[262]);
  }

  @Test
  void aSumOutOfTimeOrderGoesToItsOwnInterval() {
    Samples s = Samples.sum(EVERY_10);
    s.add(35, 1);
    s.add(5, 2);
    s.add(36, 4);
    s.add(7, 8);
    s.add(21, 16);
    s.add(39, 32);
    assertEquals(3, s.held());
    assertArrayEquals(new long[] {10, 0, 16, 37}, s.upTo(40, 10));
  }

  @Test
  void autoAgreesWithSamplesTakenByHandFromEveryChange() {
    SplittableRandom random = new SplittableRandom(35);
    for (int run = 0; run < 300; run++) {
      Sampling auto = new Sampling(1 + random.nextInt(9), true, 2 + random.nextInt(30), 8);
      Samples sum = Samples.sum(auto);
      Samples span = Samples.sum(auto);
      Samples level = Samples.level(auto);
      int n = random.nextInt(400);
      long[] t = new long[n];
      long[] amount = new long[n];
      long[] length = new long[n];
      long now = 0;
      long gap = 1 + random.nextLong(random.nextBoolean() ? 4 : 400); // many changes a sample, or few
      for (int i = 0; i < n; i++) {
        now += random.nextLong(gap);
        t[i] = now;
        amount[i] = random.nextLong(-3, 50);
        length[i] = random.nextLong(3 * gap);
        sum.add(now, amount[i]);
        span.addSpan(now, now + length[i]);
        level.set(now, amount[i]);
      }
      long end = now + random.nextLong(100);
      long reached = Math.max(sum.intervalPs(), Math.max(span.intervalPs(), level.intervalPs()));
      long f = auto.finalIntervalPs(end, reached);
      int samples = (int) Sampling.samplesOf(end, f);
      long[] sums = new long[samples];
      long[] spans = new long[samples];
      long[] levels = new long[samples];
      for (int j = 0; j < samples; j++) {
        long from = j * f;
        long to = from + f;
        for (int i = 0; i < n; i++) {
          sums[j] += t[i] >= from && t[i] < to ? amount[i] : 0;
          spans[j] += Math.max(0, Math.min(to, t[i] + length[i]) - Math.max(from, t[i]));
          levels[j] = t[i] < to ? amount[i] : levels[j]; // the level just before the sample's end
        }
      }
      assertArrayEquals(sums, sum.upTo(end, f), "run " + run);
      assertArrayEquals(spans, span.upTo(end, f), "run " + run);
      assertArrayEquals(levels, level.upTo(end, f), "run " + run);
      assertEquals(true, sum.held() <= auto.most() && span.held() <= auto.most() && level.held() <= auto.most());
    }
  }
}
