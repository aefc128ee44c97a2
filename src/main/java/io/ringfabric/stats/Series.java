package io.ringfabric.stats;

import java.util.List;

/**
 * A run sampled at a fixed interval of simulated time: results.json's {@code series}.
 *
 * @param intervalNs the length of every sample interval
 * @param atNs the end of each interval, one per sample
 * @param puts PUTs completed in each interval
 * @param gets GETs completed in each interval
 * @param bytes payload bytes completed in each interval
 * @param queuedPackets packets waiting in the fabric at each sample
 * @param rings each ring's used bytes at each sample
 * @param links each link's fraction of each interval spent sending
 */
public record Series(
    double intervalNs,
    double[] atNs,
    long[] puts,
    long[] gets,
    long[] bytes,
    long[] queuedPackets,
    List<RingSeries> rings,
    List<LinkSeries> links) {

  /** One ring's used bytes at each sample. */
  public record RingSeries(int node, int ring, long[] occupancy) {}

  /** One link, named as results.json names links, and its busy fraction in each interval. */
  public record LinkSeries(String link, double[] utilisation) {}
}
