package io.ringfabric.config;

import static io.ringfabric.config.ScenarioLoader.ROOT;

import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigRenderOptions;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.Problems;
import io.ringfabric.model.Core;
import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.FaultPlan;
import io.ringfabric.model.FlowControl;
import io.ringfabric.model.ModuleSpec;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.model.Sampling;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.SwitchAllocator;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TimingSpec;
import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.topology.TopologySpec;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.schedule.ScheduleSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and checks the merged {@code ringfabric} tree; problems go to {@code problems}. The rings
 * and the process groups, lists of entries over defaults blocks, have validations of their own.
 */
final class ScenarioValidation {
  private static final int MAX_NODES = ConfigReader.MAX_NODE_ID + 1;
  /** Upper bound of one link or switch latency; larger is a typo, and keeps sums far from overflow. */
  private static final long MAX_LATENCY_PS = 3_600_000_000_000_000L; // 1 hour

  private final ConfigReader root;
  private final ConfigObject actual;
  private final Problems problems;
  private final ListEntries entries;

  ScenarioValidation(ConfigObject actual, ConfigObject reference, Problems problems) {
    this.root = new ConfigReader(actual.toConfig(), ROOT, problems);
    this.actual = actual;
    this.problems = problems;
    this.entries = new ListEntries(actual, reference, problems);
  }

  Scenario scenario(String source) {
    long seed = root.longValue("seed", Long.MIN_VALUE, Long.MAX_VALUE);
    String engine = root.oneOf("engine", "reference", "actors");
    long duration = root.durationPs("duration", 1, SimTime.CLOCK_END);
    int mark = problems.count();
    TopologySpec topology = topology(root.child("topology"));
    // An invalid topology has no node count; checks that need one are then skipped.
    int nodes = problems.count() == mark ? topology.nodes() : -1;
    mark = problems.count();
    NodeSpec node = node(root.child("node"));
    boolean nodeOk = problems.count() == mark;
    FabricSpec fabric = fabric(root.child("fabric"));
    if (nodes > 0 && problems.count() == 0) {
      checkDeadlockFree(root.child("fabric"), fabric, topology);
    }
    if (nodes > 0 && problems.count() == 0) {
      List<FaultPlan.LinkFault> faults =
          new FaultsValidation(entries, problems).faults(root.child("fabric"), Topologies.build(topology));
      fabric = fabric.withFaults(faults.isEmpty() ? FaultPlan.NONE : new FaultPlan(seed, faults));
    }
    TimingSpec timing = timing(root.child("timing"));
    ModuleSpec module = module(root.child("module"), !fabric.faults().isEmpty());
    List<RingSpec> rings = new RingsValidation(root, entries, problems).rings(nodes);
    List<ProcessGroupSpec> processes =
        new ProcessesValidation(root, entries, problems).processes(nodes, nodeOk ? node : null);
    checkNotifications(rings, processes, nodes);
    ProcessGroupSpec schedule = ScheduleValidation.group(root.child("workload"), processes.size(), nodes,
        nodeOk ? node : null, rings, topology == null ? null : topology.dims());
    if (schedule != null) {
      checkRanksOwnTheirRings(processes, (ScheduleSpec) schedule.spec());
      processes = new ArrayList<>(processes);
      processes.add(schedule);
    }
    Scenario.ActorSpec actors = actors(root.child("actors"));
    Scenario.ReferenceSpec reference = new Scenario.ReferenceSpec(root.child("reference").intValue("run-ahead", 1, Scenario.ReferenceSpec.MOST_RUN_AHEAD));
    long warmup = root.durationPs("warmup", 0, Long.MAX_VALUE);
    if (warmup >= duration && problems.count() == 0) {
      root.problem("warmup", "must end before the duration (" + SimTime.spaced(duration)
          + "), or nothing would be counted");
    }
    ConfigReader stats = root.child("stats");
    Sampling sampling = sampling(stats, duration).keeping((int) stats.longValue("series-most", 0, 1_000_000));
    return new Scenario(source, seed, engine, duration, topology, node, fabric, timing, module,
        rings, processes, actors, reference, warmup, sampling,
        root.oneOf("on-program-error", "carry-on", "end-run").equals("end-run"),
        root.longValue("most-events-at-one-instant", 1, Long.MAX_VALUE), settings());
  }

