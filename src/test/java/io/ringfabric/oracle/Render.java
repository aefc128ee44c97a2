package io.ringfabric.oracle;

import io.ringfabric.model.TestScenarios;
import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.topology.TopologySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Draw} written out as a scenario file, every pick resolved so that the file is valid:
 * what the oracle runs is what it prints, and a user can paste it into a file and {@code run} it.
 */
final class Render {
  /** Simulated time limit of every drawn run: enough for each to finish by itself. */
  static final String DURATION = "2ms";
  static final String TOPOLOGY_FILE = "oracle.topo";

  /** Topology files of a few shapes: a ring with a relay switch, a two-level tree, a triangle. */
  static final List<String> FILES = List.of(
      TestScenarios.RING_AND_RELAY,
      "nodes 4\nswitches 6\nroot 4\nlink 0 4\nlink 1 4\nlink 2 5\nlink 3 5\nlink 4 5\n",
      "nodes 3\nlink 0 1\nlink 1 2\nlink 2 0\n");

  private Render() {}

  /** The scenario file, the topology file it names (or null) and the machine's node count. */
  record Rendered(String hocon, String topologyFile, int nodes) {
    /** What a user pastes: the scenario, and the topology file when there is one. */
    String forUser() {
      return topologyFile == null ? hocon
          : hocon + "\n# " + TOPOLOGY_FILE + ", beside it:\n" + topologyFile.lines().map(l -> "#   " + l)
              .reduce((a, b) -> a + "\n" + b).orElse("") + "\n";
    }
  }

  static TopologySpec topology(Draw.Shape s) {
    return switch (s.kind()) {
      case RING -> new TopologySpec("ring", List.of(2 + s.a() % 5));
      case STAR -> new TopologySpec("star", List.of(2 + s.a() % 5));
      case MESH, TORUS -> {
        int x = 1 + s.a() % 4;
        int y = 1 + s.b() % 3;
        yield new TopologySpec(s.kind() == Draw.Kind.MESH ? "mesh" : "torus", x * y < 2 ? List.of(2, 1) : List.of(x, y));
      }
      case FAT_TREE -> new TopologySpec(Topologies.FAT_TREE, List.of(2 + s.a() % 2, 1 + s.b() % 2));
      case FILE -> TopologyFile.parse(FILES.get(s.a() % FILES.size()), TOPOLOGY_FILE);
    };
  }

  static Rendered render(Draw d) {
    TopologySpec spec = topology(d.shape());
    Topology topology = Topologies.build(spec);
    int n = topology.nodes();
    StringBuilder b = new StringBuilder();
    b.append("# drawn by OracleTest; run with: bin/ringfabric run THIS.conf\n");
    b.append("ringfabric {\n");
    b.append("  seed = ").append(d.seed()).append("\n");
    b.append("  duration = ").append(DURATION).append("\n  warmup = 0\n");
    b.append("  stats.sample-interval = off\n");
    String file = null;
    if (d.shape().kind() == Draw.Kind.FILE) {
      file = FILES.get(d.shape().a() % FILES.size());
      b.append("  topology { kind = file, file = \"").append(TOPOLOGY_FILE).append("\" }\n");
    } else if (spec.kind().equals(Topologies.FAT_TREE)) {
      b.append("  topology { kind = fat-tree, arity = ").append(spec.dims().get(0))
          .append(", levels = ").append(spec.dims().get(1)).append(" }\n");
    } else {
      b.append("  topology { kind = ").append(spec.kind()).append(", dims = ").append(spec.dims()).append(" }\n");
    }
    int cores = 1 + d.cores() % 4;
    List<Draw.Group> groups = d.groups();
    int[] perNode = new int[n];
    for (Draw.Group g : groups) {
      for (int node : groupNodes(g, n)) {
        perNode[node] += g.program() == Draw.Program.PING_PONG ? 1 : g.count();
      }
    }
    int contexts = 64;
    for (int p : perNode) {
      contexts = Math.max(contexts, p);
    }
    b.append("  node { cores = ").append(cores).append(", contexts = ").append(contexts).append(" }\n");
    fabric(b, d, spec, topology);
    module(b, d.module());
    boolean[] notify = notifyRings(d, n);
    b.append("  rings = [\n");
    for (int i = 0; i < d.rings().size(); i++) {
      Draw.RingDraw r = d.rings().get(i);
      int slot = align(r.maxElement() + 8, r.alignment());
      b.append("    { id = ").append(i).append(", nodes = ").append(nodes(r.nodes(), n))
          .append(", capacity = ").append(r.capacityFactor() * slot).append(", max-element = ").append(r.maxElement())
          .append(", alignment = ").append(r.alignment()).append(", put-access = ").append(nodes(r.putAccess(), n))
          .append(", get-access = ").append(nodes(r.getAccess(), n)).append(", notify = ").append(notify[i])
          .append(" }\n");
    }
    b.append("  ]\n  workload.processes = [\n");
    for (Draw.Group g : groups) {
      b.append("    ").append(group(g, d, n, cores, notify)).append("\n");
    }
    b.append("  ]\n}\n");
    return new Rendered(b.toString(), file, n);
  }

