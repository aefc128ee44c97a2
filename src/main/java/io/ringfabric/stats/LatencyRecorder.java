package io.ringfabric.stats;

import io.ringfabric.model.SimTime;
import java.io.PrintStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.PackedHistogram;

/**
 * Latencies of one kind, recorded in picoseconds. Percentiles come from an HdrHistogram (three
 * significant digits); count, mean and max are exact. Recorders merge exactly and without regard
 * to order, so however the samples were grouped (per part, per lane, per member), the merged
 * percentiles are those of one histogram fed every value.
 */
public final class LatencyRecorder implements Serializable {
  // Buckets are HdrHistogram's at three significant digits over every value it can track; this
  // histogram is never counted into, it only names the bucket of a value. A recorder keeps counts
  // for the buckets it uses alone (BucketCounts), and makes a histogram only to read percentiles.
  private static final AbstractHistogram BUCKETS = new PackedHistogram(LatencyCodec.MAX_VALUE, 3);
  /** Points per halving of the distance to 100%, as HdrHistogram's own percentile output steps. */
  private static final int TICKS_PER_HALF = 5;
  private final BucketCounts buckets = new BucketCounts();
  private long count;
  private long sum;
  private long max;

  public void record(long ps) {
    buckets.add(BUCKETS.lowestEquivalentValue(Math.max(0, ps)), 1);
    count++;
    sum += ps;
    max = Math.max(max, ps);
  }

  public void add(LatencyRecorder other) {
    buckets.addAll(other.buckets);
    count += other.count;
    sum += other.sum;
    max = Math.max(max, other.max);
  }

  public long count() {
    return count;
  }

  /** The summary in nanoseconds, as results.json and the report give it. */
  public Summary summary() {
    if (count == 0) {
      return new Summary(0, 0, 0, 0, 0, 0, 0);
    }
    Histogram h = histogram();
    return new Summary(
        count,
        SimTime.toNs((double) sum / count),
        SimTime.toNs(percentile(h, 50, max)),
        SimTime.toNs(percentile(h, 90, max)),
        SimTime.toNs(percentile(h, 99, max)),
        SimTime.toNs(percentile(h, 99.9, max)),
        SimTime.toNs(max));
  }

  /**
   * The distribution in HdrHistogram's percentile format ({@code .hgrm}, values in nanoseconds),
   * which its plotters read: HdrHistogram's own writer, five steps per halving of the tail.
   */
  public void writePercentiles(PrintStream out) {
    histogram().outputPercentileDistribution(out, TICKS_PER_HALF, (double) SimTime.PS_PER_NS);
  }

  /**
   * The distribution as points at the percentiles HdrHistogram's format steps through, latency in
   * nanoseconds and never above the max; the last is the max itself at percentile 100.
   */
  public List<Point> percentiles() {
    List<Point> points = new ArrayList<>();
    if (count == 0) {
      return points;
    }
    for (HistogramIterationValue v : histogram().percentiles(TICKS_PER_HALF)) {
      long ps = Math.min(v.getValueIteratedTo(), max);
      points.add(new Point(v.getPercentileLevelIteratedTo(), SimTime.toNs(ps)));
    }
    return points;
  }

  /** One point of a latency distribution: {@code percentile} of the actions took at most {@code ns}. */
  public record Point(double percentile, double ns) {}

  /** Recorders are equal when they hold the same counts, sum and max: the same distribution. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyRecorder other && Arrays.equals(encode(), other.encode());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(encode());
  }

  /** A bucket's upper edge can lie above every recorded value; never report more than the max. */
  private static long percentile(Histogram histogram, double p, long max) {
    return Math.min(histogram.getValueAtPercentile(p), max);
  }

  /** The counts as one histogram, as if every value had been recorded into it. */
  private Histogram histogram() {
    long[] values = buckets.highestFirst();
    Histogram h = new Histogram(Math.max(2, values.length == 0 ? 2 : values[0]), 3);
    for (long v : values) {
      h.recordValueWithCount(v, buckets.count(v));
    }
    return h;
  }

  /**
   * The recorder as bytes, for a cluster member to send its parts' latencies to the member that
   * merges them; {@link #decode} gives it back: the histogram's counts, and the count, sum and max.
   */
  public byte[] encode() {
    long[] values = buckets.highestFirst();
    long[] counts = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      counts[i] = buckets.count(values[i]);
    }
    return LatencyCodec.encode(values, counts, count, sum, max);
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
    for (int i = 0; i < d.values().length; i++) {
      buckets.add(BUCKETS.lowestEquivalentValue(d.values()[i]), d.counts()[i]);
    }
    count += d.count();
    sum += d.sum();
    max = Math.max(max, d.max());
  }

  /** Count, mean and percentiles, in nanoseconds. */
  public record Summary(long count, double mean, double p50, double p90, double p99, double p999, double max) {}
}
