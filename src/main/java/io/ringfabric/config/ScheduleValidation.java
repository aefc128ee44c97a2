package io.ringfabric.config;

import com.typesafe.config.ConfigOrigin;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.workload.schedule.Collectives;
import io.ringfabric.workload.schedule.Envelope;
import io.ringfabric.workload.schedule.GoalParser;
import io.ringfabric.workload.schedule.Placement;
import io.ringfabric.workload.schedule.Schedule;
import io.ringfabric.workload.schedule.ScheduleFormatException;
import io.ringfabric.workload.schedule.ScheduleSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Reads and checks {@code ringfabric.workload.schedule}: the schedule (a GOAL file read now, so
 * that a bad file is reported with the scenario's other problems, or a generated pattern), where
 * its ranks run, and that the rings they receive in exist on their nodes.
 */
final class ScheduleValidation {
  private static final Set<String> KEYS = Set.of("file", "pattern", "ranks", "size", "iterations", "compute", "dims",
      "ranks-per-node", "placement", "ring", "core", "completion", "backoff", "wait");

  private ScheduleValidation() {}

  /**
   * The schedule's process group (index {@code index}), or null when the scenario has none or it
   * is invalid (with problems added).
   *
   * @param dims the topology's dims, for a halo that names none; null if it has none
   */
  static ProcessGroupSpec group(ConfigReader workload, int index, int nodes, NodeSpec node, List<RingSpec> rings,
      List<Integer> dims) {
    ConfigReader r = workload.child("schedule");
    r.allowOnly(KEYS);
    String file = r.stringValue("file");
    String pattern = r.stringValue("pattern");
    if (file.equals("none") && pattern.equals("none")) {
      return null;
    }
    if (!file.equals("none") && !pattern.equals("none")) {
      r.problem("pattern", "a schedule is a file or a pattern, not both (file = " + file + ")");
      return null;
    }
    int perNode = r.intValue("ranks-per-node", 1, 1024);
    boolean roundRobin = r.oneOf("placement", "blocks", "round-robin").equals("round-robin");
    int ring = r.intValue("ring", 0, 65535);
    int core = r.intValue("core", 0, 1023);
    boolean interrupt = r.oneOf("completion", "poll", "interrupt").equals("interrupt");
    long backoff = r.durationPs("backoff", 0, Long.MAX_VALUE);
    boolean notification = r.oneOf("wait", "backoff", "notification").equals("notification");
    int mark = r.problems().count();
    Schedule schedule = file.equals("none") ? generated(r, pattern, nodes, perNode, dims) : read(r, file);
    if (schedule == null || r.problems().count() > mark || nodes <= 0) {
      return null;
    }
    Placement placement = new Placement(schedule.numRanks(), perNode, roundRobin, ring);
    if (placement.nodes() > nodes) {
      r.problem("ranks-per-node", schedule.numRanks() + " ranks at " + perNode + " a node need "
          + placement.nodes() + " nodes; the machine has " + nodes);
      return null;
    }
    int maxElement = maxElement(r, rings, placement, notification);
    if (maxElement < 0) {
      return null;
    }
    if (node != null && core >= node.cores()) {
      r.problem("core", "core " + core + " does not exist: node.cores is " + node.cores());
    }
    ScheduleSpec spec = new ScheduleSpec(schedule, placement, core, maxElement, backoff, notification);
    return new ProcessGroupSpec(index, "schedule", NodeSet.all(), core, perNode, spec, interrupt);
  }

  private static Schedule read(ConfigReader r, String file) {
    ConfigOrigin origin = r.origin("file");
    // As the scenario names it (conf/goal.conf's barrier16.goal is conf/barrier16.goal), so that
    // results.json says the same wherever the project is.
    Path base = origin != null && origin.filename() != null ? Path.of(origin.filename()).getParent() : null;
    Path path = base == null ? Path.of(file) : base.resolve(file);
    if (!Files.isRegularFile(path)) {
      r.problem("file", "no GOAL file " + path + (Files.exists(path) ? " (not a file)" : ""));
      return null;
    }
    try {
      return GoalParser.parse(path);
    } catch (ScheduleFormatException e) {
      r.problem("file", e.getMessage());
    } catch (IOException e) {
      r.problem("file", "cannot read " + path + ": " + e.getMessage());
    }
    return null;
  }

  private static Schedule generated(ConfigReader r, String name, int nodes, int perNode, List<Integer> topologyDims) {
    Collectives.Pattern pattern = Collectives.Pattern.of(name);
    if (pattern == null) {
      r.problem("pattern", "no pattern " + name + " (patterns: " + Collectives.Pattern.known() + ")");
      return null;
    }
    String written = r.stringValue("ranks");
    int ranks = written.equals("all") ? Math.max(0, nodes) * perNode : r.intValue("ranks", 1, 1 << 24);
    long size = r.bytes("size", 0, 1L << 40);
    int iterations = r.intValue("iterations", 1, 1_000_000);
    long computeNs = r.durationPs("compute", 0, Long.MAX_VALUE) / 1000;
    List<Integer> dims = r.intList("dims", 1, 1 << 16, "[8, 8]");
    boolean halo = pattern == Collectives.Pattern.HALO2D || pattern == Collectives.Pattern.HALO3D;
    if (halo && dims != null && dims.isEmpty() && topologyDims != null) {
      dims = topologyDims;
    }
    if (dims == null || ranks <= 0) {
      return null;
    }
    try {
      return Collectives.generate(pattern, new Collectives.Settings(halo && !dims.isEmpty() ? 0 : ranks, size,
          iterations, computeNs, halo ? dims : List.of()));
    } catch (IllegalArgumentException e) {
      r.problem("pattern", e.getMessage());
      return null;
    }
  }

  /** The ranks' rings' largest element, or -1 after a problem: each rank's ring must be on its node, all alike. */
  private static int maxElement(ConfigReader r, List<RingSpec> rings, Placement placement, boolean notification) {
    int maxElement = -1;
    for (int rank = 0; rank < placement.ranks(); rank++) {
      int node = placement.node(rank);
      int id = placement.ring(rank);
      RingSpec ring = rings.stream().filter(s -> s.id() == id && s.nodes().contains(node)).findFirst().orElse(null);
      if (ring == null) {
        r.problem("ring", "rank " + rank + " receives in ring " + id + " on node " + node
            + ", which has no such ring (add it to `rings`)");
        return -1;
      }
      if (ring.maxElement() <= Envelope.BYTES) {
        r.problem("ring", "ring " + id + "'s max-element (" + ring.maxElement() + " B) leaves no room beside the "
            + Envelope.BYTES + "-byte message header");
        return -1;
      }
      if (notification && !ring.notifyOnArrival()) {
        r.problem("wait", "notification needs ring " + id + " to raise arrival notifications (notify = true)");
        return -1;
      }
      if (maxElement >= 0 && ring.maxElement() != maxElement) {
        r.problem("ring", "the ranks' rings differ in max-element (" + maxElement + " and " + ring.maxElement()
            + " B); a schedule cuts every message alike");
        return -1;
      }
      maxElement = ring.maxElement();
    }
    return maxElement;
  }
}
