package io.ringfabric.trace;

import io.ringfabric.model.SimTime;
import io.ringfabric.trace.InFlight.Op;
import io.ringfabric.trace.InFlight.PendingFlow;
import io.ringfabric.trace.InFlight.Serve;
import io.ringfabric.trace.InFlight.Stage;
import io.ringfabric.trace.PerfettoEvents.Flows;
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

/**
 * Turns a trace into a timeline that ui.perfetto.dev opens, streaming: memory holds only the
 * operations in flight, the tracks and the counters' last values (and, for protobuf, the names met
 * so far). Two formats draw the same timeline: Chrome Trace Event JSON ({@code
 * {"traceEvents":[...],"displayTimeUnit":"ns"}}, which chrome://tracing opens too; {@link
 * PerfettoJson}) and Perfetto's own protobuf trace ({@link PerfettoProto}), a tenth of the size.
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
 * <p>Times are whole nanoseconds, the trace's picoseconds rounded down ({@link PerfettoEvents}).
 * Thread ids are unique over the whole file (Perfetto names threads by tid alone): {@code pid *
 * 10000 + a number per track}.
 */
public final class PerfettoExport {
  /** What an export wrote. */
  public record Stats(long events, long slices, long instants, long flows, long counters, int processes,
      int threads) {}

  /** The file an export writes. */
  public enum Format {
    /** Chrome Trace Event JSON; {@link Stats#events} counts its events. */
    JSON,
    /** Perfetto's protobuf trace ({@code .pftrace}); {@link Stats#events} counts its packets. */
    PROTOBUF
  }

  /** Serves of requests kept open at most (a trace of target nodes only never sees the ends). */
  static final int MAX_OPEN_SERVES = 1 << 16;

  private final TraceReader reader;
  private final Long fromPs;
  private final Long toPs;
  private final PerfettoEvents events;
  private final PerfettoTracks tracks;
  private final PacketSlices packets;

  // Operations in flight, by context ("node.context"); finished ones awaiting completion-seen.
  private final Map<String, Op> ops = new HashMap<>();
  private final Map<String, Op> done = new HashMap<>();
  // Requests being served at their target, by operation id.
  private final LinkedHashMap<String, ArrayDeque<Serve>> serves = new LinkedHashMap<>();
  private int openServes;
  // Module lanes per process: the end of the slice on each lane, MAX_VALUE while open.
  private final Map<Integer, List<long[]>> moduleLanes = new HashMap<>();
  // Last ring occupancy written, by "pid|ring".
  private final Map<String, long[]> ringLast = new HashMap<>();
  private long nextFlow = 1;
  private long lastT = -1;

  private PerfettoExport(TraceReader reader, PerfettoEvents events, Long fromPs, Long toPs) {
    this.reader = reader;
    this.fromPs = fromPs;
    this.toPs = toPs;
    this.events = events;
    this.tracks = new PerfettoTracks(events, reader.header().nodes());
    this.packets = new PacketSlices(events, tracks);
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
    return export(reader, out, fromPs, toPs, Format.JSON);
  }

  /** As {@link #export(TraceReader, OutputStream, Long, Long)}, in the given format. */
  public static Stats export(TraceReader reader, OutputStream out, Long fromPs, Long toPs, Format format)
      throws IOException {
    return export(reader, format == Format.JSON ? PerfettoJson.open(out) : PerfettoProto.open(out), fromPs, toPs);
  }

  static Stats export(TraceReader reader, PerfettoEvents events, Long fromPs, Long toPs) throws IOException {
    PerfettoTracks tracks = new PerfettoExport(reader, events, fromPs, toPs).run();
    events.close();
    return new Stats(events.written(), events.slices(), events.instants(), events.flows(), events.counters(),
        tracks.processes(), tracks.threads());
  }

