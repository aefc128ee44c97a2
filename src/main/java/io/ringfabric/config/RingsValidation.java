package io.ringfabric.config;

import static io.ringfabric.config.ScenarioLoader.ROOT;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigList;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.Problems;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.RingBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Reads and checks {@code ringfabric.rings}: each entry over {@code defaults.ring}, and ids. */
final class RingsValidation {
  private final ConfigReader root;
  private final ListEntries entries;
  private final Problems problems;

  RingsValidation(ConfigReader root, ListEntries entries, Problems problems) {
    this.root = root;
    this.entries = entries;
    this.problems = problems;
  }

  List<RingSpec> rings(int nodes) {
    ConfigList list = root.list("rings", "{ id = 1, nodes = [0] }");
    if (list == null) {
      return List.of();
    }
    Config defaults = entries.defaultsBlock("ring");
    Set<String> allowed = new TreeSet<>(defaults.root().keySet());
    allowed.add("id");
    List<RingSpec> rings = new ArrayList<>();
    List<RingEntry> placed = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      ConfigReader r = entries.entry(list.get(i), ROOT + ".rings[" + i + "]", defaults, "{ id = 1 }");
      if (r == null) {
        continue;
      }
      r.allowOnly(allowed);
      RingEntry entry = ring(r, i, nodes);
      rings.add(entry.spec());
      if (entry.placeable()) {
        placed.add(entry);
      }
    }
    if (nodes > 0) {
      checkDistinctIds(placed, nodes);
    }
    return rings;
  }

  /** One ring entry read; {@code placeable} when its id and nodes are valid. */
  private record RingEntry(int index, RingSpec spec, ConfigReader reader, boolean placeable) {}

  private RingEntry ring(ConfigReader r, int index, int nodes) {
    int mark = problems.count();
    int id = 0;
    if (r.origin("id") == null) {
      r.problem("id", "missing; every ring needs an id, 0.." + ConfigReader.MAX_NODE_ID);
    } else {
      id = r.intValue("id", 0, 65535);
    }
    NodeSet ringNodes = r.nodeSet("nodes", nodes);
    boolean placeable = problems.count() == mark;
    int[] layout = layout(r);
    NodeSet put = r.nodeSet("put-access", nodes);
    NodeSet get = r.nodeSet("get-access", nodes);
    boolean notify = r.booleanValue("notify");
    RingSpec spec = new RingSpec(ringNodes, id, layout[0], layout[1], layout[2], put, get, notify);
    return new RingEntry(index, spec, r, placeable);
  }

  /** {capacity, max-element, alignment}, checked against each other. */
  private int[] layout(ConfigReader r) {
    int mark = problems.count();
    long alignment = r.bytes("alignment", 0, Long.MAX_VALUE);
    if (problems.count() == mark
        && (alignment < 8 || alignment > 4096 || Long.bitCount(alignment) != 1)) {
      r.problem("alignment", "must be a power of two between 8 and 4096, not " + alignment);
    }
    boolean alignmentOk = problems.count() == mark;
    mark = problems.count();
    long capacity = r.bytes("capacity", 1, Integer.MAX_VALUE);
    if (problems.count() == mark && alignmentOk && capacity % alignment != 0) {
      r.problem("capacity", capacity + " bytes is not a multiple of the alignment ("
          + alignment + " bytes)");
    }
    boolean capacityOk = problems.count() == mark;
    mark = problems.count();
    long maxElement = r.bytes("max-element", 1, Integer.MAX_VALUE);
    if (problems.count() == mark && alignmentOk && capacityOk) {
      long footprint = align(RingBuffer.HEADER_BYTES + maxElement, alignment);
      if (footprint > capacity) {
        r.problem("max-element", "an element of " + maxElement + " bytes takes " + footprint
            + " bytes with its " + RingBuffer.HEADER_BYTES + "-byte header and padding, more than"
            + " the ring's capacity of " + capacity + " bytes");
      }
    }
    return new int[] {(int) capacity, (int) maxElement, (int) alignment};
  }

  private static long align(long n, long alignment) {
    return (n + alignment - 1) / alignment * alignment;
  }

  /** Two entries may not create the same ring id on one node; each clash names both entries. */
  private void checkDistinctIds(List<RingEntry> placed, int nodes) {
    for (int b = 0; b < placed.size(); b++) {
      for (int a = 0; a < b; a++) {
        RingEntry first = placed.get(a);
        RingEntry second = placed.get(b);
        if (first.spec().id() != second.spec().id()) {
          continue;
        }
        List<Integer> both = new ArrayList<>();
        for (int n : second.spec().nodes().members(nodes)) {
          if (first.spec().nodes().contains(n)) {
            both.add(n);
          }
        }
        if (!both.isEmpty()) {
          second.reader().problem("id", "ring " + second.spec().id() + " is created twice on "
              + ScenarioValidation.nodeWords(both) + ": by " + ROOT + ".rings[" + first.index() + "] and by "
              + ROOT + ".rings[" + second.index() + "]");
        }
      }
    }
  }
}
