package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeriesRowsTest {
  @Test
  void spansAreCutAtEachIntervalTheyCross() {
    SeriesRows s = new SeriesRows(new Sampling(10, false, 4, 8), 2);
    s.addSpan(0, 5, 5, 25); // 5 in [0,10), 10 in [10,20), 5 in [20,30)
    s.addSpan(1, 12, 12, 14);
    s.addSpan(1, 14, 14, 18); // inside the open row: added there
    s.addSpan(0, 38, 38, 55); // past the fourth sample: only [38,40) is kept
    assertArrayEquals(new long[] {5, 10, 5, 2}, s.upTo(0, 40, 10));
    assertArrayEquals(new long[] {0, 6, 0, 0}, s.upTo(1, 40, 10));
    assertArrayEquals(new long[] {15, 7}, s.upTo(0, 40, 20), "folded to twice the interval");
  }

  /**
   * With auto the rows' interval doubles when a packet comes at a moment past their end, for
   * every link alike; a packet on the wire past their end keeps that part aside until then. Each
   * link's own series would have doubled when a packet ended past it: that is what the run's
   * interval must be at least.
   */
  @Test
  void autoDoublesWithTheMomentAndKeepsWhatLiesPastTheRowsAside() {
    Sampling auto = new Sampling(10, true, 4, 8);
    SeriesRows s = new SeriesRows(auto, 2);
    s.addSpan(0, 0, 0, 10);
    s.addSpan(1, 30, 30, 35);
    s.addSpan(1, 35, 35, 50); // [40,50) lies past the rows' four intervals of 10
    assertEquals(10, s.intervalPs(), "no packet came at 40 or later yet");
    assertArrayEquals(new long[] {10, 0, 0}, s.upTo(0, 50, 20));
    assertArrayEquals(new long[] {0, 10, 10}, s.upTo(1, 50, 20));
    assertEquals(20, SeriesRows.reachedIntervalPs(auto, 50), "a series of link 1's own doubled at 50");
    assertEquals(10, SeriesRows.reachedIntervalPs(auto, 10));
    s.addSpan(0, 41, 41, 42);
    assertEquals(20, s.intervalPs(), "a packet at 41: the rows doubled");
    assertArrayEquals(new long[] {0, 10, 10}, s.upTo(1, 50, 20), "what was aside came in");
    assertArrayEquals(new long[] {10, 0, 1}, s.upTo(0, 50, 20));
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
    SeriesRows s = new SeriesRows(auto, 2);
    Samples own = Samples.sum(auto);
    long[][] spans = {{0, i0}, {i0, 3 * i0}, {9 * i0, 16 * i0 + 5}, {17 * i0, 33 * i0}, {40 * i0, 41 * i0 + 7}};
    for (long[] span : spans) {
      s.addSpan(1, span[0], span[0], span[1]);
      own.addSpan(span[0], span[1]);
    }
    s.addSpan(0, 2, 2, 3);
    assertEquals(16 * i0, s.intervalPs(), "doubled four times, to 2^31 ps and more from the second on");
    long end = 41 * i0 + 7;
    assertArrayEquals(new long[] {10 * i0, 15 * i0 + 5, 2 * i0 + 7}, s.upTo(1, end, 16 * i0));
    assertArrayEquals(own.upTo(end, 16 * i0), s.upTo(1, end, 16 * i0));
    assertArrayEquals(new long[] {1, 0, 0}, s.upTo(0, end, 16 * i0));

    long hours = 3_000_000_000L; // a fixed interval longer than an int holds
    SeriesRows fixed = new SeriesRows(new Sampling(hours, false, 3, 8), 1);
    fixed.addSpan(0, 0, 0, 2 * hours + 1);
    assertArrayEquals(new long[] {hours, hours, 1}, fixed.upTo(0, 3 * hours, hours));
  }

  /** A row is found by the interval's inverse, then put right: exact at each interval's edges, at any interval. */
  @Test
  void eachPicosecondLandsInItsInterval() {
    for (long interval : new long[] {1, 3, 7, 1_000, 2_000_000, 999_999_937, 3_000_000_017L}) {
      int most = 64;
      SeriesRows s = new SeriesRows(new Sampling(interval, false, most, 8), 1);
      long[] byHand = new long[most];
      for (int k = 1; k < most; k++) { // a picosecond on each side of the edge at k intervals
        s.addSpan(0, k * interval - 1, k * interval - 1, k * interval);
        s.addSpan(0, k * interval, k * interval, k * interval + 1);
        byHand[k - 1]++;
        byHand[k]++;
      }
      assertArrayEquals(byHand, s.upTo(0, most * interval, interval), "interval " + interval);
    }
  }

  @Test
  void offKeepsNothing() {
    SeriesRows.OFF.addSpan(0, 0, 0, 100);
    assertArrayEquals(new long[0], SeriesRows.OFF.upTo(0, 100, 0));
    assertEquals(0, SeriesRows.OFF.intervalPs());
  }

  /** Spans of {@code links} links, each one packet at a time as a port books it, handed in at {@code now}. */
  private record Spans(int[] link, long[] now, long[] from, long[] to, long end) {
    static Spans random(SplittableRandom random, int links) {
      int n = random.nextInt(400);
      Spans s = new Spans(new int[n], new long[n], new long[n], new long[n], 0);
      long[] freeAt = new long[links];
      long now = 0;
      long gap = 1 + random.nextLong(random.nextBoolean() ? 4 : 400);
      for (int i = 0; i < n; i++) {
        now += random.nextLong(gap);
        s.link[i] = random.nextInt(links);
        s.now[i] = now;
        s.from[i] = Math.max(now + (random.nextInt(4) == 0 ? random.nextLong(2 * gap) : 0), freeAt[s.link[i]]);
        s.to[i] = s.from[i] + random.nextLong(3 * gap);
        freeAt[s.link[i]] = s.to[i];
      }
      return new Spans(s.link, s.now, s.from, s.to, now + random.nextLong(100));
    }

    /** Hands spans [{@code first}, {@code last}) to {@code series}, link l as its column {@code column[l]}. */
    void handIn(int first, int last, SeriesRows series, int[] column) {
      for (int i = first; i < last; i++) {
        series.addSpan(column[link[i]], now[i], from[i], to[i]);
      }
    }

    /** The longest interval a series of each link's own would have doubled to. */
    long reached(Sampling sampling, int links) {
      long reached = sampling.intervalPs();
      for (int l = 0; l < links; l++) {
        long reach = 0;
        for (int i = 0; i < link.length; i++) {
          reach = link[i] == l && to[i] > from[i] ? to[i] : reach;
        }
        reached = Math.max(reached, SeriesRows.reachedIntervalPs(sampling, reach));
      }
      return reached;
    }
  }

  /** Auto from a short first interval, auto from its usual one (its own path), or fixed. */
  private static Sampling randomSampling(SplittableRandom random) {
    int kind = random.nextInt(3);
    return kind == 0 ? new Sampling(1 + random.nextInt(9), true, 2 + random.nextInt(30), 8)
        : kind == 1 ? new Sampling(Sampling.AUTO_FIRST_PS, true, 2 + random.nextInt(30), 8)
        : new Sampling(1 + random.nextInt(9), false, 1 + random.nextInt(60), 8);
  }

  private static int[] identity(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  /**
   * The oracle: every link's series is, value for value, what a {@link Samples#sum} of its own
   * gives (the series the shared one replaced), and what the spans add up to by hand; with auto
   * and fixed intervals, links busy and idle, spans in and out of order between links, some
   * booked ahead of the moment they are handed in.
   */
  @Test
  void everyLinkGetsWhatASeriesOfItsOwnAndTheSpansByHandGive() {
    SplittableRandom random = new SplittableRandom(36);
    for (int run = 0; run < 400; run++) {
      Sampling sampling = randomSampling(random);
      int links = 1 + random.nextInt(6);
      Spans spans = Spans.random(random, links);
      SeriesRows shared = new SeriesRows(sampling, links);
      spans.handIn(0, spans.link().length, shared, identity(links));
      Samples[] own = new Samples[links];
      for (int l = 0; l < links; l++) {
        own[l] = Samples.sum(sampling);
      }
      for (int i = 0; i < spans.link().length; i++) {
        own[spans.link()[i]].addSpan(spans.from()[i], spans.to()[i]);
      }
      long reached = 0;
      for (Samples s : own) {
        reached = Math.max(reached, s.intervalPs());
      }
      assertEquals(reached, spans.reached(sampling, links), "run " + run + ": each link's own interval");
      long end = spans.end();
      long f = sampling.finalIntervalPs(end, reached);
      assertTrue(shared.intervalPs() <= f, "run " + run + ": the rows are never coarser than the run's interval");
      int samples = (int) Math.min(Sampling.samplesOf(end, f), sampling.auto() ? Integer.MAX_VALUE : sampling.most());
      for (int l = 0; l < links; l++) {
        long[] byHand = new long[(int) Sampling.samplesOf(end, f)];
        for (int j = 0; j < samples; j++) {
          for (int i = 0; i < spans.link().length; i++) {
            byHand[j] += spans.link()[i] != l ? 0
                : Math.max(0, Math.min((j + 1) * f, spans.to()[i]) - Math.max(j * f, spans.from()[i]));
          }
        }
        assertArrayEquals(byHand, shared.upTo(l, end, f), "run " + run + " " + sampling + ", link " + l + " by hand");
        assertArrayEquals(own[l].upTo(end, f), shared.upTo(l, end, f), "run " + run + ", link " + l);
      }
    }
  }

  /**
   * Whoever shares a link's rows, and from when, its series is the same, and so is what a
   * checkpoint saves of it: the links of one switch, then moved into the rows of many (as an engine
   * does before its run), saved at a moment and restored into rows shared another way, give the
   * values of the run that was never saved, and save the same as a series of their own.
   */
  @Test
  void sharingSavingAndRestoringChangeNoLinksSeries() {
    SplittableRandom random = new SplittableRandom(35);
    for (int run = 0; run < 300; run++) {
      Sampling sampling = randomSampling(random);
      int links = 1 + random.nextInt(6);
      Spans spans = Spans.random(random, links);
      int n = spans.link().length;
      SeriesRows whole = new SeriesRows(sampling, links);
      spans.handIn(0, n, whole, identity(links));

      int moved = random.nextInt(n + 1); // handed in before the engine shares the rows
      int saved = moved + random.nextInt(n - moved + 1); // the checkpoint's window starts after them
      long atPs = saved == n ? spans.end() + 1 : Math.max(1, spans.now()[saved]);
      while (saved > 0 && spans.now()[saved - 1] >= atPs) {
        saved--;
      }
      moved = Math.min(moved, saved);
      SeriesRows alone = new SeriesRows(sampling, links);
      spans.handIn(0, moved, alone, identity(links));
      int others = random.nextInt(5);
      SeriesRows lane = new SeriesRows(sampling, links + others);
      int[] column = new int[links];
      for (int l = 0; l < links; l++) {
        column[l] = others + links - 1 - l;
        lane.take(column[l], alone, l);
      }
      for (int c = 0; c < others; c++) { // other links of the lane, busy before the checkpoint, some past it
        long t = Math.max(0, atPs - 1 - random.nextLong(atPs));
        lane.addSpan(c, t, t, t + random.nextLong(2 * atPs + 1));
      }
      spans.handIn(moved, saved, lane, column);
      SeriesRows[] restored = new SeriesRows[links];
      for (int l = 0; l < links; l++) {
        SeriesRows own = new SeriesRows(sampling, 1);
        for (int i = 0; i < saved; i++) {
          if (spans.link()[i] == l) {
            own.addSpan(0, spans.now()[i], spans.from()[i], spans.to()[i]);
          }
        }
        SeriesRows.Saved fromLane = lane.save(column[l], atPs);
        SeriesRows.Saved fromOwn = own.save(0, atPs);
        String at = "run " + run + " " + sampling + ", link " + l + " saved at " + atPs;
        assertEquals(fromOwn.intervalPs(), fromLane.intervalPs(), at);
        assertArrayEquals(fromOwn.values(), fromLane.values(), at);
        assertArrayEquals(fromOwn.beyond(), fromLane.beyond(), at);
        restored[l] = SeriesRows.restore(sampling, fromLane);
      }
      SeriesRows after = new SeriesRows(sampling, links);
      for (int l = 0; l < links; l++) {
        after.take(l, restored[l], 0);
      }
      spans.handIn(saved, n, after, identity(links));
      long f = sampling.finalIntervalPs(spans.end(), spans.reached(sampling, links));
      for (int l = 0; l < links; l++) {
        assertArrayEquals(whole.upTo(l, spans.end(), f), after.upTo(l, spans.end(), f),
            "run " + run + " " + sampling + ", link " + l + ": moved after " + moved + ", saved after " + saved);
      }
    }
  }
}