  /** The most samples an explicit {@code stats.sample-interval} may give a run of the scenario's duration. */
  static final long MOST_SAMPLES = 100_000;

  /** {@code stats.sample-interval}: auto, off, or a duration that gives at most {@link #MOST_SAMPLES}. */
  private Sampling sampling(ConfigReader stats, long duration) {
    String written = stats.stringValue("sample-interval");
    if (written.equals("auto")) {
      return Sampling.automatic();
    }
    if (written.equals("off")) {
      return Sampling.OFF;
    }
    int mark = problems.count();
    long interval = stats.durationPs("sample-interval", 1, Long.MAX_VALUE);
    if (problems.count() > mark) {
      return Sampling.OFF;
    }
    long samples = Sampling.samplesOf(duration, interval);
    if (samples > MOST_SAMPLES) {
      stats.problem("sample-interval", "gives " + samples + " samples of a run of " + SimTime.spaced(duration)
          + "; at most " + MOST_SAMPLES + ": a longer interval, or auto");
      return Sampling.OFF;
    }
    return Sampling.every(interval, duration);
  }

  /** Every leaf of the merged {@code ringfabric} block, rendered as HOCON would write it. */
  private SortedMap<String, String> settings() {
    SortedMap<String, String> out = new TreeMap<>();
    for (var e : actual.toConfig().entrySet()) {
      out.put(ROOT + "." + e.getKey(), e.getValue().render(ConfigRenderOptions.concise()));
    }
    return out;
  }

  private Scenario.ActorSpec actors(ConfigReader a) {
    return new Scenario.ActorSpec(
        a.intValue("threads", 0, 1024),
        a.intValue("throughput", 1, 1_000_000),
        a.durationPs("watchdog", 1_000_000_000L, Long.MAX_VALUE) / 1_000_000_000L,
        a.durationPs("spin-wait", 0, 1_000_000_000L) / 1_000L);
  }

  /**
   * A schedule's ranks read every element of their rings as part of a message; a put-stream's
   * element there would be misread (and a get-stream would take the ranks' own).
   */
  private void checkRanksOwnTheirRings(List<ProcessGroupSpec> groups, ScheduleSpec schedule) {
    int first = schedule.placement().firstRing();
    int last = first + schedule.placement().perNode() - 1;
    for (ProcessGroupSpec g : groups) {
      int ring = g.spec() instanceof PutStreamSpec put ? put.ring()
          : g.spec() instanceof GetStreamSpec get ? get.ring() : -1;
      if (ring >= first && ring <= last) {
        problems.add(null, ROOT + ".workload.processes[" + g.index() + "]",
            g.program() + " uses ring " + ring + ", which the schedule's ranks receive in (rings " + first + ".." + last
                + "): give it a ring of its own");
      }
    }
  }

  /** A get-stream that waits for arrival notifications needs its ring to raise them. */
  private void checkNotifications(List<RingSpec> rings, List<ProcessGroupSpec> groups, int nodes) {
    if (nodes <= 0) {
      return;
    }
    for (ProcessGroupSpec g : groups) {
      if (!(g.spec() instanceof GetStreamSpec get) || !get.waitForNotification()) {
        continue;
      }
      for (int n : g.nodes().members(nodes)) {
        boolean notifies = rings.stream().anyMatch(
            r -> r.id() == get.ring() && r.nodes().contains(n) && r.notifyOnArrival());
        if (!notifies) {
          problems.add(null, ROOT + ".workload.processes[" + g.index() + "].wait",
              "notification needs ring " + get.ring() + " on node " + n
                  + " to raise arrival notifications (notify = true in its rings entry)");
          break;
        }
      }
    }
  }

  // --- topology --------------------------------------------------------------------------------

