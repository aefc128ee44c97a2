package io.ringfabric.stats;

import io.ringfabric.model.Component;
import io.ringfabric.model.Machine;
import io.ringfabric.model.RingBuffer;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A run's fingerprint: a hash over every component's ordered event digest (each event's key and
 * kind, in the order the component handled them) and the final state of every ring, taken in id
 * order. A component handles its events in the same order on every engine and cluster layout, so
 * equal runs give equal fingerprints.
 */
public final class Fingerprint {
  private Fingerprint() {}

  public static String of(Machine machine) {
    MessageDigest sha = sha256();
    ByteBuffer buf = ByteBuffer.allocate(24);
    for (Component c : machine.components()) {
      buf.clear();
      buf.putInt(c.id()).putLong(c.eventsHandled()).putLong(c.eventDigest()).putInt(0);
      sha.update(buf.array());
    }
    for (int n = 0; n < machine.nodes(); n++) {
      for (RingBuffer ring : machine.memory(n).rings()) {
        buf.clear();
        buf.putInt(n).putInt(ring.id()).putLong(ring.stateHash()).putLong(ring.elements());
        sha.update(buf.array());
      }
    }
    return HexFormat.of().formatHex(sha.digest(), 0, 16);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
