package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code fabric.faults}: what goes wrong on the links between switches. A link may be down for a
 * span of simulated time (what it is sent is lost), and may lose or corrupt packets at random.
 * The chances are drawn from the run's seed, the link and the count of packets sent on it, so
 * every engine and every cluster layout sees the same faults.
 */
public record FaultPlan(long seed, List<LinkFault> faults) {
  /** No faults at all. */
  public static final FaultPlan NONE = new FaultPlan(0, List.of());

  /**
   * One entry of {@code fabric.faults}.
   *
   * @param switchId the link's switch, or -1 for every link
   * @param port the port of {@code switchId} that drives it
   * @param down whether the link carries nothing in {@code [fromPs, toPs)}; else packets sent then
   *     are lost with {@code dropRate} and corrupted with {@code corruptRate}
   */
  public record LinkFault(int switchId, int port, long fromPs, long toPs, boolean down, double dropRate,
      double corruptRate) implements Serializable {
    boolean covers(int s, int p) {
      return switchId < 0 || switchId == s && port == p;
    }

    boolean during(long t) {
      return t >= fromPs && t < toPs;
    }
  }

  /** What becomes of a packet sent on a link. */
  public enum Fate {
    DELIVERED,
    /** The link is down: nothing arrives. */
    LOST_ON_DOWN_LINK,
    /** Lost on the wire. */
    DROPPED,
    /** Arrives with a bit flipped; the receiver's checksum finds it. */
    CORRUPTED
  }

  public FaultPlan {
    faults = List.copyOf(faults);
  }

  public boolean isEmpty() {
    return faults.isEmpty();
  }

  /** The faults of the link behind port {@code port} of switch {@code switchId}, or null if it has none. */
  Link on(int switchId, int port) {
    List<LinkFault> mine = new ArrayList<>();
    for (LinkFault f : faults) {
      if (f.covers(switchId, port)) {
        mine.add(f);
      }
    }
    return mine.isEmpty() ? null
        : new Link(mine.toArray(new LinkFault[0]), Component.mix(Component.mix(seed, switchId), port));
  }

  /** One link's faults, and the count of packets sent on it that its chances are drawn from. */
  static final class Link implements Serializable {
    private final LinkFault[] faults;
    private final long seed;
    private long sent;

    private Link(LinkFault[] faults, long seed) {
      this.faults = faults;
      this.seed = seed;
    }

    boolean down(long t) {
      for (LinkFault f : faults) {
        if (f.down() && f.during(t)) {
          return true;
        }
      }
      return false;
    }

    /** The fate of the next packet sent on the link, starting at {@code t}. */
    Fate next(long t) {
      if (down(t)) {
        return Fate.LOST_ON_DOWN_LINK;
      }
      double drop = 0;
      double corrupt = 0;
      for (LinkFault f : faults) {
        if (!f.down() && f.during(t)) {
          drop += f.dropRate();
          corrupt += f.corruptRate();
        }
      }
      if (drop == 0 && corrupt == 0) {
        return Fate.DELIVERED;
      }
      double u = (Component.mix(seed, ++sent) >>> 11) * 0x1.0p-53;
      return u < drop ? Fate.DROPPED : u < drop + corrupt ? Fate.CORRUPTED : Fate.DELIVERED;
    }

    /** Which bit of a frame of {@code bits} the last corrupted packet has flipped. */
    int flippedBit(int bits) {
      return (int) Long.remainderUnsigned(Component.mix(seed ^ 0x5DEECE66DL, sent), bits);
    }
  }
}
