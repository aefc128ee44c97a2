package io.ringfabric.model;

import java.io.Serializable;

/**
 * Collects the packets of one message split at the MTU. Packets may come in any order and a
 * retry may send some twice; the message is complete once every index has arrived.
 */
final class Reassembly implements Serializable {
  private final byte[] data;
  private final boolean[] arrived;
  private int missing;

  /** Which message a packet belongs to. */
  record Key(Packet.Type type, int node, int context, long sequence) implements Serializable {}

  Reassembly(int count, int totalLength) {
    this.data = new byte[totalLength];
    this.arrived = new boolean[count];
    this.missing = count;
  }

  /** Adds one packet; returns the whole payload once the last one is in, else null. */
  byte[] add(Packet p, int mtu) {
    if (!arrived[p.index()]) {
      arrived[p.index()] = true;
      missing--;
      System.arraycopy(p.chunk(), 0, data, p.index() * mtu, p.chunk().length);
    }
    return missing == 0 ? data : null;
  }
}