  private TopologySpec topology(ConfigReader t) {
    int mark = problems.count();
    String kind = t.oneOf("kind", Topologies.KINDS.toArray(new String[0]));
    boolean kindOk = problems.count() == mark;
    if (kind.equals(Topologies.FAT_TREE)) {
      return fatTree(t);
    }
    if (kind.equals(Topologies.FILE)) {
      return file(t);
    }
    List<Integer> dims = t.intList("dims", 1, MAX_NODES, "[4, 4]");
    if (dims == null) {
      return new TopologySpec(kind, List.of(1));
    }
    if (kindOk && dims.size() != Topologies.dimsFor(kind)) {
      wrongDimensionCount(t, kind, dims);
      return new TopologySpec(kind, List.of(1));
    }
    long count = 1;
    for (int d : dims) {
      count = Math.min(count * d, MAX_NODES + 1L); // capped: no overflow however many dims
    }
    if (count > MAX_NODES) {
      t.problem("dims", "a " + String.join(" x ", dims.stream().map(String::valueOf).toList())
          + " " + kind + " has more than " + MAX_NODES + " nodes (node ids are 16 bits)");
      return new TopologySpec(kind, List.of(1));
    }
    return new TopologySpec(kind, dims);
  }

  /** {@code topology.arity} and {@code topology.levels}: arity^levels nodes, at most {@code MAX_NODES}. */
  private TopologySpec fatTree(ConfigReader t) {
    int mark = problems.count();
    int arity = t.intValue("arity", 2, 256);
    int levels = t.intValue("levels", 1, 16);
    if (problems.count() != mark) {
      return new TopologySpec("ring", List.of(1));
    }
    if (Math.pow(arity, levels) > MAX_NODES) {
      t.problem("levels", "a " + arity + "-ary " + levels + "-tree has " + arity + "^" + levels
          + " nodes, more than " + MAX_NODES + " (node ids are 16 bits)");
      return new TopologySpec("ring", List.of(1));
    }
    return new TopologySpec(Topologies.FAT_TREE, List.of(arity, levels));
  }

  /**
   * {@code topology.file}: relative to the scenario file that names it (as HOCON's includes are),
   * or to the working directory when it comes from {@code --set}.
   */
  private TopologySpec file(ConfigReader t) {
    String name = t.has("file") ? t.stringValue("file") : "";
    if (name.isBlank()) {
      // blamed on the scenario's kind = file: the empty default is reference.conf's, not the user's
      t.problem("kind", "kind = file needs topology.file, the file of switches and links (e.g. file ="
          + " \"fabric.topo\", relative to the scenario)");
      return new TopologySpec("ring", List.of(1));
    }
    Path path = Path.of(name);
    ConfigOrigin origin = t.origin("file");
    if (!path.isAbsolute() && origin != null && origin.filename() != null) {
      Path dir = Path.of(origin.filename()).toAbsolutePath().getParent();
      if (dir != null && dir.endsWith(".")) { // a bare file name is read as ./NAME (ScenarioLoader)
        dir = dir.getParent();
      }
      path = dir == null ? path : dir.resolve(path);
    }
    try {
      return TopologyFile.read(path);
    } catch (IllegalArgumentException e) {
      t.problem("file", e.getMessage());
      return new TopologySpec("ring", List.of(1));
    }
  }

  private void wrongDimensionCount(ConfigReader t, String kind, List<Integer> dims) {
    String shape = Topologies.dimsFor(kind) == 1
        ? "1 dimension, [n]"
        : "2 dimensions, [x, y] (a line is [n, 1])";
    String message = "a " + kind + " takes " + shape + ", not " + dims.size() + " " + dims;
    if (t.isDefault("dims")) {
      // The user changed the kind but not the dims: point at what they wrote.
      t.problem("kind", message.replace(", not ", ", but topology.dims is the default ")
          + "; set topology.dims as well");
    } else {
      t.problem("dims", message);
    }
  }

  // --- node, fabric, timing, module -------------------------------------------------------------

  private NodeSpec node(ConfigReader n) {
    int cores = n.intValue("cores", 1, 1024);
    int contexts = n.intValue("contexts", 1, 65536);
    if (contexts > Core.MAX_CONTEXTS) {
      // the process a context is mapped into has a buffer of its own, below the node's rings
      n.problem("contexts", "must be at most " + Core.MAX_CONTEXTS + ", not " + contexts + ": each context's"
          + " process has a buffer of " + Core.BUFFER_BYTES / 1024 + " KiB in its node's memory, and "
          + Core.MAX_CONTEXTS + " of them fill the room below the rings");
      contexts = Core.MAX_CONTEXTS;
    }
    return new NodeSpec(cores, contexts);
  }

