package io.ringfabric.stats;

import io.ringfabric.model.Machine;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A run's fingerprint: a hash over every component's ordered event digest (each event's key and
 * kind, in the order the component handled them) and the final state of every ring, taken in id
 * order. A component handles its events in the same order on every engine and cluster layout, so
 * equal runs give equal fingerprints.
 */
public final class Fingerprint {
  private Fingerprint() {}

  public static String of(Machine machine) {
    List<PartTally.Digest> components = new ArrayList<>();
    List<PartTally.Ring> rings = new ArrayList<>();
    for (int part = 0; part < machine.layout().parts(); part++) {
      components.addAll(PartTally.digests(machine, part));
      rings.addAll(PartTally.rings(machine, part));
    }
    return of(components, rings);
  }

  /**
   * The fingerprint of the machine whose parts these are, every part once, in any order: the
   * same as {@link #of(Machine)} gives.
   */
  public static String of(List<PartTally> tallies) {
    List<PartTally.Digest> components = new ArrayList<>();
    List<PartTally.Ring> rings = new ArrayList<>();
    for (PartTally t : PartTally.inPartOrder(tallies)) {
      components.addAll(t.components());
      rings.addAll(t.rings());
    }
    return of(components, rings);
  }

  /** Parts in order list components in id order and rings in node order, as the hash takes them. */
  private static String of(List<PartTally.Digest> components, List<PartTally.Ring> rings) {
    MessageDigest sha = sha256();
    ByteBuffer buf = ByteBuffer.allocate(24);
    for (PartTally.Digest c : components) {
      buf.clear();
      buf.putInt(c.id()).putLong(c.eventsHandled()).putLong(c.eventDigest()).putInt(0);
      sha.update(buf.array());
    }
    for (PartTally.Ring ring : rings) {
      buf.clear();
      buf.putInt(ring.node()).putInt(ring.id()).putLong(ring.stateHash()).putLong(ring.elements());
      sha.update(buf.array());
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
