package io.ringfabric.cli;

import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.ZeroLoadLatency;
import io.ringfabric.topology.Topologies;
import io.ringfabric.workload.PayloadSize;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.PutStreamSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code validate --latency}: the latency of one PUT and one GET alone in the machine, doorbell to
 * status as a report's put and get rows measure it, that the scenario's settings imply
 * ({@link ZeroLoadLatency}), for its nearest and farthest pair of nodes.
 */
final class LatencyTable {
  /** Sizes shown when no process of the scenario says what it PUTs. */
  static final List<Integer> DEFAULT_SIZES = List.of(8, 64, 256, 1024, 4096, 16384, 65536);

  private LatencyTable() {}

  static List<String> lines(Scenario s) {
    ZeroLoadLatency calculator = new ZeroLoadLatency(s.machine(), Topologies.build(s.topology()));
    int[] p = calculator.extremePairs();
    List<String> lines = new ArrayList<>();
    lines.add("Zero-load latency (ns), doorbell to status, each operation alone in the machine:");
    lines.add("  nearest " + pair(calculator, p[0], p[1]) + ", farthest " + pair(calculator, p[2], p[3]));
    lines.add(String.format(Locale.ROOT, "  %-4s %9s %15s %15s", "op", "size", "nearest", "farthest"));
    Set<String> caveats = new LinkedHashSet<>();
    boolean late = false;
    for (String op : List.of("put", "get")) {
      for (int size : sizes(s)) {
        ZeroLoadLatency.Latency near = op.equals("put") ? calculator.put(p[0], p[1], size) : calculator.get(p[0], p[1], size);
        ZeroLoadLatency.Latency far = op.equals("put") ? calculator.put(p[2], p[3], size) : calculator.get(p[2], p[3], size);
        late |= far.ps() > s.module().timeoutPs();
        lines.add(String.format(Locale.ROOT, "  %-4s %9s %s%s", op, bytes(size), figure(near, caveats),
            figure(far, caveats)).stripTrailing());
      }
    }
    for (String c : caveats) {
      lines.add("  * " + c);
    }
    if (late) {
      lines.add("  ! above module.timeout (" + SimTime.spaced(s.module().timeoutPs()) + "): such a request is"
          + " resent before its answer can come");
    }
    return lines;
  }

  private static String pair(ZeroLoadLatency calculator, int a, int b) {
    int hops = Math.max(calculator.hops(a, b), 0);
    return "node " + a + (a == b ? " to itself" : " to " + b) + " (" + hops + (hops == 1 ? " hop)" : " hops)");
  }

  /** A column of 16: the figure, marked * when it may not be what a run gives. */
  private static String figure(ZeroLoadLatency.Latency l, Set<String> caveats) {
    if (!l.exact()) {
      caveats.add(l.caveat());
    }
    return String.format(Locale.ROOT, "%15s%s", SimTime.nsThreeDecimals(l.ps()), l.exact() ? " " : "*");
  }

  /** The payload sizes the scenario's put-streams and ping-pongs can use (a range by its ends), else the defaults. */
  static List<Integer> sizes(Scenario s) {
    TreeSet<Integer> sizes = new TreeSet<>();
    for (ProcessGroupSpec g : s.processes()) {
      if (g.spec() instanceof PutStreamSpec put) {
        PayloadSize size = put.payload();
        if (size instanceof PayloadSize.Fixed f) {
          sizes.add(f.bytes());
        } else if (size instanceof PayloadSize.Uniform u) {
          sizes.add(u.min());
          sizes.add(u.max());
        } else if (size instanceof PayloadSize.Bimodal b) {
          sizes.add(b.small());
          sizes.add(b.large());
        } else if (size instanceof PayloadSize.Listed l) {
          sizes.addAll(l.values());
        }
      } else if (g.spec() instanceof PingPongSpec ping) {
        sizes.add(ping.size());
      }
    }
    return sizes.isEmpty() ? DEFAULT_SIZES : List.copyOf(sizes);
  }

  /** {@code 64 B}, {@code 4 KiB}. */
  static String bytes(int n) {
    return n >= 1024 && n % 1024 == 0 ? n / 1024 + " KiB" : n + " B";
  }
}
