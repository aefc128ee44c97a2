package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The busy time of many links sampled in simulated time, for the results' series: each link's
 * busy time in each interval, exactly as a {@link Samples#sum} of its own would keep it (the same
 * values, folded to the run's interval), its links side by side, one row of the array an
 * interval. A link is a column; its {@link OutputPort} hands in each packet's time on the wire.
 *
 * <p>Why many links share one array: a link's series changes with nearly every packet (at 1,024
 * nodes an interval of {@code auto} holds about two packets of a link), and rows of each link's
 * or each switch's own are out of the cache by the link's next packet: a cache miss or two a
 * packet, most of what the series cost the run. An engine lets all the links it runs on one thread
 * share one series ({@link #share}), so the rows of the moment are those of every link and stay in
 * the cache. Built alone, a switch's links share one.
 *
 * <p>With {@code auto} the interval doubles as the run's time goes on: when a packet is handed in
 * at a moment past the rows' end ({@code most} intervals). So the rows' interval is never longer
 * than the one of the moment, whichever links share them, and a series saved at a moment ({@link
 * #save}), cut to that moment's interval, is the same whoever ran it. A packet whose time on the
 * wire goes past the rows' end keeps that part aside until the rows reach it. What a run's last
 * interval must be at least is each link's own business ({@link #reachedIntervalPs}).
 *
 * <p>A row holds ints while the interval does (2.1 ms): a link sends one packet at a time, so its
 * busy time in an interval is at most the interval. Past it (auto in a run of over half a second,
 * or a fixed interval that long) the rows are longs.
 *
 * <p>A fixed interval of more samples than {@link Sampling#AUTO_MOST} is not kept here: each port
 * keeps a {@link Samples} of its own, which holds only the intervals touched.
 */
public final class LinkBusySeries {
  /** A series that samples nothing, for the ports without a link. */
  public static final LinkBusySeries OFF = new LinkBusySeries(Sampling.OFF, 0);

  private static final int[] NONE = {};

  private final Sampling sampling;
  private final int columns;
  private long intervalPs;
  private double perInterval; // 1 / intervalPs: a row by a multiplication, not a long division
  private final int most;
  private long rowsEndPs; // most intervals: where the rows end (auto) or the samples do (fixed)
  private int[] busy = NONE; // busy[row * columns + column]: its busy time in interval row, while it fits
  private long[] wide; // the same once the interval is longer than an int holds; null before
  // Times on the wire past the rows' end (auto), kept until the interval has doubled to reach them.
  private int aside;
  private int[] asideColumn = new int[0];
  private long[] asideFrom = new long[0];
  private long[] asideTo = new long[0];

  /** The series of {@code columns} links, sampled as {@code sampling} says. */
  public LinkBusySeries(Sampling sampling, int columns) {
    this.sampling = sampling;
    this.columns = columns;
    this.intervalPs = kept(sampling) ? sampling.intervalPs() : 0;
    this.rowsEndPs = intervalPs * sampling.most();
    this.perInterval = intervalPs == 0 ? 0 : 1.0 / intervalPs;
    this.most = sampling.most();
  }

  /** Whether a port's busy time is kept in a series of many links (not: off, or a {@link Samples} of its own). */
  public static boolean kept(Sampling sampling) {
    return sampling.on() && (sampling.auto() || sampling.most() <= Sampling.AUTO_MOST);
  }

  /**
   * One series for all the given switches' links, which one thread runs from now on (an engine's
   * lane, or the whole machine): each linked port's series so far moves into it.
   */
  public static void share(Iterable<Switch> switches, Sampling sampling) {
    if (!kept(sampling)) {
      return;
    }
    List<OutputPort> ports = new ArrayList<>();
    for (Switch s : switches) {
      ports.addAll(s.linkedPorts());
    }
    LinkBusySeries shared = new LinkBusySeries(sampling, ports.size());
    for (int column = 0; column < ports.size(); column++) {
      ports.get(column).moveBusySeries(shared, column);
    }
  }

  /**
   * Adds to each interval the part of [{@code from}, {@code to}) that falls in it, for link {@code
   * column}; handed in at {@code now}, no later than {@code from}. Nearly every packet falls in
   * one interval or two, and writes them straight away.
   */
  public void addSpan(int column, long now, long from, long to) {
    if (to <= from || intervalPs == 0) {
      return;
    }
    while (now >= rowsEndPs && sampling.auto()) {
      doubleInterval();
    }
    long first = rowOf(from);
    long last = rowOf(to - 1);
    int[] rows = busy;
    if (last >= most || wide != null || rows.length == 0 || last > first + 1) {
      addInRows(column, from, to);
    } else if (first == last) {
      rows[(int) first * columns + column] += (int) (to - from);
    } else {
      long mid = last * intervalPs;
      rows[(int) first * columns + column] += (int) (mid - from);
      rows[(int) last * columns + column] += (int) (to - mid);
    }
  }

  /** Any span: cut at each interval it crosses; past the rows, set aside (auto) or dropped (fixed). */
  private void addInRows(int column, long from, long to) {
    if (length() == 0) {
      if (intervalPs <= Integer.MAX_VALUE) {
        busy = new int[sampling.most() * columns];
      } else {
        wide = new long[sampling.most() * columns];
      }
    }
    if (to > rowsEndPs && sampling.auto()) {
      setAside(column, Math.max(from, rowsEndPs), to);
    }
    long end = Math.min(to, rowsEndPs);
    if (from >= end) {
      return;
    }
    long first = rowOf(from);
    long last = rowOf(end - 1);
    for (long k = first; k <= last; k++) {
      add((int) k * columns + column, Math.min(end, (k + 1) * intervalPs) - Math.max(from, k * intervalPs));
    }
  }

  /**
   * The interval that holds {@code t}: by the interval's inverse, a few cycles where a long
   * division takes tens, then put right (a double's rounding moves it by one at most below 2^52).
   */
  private long rowOf(long t) {
    if (t >= 1L << 52) {
      return t / intervalPs;
    }
    long q = (long) (t * perInterval);
    long r = t - q * intervalPs;
    while (r < 0) {
      q--;
      r += intervalPs;
    }
    while (r >= intervalPs) {
      q++;
      r -= intervalPs;
    }
    return q;
  }

  private void setAside(int column, long from, long to) {
    if (aside == asideTo.length) {
      int room = Math.max(8, 2 * aside);
      asideColumn = Arrays.copyOf(asideColumn, room);
      asideFrom = Arrays.copyOf(asideFrom, room);
      asideTo = Arrays.copyOf(asideTo, room);
    }
    asideColumn[aside] = column;
    asideFrom[aside] = from;
    asideTo[aside++] = to;
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

  /**
   * Auto: the interval doubles, each two rows adding into one (in longs from when an int cannot
   * hold it); what was set aside comes in as far as it now can.
   */
  private void doubleInterval() {
    if (wide == null && 2 * intervalPs > Integer.MAX_VALUE && busy.length > 0) {
      wide = new long[busy.length];
      for (int i = 0; i < busy.length; i++) {
        wide[i] = busy[i];
      }
      busy = NONE;
    }
    int rows = length() / Math.max(1, columns);
    int half = (rows + 1) / 2;
    for (int r = 0; r < half; r++) {
      for (int c = 0; c < columns; c++) {
        put(r * columns + c, at(2 * r * columns + c) + (2 * r + 1 < rows ? at((2 * r + 1) * columns + c) : 0));
      }
    }
    for (int i = half * columns; i < length(); i++) {
      put(i, 0);
    }
    intervalPs *= 2;
    perInterval = 1.0 / intervalPs;
    rowsEndPs = intervalPs * sampling.most();
    int n = aside;
    aside = 0;
    for (int i = 0; i < n; i++) {
      addInRows(asideColumn[i], asideFrom[i], asideTo[i]);
    }
  }

  /** The interval of the rows now: with auto, the first that holds every moment handed in so far. */
  public long intervalPs() {
    return intervalPs;
  }

  /**
   * The interval a link's own series would have doubled to (auto), having been busy until {@code
   * reachPs}: the run's interval is at least the longest of them.
   */
  public static long reachedIntervalPs(Sampling sampling, long reachPs) {
    long interval = sampling.intervalPs();
    while (sampling.auto() && interval > 0 && (reachPs - 1) / interval >= sampling.most()) {
      interval *= 2;
    }
    return interval;
  }

  /**
   * Link {@code column}'s samples of a run that ended at {@code endPs}, at interval {@code
   * finalPs} (this series' interval or a doubling of it), as {@link Samples#upTo} gives them.
   */
  public long[] upTo(int column, long endPs, long finalPs) {
    long[] out = new long[finalPs == 0 ? 0 : (int) Sampling.samplesOf(endPs, finalPs)];
    int d = 0;
    for (long interval = intervalPs; interval > 0 && interval < finalPs; interval *= 2) {
      d++;
    }
    int rows = columns == 0 ? 0 : length() / columns;
    for (int r = 0; r < rows; r++) {
      int j = d >= Integer.SIZE ? 0 : r >> d;
      if (j < out.length) {
        out[j] += at(r * columns + column);
      }
    }
    for (int i = 0; i < aside; i++) {
      if (asideColumn[i] == column) {
        addCut(out, finalPs, asideFrom[i], asideTo[i]);
      }
    }
    return out;
  }

  /** Adds [{@code from}, {@code to}) into {@code out}, cut at each {@code intervalPs}, as far as out goes. */
  private static void addCut(long[] out, long intervalPs, long from, long to) {
    for (long k = from / intervalPs; k < out.length && k * intervalPs < to; k++) {
      out[(int) k] += Math.min(to, (k + 1) * intervalPs) - Math.max(from, k * intervalPs);
    }
  }

  /**
   * Link {@code column}'s series as a checkpoint at {@code atPs} keeps it, whichever links it
   * shared its rows with: its intervals at the interval of that moment ({@link #savedIntervalPs}),
   * the trailing empty ones left out, and what lies past them.
   */
  public Saved save(int column, long atPs) {
    if (intervalPs == 0) {
      return new Saved(0, new long[0], new long[0]);
    }
    long interval = Math.max(savedIntervalPs(sampling, atPs), intervalPs); // the rows are never coarser: a guard
    long savedEnd = interval * most;
    long[] values = upTo(column, savedEnd, interval); // what was aside, as far as the rows at that interval go
    int used = values.length;
    while (used > 0 && values[used - 1] == 0) {
      used--;
    }
    values = Arrays.copyOf(values, used);
    long[] beyond = new long[0];
    for (int i = 0; i < aside; i++) {
      if (asideColumn[i] == column && asideTo[i] > savedEnd) {
        beyond = Arrays.copyOf(beyond, beyond.length + 2);
        beyond[beyond.length - 2] = Math.max(asideFrom[i], savedEnd);
        beyond[beyond.length - 1] = asideTo[i];
      }
    }
    return new Saved(interval, values, beyond);
  }

  /**
   * The interval of the rows a checkpoint at {@code atPs} keeps: with auto, the first that holds
   * every moment before it, so never shorter than what the rows of any run are at that moment.
   */
  public static long savedIntervalPs(Sampling sampling, long atPs) {
    long interval = kept(sampling) ? sampling.intervalPs() : 0;
    while (sampling.auto() && interval > 0 && atPs - 1 >= interval * sampling.most()) {
      interval *= 2;
    }
    return interval;
  }

  /**
   * A link's series as saved: its values at {@code intervalPs}, from the run's start, and the
   * times on the wire past their end as [from, to) pairs.
   */
  public record Saved(long intervalPs, long[] values, long[] beyond) implements Serializable {}

  /** A series of one link, its column 0, as it was {@link #save saved}. */
  public static LinkBusySeries restore(Sampling sampling, Saved saved) {
    LinkBusySeries s = new LinkBusySeries(sampling, 1);
    while (s.intervalPs > 0 && s.intervalPs < saved.intervalPs()) {
      s.doubleInterval();
    }
    s.addInRows(0, 0, 0); // makes the rows
    for (int k = 0; k < Math.min(saved.values().length, s.most); k++) {
      s.add(k, saved.values()[k]);
    }
    for (int i = 0; i + 1 < saved.beyond().length; i += 2) {
      s.addInRows(0, saved.beyond()[i], saved.beyond()[i + 1]);
    }
    return s;
  }

  /**
   * Takes link {@code link} of {@code from} in as this series' link {@code column}, which holds
   * nothing yet: its values move here, at the longer of the two intervals.
   */
  void take(int column, LinkBusySeries from, int link) {
    if (from.intervalPs == 0) {
      return;
    }
    while (intervalPs < from.intervalPs) {
      doubleInterval();
    }
    int d = 0;
    for (long interval = from.intervalPs; interval < intervalPs; interval *= 2) {
      d++;
    }
    int rows = from.length() / Math.max(1, from.columns);
    if (rows > 0 && length() == 0) {
      addInRows(column, 0, 0); // makes the rows
    }
    for (int r = 0; r < rows; r++) {
      add((r >> d) * columns + column, from.at(r * from.columns + link));
    }
    for (int i = 0; i < from.aside; i++) {
      if (from.asideColumn[i] == link) {
        addInRows(column, from.asideFrom[i], from.asideTo[i]);
      }
    }
  }
}
