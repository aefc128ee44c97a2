package io.ringfabric.config;

import static io.ringfabric.config.ScenarioLoader.ROOT;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigValue;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.Problems;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.workload.ProgramSpec;
import io.ringfabric.workload.Programs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and checks {@code ringfabric.workload.processes}: each group over {@code defaults.group}
 * and its program's defaults, and the contexts they take on each node.
 */
final class ProcessesValidation {
  private final ConfigReader root;
  private final ListEntries entries;
  private final Problems problems;

  ProcessesValidation(ConfigReader root, ListEntries entries, Problems problems) {
    this.root = root;
    this.entries = entries;
    this.problems = problems;
  }

  /** @param node null when node.cores or node.contexts is invalid: checks using them are skipped */
  List<ProcessGroupSpec> processes(int nodes, NodeSpec node) {
    ConfigReader workload = root.child("workload");
    ConfigList list = workload.list("processes", "{ program = put-stream, nodes = all }");
    if (list == null) {
      return List.of();
    }
    Config groupDefaults = entries.defaultsBlock("group");
    List<ProcessGroupSpec> groups = new ArrayList<>();
    long[] perNode = nodes > 0 && node != null ? new long[nodes] : null;
    for (int i = 0; i < list.size(); i++) {
      GroupEntry entry = group(list.get(i), i, nodes, node, groupDefaults);
      if (entry == null) {
        continue;
      }
      groups.add(entry.spec());
      if (perNode != null && entry.countable()) {
        for (int n : entry.spec().nodes().members(nodes)) {
          perNode[n] += entry.spec().count();
        }
      }
    }
    if (perNode != null) {
      checkContexts(workload, perNode, node.contexts());
    }
    return groups;
  }

  /** One process group read; {@code countable} when its nodes and count are valid. */
  private record GroupEntry(ProcessGroupSpec spec, boolean countable) {}

  private GroupEntry group(ConfigValue element, int index, int nodes, NodeSpec node,
      Config groupDefaults) {
    String path = ROOT + ".workload.processes[" + index + "]";
    ConfigReader own = entries.entry(element, path, ConfigFactory.empty(), "{ program = put-stream }");
    if (own == null) {
      return null;
    }
    String program = program(own);
    Config merged = own.config().withFallback(groupDefaults);
    if (program != null && Programs.names().contains(program)) {
      merged = merged.withFallback(entries.defaultsBlock(program));
    }
    ConfigReader r = new ConfigReader(merged, path, problems, element.origin());
    int mark = problems.count();
    NodeSet groupNodes = r.nodeSet("nodes", nodes);
    int count = r.intValue("count", 1, 65536);
    boolean countable = problems.count() == mark;
    int core = r.intValue("core", 0, 1023);
    if (node != null && core >= node.cores()) {
      r.problem("core", "core " + core + " does not exist: node.cores is " + node.cores()
          + " (cores are 0.." + (node.cores() - 1) + ")");
    }
    boolean interrupt = r.oneOf("completion", "poll", "interrupt").equals("interrupt");
    ProgramSpec spec = program == null ? null : Programs.parse(program, r, nodes);
    return new GroupEntry(new ProcessGroupSpec(index, program == null ? "" : program, groupNodes,
        core, count, spec, interrupt), countable);
  }

  /** The group's program name, or null after a problem: it must be written in the entry itself. */
  private String program(ConfigReader own) {
    if (own.origin("program") == null) {
      own.problem("program", "missing; every process group names its program ("
          + String.join(", ", Programs.names()) + ")");
      return null;
    }
    int mark = problems.count();
    String program = own.stringValue("program");
    return problems.count() == mark ? program : null;
  }

  /** Every process takes one context of its node's messaging module for its whole life. */
  private void checkContexts(ConfigReader workload, long[] perNode, int contexts) {
    Map<Long, List<Integer>> overByCount = new TreeMap<>();
    for (int n = 0; n < perNode.length; n++) {
      if (perNode[n] > contexts) {
        overByCount.computeIfAbsent(perNode[n], k -> new ArrayList<>()).add(n);
      }
    }
    for (Map.Entry<Long, List<Integer>> e : overByCount.entrySet()) {
      List<Integer> over = e.getValue();
      String message = over.size() == 1
          ? "node " + over.get(0) + " runs " + e.getKey() + " processes but has " + contexts
              + " contexts"
          : ScenarioValidation.nodeWords(over) + " each run " + e.getKey() + " processes but have " + contexts
              + " contexts";
      workload.problem("processes",
          message + " (node.contexts; every process needs one context)");
    }
  }
}
