package io.ringfabric.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The run's time series ({@code stats.sample-interval}), sample by sample: sample k covers
 * simulated time from k to k+1 intervals; {@code atNs} holds each sample's end. Sums count what
 * happened in the interval, levels what stood at its end. Warm-up included: the series show it.
 *
 * @param puts PUTs completed DONE in each interval
 * @param gets GETs completed DONE in each interval
 * @param bytes payload bytes of those PUTs and GETs
 * @param packetsInFabric packets in the fabric at each sample: sent into it by a module, not yet
 *     delivered to one or lost (in switches' queues and channels, or on links)
 * @param rings the fullest rings' bytes in use at each sample, at most {@code stats.series-most}
 *     of them, in node and ring order; {@code ringsLeftOut} were not kept
 * @param links the busiest links' share of each interval spent sending, at most {@code
 *     stats.series-most}, in the machine's link order; {@code linksLeftOut} were not kept
 */
public record Series(
    double intervalNs,
    double[] atNs,
    long[] puts,
    long[] gets,
    long[] bytes,
    long[] packetsInFabric,
    List<RingSeries> rings,
    int ringsLeftOut,
    List<LinkSeries> links,
    int linksLeftOut) {

  // Records compare arrays by identity; results compare by value (DeterminismTest, RunResult.equals).

  @Override
  public boolean equals(Object o) {
    return o instanceof Series s && intervalNs == s.intervalNs && Arrays.equals(atNs, s.atNs)
        && Arrays.equals(puts, s.puts) && Arrays.equals(gets, s.gets) && Arrays.equals(bytes, s.bytes)
        && Arrays.equals(packetsInFabric, s.packetsInFabric) && rings.equals(s.rings)
        && ringsLeftOut == s.ringsLeftOut && links.equals(s.links) && linksLeftOut == s.linksLeftOut;
  }

  @Override
  public int hashCode() {
    return Objects.hash(intervalNs, Arrays.hashCode(atNs), Arrays.hashCode(puts), rings, links);
  }

  @Override
  public String toString() {
    return "Series[" + atNs.length + " samples every " + intervalNs + " ns, " + rings.size() + " rings, "
        + links.size() + " links]";
  }

  /** One ring's bytes in use at each sample. */
  public record RingSeries(int node, int ring, long[] occupancy) {
    @Override
    public boolean equals(Object o) {
      return o instanceof RingSeries r && node == r.node && ring == r.ring && Arrays.equals(occupancy, r.occupancy);
    }

    @Override
    public int hashCode() {
      return Objects.hash(node, ring, Arrays.hashCode(occupancy));
    }

    @Override
    public String toString() {
      return "RingSeries[node " + node + " ring " + ring + ": " + Arrays.toString(occupancy) + "]";
    }
  }

  /** One link's share of each interval spent sending, 0 to 1. */
  public record LinkSeries(String link, double[] utilisation) {
    @Override
    public boolean equals(Object o) {
      return o instanceof LinkSeries l && link.equals(l.link) && Arrays.equals(utilisation, l.utilisation);
    }

    @Override
    public int hashCode() {
      return Objects.hash(link, Arrays.hashCode(utilisation));
    }

    @Override
    public String toString() {
      return "LinkSeries[" + link + ": " + Arrays.toString(utilisation) + "]";
    }
  }
}
