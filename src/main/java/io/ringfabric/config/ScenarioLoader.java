package io.ringfabric.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigOriginFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.ringfabric.hocon.Closest;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.hocon.ConfigValues;
import io.ringfabric.hocon.Problems;
import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.ModuleSpec;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TimingSpec;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.TopologySpec;
import io.ringfabric.workload.ProgramSpec;
import io.ringfabric.workload.Programs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a scenario: a HOCON file under the {@code ringfabric} root, then {@code --set} overrides,
 * over the defaults in reference.conf; checks every setting and returns a {@link Scenario} in the
 * model's units, or throws a {@link ConfigException} listing every problem found, each with its
 * file, line and path. It never lets another exception out for bad input.
 */
public final class ScenarioLoader {
  /** The root every scenario setting lives under. */
  public static final String ROOT = "ringfabric";
  /** {@link Scenario#source()} of a scenario made of the defaults and overrides alone. */
  public static final String DEFAULTS_SOURCE = "(defaults)";
  /** Other top-level blocks a scenario file may hold: Pekko's own settings, for cluster runs. */
  public static final Set<String> OTHER_ROOTS = Set.of("pekko");

  private static final int MAX_NODES = ConfigReader.MAX_NODE_ID + 1;
  /** Upper bound of one link or switch latency; larger is a typo, and keeps sums far from overflow. */
  private static final long MAX_LATENCY_PS = 3_600_000_000_000_000L; // 1 hour

  private ScenarioLoader() {}

  /**
   * Loads a scenario file.
   *
   * @param overrides {@code key=value} strings from {@code --set}; the key is relative to
   *     {@code ringfabric.} or absolute ({@code ringfabric.…} or {@code pekko.…}); the value is
   *     HOCON. Later overrides win over earlier ones, all of them over the file.
   * @throws ConfigException listing every problem, the file being unreadable or not HOCON included
   */
  public static Scenario load(Path file, List<String> overrides) {
    Problems problems = new Problems();
    Config user = readFile(file, problems);
    return finish(file.toString(), user, overrides, problems);
  }

  /** The defaults from reference.conf with {@code overrides} applied (as for {@link #load}). */
  public static Scenario loadDefaults(List<String> overrides) {
    return finish(DEFAULTS_SOURCE, ConfigFactory.empty(), overrides, new Problems());
  }

  /**
   * Loads a scenario given as text, for tests and embedding.
   *
   * @param sourceName names the text in problems, as a file name would
   */
  public static Scenario parse(String hocon, String sourceName, List<String> overrides) {
    Problems problems = new Problems();
    Config user = null;
    try {
      user = ConfigFactory.parseString(hocon, parseOptions().setOriginDescription(sourceName));
    } catch (com.typesafe.config.ConfigException e) {
      addTypesafeProblem(e, problems, "syntax error: ");
    }
    return finish(sourceName, user, overrides, problems);
  }

  // --- reading -----------------------------------------------------------------------------------

