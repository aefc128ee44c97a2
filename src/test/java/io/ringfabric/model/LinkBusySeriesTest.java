package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LinkBusySeriesTest {
  @Test
  void spansAreCutAtEachIntervalTheyCross() {
    LinkBusySeries s = new LinkBusySeries(new Sampling(10, false, 4, 8), 2);
    s.addSpan(0, 5, 25); // 5 in [0,10), 10 in [10,20), 5 in [20,30)
    s.addSpan(1, 12, 14);
    s.addSpan(1, 14, 18); // inside the open row: added there
    s.addSpan(0, 38, 55); // past the fourth sample: only [38,40) is kept
    assertArrayEquals(new long[] {5, 10, 5, 2}, s.upTo(0, 40, 10));
    assertArrayEquals(new long[] {0, 6, 0, 0}, s.upTo(1, 40, 10));
    assertArrayEquals(new long[] {15, 7}, s.upTo(0, 40, 20), "folded to twice the interval");
  }

  @Test
  void autoDoublesForTheWholeSwitchAndFoldsEachLinkAlike() {
    LinkBusySeries s = new LinkBusySeries(new Sampling(10, true, 4, 8), 2);
    s.addSpan(0, 0, 10);
    s.addSpan(1, 30, 35);
    s.addSpan(1, 45, 50); // interval 4 of 10 does not fit in 4: every link's intervals are 20 now
    assertEquals(20, s.intervalPs());
    assertArrayEquals(new long[] {10, 0, 0}, s.upTo(0, 50, 20));
    assertArrayEquals(new long[] {0, 5, 5}, s.upTo(1, 50, 20));
  }

  /**
   * Rows are ints while the interval fits in one (a link's busy time in an interval is at most
   * the interval); an auto run that doubles it past 2.1 ms goes on in longs, and a fixed interval
   * that long starts in them: a whole interval busy is kept to the picosecond either way.
   */
  @Test
  void rowsWidenWhenTheIntervalOutgrowsAnInt() {
    long i0 = 1L << 29;
    Sampling auto = new Sampling(i0, true, 4, 8);
    LinkBusySeries s = new LinkBusySeries(auto, 2);
    Samples own = Samples.sum(auto);
    long[][] spans = {{0, i0}, {i0, 3 * i0}, {9 * i0, 16 * i0 + 5}, {17 * i0, 33 * i0}, {40 * i0, 41 * i0 + 7}};
    for (long[] span : spans) {
      s.addSpan(1, span[0], span[1]);
      own.addSpan(span[0], span[1]);
    }
    s.addSpan(0, 2, 3);
    assertEquals(16 * i0, s.intervalPs(), "doubled four times, to 2^31 ps and more from the second on");
    long end = 41 * i0 + 7;
    assertArrayEquals(new long[] {10 * i0, 15 * i0 + 5, 2 * i0 + 7}, s.upTo(1, end, 16 * i0));
    assertArrayEquals(own.upTo(end, 16 * i0), s.upTo(1, end, 16 * i0));
    assertArrayEquals(new long[] {1, 0, 0}, s.upTo(0, end, 16 * i0));

    long hours = 3_000_000_000L; // a fixed interval longer than an int holds
    LinkBusySeries fixed = new LinkBusySeries(new Sampling(hours, false, 3, 8), 1);
    fixed.addSpan(0, 0, 2 * hours + 1);
    assertArrayEquals(new long[] {hours, hours, 1}, fixed.upTo(0, 3 * hours, hours));
  }

  @Test
  void offKeepsNothing() {
    LinkBusySeries.OFF.addSpan(0, 0, 100);
    assertArrayEquals(new long[0], LinkBusySeries.OFF.upTo(0, 100, 0));
    assertEquals(0, LinkBusySeries.OFF.intervalPs());
  }

  /**
   * The oracle: every link's series is, value for value, what a {@link Samples#sum} of its own
   * gives (the series the switch's shared one replaced), and what the spans add up to by hand;
   * with auto, small and large fixed intervals, links busy and idle, spans in and out of order
   * between links.
   */
  @Test
  void everyLinkGetsWhatASeriesOfItsOwnAndTheSpansByHandGive() {
    SplittableRandom random = new SplittableRandom(36);
    for (int run = 0; run < 400; run++) {
      int kind = random.nextInt(3);
      Sampling sampling = kind == 0 ? new Sampling(1 + random.nextInt(9), true, 2 + random.nextInt(30), 8)
          : kind == 1 ? new Sampling(1 + random.nextInt(9), false, 1 + random.nextInt(60), 8)
          : new Sampling(1 + random.nextInt(3), false, Sampling.AUTO_MOST + 1 + random.nextInt(100), 8);
      int links = 1 + random.nextInt(6);
      LinkBusySeries shared = new LinkBusySeries(sampling, links);
      Samples[] own = new Samples[links];
      for (int l = 0; l < links; l++) {
        own[l] = Samples.sum(sampling);
      }
      int n = random.nextInt(400);
      int[] link = new int[n];
      long[] from = new long[n];
      long[] to = new long[n];
      long[] freeAt = new long[links]; // each link one packet at a time, as a port books it
      long now = 0;
      long gap = 1 + random.nextLong(random.nextBoolean() ? 4 : 400);
      for (int i = 0; i < n; i++) {
        now += random.nextLong(gap);
        link[i] = random.nextInt(links);
        from[i] = Math.max(now, freeAt[link[i]]);
        to[i] = from[i] + random.nextLong(3 * gap);
        freeAt[link[i]] = to[i];
        shared.addSpan(link[i], from[i], to[i]);
        own[link[i]].addSpan(from[i], to[i]);
      }
      long end = now + random.nextLong(100);
      long reached = 0;
      for (Samples s : own) {
        reached = Math.max(reached, s.intervalPs());
      }
      assertEquals(reached, shared.intervalPs(), "run " + run + ": the switch's interval is its links' longest");
      long f = sampling.finalIntervalPs(end, reached);
      int samples = (int) Math.min(Sampling.samplesOf(end, f), sampling.auto() ? Integer.MAX_VALUE : sampling.most());
      for (int l = 0; l < links; l++) {
        long[] byHand = new long[(int) Sampling.samplesOf(end, f)];
        for (int j = 0; j < samples; j++) {
          for (int i = 0; i < n; i++) {
            byHand[j] += link[i] != l ? 0 : Math.max(0, Math.min((j + 1) * f, to[i]) - Math.max(j * f, from[i]));
          }
        }
        assertArrayEquals(byHand, shared.upTo(l, end, f), "run " + run + " " + sampling + ", link " + l + " by hand");
        assertArrayEquals(own[l].upTo(end, f), shared.upTo(l, end, f), "run " + run + ", link " + l);
      }
    }
  }
}
