package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A recorder's bytes give back the same recorder: percentiles, count, mean and max. */
class LatencyRecorderTest {

  private static LatencyRecorder recorded(long seed, int values, long bound) {
    LatencyRecorder r = new LatencyRecorder();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < values; i++) {
      r.record(1 + random.nextLong(bound));
    }
    return r;
  }

  @Test
  void aDecodedRecorderHasTheSameSummary() {
    LatencyRecorder r = recorded(1, 10_000, 5_000_000);
    r.record(123_456_789_012L); // a far outlier widens the histogram
    LatencyRecorder back = LatencyRecorder.decode(r.encode());
    assertEquals(r.summary(), back.summary());
    assertEquals(r.count(), back.count());
  }

  @Test
  void theExactSumAndMaxSurviveWhatTheHistogramCannotHold() {
    LatencyRecorder r = new LatencyRecorder();
    r.record(-5_000); // the histogram holds 0; the sum keeps the negative time
    r.record(0);
    r.record(3);
    LatencyRecorder back = LatencyRecorder.decode(r.encode());
    assertEquals(r.summary(), back.summary());
    assertEquals(new LatencyRecorder.Summary(3, -1.666, 0, 0.003, 0.003, 0.003, 0.003), back.summary());
  }

  @Test
  void percentilesAreThoseOfOneHistogramWhateverRangeTheValuesGrowThrough() {
    Histogram plain = new Histogram(3);
    LatencyRecorder r = new LatencyRecorder();
    SplittableRandom random = new SplittableRandom(11);
    LatencyRecorder empty = new LatencyRecorder();
    for (int i = 0; i < 20_000; i++) { // rising, as queues build: from 1 ps past one second
      long ps = 1 + random.nextLong(1L << (i / 500));
      plain.recordValue(ps);
      r.record(ps);
    }
    r.add(empty); // a recorder that never saw a value adds nothing
    LatencyRecorder.Summary s = r.summary();
    assertEquals(Math.min(plain.getValueAtPercentile(50), plain.getMaxValue()) / 1000.0, s.p50());
    assertEquals(Math.min(plain.getValueAtPercentile(99.9), plain.getMaxValue()) / 1000.0, s.p999());
    assertEquals(20_000, s.count());
  }

  @Test
  void recordersMergedInAnyGroupingGiveThePercentilesOfOneHistogramFedEveryValue() {
    Histogram plain = new Histogram(3);
    long max = 0;
    LatencyRecorder[] parts = new LatencyRecorder[37];
    Arrays.setAll(parts, i -> new LatencyRecorder());
    SplittableRandom random = new SplittableRandom(29);
    for (int i = 0; i < 50_000; i++) { // every range from 1 ps to about 2^50 ps
      long ps = random.nextLong(1L << random.nextInt(1, 51));
      plain.recordValue(ps);
      max = Math.max(max, ps);
      parts[random.nextInt(parts.length)].record(ps);
    }
    LatencyRecorder direct = new LatencyRecorder();
    LatencyRecorder decoded = new LatencyRecorder();
    for (int i = parts.length - 1; i >= 0; i--) { // another order than they were filled in
      direct.add(parts[i]);
      decoded.addEncoded(parts[i].encode());
    }
    LatencyRecorder.Summary s = direct.summary();
    for (double p : new double[] {50, 90, 99, 99.9}) {
      double expected = Math.min(plain.getValueAtPercentile(p), max) / 1000.0;
      assertEquals(expected, p == 50 ? s.p50() : p == 90 ? s.p90() : p == 99 ? s.p99() : s.p999(), "p" + p);
    }
    assertEquals(50_000, s.count());
    assertEquals(max / 1000.0, s.max());
    assertEquals(s, decoded.summary());
  }

  @Test
  void anEmptyRecorderRoundTrips() {
    LatencyRecorder back = LatencyRecorder.decode(new LatencyRecorder().encode());
    assertEquals(new LatencyRecorder().summary(), back.summary());
    assertEquals(0, back.count());
  }

  @Test
  void decodedRecordersMergeAndRecordLikeTheOriginals() {
    LatencyRecorder a = recorded(2, 3_000, 1_000_000);
    LatencyRecorder b = recorded(3, 3_000, 90_000_000_000L);
    LatencyRecorder direct = new LatencyRecorder();
    direct.add(a);
    direct.add(b);
    direct.record(7_000_000_000_000L);
    LatencyRecorder decoded = LatencyRecorder.decode(a.encode());
    decoded.add(LatencyRecorder.decode(b.encode()));
    decoded.record(7_000_000_000_000L); // past both ranges: the decoded one still grows
    assertEquals(direct.summary(), decoded.summary());
  }

  @Test
  void garbageIsRefusedWithAClearMessage() {
    byte[] good = recorded(4, 500, 1_000_000).encode();
    byte[] wrongTag = good.clone();
    wrongTag[0] ^= 1;
    byte[] badHistogram = good.clone();
    badHistogram[good.length - 3] ^= 0x55;
    byte[] badCount = good.clone();
    badCount[11] ^= 1; // the low byte of the count
    byte[] random = new byte[200];
    new SplittableRandom(5).nextBytes(random);
    byte[][] garbage = {
      null, new byte[0], new byte[3], random, wrongTag, badHistogram, badCount,
      Arrays.copyOf(good, good.length - 1), Arrays.copyOf(good, good.length + 1),
      Arrays.copyOf(good, 28), Arrays.copyOf(good, 40)
    };
    for (byte[] bytes : garbage) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> LatencyRecorder.decode(bytes), () -> Arrays.toString(bytes));
      assertTrue(e.getMessage().startsWith("not an encoded LatencyRecorder: "), e.getMessage());
    }
  }

  @Test
  void badBytesAddNothing() {
    LatencyRecorder r = recorded(6, 100, 1_000_000);
    LatencyRecorder.Summary before = r.summary();
    byte[] badCount = recorded(7, 100, 1_000_000_000).encode();
    badCount[11] ^= 1;
    assertThrows(IllegalArgumentException.class, () -> r.addEncoded(badCount));
    assertEquals(before, r.summary());
  }

  @Test
  void theDistributionRisesFromTheFastestToTheMaxAtOneHundredPercent() {
    LatencyRecorder r = recorded(8, 5_000, 2_000_000);
    LatencyRecorder.Summary s = r.summary();
    var points = r.percentiles();
    assertTrue(points.size() > 40, "five steps per halving of the tail: " + points.size());
    for (int i = 1; i < points.size(); i++) {
      assertTrue(points.get(i).percentile() >= points.get(i - 1).percentile(), points.toString());
      assertTrue(points.get(i).ns() >= points.get(i - 1).ns(), points.toString());
    }
    assertEquals(new LatencyRecorder.Point(100.0, s.max()), points.get(points.size() - 1));
    LatencyRecorder.Point median = points.stream().filter(p -> p.percentile() == 50.0).findFirst().orElseThrow();
    assertEquals(s.p50(), median.ns(), "the table's p50 is the distribution's");
    assertTrue(new LatencyRecorder().percentiles().isEmpty());
  }

  @Test
  void recordersAreEqualWhenTheyHoldTheSameDistribution() {
    LatencyRecorder a = recorded(9, 300, 1_000_000);
    LatencyRecorder b = LatencyRecorder.decode(a.encode());
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    b.record(1);
    assertNotEquals(a, b);
    LatencyRecorder c = recorded(9, 300, 1_000_000);
    c.record(999_999); // same buckets as another value but a different sum: not the same recorder
    LatencyRecorder d = recorded(9, 300, 1_000_000);
    d.record(999_998);
    assertNotEquals(c, d);
  }
}
