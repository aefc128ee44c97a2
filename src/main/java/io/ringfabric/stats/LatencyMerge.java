package io.ringfabric.stats;

import io.ringfabric.config.Scenario;
import io.ringfabric.workload.PutStreamSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Merges the parts' latency recorders into the run's, which results.json's {@code latencyNs} summarises. */
final class LatencyMerge {
  private LatencyMerge() {}

  /**
   * put, get, roundTrip and message, then the programs' own measures in name order, then the
   * message latency by pattern and by size when the scenario mixes several.
   */
  static Map<String, LatencyRecorder> of(Scenario s, List<PartTally> parts) {
    LatencyRecorder put = new LatencyRecorder();
    LatencyRecorder get = new LatencyRecorder();
    LatencyRecorder roundTrip = new LatencyRecorder();
    LatencyRecorder message = new LatencyRecorder();
    Map<String, LatencyRecorder> own = new TreeMap<>();
    Map<String, LatencyRecorder> byPattern = new TreeMap<>();
    Map<Integer, LatencyRecorder> bySize = new TreeMap<>();
    for (PartTally t : parts) {
      PartTally.Latencies l = t.latency();
      put.addEncoded(l.put());
      get.addEncoded(l.get());
      message.addEncoded(l.message());
      l.roundTrips().forEach(roundTrip::addEncoded);
      for (PartTally.Named m : l.measures()) {
        into(own, m.name(), m.recorder());
      }
      for (PartTally.Keyed g : l.messageByGroup()) {
        into(byPattern, patternOf(s, g.key()), g.recorder());
      }
      for (PartTally.Keyed size : l.messageBySize()) {
        into(bySize, size.key(), size.recorder());
      }
    }
    Map<String, LatencyRecorder> latency = new LinkedHashMap<>();
    latency.put("put", put);
    latency.put("get", get);
    latency.put("roundTrip", roundTrip);
    latency.put("message", message);
    latency.putAll(own);
    if (byPattern.size() > 1) {
      byPattern.forEach((pattern, rec) -> latency.put("message/pattern=" + pattern, rec));
    }
    if (bySize.size() > 1) {
      bySize.forEach((size, rec) -> latency.put("message/size=" + size, rec));
    }
    return latency;
  }

  /** Each recorder's summary, in the same order. */
  static Map<String, LatencyRecorder.Summary> summaries(Map<String, LatencyRecorder> recorders) {
    Map<String, LatencyRecorder.Summary> out = new LinkedHashMap<>();
    recorders.forEach((name, rec) -> out.put(name, rec.summary()));
    return out;
  }

  private static <K> void into(Map<K, LatencyRecorder> recorders, K key, byte[] encoded) {
    recorders.computeIfAbsent(key, k -> new LatencyRecorder()).addEncoded(encoded);
  }

  /** A put-stream group's target pattern, or the group's program; "unknown" for no group (-1). */
  private static String patternOf(Scenario s, int group) {
    if (group < 0 || group >= s.processes().size()) {
      return "unknown";
    }
    var g = s.processes().get(group);
    return g.spec() instanceof PutStreamSpec put ? put.pattern().configName() : g.program();
  }
}
