package io.ringfabric.stats;

import io.ringfabric.config.Scenario;
import io.ringfabric.workload.PutStreamSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Merges the parts' latency recorders into results.json's {@code latencyNs}. */
final class LatencyMerge {
  private LatencyMerge() {}

  /**
   * put, get, roundTrip and message, then the programs' own measures in name order, then the
   * message latency by pattern and by size when the scenario mixes several.
   */
  static Map<String, LatencyRecorder.Summary> of(Scenario s, List<PartTally> parts) {
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
    Map<String, LatencyRecorder.Summary> latency = new LinkedHashMap<>();
    latency.put("put", put.summary());
    latency.put("get", get.summary());
    latency.put("roundTrip", roundTrip.summary());
    latency.put("message", message.summary());
    own.forEach((name, rec) -> latency.put(name, rec.summary()));
    if (byPattern.size() > 1) {
      byPattern.forEach((pattern, rec) -> latency.put("message/pattern=" + pattern, rec.summary()));
    }
    if (bySize.size() > 1) {
      bySize.forEach((size, rec) -> latency.put("message/size=" + size, rec.summary()));
    }
    return latency;
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
