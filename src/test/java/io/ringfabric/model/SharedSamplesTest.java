package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SharedSamplesTest {
  /** The changes of one series, in its own time order: sums, or a level's values. */
  private record Changes(boolean level, long[] t, long[] value) {
    static Changes random(SplittableRandom random) {
      boolean level = random.nextBoolean();
      int n = random.nextInt(300);
      long[] t = new long[n];
      long[] value = new long[n];
      long now = 0;
      long gap = 1 + random.nextLong(random.nextBoolean() ? 4 : 400);
      for (int i = 0; i < n; i++) {
        now += random.nextLong(gap);
        t[i] = now;
        value[i] = random.nextInt(20) == 0 ? (1L << 33) + random.nextInt(9) // past an int: the rows widen
            : random.nextInt(20) == 0 ? random.nextLong(-1, 2) * ((1L << 30) + random.nextInt(9)) // two fit, not their sum
            : level && random.nextInt(4) == 0 && i > 0 ? value[i - 1] // a level set to what it was
            : random.nextLong(-5, 60);
      }
      return new Changes(level, t, value);
    }

    void apply(int i, Samples own) {
      if (level) {
        own.set(t[i], value[i]);
      } else {
        own.add(t[i], value[i]);
      }
    }

    void apply(int i, SharedSamples shared) {
      if (level) {
        shared.set(t[i], value[i]);
      } else {
        shared.add(t[i], value[i]);
      }
    }

    long last() {
      return t.length == 0 ? 0 : t[t.length - 1];
    }
  }

  /** Auto from a short first interval, auto from its usual one, fixed (in the rows), or fixed of many samples (its own). */
  private static Sampling randomSampling(SplittableRandom random) {
    int kind = random.nextInt(4);
    return kind == 0 ? new Sampling(1 + random.nextInt(9), true, 2 + random.nextInt(30), 8)
        : kind == 1 ? new Sampling(Sampling.AUTO_FIRST_PS, true, 2 + random.nextInt(30), 8)
        : kind == 2 ? new Sampling(1 + random.nextInt(9), false, 1 + random.nextInt(60), 8)
        : new Sampling(1 + random.nextInt(9), false, Sampling.AUTO_MOST + 1 + random.nextInt(200), 8);
  }

  /** Which series changes next, each in its own time order, the series interleaved at random (as parts are). */
  private static int[][] interleaving(SplittableRandom random, List<Changes> series) {
    int total = series.stream().mapToInt(c -> c.t().length).sum();
    int[][] order = new int[total][];
    int[] next = new int[series.size()];
    for (int k = 0; k < total; k++) {
      int s;
      do {
        s = random.nextInt(series.size());
      } while (next[s] == series.get(s).t().length);
      order[k] = new int[] {s, next[s]++};
    }
    return order;
  }

  /**
   * A run's end: with a fixed interval never past its last sample, as a run never goes past the
   * duration its samples were counted for (past it, a level's own series would repeat its last
   * value, which no run asks for).
   */
  private static long endOf(Sampling sampling, long lastChange) {
    return sampling.auto() ? lastChange : Math.min(lastChange, sampling.most() * sampling.intervalPs());
  }

  private static SharedSamples make(Sampling sampling, boolean level) {
    return level ? SharedSamples.level(sampling) : SharedSamples.sum(sampling);
  }

  /**
   * The oracle: series kept as columns of rows they share give, value for value, what a {@link
   * Samples} of their own gives, and double their interval as it does; with auto and fixed
   * intervals, sums and levels, values past an int, the series moved into shared rows part way.
   */
  @Test
  void seriesInSharedRowsGiveWhatSeriesOfTheirOwnGive() {
    SplittableRandom random = new SplittableRandom(37);
    for (int run = 0; run < 400; run++) {
      Sampling sampling = randomSampling(random);
      List<Changes> series = new ArrayList<>();
      for (int s = 1 + random.nextInt(5); s > 0; s--) {
        series.add(Changes.random(random));
      }
      List<Samples> own = new ArrayList<>();
      List<SharedSamples> shared = new ArrayList<>();
      for (Changes c : series) {
        own.add(c.level() ? Samples.level(sampling) : Samples.sum(sampling));
        shared.add(make(sampling, c.level()));
      }
      int[][] order = interleaving(random, series);
      int movedAt = random.nextInt(order.length + 1); // the engine shares the rows here
      for (int k = 0; k < order.length; k++) {
        if (k == movedAt) {
          SeriesRows.share(shared, sampling);
        }
        Changes c = series.get(order[k][0]);
        c.apply(order[k][1], own.get(order[k][0]));
        c.apply(order[k][1], shared.get(order[k][0]));
      }
      long end = endOf(sampling, series.stream().mapToLong(Changes::last).max().orElse(0) + random.nextLong(100));
      long reached = 0;
      for (int s = 0; s < series.size(); s++) {
        assertEquals(own.get(s).intervalPs(), shared.get(s).intervalPs(), "run " + run + " " + sampling + ", series " + s);
        reached = Math.max(reached, own.get(s).intervalPs());
      }
      long f = sampling.finalIntervalPs(Math.max(1, end), reached);
      for (int s = 0; s < series.size(); s++) {
        assertArrayEquals(own.get(s).upTo(end, f), shared.get(s).upTo(end, f),
            "run " + run + " " + sampling + ", series " + s + (series.get(s).level() ? " (level)" : " (sum)"));
      }
    }
  }

  /**
   * A checkpoint saves a series as its own, whichever series shared its rows: saved at a moment,
   * restored into rows shared another way and continued, it gives what it would have given unsaved,
   * and its bytes are those of the same series never shared.
   */
  @Test
  void savingAndRestoringChangeNoSeries() {
    SplittableRandom random = new SplittableRandom(38);
    for (int run = 0; run < 300; run++) {
      Sampling sampling = randomSampling(random);
      List<Changes> series = new ArrayList<>();
      for (int s = 1 + random.nextInt(4); s > 0; s--) {
        series.add(Changes.random(random));
      }
      long end = endOf(sampling, series.stream().mapToLong(Changes::last).max().orElse(0) + 1);
      long atPs = 1 + random.nextLong(end + 1);
      List<Samples> own = new ArrayList<>();
      List<SharedSamples> shared = new ArrayList<>();
      List<SharedSamples> alone = new ArrayList<>();
      for (Changes c : series) {
        own.add(c.level() ? Samples.level(sampling) : Samples.sum(sampling));
        shared.add(make(sampling, c.level()));
        alone.add(make(sampling, c.level()));
      }
      SeriesRows.share(shared, sampling);
      int[][] order = interleaving(random, series);
      for (int[] o : order) {
        Changes c = series.get(o[0]);
        if (c.t()[o[1]] < atPs) {
          c.apply(o[1], shared.get(o[0]));
          c.apply(o[1], alone.get(o[0]));
        }
      }
      List<SharedSamples> restored = new ArrayList<>();
      for (int s = 0; s < series.size(); s++) {
        byte[] bytes = save(shared.get(s), atPs);
        assertArrayEquals(save(alone.get(s), atPs), bytes, "run " + run + ", series " + s + ": the same bytes");
        restored.add(0, restore(bytes)); // shared the other way round
      }
      SeriesRows.share(restored, sampling);
      for (int[] o : order) {
        Changes c = series.get(o[0]);
        c.apply(o[1], own.get(o[0]));
        if (c.t()[o[1]] >= atPs) {
          c.apply(o[1], restored.get(series.size() - 1 - o[0]));
        }
      }
      long reached = 0;
      for (Samples s : own) {
        reached = Math.max(reached, s.intervalPs());
      }
      long f = sampling.finalIntervalPs(end, reached);
      for (int s = 0; s < series.size(); s++) {
        SharedSamples r = restored.get(series.size() - 1 - s);
        assertEquals(own.get(s).intervalPs(), r.intervalPs(), "run " + run + " " + sampling + ", series " + s);
        assertArrayEquals(own.get(s).upTo(end, f), r.upTo(end, f), "run " + run + " " + sampling + ", series " + s
            + " saved at " + atPs);
      }
    }
  }

  @Test
  void offKeepsNothing() {
    SharedSamples level = SharedSamples.level(Sampling.OFF);
    level.set(10, 3);
    level.change(20, 2);
    assertArrayEquals(new long[0], level.upTo(100, 0));
    assertEquals(0, level.intervalPs());
  }

  /** A checkpoint's stream, which tells the moment it saves. */
  private static final class At extends ObjectOutputStream implements SavedAt {
    private final long atPs;

    At(OutputStream out, long atPs) throws IOException {
      super(out);
      this.atPs = atPs;
    }

    @Override
    public long atPs() {
      return atPs;
    }
  }

  private static byte[] save(SharedSamples s, long atPs) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new At(bytes, atPs)) {
      out.writeObject(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static SharedSamples restore(byte[] bytes) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return (SharedSamples) in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
