package io.ringfabric.model;

import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceRecord.Kinds;

/** The records a packet leaves at an output port, said once for switches and modules alike. */
final class PacketTrace {
  private PacketTrace() {}

  /** A packet was ready at {@code ready} and went on the wire at {@code start}. */
  static void sent(Recorder r, Packet p, String port, long ready, long start, long serialization, int wire) {
    String op = p.action().toString();
    String what = describe(p);
    if (start > ready) {
      r.record(ready, Kinds.PACKET_QUEUED, op, null, null, wire, null, start - ready, 0, -1, port, what);
    }
    r.record(start, Kinds.PACKET_SENT, op, null, null, wire, null, start - ready, serialization, -1,
        port, what);
  }

  /** {@code "packet 1/3 put-request"}. */
  static String describe(Packet p) {
    return "packet " + (p.index() + 1) + "/" + p.count() + " "
        + p.type().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
