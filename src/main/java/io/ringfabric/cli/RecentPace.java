package io.ringfabric.cli;

/**
 * How fast a run has been going lately, from its last few progress samples: the share of the run
 * done and the events handled per wall second. A run's pace is not its average: the first seconds
 * load classes and warm the JIT up, and a run slows as its fabric fills; an estimate from the
 * whole run stays wrong for minutes after such a change.
 */
final class RecentPace {
  /** Samples kept: the pace spans the last {@code SAMPLES - 1} intervals between them. */
  static final int SAMPLES = 6;
  private final long[] nanos = new long[SAMPLES];
  private final double[] done = new double[SAMPLES];
  private final long[] events = new long[SAMPLES];
  private int count;
  private int newest = -1;

  /** A sample taken at wall time {@code atNanos}: the share of the run done and the events so far. */
  void add(long atNanos, double doneShare, long eventsSoFar) {
    newest = (newest + 1) % SAMPLES;
    nanos[newest] = atNanos;
    done[newest] = doneShare;
    events[newest] = eventsSoFar;
    count = Math.min(count + 1, SAMPLES);
  }

  /** The share of the run done per wall second over the samples kept; 0 until there are two. */
  double donePerSecond() {
    double seconds = seconds();
    return seconds <= 0 ? 0 : (done[newest] - done[oldest()]) / seconds;
  }

  /** Events per wall second over the samples kept; 0 until there are two. */
  double eventsPerSecond() {
    double seconds = seconds();
    return seconds <= 0 ? 0 : (events[newest] - events[oldest()]) / seconds;
  }

  /** Wall seconds until the run is done at this pace, or -1 when the pace says nothing yet. */
  double secondsLeft() {
    double pace = donePerSecond();
    return pace <= 0 ? -1 : (1 - done[newest]) / pace;
  }

  private double seconds() {
    return count < 2 ? 0 : (nanos[newest] - nanos[oldest()]) / 1e9;
  }

  private int oldest() {
    return (newest - count + 1 + SAMPLES) % SAMPLES;
  }
}