  /** Exports the records; returns the tracks it made. */
  private PerfettoTracks run() throws IOException {
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
        case Kinds.PACKET_QUEUED -> packets.queued(r);
        case Kinds.PACKET_SENT -> packets.sent(r);
        case Kinds.PACKET_RECEIVED -> events.instant(r, tracks.componentTrack(r), "received" + opSuffix(r),
            "from", r.from(), "bytes", r.bytes());
        case Kinds.MESSAGE -> events.instant(r, tracks.componentTrack(r), (r.detail() == null ? "message" : r.detail())
            + opSuffix(r), "from", r.from(), "to", r.to(), "bytes", r.bytes());
        case Kinds.MARK -> events.instant(r, tracks.componentTrack(r), markName(r.detail()) + opSuffix(r),
            "detail", r.detail(), "process", r.from());
        default -> events.instant(r, tracks.componentTrack(r), r.kind() + opSuffix(r), "detail", r.detail(),
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
    return tracks;
  }

  // ---------------------------------------------------------------------------------------------
  // Operations

  private void doorbell(TraceRecord r) throws IOException {
    int[] core = tracks.coreTrack(r.from());
    int[] where = core != null ? core : tracks.componentTrack(r);
    boolean busy = "BUSY".equals(r.status());
    events.instant(r, where, (busy ? "BUSY doorbell" : "doorbell") + opSuffix(r), "detail", r.detail(), "status",
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
    int[] track = tracks.contextTrack(r);
    op = new Op(r.op(), track[0], track[1]);
    ops.put(ctx, op);
    return op;
  }

  private void initiatorStage(TraceRecord r) throws IOException {
    Op op = opFor(r, true);
    if (op == null) {
      events.instant(r, tracks.componentTrack(r), r.kind(), "status", r.status());
      return;
    }
    if (op.completedT >= 0) {
      late(r);
      return;
    }
    Stage before = op.stages.isEmpty() ? null : op.stages.get(op.stages.size() - 1);
    Stage stage = op.add(r);
    if (Kinds.REQUEST_SENT.equals(r.kind())) {
      // The arrow starts at the end of the stage this record ends: bind it at that stage's start.
      Stage from = before != null ? before : stage;
      op.requests.add(new PendingFlow(nextFlow++, op.pid, op.tid, from != null ? from.t() : r.t(), from));
    } else {
      PendingFlow start = op.responses.poll();
      if (start != null) {
        events.flow("response", start, op.pid, op.tid, r.t());
        bind(start, stage != null ? stage : before);
      }
    }
  }

  /** The flow's ids on the slices of the stages it starts and ends at, for formats that bind them so. */
  private static void bind(PendingFlow flow, Stage to) {
    if (flow.from() != null) {
      flow.from().bind().startsHere(flow.id());
    }
    if (to != null) {
      to.bind().endsHere(flow.id());
    }
  }

  /** A stage after its operation completed (a response after a timeout): an instant, no slice. */
  private void late(TraceRecord r) throws IOException {
    events.instant(r, tracks.componentTrack(r), "late " + r.kind() + opSuffix(r), "status", r.status(), "from", r.from());
  }

  private void completed(TraceRecord r) throws IOException {
    Op op = opFor(r, true);
    if (op == null) {
      events.instant(r, tracks.componentTrack(r), "completed", "status", r.status());
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
    events.instant(r, tracks.componentTrack(r), "seen" + opSuffix(r), "status", r.status(), "after_ns", SimTime.nsExact(r.dur()));
    if (r.op() == null) {
      return;
    }
    String ctx = RecordDetails.contextOf(r.op());
    Op op = done.get(ctx);
    if (op != null && op.id.equals(r.op()) && r.t() >= op.completedT) {
      done.remove(ctx);
      events.slice(op.pid, op.tid, op.completedT, r.t() - op.completedT, "until the process sees it", "op", null,
          "op", op.id, "status", r.status());
    }
  }

  private void requestArrived(TraceRecord r) throws IOException {
    if (r.op() == null) {
      events.instant(r, tracks.componentTrack(r), "request-arrived", "from", r.from());
      return;
    }
    int pid = tracks.processOf(r);
    int lane = takeModuleLane(pid, r.t());
    int tid = tracks.tid(pid, 1000 + lane, lane == 0 ? "module" : "module (" + (lane + 1) + ")");
    Serve s = new Serve(r.op(), pid, lane, tid);
    s.from = r.from();
    Stage arrived = new Stage(r);
    s.stages.add(arrived);
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
        events.flow("request", start, pid, tid, r.t());
        bind(start, arrived);
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
    if (s != null && s.stages.size() < InFlight.MAX_STAGES) {
      s.stages.add(new Stage(r));
    }
    Op op = opFor(r, false);
    if (op != null && op.completedT < 0) {
      op.add(r);
    }
    long[] ring = RecordDetails.ringState(r.detail());
    if (ring != null) {
      int pid = tracks.processOf(r);
      String key = pid + "|" + ring[0];
      long[] last = ringLast.get(key);
      if (last == null || last[0] != ring[1] || last[1] != ring[2]) {
        ringLast.put(key, new long[] {ring[1], ring[2]});
        int tid = tracks.tid(pid, 1000, "module");
        events.counter(pid, tid, r.t(), tracks.processName(pid) + " ring " + ring[0], "elements", ring[1], "bytes", ring[2]);
      }
    } else if (s == null) {
      events.instant(r, tracks.componentTrack(r), r.kind() + opSuffix(r), "status", r.status(), "detail", r.detail());
    }
  }

  private void responseSent(TraceRecord r) throws IOException {
    ArrayDeque<Serve> q = r.op() == null ? null : serves.get(r.op());
    Serve s = q == null ? null : q.poll();
    if (q != null && q.isEmpty()) {
      serves.remove(r.op());
    }
    Op op = opFor(r, false);
    boolean awaited = op != null && op.completedT < 0;
    PendingFlow start = null;
    if (s != null) {
      openServes--;
      // The arrow starts at the serve's last stage, which ends now. Its slice is written now, so a
      // format that binds ids to slices gets the id before the arrow's end is known: an id the
      // end never takes up draws nothing.
      Stage last = s.stages.get(s.stages.size() - 1);
      start = new PendingFlow(nextFlow++, s.pid, s.tid, last.t(), null); // bound here, not at its end
      if (awaited) {
        last.bind().startsHere(start.id());
      }
      s.stages.add(new Stage(r));
      emitServe(s);
    } else {
      events.instant(r, tracks.componentTrack(r), "response-sent" + opSuffix(r), "status", r.status(), "to", r.to());
    }
    if (awaited) {
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
    int drawn = drawnStages(st, open, end);
    events.slice(s.pid, s.tid, start, end - start, "serve " + (action == null ? "" : action.toUpperCase() + " ") + s.op
        + (open ? " (unfinished)" : status != null && !"DONE".equals(status) ? " " + status : ""), "serve",
        parentFlows(st, drawn), "op", s.op, "from", s.from, "status", status);
    for (int i = 0; i < drawn; i++) {
      Stage a = st.get(i);
      long to = i + 1 < st.size() ? st.get(i + 1).t() : end;
      String name = switch (a.kind()) {
        case Kinds.REQUEST_ARRIVED -> "apply";
        case Kinds.APPLIED -> "respond";
        case Kinds.REFUSED -> "refused " + (a.status() == null ? "" : a.status()) + ", respond";
        default -> a.kind();
      };
      events.slice(s.pid, s.tid, a.t(), to - a.t(), name, "serve", a.flows(), "op", s.op);
    }
  }

  /** The stages that get a slice: all but the last, which does only while still open, if it lasts. */
  private static int drawnStages(List<Stage> st, boolean open, long end) {
    return open && end > st.get(st.size() - 1).t() ? st.size() : st.size() - 1;
  }

  /** The flows of the slice around the stages': those of a last stage that gets no slice. */
  private static Flows parentFlows(List<Stage> st, int drawn) {
    return drawn < st.size() ? st.get(st.size() - 1).flows() : null;
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
    int drawn = drawnStages(st, open, end);
    events.slice(op.pid, op.tid, start, end - start, name, "op", parentFlows(st, drawn), "op", op.id, "detail",
        op.detail, "status", op.status, "latency_ns", open ? null : SimTime.nsExact(end - start));
    String there = target >= 0 ? "node " + target : "the target";
    for (int i = 0; i < drawn; i++) {
      Stage a = st.get(i);
      long to = i + 1 < st.size() ? st.get(i + 1).t() : end;
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
      events.slice(op.pid, op.tid, a.t(), to - a.t(), phase, "stage", a.flows(), "op", op.id);
    }
  }

  /** A program's mark on its core's track: named by its first two words ({@code send 3:l7}), few names for many marks. */
  private static String markName(String detail) {
    if (detail == null) {
      return "mark";
    }
    int space = detail.indexOf(' ');
    int second = space < 0 ? -1 : detail.indexOf(' ', space + 1);
    return second < 0 ? detail : detail.substring(0, second);
  }

  private static String opSuffix(TraceRecord r) {
    return r.op() == null ? "" : " " + r.op();
  }

}
