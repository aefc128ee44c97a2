package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import io.ringfabric.model.SimTime;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a trace into Chrome Trace Event JSON ({@code {"traceEvents":[...],"displayTimeUnit":"ns"}})
 * that ui.perfetto.dev and chrome://tracing open, streaming: memory holds only the operations in
 * flight, the tracks and the counters' last values.
 *
 * <p>Layout: a process per node ({@code "node 3"}, pid = node + 1) and per switch that belongs to
 * no node; in each, a thread (track) per core, per messaging module (with extra lanes when it
 * serves requests concurrently), per context, per switch or module output port, plus tracks for
 * the instant events of the module, switch and memory. An operation is a slice on its initiating
 * context's track ({@code "PUT 3.2.17"}, doorbell to completed) with a child slice per stage
 * (issue, request in flight, at the target, response in flight, completing); the target module
 * shows a slice while it serves the request. A packet on a link is a slice on its port's track.
 * Flow arrows join each request-sent to its request-arrived and each response-sent to its
 * response-arrived. Counters show each ring's occupancy and each port's queue depth.
 *
 * <p>Times: {@code ts} and {@code dur} are microseconds (picoseconds / 10^6, written exactly).
 * Thread ids are unique over the whole file (Perfetto names threads by tid alone): {@code pid *
 * 10000 + a number per track}.
 */
public final class PerfettoExport {
  /** What an export wrote. */
  public record Stats(long events, long slices, long instants, long flows, long counters, int processes,
      int threads) {}

  /** Serves of requests kept open at most (a trace of target nodes only never sees the ends). */
  static final int MAX_OPEN_SERVES = 1 << 16;
  /** Stages kept per operation at most. */
  static final int MAX_STAGES = 1_000;

  private static final Pattern CORE = Pattern.compile("^node (\\d+) core (\\d+)$");
  private static final Pattern OP_ID = Pattern.compile("^(\\d+)\\.(\\d+)\\.\\d+$");

  private final TraceReader reader;
  private final Long fromPs;
  private final Long toPs;
  private final JsonGenerator g;
  private final int nodes;

  // Processes and threads.
  private final Map<String, Integer> pids = new HashMap<>();
  private final Map<Integer, String> processNames = new HashMap<>();
  private int nextPid;
  private final Map<Long, Integer> tids = new HashMap<>();
  private final Map<Integer, Integer> portsPerPid = new HashMap<>();
  private final Map<Integer, Integer> othersPerPid = new HashMap<>();
  private int fallbackTid = Integer.MAX_VALUE;

  // Operations in flight, by context ("node.context"); finished ones awaiting completion-seen.
  private final Map<String, Op> ops = new HashMap<>();
  private final Map<String, Op> done = new HashMap<>();
  // Requests being served at their target, by operation id.
  private final LinkedHashMap<String, ArrayDeque<Serve>> serves = new LinkedHashMap<>();
  private int openServes;
  // Module lanes per process: the end of the slice on each lane, MAX_VALUE while open.
  private final Map<Integer, List<long[]>> moduleLanes = new HashMap<>();
  // Port lanes by "pid|port": slice ends; queue depths.
  private final Map<String, List<long[]>> portLanes = new HashMap<>();
  private final Map<String, int[]> queueDepth = new HashMap<>();
  // Last ring occupancy written, by "pid|ring".
  private final Map<String, long[]> ringLast = new HashMap<>();
  private long nextFlow = 1;
  private long lastT = -1;

  private long events;
  private long slices;
  private long instants;
  private long flows;
  private long counters;

  private PerfettoExport(TraceReader reader, JsonGenerator g, Long fromPs, Long toPs) {
    this.reader = reader;
    this.fromPs = fromPs;
    this.toPs = toPs;
    this.g = g;
    this.nodes = reader.header().nodes();
    this.nextPid = nodes + 1;
  }

  /**
   * Reads the rest of the trace and writes it to {@code out} as Chrome Trace Event JSON. Does not
   * close {@code out}.
   */
  public static Stats export(TraceReader reader, OutputStream out) throws IOException {
    return export(reader, out, null, null);
  }

