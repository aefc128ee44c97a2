package io.ringfabric.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Perfetto export as a viewer shows it, whichever its format: tracks, slices, instants, counter
 * values and the slices each flow arrow joins, times in nanoseconds. Two exports draw the same
 * timeline when their views are equal.
 */
record TimelineView(Map<String, Integer> tracks, List<Slice> slices, List<Instant> instants, List<Counter> counters,
    Map<Long, List<Slice>> flows) {
  /** A slice on a track ({@code "pid process / tid thread"}), its arguments' values as text. */
  record Slice(String track, long ts, long end, String name, String cat, Map<String, String> args) {}

  record Instant(String track, long ts, String name, String cat, Map<String, String> args) {}

  /** A value of a process's counter track, named as Perfetto names it. */
  record Counter(String process, String name, long ts, long value) {}

  private static final Comparator<Slice> SLICES = Comparator.comparing(Slice::track).thenComparingLong(Slice::ts)
      .thenComparingLong(Slice::end).thenComparing(Slice::name).thenComparing(s -> s.args().toString());
  private static final Comparator<Instant> INSTANTS = Comparator.comparing(Instant::track)
      .thenComparingLong(Instant::ts).thenComparing(Instant::name).thenComparing(s -> s.args().toString());
  private static final Comparator<Counter> COUNTERS = Comparator.comparing(Counter::process)
      .thenComparing(Counter::name).thenComparingLong(Counter::ts);

  /** The view with its lists in one order, so that views compare by content. */
  TimelineView sorted() {
    List<Slice> s = new ArrayList<>(slices);
    s.sort(SLICES);
    List<Instant> i = new ArrayList<>(instants);
    i.sort(INSTANTS);
    List<Counter> c = new ArrayList<>(counters);
    c.sort(COUNTERS); // stable: values at one time stay in the file's order
    return new TimelineView(new TreeMap<>(tracks), s, i, c, new TreeMap<>(flows));
  }

  static String track(int pid, String process, int tid, String thread) {
    return pid + " " + process + " / " + tid + " " + thread;
  }

  /** An argument's value as both formats can give it: text, or a number's double. */
  static String value(Object v) {
    return v instanceof Number n ? Double.toString(n.doubleValue()) : v.toString();
  }
}
