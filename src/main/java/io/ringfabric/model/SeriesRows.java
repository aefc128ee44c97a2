package io.ringfabric.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * The time series of many components sampled in simulated time, side by side, one row of the
 * array an interval and a column a series: each link's busy time (its {@link OutputPort} hands in
 * each packet's time on the wire), and each module's and ring's series ({@link SharedSamples}),
 * exactly as a {@link Samples} of their own would keep them (the same values, folded to the run's
 * interval). A sum is kept as it is; a level as the sum of its changes.
 *
 * <p>Why they share one array: a busy component's series changes with nearly every packet (at
 * 1,024 nodes an interval of {@code auto} holds about two packets of a link), and the values of a
 * series of its own are out of the cache by its next change: a cache miss or two a change, most of
 * what the series cost the run. An engine lets all the components it runs on one thread share one
 * array ({@link #share}), so the rows of the moment are everyone's and stay in the cache. Built
 * alone, a switch's links share one, and each other series has its own.
 *
 * <p>With {@code auto} the interval doubles as the run's time goes on: when a packet is handed in
 * at a moment past the rows' end ({@code most} intervals), or a change comes there (a level's, an
 * interval past it: one more row holds what comes before). So the rows' interval is never longer
 * than the one of the moment, whichever series share them, and a series saved at a moment ({@link
 * #save}), cut to that moment's interval, is the same whoever ran it. A packet whose time on the
 * wire goes past the rows' end keeps that part aside until the rows reach it, and one over many
 * intervals (early in a run) all of it until the interval has grown. What a run's last
 * interval must be at least is each series' own business ({@link #reachedIntervalPs}, {@link
 * SharedSamples#intervalPs}).
 *
 * <p>A row holds ints while its values fit (a link's busy time in an interval is at most the
 * interval, 2.1 ms in an int), then longs.
 *
 * <p>A fixed interval of more samples than {@link Sampling#AUTO_MOST} is not kept here: each
 * series keeps a {@link Samples} of its own, which holds only the intervals touched.
 */
public final class SeriesRows {
  /** A series that samples nothing, for the ports without a link. */
  public static final SeriesRows OFF = new SeriesRows(Sampling.OFF, 0);

  private static final int[] NONE = {};
  // Auto: a span over more intervals than this waits aside until the interval has grown (addInRows)
  private static final int SPREAD = 4;

  private final Sampling sampling;
  private final int columns;
  private long intervalPs;
  private double perInterval; // 1 / intervalPs: a row by a multiplication, not a long division
  private final int most;
  private long rowsEndPs; // most intervals: where the rows end (auto) or the samples do (fixed)
  private int[] busy = NONE; // busy[row * columns + column]: column's value in interval row, while ints hold them
  // The same once a value or the interval (a link's busy time, added unchecked) outgrows an int; null before
  private long[] wide;
  // Times on the wire past the rows' end (auto), kept until the interval has doubled to reach them.
  private int aside;
  private int[] asideColumn = new int[0];
  private long[] asideFrom = new long[0];
  private long[] asideTo = new long[0];

  /** The rows of {@code columns} series, sampled as {@code sampling} says. */
  public SeriesRows(Sampling sampling, int columns) {
    this.sampling = sampling;
    this.columns = columns;
    this.intervalPs = kept(sampling) ? sampling.intervalPs() : 0;
    this.rowsEndPs = intervalPs * sampling.most();
    this.perInterval = intervalPs == 0 ? 0 : 1.0 / intervalPs;
    this.most = sampling.most();
  }

  /** Whether a series is kept in rows shared with others (not: off, or a {@link Samples} of its own). */
  public static boolean kept(Sampling sampling) {
    return sampling.on() && (sampling.auto() || sampling.most() <= Sampling.AUTO_MOST);
  }

  /** A component's series that can go on as a column of rows shared with others. */
  interface Column {
    /** Goes on as column {@code column} of {@code to}, which takes what it holds so far. */
    void moveTo(SeriesRows to, int column);
  }

  /**
   * One series for all the given columns (links' busy time, modules' and rings' series), whose
   * components one thread runs from now on (an engine's lane, or the whole machine): each one's
   * series so far moves into it.
   */
  static void share(List<? extends Column> columns, Sampling sampling) {
    if (!kept(sampling)) {
      return;
    }
    SeriesRows shared = new SeriesRows(sampling, columns.size());
    for (int column = 0; column < columns.size(); column++) {
      columns.get(column).moveTo(shared, column);
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

  /**
   * Any span: cut at each interval it crosses; past the rows, set aside (auto) or dropped (fixed).
   * With auto, a span over many intervals is set aside whole until the interval has doubled to a
   * few of them: early in a run the interval is far shorter than a packet, and writing each of a
   * packet's hundreds of intervals, a row apart, was a quarter of what the series cost.
   */
  private void addInRows(int column, long from, long to) {
    if (length() == 0) {
      makeRows();
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
    if (last - first >= SPREAD && sampling.auto()) {
      setAside(column, from, end);
    } else {
      addCells(column, from, end, first, last);
    }
  }

  /** Adds [{@code from}, {@code end}), within the rows, to rows {@code first} to {@code last}, which hold it. */
  private void addCells(int column, long from, long end, long first, long last) {
    for (long k = first; k <= last; k++) {
      add((int) k * columns + column, Math.min(end, (k + 1) * intervalPs) - Math.max(from, k * intervalPs));
    }
  }

  /**
   * Writes what was set aside within the rows into them, leaving aside only what lies past their
   * end: for a reader, who then finds each column's values in its rows.
   */
  private void settle() {
    int n = aside;
    aside = 0;
    for (int i = 0; i < n; i++) {
      int column = asideColumn[i];
      long from = asideFrom[i];
      long to = asideTo[i];
      long end = Math.min(to, rowsEndPs);
      if (from < end) {
        addCells(column, from, end, rowOf(from), rowOf(end - 1));
      }
      if (to > end) {
        setAside(column, Math.max(from, end), to); // never past entry i: the arrays stay as they are
      }
    }
  }

  /** The rows, empty: {@code most} of them and the one past their end ({@link #addAt}). */
  private void makeRows() {
    if (intervalPs <= Integer.MAX_VALUE) {
      busy = new int[(most + 1) * columns];
    } else {
      wide = new long[(most + 1) * columns];
    }
  }

  /**
   * Adds {@code amount} at {@code t} to column {@code column}'s interval that holds it, handed in
   * at {@code t}: a sum of the component's own (what it completed), or with {@code level} a
   * change of a level, whose sample k is the sum of the changes before interval k's end. A level's
   * own {@link Samples} doubles a sample later than a sum's (when a change comes past the sample
   * after the last), so a change within an interval past the rows' end goes to the row kept there.
   */
  public void addAt(int column, long t, long amount, boolean level) {
    if (intervalPs == 0 || amount == 0) {
      return;
    }
    while (sampling.auto() && t >= rowsEndPs + (level ? intervalPs : 0)) {
      doubleInterval();
    }
    long row = rowOf(t);
    if (row > most || (row == most && !level)) {
      return; // past a fixed interval's samples
    }
    if (length() == 0) {
      makeRows();
    }
    add((int) row * columns + column, amount);
  }

  /** The rows in longs from now on: an interval's value no longer fits an int. */
  private void widen() {
    wide = new long[busy.length];
    for (int i = 0; i < busy.length; i++) {
      wide[i] = busy[i];
    }
    busy = NONE;
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

  /** Adds {@code ps} to the value at {@code index} of the rows. */
  private void add(int index, long ps) {
    if (wide == null) {
      long sum = busy[index] + ps;
      if (sum == (int) sum) {
        busy[index] = (int) sum;
        return;
      }
      widen();
    }
    wide[index] += ps;
  }

  private long at(int index) {
    return wide == null ? busy[index] : wide[index];
  }

  /** The rows' length: every column's value of every interval kept. */
  private int length() {
    return wide == null ? busy.length : wide.length;
  }

  /**
   * Auto: the interval doubles, each two rows adding into one (in longs from when an int cannot
   * hold it); what was set aside comes in as far as it now can.
   */
  private void doubleInterval() {
    if (wide == null && 2 * intervalPs > Integer.MAX_VALUE && busy.length > 0) {
      widen();
    }
    int rows = length() / Math.max(1, columns);
    int half = (rows + 1) / 2;
    for (int r = 0; r < half; r++) {
      if (wide == null && !foldInts(r, rows)) {
        widen();
      }
      if (wide != null) {
        foldLongs(r, rows);
      }
    }
    if (wide == null) {
      Arrays.fill(busy, half * columns, busy.length, 0);
    } else {
      Arrays.fill(wide, half * columns, wide.length, 0L);
    }
    intervalPs *= 2;
    perInterval = 1.0 / intervalPs;
    rowsEndPs = intervalPs * sampling.most();
    int n = aside;
    int[] column = asideColumn;
    long[] from = asideFrom;
    long[] to = asideTo;
    aside = 0;
    asideColumn = new int[n];
    asideFrom = new long[n];
    asideTo = new long[n];
    for (int i = 0; i < n; i++) {
      addInRows(column[i], from[i], to[i]); // may set aside two parts of it again
    }
  }

  /**
   * Row {@code r} becomes rows 2r and 2r + 1 added, in ints, unless a sum does not fit (false:
   * nothing written). In place: the rows read are never before the one written. A plain loop
   * over ints, as the whole array passes at each doubling.
   */
  private boolean foldInts(int r, int rows) {
    int to = r * columns;
    int a = 2 * r * columns;
    int b = a + columns;
    if (2 * r + 1 >= rows) {
      System.arraycopy(busy, a, busy, to, columns);
      return true;
    }
    int overflow = 0;
    for (int c = 0; c < columns; c++) {
      int sum = busy[a + c] + busy[b + c];
      overflow |= (busy[a + c] ^ sum) & (busy[b + c] ^ sum); // negative when the signs say it overflowed
    }
    if (overflow < 0) {
      return false;
    }
    for (int c = 0; c < columns; c++) {
      busy[to + c] = busy[a + c] + busy[b + c];
    }
    return true;
  }

  /** Row {@code r} becomes rows 2r and 2r + 1 added, in longs. */
  private void foldLongs(int r, int rows) {
    int to = r * columns;
    int a = 2 * r * columns;
    int b = a + columns;
    for (int c = 0; c < columns; c++) {
      wide[to + c] = wide[a + c] + (2 * r + 1 < rows ? wide[b + c] : 0);
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
   * Column {@code column}'s samples of a run that ended at {@code endPs}, at interval {@code
   * finalPs} (this series' interval or a doubling of it), as {@link Samples#upTo} gives them.
   */
  public long[] upTo(int column, long endPs, long finalPs) {
    settle();
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
   * Column {@code column}'s series as a checkpoint at {@code atPs} keeps it, whichever series it
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
   * A column's series as saved: its values at {@code intervalPs}, from the run's start, and the
   * times on the wire past their end as [from, to) pairs.
   */
  public record Saved(long intervalPs, long[] values, long[] beyond) implements Serializable {}

  /**
   * Writes column {@code column}'s series to a checkpoint's stream as {@link #save} keeps it at the
   * stream's moment ({@link SavedAt}), or that it keeps none ({@code kept} false).
   */
  void write(ObjectOutputStream out, int column, boolean kept) throws IOException {
    out.writeObject(kept ? save(column, out instanceof SavedAt at ? at.atPs() : 0) : null);
  }

  /** The rows of one series, its column 0, as {@link #write} wrote it ({@link #OFF} for none). */
  static SeriesRows read(ObjectInputStream in, Sampling sampling) throws IOException, ClassNotFoundException {
    return in.readObject() instanceof Saved s ? restore(sampling, s) : OFF;
  }

  /** The rows of one series, its column 0, as it was {@link #save saved}. */
  public static SeriesRows restore(Sampling sampling, Saved saved) {
    SeriesRows s = new SeriesRows(sampling, 1);
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
   * Takes column {@code fromColumn} of {@code from} in as this one's column {@code column}, which holds
   * nothing yet: its values move here, at the longer of the two intervals.
   */
  void take(int column, SeriesRows from, int fromColumn) {
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
      add((r >> d) * columns + column, from.at(r * from.columns + fromColumn));
    }
    for (int i = 0; i < from.aside; i++) {
      if (from.asideColumn[i] == fromColumn) {
        addInRows(column, from.asideFrom[i], from.asideTo[i]);
      }
    }
  }
}
