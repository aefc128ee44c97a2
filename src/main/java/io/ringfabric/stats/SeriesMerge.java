package io.ringfabric.stats;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.Sampling;
import io.ringfabric.model.SimTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Every part's {@link PartSeries} as the run's {@link Series}: totals added sample by sample, and
 * the fullest rings and busiest links (at most {@code stats.series-most} of each) kept in the
 * machine's order. Each part's series were cut to the same interval and end.
 */
final class SeriesMerge {
  private SeriesMerge() {}

  /**
   * The interval every part cuts its series to for a run that ended at {@code simulatedPs}: the
   * configured one, or auto's for that end, and no shorter than any part doubled to.
   */
  static long intervalPs(Scenario s, List<PartTally> tallies, long simulatedPs) {
    long reached = 0;
    for (PartTally t : tallies) {
      reached = Math.max(reached, t.seriesReachedPs());
    }
    return s.sampling().on() ? s.sampling().finalIntervalPs(simulatedPs, reached) : 0;
  }

  /** The run's series, or null when sampling is off. */
  static Series of(Scenario s, List<PartTally> parts, List<LinkBusy> busy, long intervalPs) {
    if (intervalPs == 0) {
      return null;
    }
    PartSeries[] byPart = new PartSeries[parts.size()]; // FabricMerge checked: each part once
    for (LinkBusy b : busy) {
      byPart[b.part()] = b.series();
    }
    int n = byPart[0].puts().length;
    long[] puts = new long[n];
    long[] gets = new long[n];
    long[] bytes = new long[n];
    long[] inFabric = new long[n];
    List<Series.RingSeries> rings = new ArrayList<>();
    List<Series.LinkSeries> links = new ArrayList<>();
    for (int p = 0; p < parts.size(); p++) {
      PartSeries ps = byPart[p];
      PartSeries.add(puts, ps.puts());
      PartSeries.add(gets, ps.gets());
      PartSeries.add(bytes, ps.bytes());
      PartSeries.add(inFabric, ps.packetsInFabric());
      for (int r = 0; r < ps.rings().size(); r++) {
        PartTally.Ring ring = parts.get(p).rings().get(r);
        rings.add(new Series.RingSeries(ring.node(), ring.id(), ps.rings().get(r)));
      }
      for (int l = 0; l < ps.linkBusyPs().size(); l++) {
        links.add(new Series.LinkSeries(parts.get(p).links().get(l).name(), shares(ps.linkBusyPs().get(l), intervalPs)));
      }
    }
    int most = s.sampling().ringsAndLinks();
    List<Series.RingSeries> keptRings = kept(rings, most, r -> max(r.occupancy()));
    List<Series.LinkSeries> keptLinks = kept(links, most, l -> sum(l.utilisation()));
    double[] atNs = new double[n];
    for (int k = 0; k < n; k++) {
      atNs[k] = SimTime.toNs((k + 1) * intervalPs);
    }
    return new Series(SimTime.toNs(intervalPs), atNs, puts, gets, bytes, inFabric, keptRings,
        rings.size() - keptRings.size(), keptLinks, links.size() - keptLinks.size());
  }

  /** The {@code most} of {@code all} with the highest {@code size} (ties: the machine's order), in the machine's order. */
  private static <T> List<T> kept(List<T> all, int most, ToDoubleFunction<T> size) {
    if (all.size() <= most) {
      return all;
    }
    double[] sizes = new double[all.size()];
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      sizes[i] = size.applyAsDouble(all.get(i));
      order.add(i);
    }
    order.sort(Comparator.comparingDouble((Integer i) -> -sizes[i]).thenComparingInt(i -> i));
    List<Integer> chosen = new ArrayList<>(order.subList(0, most));
    chosen.sort(Comparator.naturalOrder());
    List<T> out = new ArrayList<>();
    for (int i : chosen) {
      out.add(all.get(i));
    }
    return out;
  }

  private static double[] shares(long[] busyPs, long intervalPs) {
    double[] out = new double[busyPs.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = Results.round((double) busyPs[k] / intervalPs);
    }
    return out;
  }

  private static long max(long[] v) {
    long m = 0;
    for (long x : v) {
      m = Math.max(m, x);
    }
    return m;
  }

  private static double sum(double[] v) {
    double t = 0;
    for (double x : v) {
      t += x;
    }
    return t;
  }
}
