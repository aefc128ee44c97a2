package io.ringfabric.stats;

import io.ringfabric.model.SimTime;
import org.HdrHistogram.Histogram;

/**
 * Latencies of one kind, recorded in picoseconds. Percentiles come from an HdrHistogram (three
 * significant digits); count, mean and max are exact. Recorders merge without regard to order,
 * so per-component recorders give the same totals on every engine.
 */
public final class LatencyRecorder {
  // The histogram covers values up to a range that grows 32-fold at a time. HdrHistogram's own
  // auto-resize grows it just enough for each new largest value, copying the counts every time:
  // with latencies creeping up as queues build, that was a quarter of all a run allocated. It
  // starts at 2 us (about 100 KB) when the machine is built: made during the run instead, or
  // grown from the smallest range, the 64-node bench ran 15% slower on the actor engine.
  private static final long FIRST_RANGE = 1L << 21; // ps: 2 us
  private static final int GROWTH_BITS = 5;
  private Histogram histogram = new Histogram(FIRST_RANGE, 3);
  private long count;
  private long sum;
  private long max;

  public void record(long ps) {
    long value = Math.max(0, ps);
    cover(value);
    histogram.recordValue(value);
    count++;
    sum += ps;
    max = Math.max(max, ps);
  }

  public void add(LatencyRecorder other) {
    cover(other.histogram.getMaxValue());
    histogram.add(other.histogram);
    count += other.count;
    sum += other.sum;
    max = Math.max(max, other.max);
  }

  /** Makes the histogram reach {@code value}, keeping its counts (the buckets do not move). */
  private void cover(long value) {
    long range = histogram.getHighestTrackableValue();
    if (value <= range) {
      return;
    }
    while (range < value && range < LatencyCodec.MAX_VALUE >> GROWTH_BITS) {
      range <<= GROWTH_BITS;
    }
    Histogram wider = new Histogram(Math.max(range, value), 3);
    wider.add(histogram);
    histogram = wider;
  }

  public long count() {
    return count;
  }

  /** The summary in nanoseconds, as results.json and the report give it. */
  public Summary summary() {
    if (count == 0) {
      return new Summary(0, 0, 0, 0, 0, 0, 0);
    }
    return new Summary(
        count,
        SimTime.toNs((double) sum / count),
        SimTime.toNs(percentile(50)),
        SimTime.toNs(percentile(90)),
        SimTime.toNs(percentile(99)),
        SimTime.toNs(percentile(99.9)),
        SimTime.toNs(max));
  }

  /** A bucket's upper edge can lie above every recorded value; never report more than the max. */
  private long percentile(double p) {
    return Math.min(histogram.getValueAtPercentile(p), max);
  }

  /**
   * The recorder as bytes, for a cluster member to send its parts' latencies to the member that
   * merges them; {@link #decode} gives it back: the histogram's counts, and the count, sum and max.
   */
  public byte[] encode() {
    return LatencyCodec.encode(histogram, count, sum, max);
  }

  /**
   * The recorder {@link #encode} gave these bytes for.
   *
   * @throws IllegalArgumentException if the bytes are not an encoded recorder
   */
  public static LatencyRecorder decode(byte[] bytes) {
    LatencyRecorder r = new LatencyRecorder();
    r.addEncoded(bytes);
    return r;
  }

  /**
   * Adds the recorder {@link #encode} gave these bytes for, as {@link #add} would, without making
   * it first; nothing is added if the bytes are bad.
   *
   * @throws IllegalArgumentException if the bytes are not an encoded recorder
   */
  void addEncoded(byte[] bytes) {
    LatencyCodec.Decoded d = LatencyCodec.decode(bytes);
    if (d.values().length > 0) {
      cover(d.values()[0]); // highest first
    }
    for (int i = 0; i < d.values().length; i++) {
      histogram.recordValueWithCount(d.values()[i], d.counts()[i]);
    }
    count += d.count();
    sum += d.sum();
    max = Math.max(max, d.max());
  }

  /** Count, mean and percentiles, in nanoseconds. */
  public record Summary(long count, double mean, double p50, double p90, double p99, double p999, double max) {}
}