  /**
   * As {@link #export(TraceReader, OutputStream)}, keeping only records at or after {@code fromPs}
   * and before {@code toPs} (null: no limit). Operations cut by the window show what is inside it.
   */
  public static Stats export(TraceReader reader, OutputStream out, Long fromPs, Long toPs) throws IOException {
    JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    g.setPrettyPrinter(new MinimalPrettyPrinter() {
      private static final long serialVersionUID = 1L;

      @Override
      public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(",\n");
      }

      @Override
      public void beforeArrayValues(JsonGenerator gen) throws IOException {
        gen.writeRaw('\n');
      }
    });
    PerfettoExport x = new PerfettoExport(reader, g, fromPs, toPs);
    g.writeStartObject();
    g.writeFieldName("traceEvents");
    g.writeStartArray();
    x.run();
    g.writeEndArray();
    g.writeStringField("displayTimeUnit", "ns");
    g.writeEndObject();
    g.writeRaw('\n');
    g.flush();
    return new Stats(x.events, x.slices, x.instants, x.flows, x.counters, x.pids.size(), x.tids.size());
  }

  private void run() throws IOException {
    TraceRecord r;
    while ((r = reader.next()) != null) {
      if (toPs != null && r.t() >= toPs) {
        break; // records are in time order
      }
      if (fromPs != null && r.t() < fromPs) {
        continue;
      }
      lastT = r.t();
      switch (r.kind()) {
        case Kinds.DOORBELL -> doorbell(r);
        case Kinds.REQUEST_SENT, Kinds.RESPONSE_ARRIVED -> initiatorStage(r);
        case Kinds.COMPLETED -> completed(r);
        case Kinds.REQUEST_ARRIVED -> requestArrived(r);
        case Kinds.APPLIED, Kinds.REFUSED -> appliedOrRefused(r);
        case Kinds.RESPONSE_SENT -> responseSent(r);
        case Kinds.COMPLETION_SEEN -> completionSeen(r);
        case Kinds.PACKET_QUEUED -> packetQueued(r);
        case Kinds.PACKET_SENT -> packetSent(r);
        case Kinds.PACKET_RECEIVED -> instant(r, componentTrack(r), "received" + opSuffix(r),
            "from", r.from(), "bytes", r.bytes());
        case Kinds.MESSAGE -> instant(r, componentTrack(r), (r.detail() == null ? "message" : r.detail())
            + opSuffix(r), "from", r.from(), "to", r.to(), "bytes", r.bytes());
        default -> instant(r, componentTrack(r), r.kind() + opSuffix(r), "detail", r.detail(),
            "status", r.status());
      }
    }
    // What is still open at the end of the trace lasts until its last record.
    for (ArrayDeque<Serve> q : serves.values()) {
      for (Serve s : q) {
        emitServe(s, lastT);
      }
    }
    serves.clear();
    for (Op op : new ArrayList<>(ops.values())) {
      emitOp(op, lastT);
    }
    ops.clear();
  }

  // ---------------------------------------------------------------------------------------------
  // Operations

  /** A stage of an operation: when, what, and the status it carries. */
  private record Stage(long t, String kind, String status, int targetNode) {}

  /** A flow whose start is known and whose end is awaited. */
  private record PendingFlow(long id, int pid, int tid, long ts) {}

  /** An operation in flight, drawn on its initiating context's track. */
  private static final class Op {
    final String id;
    final int pid;
    final int tid;
    String detail;
    String status;
    long completedT = -1;
    final List<Stage> stages = new ArrayList<>();
    final ArrayDeque<PendingFlow> requests = new ArrayDeque<>();
    final ArrayDeque<PendingFlow> responses = new ArrayDeque<>();

    Op(String id, int pid, int tid) {
      this.id = id;
      this.pid = pid;
      this.tid = tid;
    }

    long lastT() {
      return stages.get(stages.size() - 1).t();
    }

    void add(TraceRecord r) {
      if (stages.size() < MAX_STAGES) {
        stages.add(new Stage(r.t(), r.kind(), r.status(), r.node()));
      }
    }
  }

  /** A request being served at its target module, on one of the module's lanes. */
  private static final class Serve {
    final String op;
    final int pid;
    final int lane;
    final int tid;
    final List<Stage> stages = new ArrayList<>();
    String from;

    Serve(String op, int pid, int lane, int tid) {
      this.op = op;
      this.pid = pid;
      this.lane = lane;
      this.tid = tid;
    }
  }

  private void doorbell(TraceRecord r) throws IOException {
    int[] core = coreTrack(r.from());
    int[] where = core != null ? core : componentTrack(r);
    boolean busy = "BUSY".equals(r.status());
    instant(r, where, (busy ? "BUSY doorbell" : "doorbell") + opSuffix(r), "detail", r.detail(), "status",
        r.status());
    if (busy || r.op() == null) {
      return;
    }
    Op op = opFor(r, true);
    if (op != null) {
      op.detail = r.detail();
      op.add(r);
    }
  }

  /** The operation a record belongs to, started if {@code start} and there is none. */
  private Op opFor(TraceRecord r, boolean start) throws IOException {
    if (r.op() == null) {
      return null;
    }
    String ctx = RecordDetails.contextOf(r.op());
    Op op = ops.get(ctx);
    if (op != null && op.id.equals(r.op())) {
      return op;
    }
    if (!start) {
      return null;
    }
    Op finished = done.get(ctx);
    if (finished != null && finished.id.equals(r.op()) && !Kinds.DOORBELL.equals(r.kind())) {
      return finished; // completedT >= 0: callers treat the record as late
    }
    if (op != null) {
      ops.remove(ctx);
      emitOp(op); // the context moved on without a completed record
    }
    done.remove(ctx);
    int[] track = contextTrack(r);
    op = new Op(r.op(), track[0], track[1]);
    ops.put(ctx, op);
    return op;
  }

  private void initiatorStage(TraceRecord r) throws IOException {
    Op op = opFor(r, true);
    if (op == null) {
      instant(r, componentTrack(r), r.kind(), "status", r.status());
      return;
    }
    if (op.completedT >= 0) {
      late(r);
      return;
    }
    if (Kinds.REQUEST_SENT.equals(r.kind())) {
      // The arrow starts at the end of the stage this record ends: bind it at that stage's start.
      long ts = op.stages.isEmpty() ? r.t() : op.lastT();
      op.requests.add(new PendingFlow(nextFlow++, op.pid, op.tid, ts));
    } else {
      PendingFlow start = op.responses.poll();
      if (start != null) {
        flow("response", start, op.pid, op.tid, r.t());
      }
    }
    op.add(r);
  }

  /** A stage after its operation completed (a response after a timeout): an instant, no slice. */
  private void late(TraceRecord r) throws IOException {
    instant(r, componentTrack(r), "late " + r.kind() + opSuffix(r), "status", r.status(), "from", r.from());
  }

  private void completed(TraceRecord r) throws IOException {
    Op op = opFor(r, true);
    if (op == null) {
      instant(r, componentTrack(r), "completed", "status", r.status());
      return;
    }
    if (op.completedT >= 0) {
      late(r);
      return;
    }
    op.add(r);
    op.status = r.status();
    op.completedT = r.t();
    String ctx = RecordDetails.contextOf(op.id);
    ops.remove(ctx);
    emitOp(op);
    done.put(ctx, op);
  }

  private void completionSeen(TraceRecord r) throws IOException {
    instant(r, componentTrack(r), "seen" + opSuffix(r), "status", r.status(), "after_ns", SimTime.nsExact(r.dur()));
    if (r.op() == null) {
      return;
    }
    String ctx = RecordDetails.contextOf(r.op());
    Op op = done.get(ctx);
    if (op != null && op.id.equals(r.op()) && r.t() >= op.completedT) {
      done.remove(ctx);
      slice(op.pid, op.tid, op.completedT, r.t() - op.completedT, "until the process sees it", "op",
          "op", op.id, "status", r.status());
    }
  }

  private void requestArrived(TraceRecord r) throws IOException {
    if (r.op() == null) {
      instant(r, componentTrack(r), "request-arrived", "from", r.from());
      return;
    }
    int pid = processOf(r);
    int lane = takeModuleLane(pid, r.t());
    int tid = tid(pid, 1000 + lane, lane == 0 ? "module" : "module (" + (lane + 1) + ")");
    Serve s = new Serve(r.op(), pid, lane, tid);
    s.from = r.from();
    s.stages.add(new Stage(r.t(), r.kind(), r.status(), r.node()));
    serves.computeIfAbsent(r.op(), k -> new ArrayDeque<>()).add(s);
    if (++openServes > MAX_OPEN_SERVES) {
      Iterator<Map.Entry<String, ArrayDeque<Serve>>> eldest = serves.entrySet().iterator();
      ArrayDeque<Serve> q = eldest.next().getValue();
      Serve old = q.poll();
      if (q.isEmpty()) {
        eldest.remove();
      }
      openServes--;
      emitServe(old);
    }
    Op op = opFor(r, false);
    if (op != null && op.completedT < 0) {
      PendingFlow start = op.requests.poll();
      if (start != null) {
        flow("request", start, pid, tid, r.t());
      }
      op.add(r);
    }
  }

  private Serve openServe(TraceRecord r) {
    ArrayDeque<Serve> q = r.op() == null ? null : serves.get(r.op());
    return q == null ? null : q.peek();
  }

  private void appliedOrRefused(TraceRecord r) throws IOException {
    Serve s = openServe(r);
    if (s != null && s.stages.size() < MAX_STAGES) {
      s.stages.add(new Stage(r.t(), r.kind(), r.status(), r.node()));
    }
    Op op = opFor(r, false);
    if (op != null && op.completedT < 0) {
      op.add(r);
    }
    long[] ring = RecordDetails.ringState(r.detail());
    if (ring != null) {
      int pid = processOf(r);
      String key = pid + "|" + ring[0];
      long[] last = ringLast.get(key);
      if (last == null || last[0] != ring[1] || last[1] != ring[2]) {
        ringLast.put(key, new long[] {ring[1], ring[2]});
        int tid = tid(pid, 1000, "module");
        counter(pid, tid, r.t(), processName(pid) + " ring " + ring[0], "elements", ring[1], "bytes", ring[2]);
      }
    } else if (s == null) {
      instant(r, componentTrack(r), r.kind() + opSuffix(r), "status", r.status(), "detail", r.detail());
    }
  }

  private void responseSent(TraceRecord r) throws IOException {
    ArrayDeque<Serve> q = r.op() == null ? null : serves.get(r.op());
    Serve s = q == null ? null : q.poll();
    if (q != null && q.isEmpty()) {
      serves.remove(r.op());
    }
    PendingFlow start = null;
    if (s != null) {
      openServes--;
      // The arrow starts at the serve's last stage, which ends now.
      long ts = s.stages.get(s.stages.size() - 1).t();
      s.stages.add(new Stage(r.t(), r.kind(), r.status(), r.node()));
      emitServe(s);
      start = new PendingFlow(nextFlow++, s.pid, s.tid, ts);
    } else {
      instant(r, componentTrack(r), "response-sent" + opSuffix(r), "status", r.status(), "to", r.to());
    }
    Op op = opFor(r, false);
    if (op != null && op.completedT < 0) {
      if (start != null) {
        op.responses.add(start);
      }
      op.add(r);
    }
  }

  private int takeModuleLane(int pid, long t) {
    List<long[]> lanes = moduleLanes.computeIfAbsent(pid, k -> new ArrayList<>());
    for (int i = 0; i < lanes.size(); i++) {
      if (lanes.get(i)[0] <= t) {
        lanes.get(i)[0] = Long.MAX_VALUE;
        return i;
      }
    }
    lanes.add(new long[] {Long.MAX_VALUE});
    return lanes.size() - 1;
  }

  private void emitServe(Serve s) throws IOException {
    emitServe(s, -1);
  }

  /**
   * The serve's slice and a child per stage; one still open at the end of the trace ({@code until}
   * >= 0) lasts until then, so that it still holds the arrow of its request.
   */
  private void emitServe(Serve s, long until) throws IOException {
    List<Stage> st = s.stages;
    long start = st.get(0).t();
    Stage last = st.get(st.size() - 1);
    boolean open = !Kinds.RESPONSE_SENT.equals(last.kind());
    long end = open && until > last.t() ? until : last.t();
    moduleLanes.get(s.pid).get(s.lane)[0] = end;
    String status = null;
    for (Stage x : st) {
      if (x.status() != null) {
        status = x.status();
      }
    }
    String action = null;
    Op op = ops.get(RecordDetails.contextOf(s.op));
    if (op != null && op.id.equals(s.op)) {
      action = RecordDetails.action(op.detail);
    }
    slice(s.pid, s.tid, start, end - start, "serve " + (action == null ? "" : action.toUpperCase() + " ") + s.op
        + (open ? " (unfinished)" : status != null && !"DONE".equals(status) ? " " + status : ""), "serve",
        "op", s.op, "from", s.from, "status", status);
    for (int i = 0; i < st.size(); i++) {
      Stage a = st.get(i);
      long to = i + 1 < st.size() ? st.get(i + 1).t() : end;
      if (i + 1 == st.size() && (!open || to <= a.t())) {
        break;
      }
      String name = switch (a.kind()) {
        case Kinds.REQUEST_ARRIVED -> "apply";
        case Kinds.APPLIED -> "respond";
        case Kinds.REFUSED -> "refused " + (a.status() == null ? "" : a.status()) + ", respond";
        default -> a.kind();
      };
      slice(s.pid, s.tid, a.t(), to - a.t(), name, "serve", "op", s.op);
    }
  }

  private void emitOp(Op op) throws IOException {
    emitOp(op, -1);
  }

  /**
   * The operation's slice and a child per stage, on its context's track. One still in flight at the
   * end of the trace ({@code until} >= 0) lasts until then.
   */
  private void emitOp(Op op, long until) throws IOException {
    if (op.stages.isEmpty()) {
      return;
    }
    List<Stage> st = op.stages;
    long start = st.get(0).t();
    boolean open = op.completedT < 0;
    long end = !open ? op.completedT : Math.max(op.lastT(), until);
    String action = RecordDetails.action(op.detail);
    int target = RecordDetails.targetNode(op.detail);
    String name = (action == null ? "OP" : action.toUpperCase()) + " " + op.id;
    if (open) {
      name += " (unfinished)";
    } else if (op.status != null && !"DONE".equals(op.status)) {
      name += " " + op.status;
    }
    slice(op.pid, op.tid, start, end - start, name, "op", "op", op.id, "detail", op.detail, "status", op.status,
        "latency_ns", open ? null : SimTime.nsExact(end - start));
    String there = target >= 0 ? "node " + target : "the target";
    for (int i = 0; i < st.size(); i++) {
      Stage a = st.get(i);
      long to = i + 1 < st.size() ? st.get(i + 1).t() : end;
      if (i + 1 == st.size() && (!open || to <= a.t())) {
        break;
      }
      String phase = switch (a.kind()) {
        case Kinds.DOORBELL -> "issue";
        case Kinds.REQUEST_SENT -> "request to " + there;
        case Kinds.REQUEST_ARRIVED -> "at " + there + ": apply";
        case Kinds.APPLIED -> "at " + there + ": respond";
        case Kinds.REFUSED -> "at " + there + ": refused " + (a.status() == null ? "" : a.status());
        case Kinds.RESPONSE_SENT -> "response back";
        case Kinds.RESPONSE_ARRIVED -> "complete";
        default -> a.kind();
      };
      slice(op.pid, op.tid, a.t(), to - a.t(), phase, "stage", "op", op.id);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Packets

  private void packetQueued(TraceRecord r) throws IOException {
    if (r.waitPs() <= 0) {
      return;
    }
    int pid = processOf(r);
    String port = r.port() != null ? r.port() : r.component();
    int[] d = queueDepth.computeIfAbsent(pid + "|" + port, k -> new int[1]);
    d[0]++;
    counter(pid, portTid(pid, port, 0), r.t(), "queue " + port, "packets", d[0]);
  }

  private void packetSent(TraceRecord r) throws IOException {
    int pid = processOf(r);
    String port = r.port() != null ? r.port() : r.component();
    String key = pid + "|" + port;
    if (r.waitPs() > 0) {
      int[] d = queueDepth.get(key);
      if (d != null && d[0] > 0) {
        d[0]--;
        counter(pid, portTid(pid, port, 0), r.t(), "queue " + port, "packets", d[0]);
      }
    }
    List<long[]> lanes = portLanes.computeIfAbsent(key, k -> new ArrayList<>());
    int lane = -1;
    for (int i = 0; i < lanes.size(); i++) {
      if (lanes.get(i)[0] <= r.t()) {
        lane = i;
        break;
      }
    }
    if (lane < 0) {
      lanes.add(new long[1]);
      lane = lanes.size() - 1;
    }
    lanes.get(lane)[0] = r.t() + r.dur();
    String name = (r.op() != null ? r.op() + " " : "") + (r.detail() != null ? r.detail() : "packet");
    slice(pid, portTid(pid, port, lane), r.t(), r.dur(), name, "packet", "op", r.op(), "bytes", r.bytes(),
        "wait_ns", r.waitPs() > 0 ? SimTime.nsExact(r.waitPs()) : null);
  }

  // ---------------------------------------------------------------------------------------------
  // Processes and tracks

  private static String processName(String component, int node) {
    return node >= 0 ? "node " + node : component;
  }

  private String processName(int pid) {
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
    meta(pid, pid, "process_name", name);
    metaSort(pid, "process_sort_index", pid);
    return pid;
  }

  private int processOf(TraceRecord r) throws IOException {
    return process(processName(r.component(), r.node()), r.node());
  }

  private int nodeProcess(int node) throws IOException {
    return process("node " + node, node);
  }

  /** A thread: {@code pid * 10000 + local}, or a fallback id when that does not fit. */
  private int tid(int pid, int local, String name) throws IOException {
    long key = ((long) pid << 32) | (local & 0xffffffffL);
    Integer tid = tids.get(key);
    if (tid != null) {
      return tid;
    }
    tid = pid < 200_000 && local >= 0 && local < 10_000 ? pid * 10_000 + local : fallbackTid--;
    tids.put(key, tid);
    meta(pid, tid, "thread_name", name);
    metaSort(pid, tid, local);
    return tid;
  }

  private final Map<String, Integer> portIndex = new HashMap<>();
  private final Map<String, Integer> otherIndex = new HashMap<>();

  private int portTid(int pid, String port, int lane) throws IOException {
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
  private int[] contextTrack(TraceRecord r) throws IOException {
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
  private int[] coreTrack(String component) throws IOException {
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
  private int[] componentTrack(TraceRecord r) throws IOException {
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

  private static String opSuffix(TraceRecord r) {
    return r.op() == null ? "" : " " + r.op();
  }

  // ---------------------------------------------------------------------------------------------
  // Events

  private void begin(String ph, int pid, int tid, long tsPs) throws IOException {
    g.writeStartObject();
    g.writeStringField("ph", ph);
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    g.writeFieldName("ts");
    g.writeNumber(SimTime.us(tsPs));
    events++;
  }

  private void args(Object... kv) throws IOException {
    boolean any = false;
    for (int i = 0; i + 1 < kv.length; i += 2) {
      Object v = kv[i + 1];
      if (v == null || (v instanceof Long l && l == 0 && "bytes".equals(kv[i]))) {
        continue;
      }
      if (!any) {
        g.writeObjectFieldStart("args");
        any = true;
      }
      if (v instanceof java.math.BigDecimal d) {
        g.writeFieldName((String) kv[i]);
        g.writeNumber(d.toPlainString());
      } else if (v instanceof Number n) {
        g.writeNumberField((String) kv[i], n.longValue());
      } else {
        g.writeStringField((String) kv[i], v.toString());
      }
    }
    if (any) {
      g.writeEndObject();
    }
  }

  private void meta(int pid, int tid, String what, String name) throws IOException {
    begin("M", pid, tid, 0);
    g.writeStringField("name", what);
    g.writeObjectFieldStart("args");
    g.writeStringField("name", name);
    g.writeEndObject();
    g.writeEndObject();
  }

  private void metaSort(int pid, String what, int index) throws IOException {
    begin("M", pid, pid, 0);
    g.writeStringField("name", what);
    g.writeObjectFieldStart("args");
    g.writeNumberField("sort_index", index);
    g.writeEndObject();
    g.writeEndObject();
  }

  private void metaSort(int pid, int tid, int index) throws IOException {
    begin("M", pid, tid, 0);
    g.writeStringField("name", "thread_sort_index");
    g.writeObjectFieldStart("args");
    g.writeNumberField("sort_index", index);
    g.writeEndObject();
    g.writeEndObject();
  }

  private void slice(int pid, int tid, long tsPs, long durPs, String name, String cat, Object... kv)
      throws IOException {
    begin("X", pid, tid, tsPs);
    g.writeFieldName("dur");
    g.writeNumber(SimTime.us(Math.max(0, durPs)));
    g.writeStringField("name", name);
    g.writeStringField("cat", cat);
    args(kv);
    g.writeEndObject();
    slices++;
  }

  private void instant(TraceRecord r, int[] track, String name, Object... kv) throws IOException {
    begin("i", track[0], track[1], r.t());
    g.writeStringField("s", "t");
    g.writeStringField("name", name);
    g.writeStringField("cat", r.kind());
    args(kv);
    g.writeEndObject();
    instants++;
  }

  private void counter(int pid, int tid, long tsPs, String name, Object... kv) throws IOException {
    begin("C", pid, tid, tsPs);
    g.writeStringField("name", name);
    g.writeObjectFieldStart("args");
    for (int i = 0; i + 1 < kv.length; i += 2) {
      g.writeNumberField((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    g.writeEndObject();
    g.writeEndObject();
    counters++;
  }

  /** A flow arrow: its start (bound to the slice enclosing it) and its end (bound likewise). */
  private void flow(String cat, PendingFlow start, int pid, int tid, long endPs) throws IOException {
    begin("s", start.pid(), start.tid(), start.ts());
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", start.id());
    g.writeEndObject();
    begin("f", pid, tid, Math.max(endPs, start.ts()));
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", start.id());
    g.writeStringField("bp", "e");
    g.writeEndObject();
    flows++;
  }
}
