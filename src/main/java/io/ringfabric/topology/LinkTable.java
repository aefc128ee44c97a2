package io.ringfabric.topology;

import io.ringfabric.topology.Topology.Link;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The links of a topology, precomputed once: one slot per (switch, port), so {@link #at} is two
 * array reads. The fabric asks for the link behind a port on every packet hop, so nothing here may
 * search or allocate after construction.
 */
final class LinkTable {
  /** {@code portBase[s]} is the slot of (s, port 0); {@code portBase[switches]} is the total. */
  private final int[] portBase;

  /** The link leaving each (switch, port) slot, or null where the port leads nowhere. */
  private final Link[] bySlot;

  /** Every link, in slot order, which is (from switch, from port) order. */
  private final List<Link> links;

  private LinkTable(int[] portBase, Link[] bySlot) {
    this.portBase = portBase;
    this.bySlot = bySlot;
    List<Link> all = new ArrayList<>();
    for (Link link : bySlot) {
      if (link != null) {
        all.add(link);
      }
    }
    this.links = Collections.unmodifiableList(all);
  }

  int switches() {
    return portBase.length - 1;
  }

  int ports(int switchId) {
    return portBase[switchId + 1] - portBase[switchId];
  }

  /** The link leaving {@code switchId} by {@code port}, or null; both must be in range. */
  Link at(int switchId, int port) {
    return bySlot[portBase[switchId] + port];
  }

  List<Link> links() {
    return links;
  }

  /** Collects links during a topology's construction; {@link #build} checks and freezes them. */
  static final class Builder {
    private final int[] portBase;
    private final Link[] bySlot;

    /** {@code portsPerSwitch[s]} = ports of switch s, port 0 included. */
    Builder(int[] portsPerSwitch) {
      portBase = new int[portsPerSwitch.length + 1];
      for (int s = 0; s < portsPerSwitch.length; s++) {
        if (portsPerSwitch[s] < 1) {
          throw new IllegalArgumentException("switch " + s + " needs at least port 0");
        }
        portBase[s + 1] = portBase[s] + portsPerSwitch[s];
      }
      bySlot = new Link[portBase[portsPerSwitch.length]];
    }

    /** Adds the directed link from (from, fromPort) to (to, toPort). */
    Builder link(int from, int fromPort, int to, int toPort, String name) {
      int slot = slot(from, fromPort);
      slot(to, toPort); // range check only
      if (fromPort == 0 || toPort == 0) {
        throw new IllegalArgumentException("port 0 is local, not a link: " + name);
      }
      if (bySlot[slot] != null) {
        throw new IllegalStateException("two links leave switch " + from + " port " + fromPort);
      }
      bySlot[slot] = new Link(from, fromPort, to, toPort, name);
      return this;
    }

    /**
     * Freezes the table. Every link must have its partner running the other way between the same
     * two ports: the fabric models a cable as a pair of directed links, and a response retraces
     * the request's switches only if that holds.
     */
    LinkTable build() {
      for (Link link : bySlot) {
        if (link == null) {
          continue;
        }
        Link back = bySlot[slot(link.toSwitch(), link.toPort())];
        if (back == null
            || back.toSwitch() != link.fromSwitch()
            || back.toPort() != link.fromPort()) {
          throw new IllegalStateException("link has no partner the other way: " + link.name());
        }
      }
      return new LinkTable(portBase, bySlot);
    }

    private int slot(int switchId, int port) {
      if (switchId < 0 || switchId >= portBase.length - 1) {
        throw new IllegalArgumentException("no switch " + switchId);
      }
      if (port < 0 || port >= portBase[switchId + 1] - portBase[switchId]) {
        throw new IllegalArgumentException("switch " + switchId + " has no port " + port);
      }
      return portBase[switchId] + port;
    }
  }
}