  private static void fabric(StringBuilder b, Draw d, TopologySpec spec, Topology topology) {
    Draw.Fabric f = d.fabric();
    List<String> allowed = Routing.allowed(spec.kind());
    String routing = f.routing() == 0 ? Routing.AUTO : allowed.get((f.routing() - 1) % allowed.size());
    b.append("  fabric {\n    routing = ").append(routing).append("\n");
    b.append("    switching = ").append(f.storeAndForward() ? "store-and-forward" : "cut-through").append("\n");
    b.append("    mtu = ").append(f.mtu()).append("\n");
    if (f.credit()) {
      int least = Routing.of(routing, topology, true).leastChannels();
      b.append("    flow-control = credit, vcs = ").append(least + f.extraVcs())
          .append(", vc-buffer = ").append(f.vcPackets()).append(" packets\n");
      b.append("    switch-allocator = ").append(f.islip() ? "islip" : "maximal").append("\n");
    } else {
      b.append("    flow-control = none\n");
    }
    List<Topology.Link> links = topology.links();
    List<String> faults = new ArrayList<>();
    for (Draw.Fault fault : d.faults()) {
      String link = links.isEmpty() ? null : links.get(fault.link() % links.size()).name();
      switch (fault.kind()) {
        case DOWN -> {
          if (link != null) {
            faults.add("{ link = \"" + link + "\", from = " + fault.fromUs() + "us"
                + (fault.spanUs() > 0 ? ", to = " + (fault.fromUs() + fault.spanUs()) + "us" : "") + " }");
          }
        }
        case LOSSY_ALL -> faults.add("{ links = all, drop-rate = " + rate(fault.drop()) + ", corrupt-rate = "
            + rate(fault.corrupt()) + " }");
        case LOSSY_ONE -> {
          if (link != null) {
            faults.add("{ link = \"" + link + "\", drop-rate = " + rate(fault.drop()) + ", corrupt-rate = "
                + rate(fault.corrupt()) + " }");
          }
        }
      }
    }
    b.append("    faults = [").append(String.join(", ", faults)).append("]\n  }\n");
  }

  private static void module(StringBuilder b, Draw.Module m) {
    b.append("  module { ring-full = ").append(m.hold() ? "hold" : "nack")
        .append(", hold-limit = ").append(duration(m.holdLimitPs()))
        .append(", timeout = ").append(duration(m.timeoutPs()))
        .append(", retries = ").append(m.retries())
        .append(", confirmations = ").append(m.confirmations() < 0 ? "auto" : String.valueOf(m.confirmations()))
        .append(", local-path = ").append(m.direct() ? "direct" : "fabric").append(" }\n");
  }

  /**
   * Which rings raise arrival notifications: those a get-stream waits on by notification. A
   * get-stream can wait so only on a ring of its own node(s), as its only notified consumer there.
   */
  static boolean[] notifyRings(Draw d, int n) {
    boolean[] notify = new boolean[d.rings().size()];
    for (int i = 0; i < notify.length; i++) {
      notify[i] = d.rings().get(i).notifies();
    }
    for (Draw.Group g : d.groups()) {
      if (waitsForNotification(g, d, n)) {
        notify[g.ring()] = true;
      }
    }
    return notify;
  }