  private static ConfigParseOptions parseOptions() {
    // Always HOCON, whatever the file is called; a missing file is an error, not an empty config.
    return ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF).setAllowMissing(false);
  }

  /** The file's config, or null after recording why it cannot be read. */
  private static Config readFile(Path file, Problems problems) {
    ConfigOrigin where = ConfigOriginFactory.newFile(file.toString());
    String unreadable = Files.isDirectory(file) ? "it is a directory"
        : !Files.exists(file) ? "no such file"
        : !Files.isReadable(file) ? "permission denied"
        : null;
    if (unreadable != null) {
      problems.add(where, "", "cannot read the scenario: " + unreadable);
      return null;
    }
    try {
      return ConfigFactory.parseFile(file.toFile(), parseOptions());
    } catch (com.typesafe.config.ConfigException.IO e) {
      problems.add(where, "", "cannot read the scenario: " + stripOrigin(e));
    } catch (com.typesafe.config.ConfigException e) {
      addTypesafeProblem(e, problems, "syntax error: ");
    }
    return null;
  }

  /** Merges, resolves and validates; the common end of every way in. */
  private static Scenario finish(String source, Config user, List<String> overrides,
      Problems problems) {
    Config sets = parseOverrides(overrides, problems);
    if (user == null) {
      throw new ConfigException(problems.lines()); // nothing sensible to validate
    }
    ConfigObject reference = ConfigFactory.defaultReference().getObject(ROOT);
    checkRoots(user.root(), reference, problems);
    Config merged;
    try {
      merged = sets.withFallback(user).withFallback(ConfigFactory.defaultReference()).resolve();
    } catch (com.typesafe.config.ConfigException e) {
      addTypesafeProblem(e, problems, "");
      throw new ConfigException(problems.lines());
    }
    ConfigValue root = merged.root().get(ROOT);
    if (!(root instanceof ConfigObject)) {
      problems.add(root.origin(), ROOT, "must be a block { ... }, not " + ConfigValues.show(root));
      throw new ConfigException(problems.lines());
    }
    checkKnownKeys((ConfigObject) root, reference, ROOT, problems);
    Scenario scenario = new Validation((ConfigObject) root, reference, problems).scenario(source);
    if (!problems.isEmpty()) {
      throw new ConfigException(problems.lines());
    }
    return scenario;
  }

  /** The {@code --set} overrides as one config, later ones winning; bad ones become problems. */
  private static Config parseOverrides(List<String> overrides, Problems problems) {
    Config result = ConfigFactory.empty();
    for (String set : overrides) {
      Config one = parseOverride(set, problems);
      if (one != null) {
        result = one.withFallback(result);
      }
    }
    return result;
  }

  private static Config parseOverride(String set, Problems problems) {
    String name = Problems.OVERRIDE_PREFIX + set;
    ConfigOrigin origin = ConfigOriginFactory.newSimple(name);
    int eq = set.indexOf('=');
    if (eq <= 0) {
      problems.add(origin, "", "expected key=value, e.g. --set fabric.mtu=512");
      return null;
    }
    String key = set.substring(0, eq).trim();
    List<String> parts;
    try {
      parts = new ArrayList<>(ConfigUtil.splitPath(key));
    } catch (com.typesafe.config.ConfigException e) {
      problems.add(origin, "", "'" + key + "' is not a config path such as fabric.mtu");
      return null;
    }
    if (!parts.get(0).equals(ROOT) && !OTHER_ROOTS.contains(parts.get(0))) {
      parts.add(0, ROOT);
    }
    String path = ConfigUtil.joinPath(parts);
    try {
      // Parsed as a document, not built with withValue, so that ${...} in the value resolves.
      return ConfigFactory.parseString(path + " = " + set.substring(eq + 1),
          ConfigParseOptions.defaults().setOriginDescription(name));
    } catch (com.typesafe.config.ConfigException e) {
      problems.add(origin, path, "cannot parse the value: " + stripOrigin(e));
      return null;
    }
  }

  /** A Typesafe exception as a problem at its own origin, without Typesafe's origin prefix. */
  private static void addTypesafeProblem(com.typesafe.config.ConfigException e, Problems problems,
      String prefix) {
    problems.add(e.origin(), "", prefix + stripOrigin(e));
  }

  private static String stripOrigin(com.typesafe.config.ConfigException e) {
    String message = String.valueOf(e.getMessage());
    if (e.origin() != null) {
      String where = e.origin().description() + ": ";
      if (message.startsWith(where)) {
        return message.substring(where.length());
      }
    }
    return message;
  }

  // --- unknown keys ------------------------------------------------------------------------------

  /**
   * Top-level keys of the user's file other than {@code ringfabric} and Pekko's block: most often
   * a forgotten root ({@code fabric.mtu = 1} at top level), so the hint names the key under the
   * root when there is one.
   */
  private static void checkRoots(ConfigObject user, ConfigObject reference, Problems problems) {
    for (String key : new TreeSet<>(user.keySet())) {
      if (key.equals(ROOT) || OTHER_ROOTS.contains(key)) {
        continue;
      }
      problems.add(user.get(key).origin(), ConfigValues.quoteIfNeeded(key),
          "unknown key outside the " + ROOT + " root; closest valid key: '"
              + closestRoot(key, reference) + "'");
    }
  }

  /** The nearest of the roots and the keys under {@code ringfabric}, the latter written in full. */
  private static String closestRoot(String key, ConfigObject reference) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    List<String> roots = new ArrayList<>(new TreeSet<>(OTHER_ROOTS));
    roots.add(0, ROOT);
    for (String root : roots) {
      int d = Closest.distance(key, root);
      if (d < bestDistance) {
        best = root;
        bestDistance = d;
      }
    }
    for (String child : new TreeSet<>(reference.keySet())) {
      int d = Closest.distance(key, child);
      if (d < bestDistance) {
        best = ROOT + "." + child;
        bestDistance = d;
      }
    }
    return best;
  }

  /**
   * Every key of the merged tree that reference.conf does not have. The merged tree holds the
   * reference keys plus the user's (file and overrides), so the keys found here are exactly the
   * user's unknown ones, each with the origin where the user wrote it. Lists (rings, processes)
   * are not entered: their entries are checked against their own defaults when they are read.
   */
  private static void checkKnownKeys(ConfigObject actual, ConfigObject reference, String path,
      Problems problems) {
    Set<String> known = new TreeSet<>(reference.keySet());
    for (String key : new TreeSet<>(actual.keySet())) {
      ConfigValue value = actual.get(key);
      ConfigValue ref = reference.get(key);
      String keyPath = path + "." + ConfigValues.quoteIfNeeded(key);
      if (ref == null) {
        problems.add(value.origin(), keyPath, "unknown key" + Closest.suggestion(key, known));
      } else if (ref instanceof ConfigObject && value instanceof ConfigObject) {
        checkKnownKeys((ConfigObject) value, (ConfigObject) ref, keyPath, problems);
      } else if (ref instanceof ConfigObject) {
        problems.add(value.origin(), keyPath,
            "must be a block { ... }, not " + ConfigValues.show(value));
      }
    }
  }

  /**
   * {@code actual} without the keys reference.conf lacks, and with the reference's block where the
   * user put something else: both are reported once by the key check, not again in every entry.
   */
  private static ConfigObject knownOnly(ConfigObject actual, ConfigObject reference) {
    ConfigObject result = actual;
    for (String key : actual.keySet()) {
      ConfigValue value = actual.get(key);
      ConfigValue ref = reference.get(key);
      if (ref == null) {
        result = result.withoutKey(key);
      } else if (ref instanceof ConfigObject && value instanceof ConfigObject) {
        result = result.withValue(key, knownOnly((ConfigObject) value, (ConfigObject) ref));
      } else if (ref instanceof ConfigObject) {
        result = result.withValue(key, ref);
      }
    }
    return result;
  }

  // --- validation --------------------------------------------------------------------------------

  /** Reads and checks the merged {@code ringfabric} tree; problems go to {@code problems}. */
  private static final class Validation {
    private final ConfigReader root;
    private final ConfigObject actual;
    private final ConfigObject reference;
    private final Problems problems;

    Validation(ConfigObject actual, ConfigObject reference, Problems problems) {
      this.root = new ConfigReader(actual.toConfig(), ROOT, problems);
      this.actual = actual;
      this.reference = reference;
      this.problems = problems;
    }

    Scenario scenario(String source) {
      long seed = root.longValue("seed", Long.MIN_VALUE, Long.MAX_VALUE);
      String engine = root.oneOf("engine", "reference", "actors");
      long duration = root.durationPs("duration", 1, Long.MAX_VALUE);
      int mark = problems.count();
      TopologySpec topology = topology(root.child("topology"));
      // An invalid topology has no node count; checks that need one are then skipped.
      int nodes = problems.count() == mark ? topology.nodes() : -1;
      mark = problems.count();
      NodeSpec node = node(root.child("node"));
      boolean nodeOk = problems.count() == mark;
      FabricSpec fabric = fabric(root.child("fabric"));
      TimingSpec timing = timing(root.child("timing"));
      ModuleSpec module = module(root.child("module"));
      List<RingSpec> rings = rings(nodes);
      List<ProcessGroupSpec> processes = processes(nodes, nodeOk ? node : null);
      checkNotifications(rings, processes, nodes);
      Scenario.ActorSpec actors = actors(root.child("actors"));
      long warmup = root.durationPs("warmup", 0, Long.MAX_VALUE);
      if (warmup >= duration && problems.count() == 0) {
        root.problem("warmup", "must end before the duration (" + SimTime.spaced(duration)
            + "), or nothing would be counted");
      }
      return new Scenario(source, seed, engine, duration, topology, node, fabric, timing, module,
          rings, processes, actors, warmup,
          root.oneOf("on-program-error", "carry-on", "end-run").equals("end-run"), settings());
    }

    /** Every leaf of the merged {@code ringfabric} block, rendered as HOCON would write it. */
    private java.util.SortedMap<String, String> settings() {
      java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
      for (var e : actual.toConfig().entrySet()) {
        out.put(ROOT + "." + e.getKey(), e.getValue().render(com.typesafe.config.ConfigRenderOptions.concise()));
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

    /** A get-stream that waits for arrival notifications needs its ring to raise them. */
    private void checkNotifications(List<RingSpec> rings, List<ProcessGroupSpec> groups, int nodes) {
      if (nodes <= 0) {
        return;
      }
      for (ProcessGroupSpec g : groups) {
        if (!(g.spec() instanceof io.ringfabric.workload.GetStreamSpec get) || !get.waitForNotification()) {
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
      return new NodeSpec(n.intValue("cores", 1, 1024), n.intValue("contexts", 1, 65536));
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
      return new FabricSpec(bandwidth, link, hop, mtu, header,
          switching.equals("store-and-forward")
              ? Switching.STORE_AND_FORWARD
              : Switching.CUT_THROUGH);
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

    private ModuleSpec module(ConfigReader m) {
      return new ModuleSpec(
          m.durationPs("timeout", 1, Long.MAX_VALUE), m.intValue("retries", 0, 100),
          m.oneOf("ring-full", "nack", "hold").equals("hold"), m.durationPs("hold-limit", 0, Long.MAX_VALUE));
    }

    // --- rings -------------------------------------------------------------------------------------

    private List<RingSpec> rings(int nodes) {
      ConfigList list = root.list("rings", "{ id = 1, nodes = [0] }");
      if (list == null) {
        return List.of();
      }
      Config defaults = defaultsBlock("ring");
      Set<String> allowed = new TreeSet<>(defaults.root().keySet());
      allowed.add("id");
      List<RingSpec> rings = new ArrayList<>();
      List<RingEntry> placed = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        ConfigReader r = entry(list.get(i), ROOT + ".rings[" + i + "]", defaults, "{ id = 1 }");
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
                + nodeWords(both) + ": by " + ROOT + ".rings[" + first.index() + "] and by "
                + ROOT + ".rings[" + second.index() + "]");
          }
        }
      }
    }

    // --- process groups -----------------------------------------------------------------------------

    /** @param node null when node.cores or node.contexts is invalid: checks using them are skipped */
    private List<ProcessGroupSpec> processes(int nodes, NodeSpec node) {
      ConfigReader workload = root.child("workload");
      ConfigList list = workload.list("processes", "{ program = put-stream, nodes = all }");
      if (list == null) {
        return List.of();
      }
      Config groupDefaults = defaultsBlock("group");
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
      ConfigReader own = entry(element, path, ConfigFactory.empty(), "{ program = put-stream }");
      if (own == null) {
        return null;
      }
      String program = program(own);
      Config merged = own.config().withFallback(groupDefaults);
      if (program != null && Programs.names().contains(program)) {
        merged = merged.withFallback(defaultsBlock(program));
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
            : nodeWords(over) + " each run " + e.getKey() + " processes but have " + contexts
                + " contexts";
        workload.problem("processes",
            message + " (node.contexts; every process needs one context)");
      }
    }

    // --- shared --------------------------------------------------------------------------------------

    /**
     * A reader for list entry {@code path} merged with {@code defaults}, or null (with a problem)
     * if the entry is not a block.
     */
    private ConfigReader entry(ConfigValue element, String path, Config defaults, String example) {
      if (element.valueType() != ConfigValueType.OBJECT) {
        problems.add(element.origin(), path,
            "must be a block such as " + example + ", not " + ConfigValues.show(element));
        return null;
      }
      Config merged = ((ConfigObject) element).toConfig().withFallback(defaults);
      return new ConfigReader(merged, path, problems, element.origin());
    }

    /**
     * {@code ringfabric.defaults.<name>} as the user left it, without keys reference.conf lacks
     * (those are reported once, at the defaults, not again in every entry); the reference block
     * if the user replaced it with something that is not a block (also reported).
     */
    private Config defaultsBlock(String name) {
      ConfigObject referenceBlock = (ConfigObject) ((ConfigObject) reference.get("defaults")).get(name);
      ConfigValue defaults = actual.get("defaults");
      ConfigValue block =
          defaults instanceof ConfigObject ? ((ConfigObject) defaults).get(name) : null;
      if (!(block instanceof ConfigObject)) {
        return referenceBlock.toConfig();
      }
      return knownOnly((ConfigObject) block, referenceBlock).toConfig();
    }
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