  private FabricSpec fabric(ConfigReader f) {
    long bandwidth = f.bitsPerSecond("link-bandwidth", 1, Long.MAX_VALUE);
    int mark = problems.count();
    long link = f.durationPs("link-latency", 0, MAX_LATENCY_PS);
    long hop = f.durationPs("switch-latency", 0, MAX_LATENCY_PS);
    // A block that is not one reads as zeros; its own problem says enough.
    boolean both = f.has("link-latency") && f.has("switch-latency");
    if (both && problems.count() == mark && link + hop == 0) {
      f.problem(f.isDefault("switch-latency") ? "link-latency" : "switch-latency",
          "the lookahead (switch-latency + link-latency) is zero; every step between nodes must"
              + " take time, because the simulation advances in windows one hop wide: give"
              + " switch-latency or link-latency a positive duration");
    }
    int mtu = (int) f.bytes("mtu", 1, 65536);
    int header = (int) f.bytes("packet-header", 0, 4096);
    String switching = f.oneOf("switching", "cut-through", "store-and-forward");
    FlowControl flow = f.oneOf("flow-control", "credit", "none").equals("none") ? FlowControl.NONE : FlowControl.CREDIT;
    int overhead = (int) f.bytes("packet-overhead", 0, 4096);
    int vcs = f.intValue("vcs", 1, 64);
    mark = problems.count();
    int packet = mtu + header + overhead;
    int vcBuffer = vcBuffer(f, packet);
    if (flow == FlowControl.CREDIT && problems.count() == mark && vcBuffer < packet) {
      f.problem("vc-buffer", vcBuffer + " bytes cannot hold one packet of mtu + packet-header +"
          + " packet-overhead = " + packet + " bytes (a packet waits for room for all of itself):"
          + " give at least that, or a count of packets such as 8 packets");
    }
    SwitchAllocator allocator = f.oneOf("switch-allocator", "maximal", "islip").equals("islip")
        ? SwitchAllocator.ISLIP : SwitchAllocator.MAXIMAL;
    if (allocator == SwitchAllocator.ISLIP && flow == FlowControl.NONE) {
      f.problem("switch-allocator", "islip matches the heads of input channels to outputs, and"
          + " flow-control = none has no input channels (ideal output queues): use flow-control = credit,"
          + " or leave switch-allocator at maximal");
    }
    return new FabricSpec(bandwidth, link, hop, mtu, header,
        switching.equals("store-and-forward") ? Switching.STORE_AND_FORWARD : Switching.CUT_THROUGH,
        flow, vcs, vcBuffer, true, true, f.durationPs("deadlock-timeout", 1, MAX_LATENCY_PS), overhead,
        f.durationPs("vc-turnaround", 0, MAX_LATENCY_PS), f.intValue("input-speedup", 1, 64), allocator,
        f.oneOf("routing", Routing.KINDS.toArray(new String[0])), FaultPlan.NONE);
  }

  private static final Pattern PACKETS = Pattern.compile("\\s*(\\d{1,6})\\s*packets?\\s*");

  /** {@code vc-buffer}: bytes, or {@code N packets} of the largest size ({@code packet} bytes each). */
  private static int vcBuffer(ConfigReader f, int packet) {
    Matcher m = PACKETS.matcher(f.has("vc-buffer") ? f.stringValue("vc-buffer") : "");
    if (m.matches()) {
      long bytes = Long.parseLong(m.group(1)) * packet;
      if (bytes < 1 || bytes > 1 << 30) {
        f.problem("vc-buffer", m.group(1) + " packets of " + packet + " bytes must come to 1 byte to 1 GiB");
        return packet;
      }
      return (int) bytes;
    }
    return (int) f.bytes("vc-buffer", 1, 1 << 30);
  }

