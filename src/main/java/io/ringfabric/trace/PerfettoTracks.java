package io.ringfabric.trace;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The processes and threads (tracks) of a Perfetto export, each named once, when first used: a
 * process per node and per switch of no node, and in it a track per core, module lane, context,
 * port lane and kind of instant. Thread ids are unique over the whole file (Perfetto names threads
 * by tid alone): {@code pid * 10000 + a number per track}.
 */
final class PerfettoTracks {
  private static final Pattern CORE = Pattern.compile("^node (\\d+) core (\\d+)$");
  private static final Pattern OP_ID = Pattern.compile("^(\\d+)\\.(\\d+)\\.\\d+$");

  private final PerfettoEvents events;
  private final int nodes;
  private final Map<String, Integer> pids = new HashMap<>();
  private final Map<Integer, String> processNames = new HashMap<>();
  private int nextPid;
  private final Map<Long, Integer> tids = new HashMap<>();
  private final Map<Integer, Integer> portsPerPid = new HashMap<>();
  private final Map<Integer, Integer> othersPerPid = new HashMap<>();
  private final Map<String, Integer> portIndex = new HashMap<>();
  private final Map<String, Integer> otherIndex = new HashMap<>();
  private int fallbackTid = Integer.MAX_VALUE;

  PerfettoTracks(PerfettoEvents events, int nodes) {
    this.events = events;
    this.nodes = nodes;
    this.nextPid = nodes + 1;
  }

  int processes() {
    return pids.size();
  }

  int threads() {
    return tids.size();
  }

  private static String processName(String component, int node) {
    return node >= 0 ? "node " + node : component;
  }

  String processName(int pid) {
    String name = processNames.get(pid);
    return name == null ? "process " + pid : name;
  }

  private int process(String name, int node) throws IOException {
    Integer pid = pids.get(name);
    if (pid != null) {
      return pid;
    }
    pid = node >= 0 && node < nodes ? node + 1 : nextPid++;
    pids.put(name, pid);
    processNames.put(pid, name);
    events.process(pid, name, pid);
    return pid;
  }

  int processOf(TraceRecord r) throws IOException {
    return process(processName(r.component(), r.node()), r.node());
  }

  private int nodeProcess(int node) throws IOException {
    return process("node " + node, node);
  }

  /** A thread: {@code pid * 10000 + local}, or a fallback id when that does not fit. */
  int tid(int pid, int local, String name) throws IOException {
    long key = ((long) pid << 32) | (local & 0xffffffffL);
    Integer tid = tids.get(key);
    if (tid != null) {
      return tid;
    }
    tid = pid < 200_000 && local >= 0 && local < 10_000 ? pid * 10_000 + local : fallbackTid--;
    tids.put(key, tid);
    events.thread(pid, tid, name, local);
    return tid;
  }

  int portTid(int pid, String port, int lane) throws IOException {
    String key = pid + "|" + port + "|" + lane;
    Integer idx = portIndex.get(key);
    if (idx == null) {
      idx = portsPerPid.merge(pid, 1, Integer::sum) - 1;
      portIndex.put(key, idx);
    }
    int local = idx < 1000 ? 8000 + idx : -1;
    return tid(pid, local < 0 ? 100_000 + idx : local, lane == 0 ? port : port + " (" + (lane + 1) + ")");
  }

  /** The track of a context: from the op id {@code node.context.sequence}, else the record's node. */
  int[] contextTrack(TraceRecord r) throws IOException {
    Matcher m = OP_ID.matcher(r.op());
    if (m.matches()) {
      try {
        int node = Integer.parseInt(m.group(1));
        int ctx = Integer.parseInt(m.group(2));
        int pid = nodeProcess(node);
        return new int[] {pid, tid(pid, ctx < 5000 ? 3000 + ctx : 200_000 + ctx, "context " + ctx)};
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    int pid = processOf(r);
    return new int[] {pid, tid(pid, 2999, "operations")};
  }

  /** The track of a core named like {@code "node 3 core 1"}, or null. */
  int[] coreTrack(String component) throws IOException {
    if (component == null) {
      return null;
    }
    Matcher m = CORE.matcher(component);
    if (!m.matches()) {
      return null;
    }
    try {
      int node = Integer.parseInt(m.group(1));
      int core = Integer.parseInt(m.group(2));
      int pid = nodeProcess(node);
      return new int[] {pid, tid(pid, core < 999 ? 1 + core : 300_000 + core, "core " + core)};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The track of a record's component for instant events (never one that carries flows). */
  int[] componentTrack(TraceRecord r) throws IOException {
    int[] core = coreTrack(r.component());
    if (core != null) {
      return core;
    }
    int pid = processOf(r);
    String c = r.component();
    String local = r.node() >= 0 && c.startsWith("node " + r.node() + " ") ? c.substring(("node " + r.node() + " ").length()) : c;
    if (local.equals("module")) {
      return new int[] {pid, tid(pid, 2000, "module events")};
    }
    if (local.equals("memory")) {
      return new int[] {pid, tid(pid, 2001, "memory")};
    }
    if (local.endsWith("switch")) {
      return new int[] {pid, tid(pid, 2002, local)};
    }
    String key = pid + "|" + c;
    Integer idx = otherIndex.get(key);
    if (idx == null) {
      idx = othersPerPid.merge(pid, 1, Integer::sum) - 1;
      otherIndex.put(key, idx);
    }
    return new int[] {pid, tid(pid, idx < 1000 ? 9000 + idx : 400_000 + idx, local)};
  }
}
