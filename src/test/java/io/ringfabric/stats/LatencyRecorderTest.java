package io.ringfabric.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
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
    org.HdrHistogram.Histogram plain = new org.HdrHistogram.Histogram(3);
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
}
