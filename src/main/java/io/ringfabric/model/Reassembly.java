package io.ringfabric.model;

import java.io.Serializable;

/**
 * Collects the packets of one message split at the MTU. Packets may come in any order and a
 * retry may send some twice; the message is complete once every index has arrived.
 *
 * <p>A module keeps at most one per sender's context and kind of message, that of the newest
 * action: a context starts an action only when it is done with the one before, so packets of an
 * older action can only be late copies, and a reassembly they started, which might never
 * complete, must not stay for ever (it would go into every checkpoint).
 */
final class Reassembly implements Serializable {
  private final long sequence;
  private final byte[] data;
  private final boolean[] arrived;
  private int missing;

  /** Whose messages a reassembly collects: one kind of message of one initiating context. */
  record Key(Packet.Type type, int node, int context) implements Serializable {}

  Reassembly(long sequence, int count, int totalLength) {
    this.sequence = sequence;
    this.data = new byte[totalLength];
    this.arrived = new boolean[count];
    this.missing = count;
  }

  /** The action whose message this collects. */
  long sequence() {
    return sequence;
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
