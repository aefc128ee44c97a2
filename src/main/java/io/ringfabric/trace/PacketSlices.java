package io.ringfabric.trace;

import io.ringfabric.model.SimTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Packets on links in a Perfetto export: a slice per packet on its output port's track, on a
 * further lane while an earlier packet still occupies the first, and the port's queue depth as a
 * counter.
 */
final class PacketSlices {
  private final PerfettoEvents events;
  private final PerfettoTracks tracks;
  // Port lanes by "pid|port": slice ends; queue depths.
  private final Map<String, List<long[]>> portLanes = new HashMap<>();
  private final Map<String, int[]> queueDepth = new HashMap<>();

  PacketSlices(PerfettoEvents events, PerfettoTracks tracks) {
    this.events = events;
    this.tracks = tracks;
  }

  void queued(TraceRecord r) throws IOException {
    if (r.waitPs() <= 0) {
      return;
    }
    int pid = tracks.processOf(r);
    String port = r.port() != null ? r.port() : r.component();
    int[] d = queueDepth.computeIfAbsent(pid + "|" + port, k -> new int[1]);
    d[0]++;
    events.counter(pid, tracks.portTid(pid, port, 0), r.t(), "queue " + port, "packets", d[0]);
  }

  void sent(TraceRecord r) throws IOException {
    int pid = tracks.processOf(r);
    String port = r.port() != null ? r.port() : r.component();
    String key = pid + "|" + port;
    if (r.waitPs() > 0) {
      int[] d = queueDepth.get(key);
      if (d != null && d[0] > 0) {
        d[0]--;
        events.counter(pid, tracks.portTid(pid, port, 0), r.t(), "queue " + port, "packets", d[0]);
      }
    }
    List<long[]> lanes = portLanes.computeIfAbsent(key, k -> new ArrayList<>());
    int lane = -1;
    for (int i = 0; i < lanes.size(); i++) {
      if (lanes.get(i)[0] <= r.t()) {
        lane = i;
        break;
      }
    }
    if (lane < 0) {
      lanes.add(new long[1]);
      lane = lanes.size() - 1;
    }
    lanes.get(lane)[0] = r.t() + r.dur();
    String name = (r.op() != null ? r.op() + " " : "") + (r.detail() != null ? r.detail() : "packet");
    events.slice(pid, tracks.portTid(pid, port, lane), r.t(), r.dur(), name, "packet", null, "op", r.op(),
        "bytes", r.bytes(), "wait_ns", r.waitPs() > 0 ? SimTime.nsExact(r.waitPs()) : null);
  }
}