  /** Whether a get-stream group can wait for notifications as drawn; if not it backs off. */
  static boolean waitsForNotification(Draw.Group g, Draw d, int n) {
    if (g.program() != Draw.Program.GET_STREAM || !g.notification() || g.node() != 0 || g.ring() >= d.rings().size()) {
      return false;
    }
    Draw.RingDraw ring = d.rings().get(g.ring());
    if (ring.nodes() != 0 && (g.nodes() == 0 || (g.nodes() - 1) % n != (ring.nodes() - 1) % n)) {
      return false; // the ring is not on every node of the group
    }
    return true;
  }


  private static String group(Draw.Group g, Draw d, int n, int cores, boolean[] notify) {
    StringBuilder b = new StringBuilder("{ program = ");
    String common = ", core = " + g.core() % cores + ", completion = " + (g.interrupt() ? "interrupt" : "poll");
    switch (g.program()) {
      case PUT_STREAM -> {
        String pattern = g.pattern().name().toLowerCase(Locale.ROOT).replace('_', '-');
        int target = g.pattern() == Draw.Pattern.FIXED ? g.node() : g.node() % n;
        b.append("put-stream, nodes = ").append(nodes(g.nodes(), n)).append(", count = ").append(g.count())
            .append(common).append(", target { pattern = ").append(pattern).append(", node = ").append(target)
            .append(", ring = ").append(g.ring()).append(" }, size = ").append(size(g)).append(", ops = ")
            .append(g.ops()).append(", think = ").append(g.think() ? "1us" : "0")
            .append(", on-full = ").append(g.retryOnFull() ? "retry" : "drop").append(", retry-backoff = 5us }");
      }
      case GET_STREAM -> {
        boolean wait = waitsForNotification(g, d, n);
        b.append("get-stream, nodes = ").append(nodes(g.nodes(), n)).append(", count = ").append(g.count())
            .append(common).append(", source { node = ").append(g.node() == 0 ? "self" : String.valueOf((g.node() - 1) % n))
            .append(", ring = ").append(g.ring()).append(" }, ops = ").append(g.ops() % 8)
            .append(", idle-limit = ").append(g.idleLimit()).append(", empty-backoff = 1us, wait = ")
            .append(wait ? "notification" : "backoff").append(" }");
      }
      case PING_PONG -> {
        int[] pair = pingPongNodes(g, n);
        b.append("ping-pong, nodes = [").append(pair[0]).append(", ").append(pair[1]).append("]").append(common)
            .append(", ring = ").append(g.ring()).append(", size = ").append(g.size()).append(", ops = ")
            .append(g.ops()).append(" }");
      }
    }
    return b.toString();
  }

  static int[] pingPongNodes(Draw.Group g, int n) {
    int a = g.node() % n;
    return new int[] {a, (a + 1 + g.nodes() % (n - 1)) % n};
  }

  /** The nodes a group runs on. */
  static List<Integer> groupNodes(Draw.Group g, int n) {
    if (g.program() == Draw.Program.PING_PONG) {
      int[] pair = pingPongNodes(g, n);
      return List.of(pair[0], pair[1]);
    }
    if (g.nodes() != 0) {
      return List.of((g.nodes() - 1) % n);
    }
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(i);
    }
    return all;
  }

  private static String size(Draw.Group g) {
    return g.sizeMax() > g.size() ? "{ kind = uniform, min = " + g.size() + ", max = " + g.sizeMax() + " }"
        : String.valueOf(g.size());
  }

  private static String nodes(int pick, int n) {
    return pick == 0 ? "all" : "[" + (pick - 1) % n + "]";
  }

  static int align(int bytes, int alignment) {
    return (bytes + alignment - 1) / alignment * alignment;
  }

  private static String rate(double r) {
    return r == 0 ? "0" : String.valueOf(r);
  }

  /** Picoseconds as a HOCON duration, in the largest unit that keeps it whole. */
  static String duration(long ps) {
    if (ps % 1_000_000_000_000L == 0) {
      return ps / 1_000_000_000_000L + "s";
    }
    if (ps % 1_000_000 == 0) {
      return ps / 1_000_000 + "us";
    }
    return ps / 1000 + "ns";
  }
}
