package io.ringfabric.model;

import java.io.Serializable;

/**
 * The busy time of one switch's links sampled in simulated time, for the results' series: each
 * link's busy time in each interval, exactly as a {@link Samples#sum} of its own would keep it
 * (the same intervals, the same doublings with {@link Sampling#auto()}, the same values), but the
 * switch's links side by side, one row of the array an interval.
 *
 * <p>Why a switch's links share one array: a link's series changes with nearly every packet (at
 * 1,024 nodes an interval of {@code auto} holds about one packet of a link), and a series of each
 * link's own cost three cache misses a packet (its object and the ends of its two arrays), two
 * thirds of what the series cost the run. Here the packets of all the switch's links in one
 * interval write one row, and the switch's state is in the cache already.
 *
 * <p>A row for every interval is {@code most} rows; with a fixed interval of more samples than
 * {@link Sampling#AUTO_MOST}, each link keeps a {@link Samples} of its own instead, which holds
 * only the intervals touched.
 *
 * <p>A row holds ints while the interval does (2.1 ms): a link sends one packet at a time, so its
 * busy time in an interval is at most the interval. Half the bytes of longs: half the memory (8
 * KB instead of 16 for a torus switch's 4 links and 512 rows) and half the cache lines a switch's
 * packets walk through as the intervals go by. Past it (auto in a run of over half a second, or a
 * fixed interval that long) the rows are longs.
 */
public final class LinkBusySeries implements Serializable {
  /** A series that samples nothing, for the ports without a link. */
  public static final LinkBusySeries OFF = new LinkBusySeries(Sampling.OFF, 0);

  private static final int[] NONE = {};

  private final Sampling sampling;
  private final int links;
  private final Samples[] own; // not null: a fixed interval of many samples, a series a link
  private long intervalPs;
  private int[] busy = NONE; // busy[row * links + link]: its busy time in interval row, while it fits
  private long[] wide; // the same once the interval is longer than an int holds; null before
  // The open rows: two intervals side by side, [openFrom, openMid) at row openRow and [openMid,
  // openTo) the row after it (or one row, openMid = openTo, at the last row). A change inside
  // them adds and divides nothing. Two, because a packet that crosses an interval's end is the
  // common case at fine intervals, and the switch's other links go on in the first row meanwhile.
  private long openFrom = Long.MAX_VALUE;
  private long openMid = Long.MIN_VALUE;
  private long openTo = Long.MIN_VALUE;
  private int openRow;

  /** The series of {@code links} links, sampled as {@code sampling} says. */
  public LinkBusySeries(Sampling sampling, int links) {
    this.sampling = sampling;
    this.links = links;
    this.intervalPs = sampling.intervalPs();
    boolean dense = sampling.auto() || sampling.most() <= Sampling.AUTO_MOST;
    this.own = dense ? null : new Samples[links];
    for (int l = 0; !dense && l < links; l++) {
      own[l] = Samples.sum(sampling);
    }
  }

  /** Adds to each interval the part of [{@code from}, {@code to}) that falls in it, for link {@code link}. */
  public void addSpan(int link, long from, long to) {
    if (from >= openFrom && to <= openTo && to > from) {
      if (to <= openMid) {
        add(openRow + link, to - from);
      } else if (from >= openMid) {
        add(openRow + links + link, to - from);
      } else {
        add(openRow + link, openMid - from);
        add(openRow + links + link, to - openMid);
      }
      return;
    }
    if (own != null) {
      own[link].addSpan(from, to);
    } else if (to > from && intervalPs > 0) {
      addAcross(link, from, to);
    }
  }

  /** A span that leaves the open rows: cut at each interval it crosses, doubling first if it must (auto). */
  private void addAcross(int link, long from, long to) {
    long most = sampling.most();
    long last = (to - 1) / intervalPs;
    while (last >= most && sampling.auto()) {
      doubleInterval();
      last = (to - 1) / intervalPs;
    }
    if (busy.length == 0 && wide == null) {
      if (intervalPs <= Integer.MAX_VALUE) {
        busy = new int[(int) most * links];
      } else {
        wide = new long[(int) most * links];
      }
    }
    long first = from / intervalPs;
    last = Math.min(last, most - 1); // a fixed interval: nothing is kept past the run's samples
    for (long k = first; k <= last; k++) {
      add((int) k * links + link, Math.min(to, (k + 1) * intervalPs) - Math.max(from, k * intervalPs));
    }
    long row = Math.max(first, last - 1); // the open rows only move on: a late change leaves them
    if (first <= last && (openTo == Long.MIN_VALUE || row * links > openRow)) {
      openRow = (int) row * links;
      openFrom = row * intervalPs;
      openMid = (row + 1) * intervalPs;
      openTo = row + 1 < most ? (row + 2) * intervalPs : openMid;
    }
  }

  /** Adds {@code ps} to the busy time at {@code index} of the rows. */
  private void add(int index, long ps) {
    if (wide == null) {
      busy[index] += (int) ps;
    } else {
      wide[index] += ps;
    }
  }

  private long at(int index) {
    return wide == null ? busy[index] : wide[index];
  }

  private void put(int index, long ps) {
    if (wide == null) {
      busy[index] = (int) ps;
    } else {
      wide[index] = ps;
    }
  }

  /** The rows' length: every link's value of every interval kept. */
  private int length() {
    return wide == null ? busy.length : wide.length;
  }

  /** Auto: the interval doubles, each two rows adding into one (in longs from when an int cannot hold it). */
  private void doubleInterval() {
    if (wide == null && 2 * intervalPs > Integer.MAX_VALUE) {
      wide = new long[busy.length];
      for (int i = 0; i < busy.length; i++) {
        wide[i] = busy[i];
      }
      busy = NONE;
    }
    int rows = length() / Math.max(1, links);
    int half = (rows + 1) / 2;
    for (int r = 0; r < half; r++) {
      for (int l = 0; l < links; l++) {
        put(r * links + l, at(2 * r * links + l) + (2 * r + 1 < rows ? at((2 * r + 1) * links + l) : 0));
      }
    }
    for (int i = half * links; i < length(); i++) {
      put(i, 0);
    }
    intervalPs *= 2;
    openFrom = Long.MAX_VALUE;
    openMid = Long.MIN_VALUE;
    openTo = Long.MIN_VALUE;
  }

  /** The interval now (with auto, as far as this switch's links have doubled it). */
  public long intervalPs() {
    return own != null ? sampling.intervalPs() : intervalPs;
  }

  /**
   * Link {@code link}'s samples of a run that ended at {@code endPs}, at interval {@code finalPs}
   * (this series' interval or a doubling of it), as {@link Samples#upTo} gives them.
   */
  public long[] upTo(int link, long endPs, long finalPs) {
    if (own != null) {
      return own[link].upTo(endPs, finalPs);
    }
    int d = 0;
    for (long interval = intervalPs; interval > 0 && interval < finalPs; interval *= 2) {
      d++;
    }
    long[] out = new long[finalPs == 0 ? 0 : (int) Sampling.samplesOf(endPs, finalPs)];
    int rows = links == 0 ? 0 : length() / links;
    for (int r = 0; r < rows; r++) {
      int j = d >= Integer.SIZE ? 0 : r >> d;
      if (j < out.length) {
        out[j] += at(r * links + link);
      }
    }
    return out;
  }
}