  /**
   * The routing must apply to the topology; under credit flow control it needs a virtual channel
   * for each of its classes (a ring or torus's dateline classes, Valiant's phases,
   * minimal-adaptive's escape channels), or packets can wait on each other in a cycle for ever.
   */
  private void checkDeadlockFree(ConfigReader f, FabricSpec fabric, TopologySpec topology) {
    Routing routing;
    try {
      routing = Routing.of(fabric.routing(), Topologies.build(topology), true);
    } catch (IllegalArgumentException e) {
      f.problem("routing", e.getMessage());
      return;
    }
    if (fabric.flowControl() != FlowControl.CREDIT || fabric.vcs() >= routing.leastChannels()) {
      return;
    }
    String shape = topology.kind() + (topology.kind().equals(Topologies.FILE) ? "" : " " + topology.dims());
    f.problem(f.isDefault("vcs") ? "routing" : "vcs", fabric.vcs() + " virtual channel" + (fabric.vcs() == 1 ? "" : "s") + " per class cannot be"
        + " deadlock-free with " + routing.kind() + " routing on a " + shape + ": it needs "
        + routing.leastChannels() + " (" + why(routing) + "), or packets can wait on each other in a cycle;"
        + " give vcs = " + routing.leastChannels() + " or more, or flow-control = none");
  }

  private static String why(Routing routing) {
    switch (routing.kind()) {
      case Routing.VALIANT:
        return "its two phases each need their own, one per dateline class on a loop of 4 or more switches";
      case Routing.MINIMAL_ADAPTIVE:
        return "an escape channel per dateline class, for loops of 4 or more switches, and an adaptive one";
      default:
        return "one per dateline class: its routes go round loops of 4 or more switches";
    }
  }

  private TimingSpec timing(ConfigReader t) {
    return new TimingSpec(
        t.durationPs("mmio", 1, MAX_LATENCY_PS), // a poll must take time, or it would spin forever
        t.durationPs("memory-latency", 0, MAX_LATENCY_PS),
        t.bitsPerSecond("memory-bandwidth", 1, Long.MAX_VALUE),
        t.durationPs("module-latency", 0, MAX_LATENCY_PS),
        t.durationPs("context-map", 0, MAX_LATENCY_PS),
        t.durationPs("poll-interval", 0, MAX_LATENCY_PS),
        t.durationPs("interrupt", 0, MAX_LATENCY_PS));
  }

  /** {@code module.*}; {@code lossy}: whether {@code fabric.faults} can lose packets, for {@code confirmations = auto}. */
  private ModuleSpec module(ConfigReader m, boolean lossy) {
    return new ModuleSpec(
        m.durationPs("timeout", 1, Long.MAX_VALUE), m.intValue("retries", 0, 100),
        m.oneOf("ring-full", "nack", "hold").equals("hold"), m.durationPs("hold-limit", 0, Long.MAX_VALUE),
        m.oneOf("local-path", "fabric", "direct").equals("direct"),
        confirmations(m, lossy));
  }

  private static int confirmations(ConfigReader m, boolean lossy) {
    if (m.has("confirmations") && m.config().getValue("confirmations").unwrapped() instanceof String word) {
      if (word.equals("auto")) {
        return lossy ? ModuleSpec.AUTO_CONFIRMATIONS : 0;
      }
      m.problem("confirmations", "must be auto or a count from 0 to 30, not '" + word + "'");
      return 0;
    }
    int count = m.intValue("confirmations", 0, 30);
    if (count == 0 && lossy) {
      // without a copy after the last deadline nothing tells the initiator that every answer was lost
      m.problem("confirmations", "0 with fabric.faults set would leave an action whose request or answers"
          + " were all lost waiting for ever: use auto (" + ModuleSpec.AUTO_CONFIRMATIONS + ") or a count from 1 to 30");
    }
    return count;
  }

  /** {@code "node 3"}, {@code "nodes 0..15"}, {@code "nodes 0..3, 8, 10..12"} for sorted ids. */
  static String nodeWords(List<Integer> sorted) {
    if (sorted.size() == 1) {
      return "node " + sorted.get(0);
    }
    StringBuilder out = new StringBuilder("nodes ");
    int start = 0;
    for (int i = 1; i <= sorted.size(); i++) {
      if (i == sorted.size() || sorted.get(i) != sorted.get(i - 1) + 1) {
        if (start > 0) {
          out.append(", ");
        }
        out.append(sorted.get(start));
        if (i - 1 > start) {
          out.append(i - 1 == start + 1 ? ", " : "..").append(sorted.get(i - 1));
        }
        start = i;
      }
    }
    return out.toString();
  }
}
