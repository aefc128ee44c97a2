package io.ringfabric.config;

import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.FlowControl;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.SwitchAllocator;
import io.ringfabric.model.Switching;
import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import java.util.ArrayList;
import java.util.List;

/** Says what a scenario is in one paragraph, for the report and results.json. */
public final class Describe {
  private Describe() {}

  private static String flowControl(FabricSpec f) {
    return f.flowControl() == FlowControl.NONE ? "no flow control (ideal output queues)"
        : "credits for " + f.vcs() + (f.vcs() == 1 ? " virtual channel" : " virtual channels") + " of "
            + f.vcBufferBytes() + " B per message class"
            + (f.switchAllocator() == SwitchAllocator.ISLIP ? ", one-iteration iSLIP allocation" : "");
  }

  public static String scenario(Scenario s) {
    StringBuilder b = new StringBuilder();
    b.append(s.nodes()).append(" nodes on a ").append(shape(s)).append(", ")
        .append(s.node().cores()).append(" cores and ").append(s.node().contexts())
        .append(" contexts per node; links ").append(rate(s.fabric().linkBandwidthBitsPerSecond()))
        .append(", ").append(SimTime.spaced(s.fabric().switchLatencyPs())).append(" switch + ")
        .append(SimTime.spaced(s.fabric().linkLatencyPs())).append(" wire per hop, MTU ")
        .append(s.fabric().mtu()).append(" B, ")
        .append(s.fabric().switching() == Switching.CUT_THROUGH ? "cut-through" : "store-and-forward")
        .append(", ").append(routing(s)).append(" routing, ").append(flowControl(s.fabric()))
        .append(". ");
    List<String> rings = new ArrayList<>();
    for (RingSpec r : s.rings()) {
      rings.add("ring " + r.id() + " (" + r.capacity() + " B, elements up to " + r.maxElement()
          + " B) on " + (r.nodes().isAll() ? "every node" : "nodes " + r.nodes()));
    }
    b.append(rings.isEmpty() ? "No rings" : "Rings: " + String.join("; ", rings)).append(". ");
    List<String> groups = new ArrayList<>();
    for (ProcessGroupSpec g : s.processes()) {
      groups.add(g.count() + " " + g.program() + " on core " + g.core() + " of "
          + (g.nodes().isAll() ? "every node" : "nodes " + g.nodes()));
    }
    b.append(groups.isEmpty() ? "No processes" : "Processes: " + String.join("; ", groups)).append(". ");
    b.append("Seed ").append(s.seed()).append(", time limit ").append(SimTime.spaced(s.durationPs())).append('.');
    return b.toString();
  }

  private static String routing(Scenario s) {
    String kind = s.fabric().routing();
    return kind.equals(Routing.AUTO) ? Routing.defaultFor(s.topology().kind()) : kind;
  }

  private static String shape(Scenario s) {
    List<Integer> d = s.topology().dims();
    if (s.topology().kind().equals(Topologies.FAT_TREE)) {
      return d.get(0) + "-ary " + d.get(1) + "-tree (fat tree)";
    }
    if (s.topology().kind().equals(Topologies.FILE)) {
      return "fabric of " + d.get(1) + " switches from " + s.topology().file();
    }
    if (d.size() == 1) {
      return s.topology().kind();
    }
    return d.get(0) + "x" + d.get(1) + " " + s.topology().kind();
  }

  static String rate(long bps) {
    if (bps % 1_000_000_000L == 0) {
      return bps / 1_000_000_000L + " Gb/s";
    }
    return bps / 1e9 + " Gb/s";
  }
}
