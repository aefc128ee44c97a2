package io.ringfabric.report;

import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.stats.RunResult;
import io.ringfabric.stats.SampleResults;
import io.ringfabric.stats.Series;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.topology.TopologySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Pages and pieces of pages for the tests: results, samples, topologies, and what to count in them. */
final class Pages {
  private Pages() {}

  static Topology topology(String kind, Integer... dims) {
    return Topologies.build(new TopologySpec(kind, List.of(dims)));
  }

  /** The sample results with their busiest link renamed, as a run on a real topology names it. */
  static RunResult sample(String maxLink, double maxUtilisation) {
    RunResult r = SampleResults.sample();
    RunResult.Links l = r.links();
    return with(r, r.throughput(), r.latencyNs(),
        new RunResult.Links(l.count(), l.meanUtilisation(), maxUtilisation, maxLink, l.packets(), l.packetsQueued(),
            l.meanWaitNs(), l.maxWaitNs(), l.maxQueueDepth(), l.creditStalls(), l.meanCreditStallNs(), l.dropped(),
            l.lostOnDownLinks(), l.corruptDetected()));
  }

  /**
   * The sample results as a run on {@code t} gives them: its links named as {@code t} names them,
   * link i busy {@code (i + 1) / links} of the measured time, as {@link #series} samples it.
   */
  static RunResult sample(Topology t) {
    RunResult r = SampleResults.sample();
    return with(r, r.throughput(), r.latencyNs(), links(t));
  }

  /** Links as {@link #sample(Topology)} has them. */
  static RunResult.Links links(Topology t) {
    Map<String, Double> byLink = new LinkedHashMap<>();
    double sum = 0;
    for (int i = 0; i < t.links().size(); i++) {
      double u = (i + 1.0) / t.links().size();
      byLink.put(t.links().get(i).name(), u);
      sum += u;
    }
    Topology.Link last = t.links().get(t.links().size() - 1);
    return new RunResult.Links(t.links().size(), sum / t.links().size(), 1.0, last.name(), 120_000, 2_345, 12.3,
        456.0, 5, 0, 0, 0, 0, 0, byLink);
  }

  /**
   * The sample results of a run at an offered load (null: none), accepting {@code accepted}, whose
   * PUTs took {@code putP50} ns at the median and ten times that at p99.
   */
  static RunResult loaded(Double offered, double accepted, double putP50) {
    RunResult r = SampleResults.sample();
    Map<String, LatencyRecorder.Summary> latency = new LinkedHashMap<>(r.latencyNs());
    latency.put("put", new LatencyRecorder.Summary(11_500, putP50 * 2, putP50, putP50 * 2, putP50 * 10,
        putP50 * 20, putP50 * 30));
    return with(r, new RunResult.Throughput(accepted, accepted / 10, offered, offered == null ? null : accepted),
        latency, r.links());
  }

  /** {@code r} without a latency of {@code kind}: as a run that completed no such action gives it. */
  static RunResult without(RunResult r, String kind) {
    Map<String, LatencyRecorder.Summary> latency = new LinkedHashMap<>(r.latencyNs());
    latency.remove(kind);
    return with(r, r.throughput(), latency, r.links());
  }

  private static RunResult with(RunResult r, RunResult.Throughput t, Map<String, LatencyRecorder.Summary> latency,
      RunResult.Links l) {
    return new RunResult(r.fingerprint(), r.engine(), r.build(), r.seed(), r.nodes(), r.scenario(), r.simulatedNs(),
        r.interrupted(), r.events(), r.wallSeconds(), r.eventsPerSecond(), r.ops(), latency, r.bytes(), t, l,
        r.rings(), r.cores(), r.module(), r.processes(), r.integrity(), r.series(), r.schedule(), r.latencies());
  }

  /**
   * {@code samples} samples of 1 us: puts and gets rising by one an interval, 64 B each, ring
   * {@code i} of node {@code i} filling by {@code i + 1} bytes a sample, and every link of the
   * topology busy {@code (i + 1) / links} of each interval, named by switch and port as the
   * sampling names them ({@code node 3 +x}).
   */
  static Series series(Topology t, int samples, int rings) {
    double[] at = new double[samples];
    long[] puts = new long[samples];
    long[] gets = new long[samples];
    long[] bytes = new long[samples];
    long[] queued = new long[samples];
    for (int i = 0; i < samples; i++) {
      at[i] = 1000.0 * (i + 1);
      puts[i] = i;
      gets[i] = i;
      bytes[i] = 64L * (puts[i] + gets[i]);
      queued[i] = i % 7;
    }
    List<Series.RingSeries> ringList = new ArrayList<>();
    for (int r = 0; r < rings; r++) {
      long[] occupancy = new long[samples];
      for (int i = 0; i < samples; i++) {
        occupancy[i] = (long) (r + 1) * i;
      }
      ringList.add(new Series.RingSeries(r, 0, occupancy));
    }
    List<Series.LinkSeries> links = new ArrayList<>();
    for (int i = 0; i < t.links().size(); i++) {
      Topology.Link l = t.links().get(i);
      double[] u = new double[samples];
      java.util.Arrays.fill(u, (i + 1.0) / t.links().size());
      links.add(new Series.LinkSeries(t.switchName(l.fromSwitch()) + " " + t.portName(l.fromSwitch(), l.fromPort()), u));
    }
    return new Series(1000, at, puts, gets, bytes, queued, ringList, 0, links, 0);
  }

  /** The picture {@code <svg class="plot" id="id">...</svg>} of a page, or null. */
  static String svg(String page, String id) {
    int from = page.indexOf("<svg class=\"plot\" id=\"" + id + "\"");
    return from < 0 ? null : page.substring(from, page.indexOf("</svg>", from) + "</svg>".length());
  }

  /** The marks of a picture: what is inside its {@code <g class="data">}. */
  static String data(String svg) {
    int from = svg.indexOf("<g class=\"data\">");
    return svg.substring(from, svg.indexOf("</g>\n<g class=\"labels\">", from) > 0
        ? svg.indexOf("</g>\n<g class=\"labels\">", from) : svg.lastIndexOf("</g>"));
  }

  static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** The tooltips of the marks {@code tag} ({@code polyline}: the lines) of a picture, in order. */
  static List<String> titles(String svg, String tag) {
    Matcher m = Pattern.compile("<" + tag + " [^>]*><title>([^<]*)</title>").matcher(svg);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** Every id of a picture on the page, in page order. */
  static List<String> plotIds(String page) {
    Matcher m = Pattern.compile("<svg class=\"plot\" id=\"([^\"]+)\"").matcher(page);
    List<String> ids = new ArrayList<>();
    while (m.find()) {
      ids.add(m.group(1));
    }
    return ids;
  }
}
