package io.ringfabric.config;

import static io.ringfabric.config.ScenarioLoader.ROOT;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.Problems;
import io.ringfabric.model.FaultPlan;
import io.ringfabric.topology.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and checks {@code ringfabric.fabric.faults}: each entry names one link ({@code link}, as
 * the report names it: {@code "node 3 +x"} or {@code "node 3 +x -> node 4"}) or {@code links =
 * all}, and either the span it is down ({@code from}, {@code to}) or the chances that a packet
 * sent on it in that span is lost or corrupted ({@code drop-rate}, {@code corrupt-rate}).
 */
final class FaultsValidation {
  private static final Set<String> KEYS = Set.of("link", "links", "from", "to", "drop-rate", "corrupt-rate");
  private static final String EXAMPLE = "{ link = \"node 3 +x\", from = 1ms, to = 2ms }";

  private final ListEntries entries;
  private final Problems problems;

  FaultsValidation(ListEntries entries, Problems problems) {
    this.entries = entries;
    this.problems = problems;
  }

  /** The entries of {@code fabric.faults}, their links found in {@code topology}. */
  List<FaultPlan.LinkFault> faults(ConfigReader fabric, Topology topology) {
    ConfigList list = fabric.has("faults") ? fabric.list("faults", EXAMPLE) : null;
    if (list == null) {
      return List.of();
    }
    Map<String, int[]> links = names(topology);
    List<FaultPlan.LinkFault> faults = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      ConfigReader f = entries.entry(list.get(i), ROOT + ".fabric.faults[" + i + "]", ConfigFactory.empty(), EXAMPLE);
      if (f != null) {
        f.allowOnly(KEYS);
        FaultPlan.LinkFault fault = fault(f, links);
        if (fault != null) {
          faults.add(fault);
        }
      }
    }
    return faults;
  }

  /** Every link by both its names: "node 3 +x" (switch and port) and "node 3 +x -> node 4". */
  private static Map<String, int[]> names(Topology t) {
    Map<String, int[]> names = new HashMap<>(); // looked up only, never iterated
    for (Topology.Link l : t.links()) {
      int[] at = {l.fromSwitch(), l.fromPort()};
      names.put(t.switchName(l.fromSwitch()) + " " + t.portName(l.fromSwitch(), l.fromPort()), at);
      names.put(l.name(), at);
    }
    return names;
  }

  private FaultPlan.LinkFault fault(ConfigReader f, Map<String, int[]> links) {
    int mark = problems.count();
    boolean one = f.has("link");
    if (one == f.has("links")) {
      f.problem(one ? "links" : "link", "a fault names one link (link = \"node 3 +x\") or all of them"
          + " (links = all), not both or neither");
      return null;
    }
    int[] at = {-1, 0};
    if (one) {
      String name = f.stringValue("link");
      at = links.get(name);
      if (at == null && problems.count() == mark) {
        f.problem("link", "no link '" + name + "': name it as the report does, by its switch and port"
            + " (\"node 0 +x\") or whole (\"node 0 +x -> node 1\")");
      }
    } else if (!"all".equals(f.stringValue("links")) && problems.count() == mark) {
      f.problem("links", "must be all; name a single link with link = \"...\"");
    }
    long from = f.has("from") ? f.durationPs("from", 0, Long.MAX_VALUE) : 0;
    long to = f.has("to") ? f.durationPs("to", 1, Long.MAX_VALUE) : Long.MAX_VALUE;
    if (from >= to && problems.count() == mark) {
      f.problem("to", "must come after from");
    }
    boolean rates = f.has("drop-rate") || f.has("corrupt-rate");
    double drop = f.has("drop-rate") ? f.doubleValue("drop-rate", 0, 1) : 0;
    double corrupt = f.has("corrupt-rate") ? f.doubleValue("corrupt-rate", 0, 1) : 0;
    if (drop + corrupt > 1 && problems.count() == mark) {
      f.problem("corrupt-rate", "drop-rate + corrupt-rate is " + (float) (drop + corrupt) + ", more than 1");
    }
    if (!one && !rates && problems.count() == mark) {
      f.problem("links", "every link down would carry nothing: give drop-rate or corrupt-rate, or name one link");
    }
    if (problems.count() != mark) {
      return null;
    }
    return new FaultPlan.LinkFault(at[0], at[1], from, to, !rates, drop, corrupt);
  }
}
