package io.ringfabric.model;

import java.util.Locale;

/** The records a packet leaves at an output port, said once for switches and modules alike. */
final class PacketTrace {
  private PacketTrace() {}

  /** A packet was ready at {@code ready} and went on the wire at {@code start}. */
  static void sent(TraceSink r, Packet p, String port, long ready, long start, long serialization, int wire) {
    String op = p.action().toString();
    String what = describe(p);
    if (start > ready) {
      r.packetQueued(ready, op, wire, start - ready, port, what);
    }
    r.packetSent(start, op, wire, start - ready, serialization, port, what);
  }

  /** {@code "packet 1/3 put-request"}. */
  static String describe(Packet p) {
    return "packet " + (p.index() + 1) + "/" + p.count() + " "
        + p.type().name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
