package io.ringfabric.oracle;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Completion;
import io.ringfabric.model.Component;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import io.ringfabric.model.TraceSink;
import io.ringfabric.workload.ProgramSpec;
import io.ringfabric.workload.Programs;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A log of every operation's outcome, kept beside a run: what the modules did, through the trace
 * interface at the level of operations (doorbells, requests sent, target applications and
 * refusals, completions with their status), and what each process asked for and saw, through a
 * wrapper around its built-in program (the payload each PUT carried, the element each GET
 * returned). The trace alone does not say which element a GET returned, hence the wrapper.
 * Neither changes the run: the sinks only listen, the wrapper only passes calls on.
 */
final class OutcomeLog {
  /** What one component reported, in the order it reported it. */
  final List<List<Rec>> byComponent = new ArrayList<>();
  /** What each process asked for and saw, one trail per process. */
  final List<Trail> trails = new ArrayList<>();

  enum Kind { DOORBELL, BUSY_DOORBELL, REQUEST_SENT, REQUEST_ARRIVED, APPLIED, REFUSED, RESPONSE_SENT, COMPLETED }

  /** One record: {@code op} is node.context.sequence of the initiating context. */
  record Rec(long t, Kind kind, String op, Status status, int ring, long bytes) {}

  /** A process's own actions and the completions it saw, in order; node and context from its start. */
  static final class Trail implements Serializable {
    final ProgramSpec spec;
    int node = -1;
    int context = -1;
    boolean finished;
    boolean waiting; // for an arrival notification
    final List<Action> actions = new ArrayList<>();
    final List<Seen> seen = new ArrayList<>();

    Trail(ProgramSpec spec) {
      this.spec = spec;
    }
  }

  /** A PUT (with its payload) or a GET the program asked for. */
  record Action(Op op, int target, int ring, byte[] payload) implements Serializable {}

  /** A completion the process saw, and the element of a GET that returned one. */
  record Seen(Status status, byte[] data) implements Serializable {}

  /** Builds the scenario's machine with every program wrapped and every component listened to. */
  static BuiltMachine build(io.ringfabric.config.Scenario scenario, OutcomeLog log) {
    int nodes = scenario.nodes();
    BuiltMachine built = BuiltMachine.of(scenario, (group, node, instance, check) -> {
      Trail trail = new Trail(group.spec());
      log.trails.add(trail);
      return new Watched(Programs.instantiate(group.spec(), group.nodes(), node, instance, nodes, check), trail);
    });
    Machine m = built.machine();
    for (Component c : m.components()) {
      List<Rec> recs = new ArrayList<>();
      log.byComponent.add(recs);
      c.attachRecorder(new Sink(recs));
      if (log.byComponent.size() != c.id() + 1) {
        throw new IllegalStateException("components are not listed in id order");
      }
    }
    return built;
  }

  /** A component's listener at the level of operations; packets and messages are not asked for. */
  private record Sink(List<Rec> recs) implements TraceSink {
    @Override public boolean packets() {
      return false;
    }

    @Override public boolean all() {
      return false;
    }

    @Override public void message(long t, int from, MessageKind kind) {}

    @Override public void doorbell(long t, String op, int core, long bytes, boolean refusedBusy, int ring, String d) {
      recs.add(new Rec(t, refusedBusy ? Kind.BUSY_DOORBELL : Kind.DOORBELL, op, null, ring, bytes));
    }

    @Override public void requestSent(long t, String op, int to, long bytes, int ring, int attempt) {
      recs.add(new Rec(t, Kind.REQUEST_SENT, op, null, ring, attempt));
    }

    @Override public void requestArrived(long t, String op, int from, long bytes, int ring) {
      recs.add(new Rec(t, Kind.REQUEST_ARRIVED, op, null, ring, bytes));
    }

    @Override public void applied(long t, String op, long bytes, int ring, String occupancy) {
      recs.add(new Rec(t, Kind.APPLIED, op, Status.DONE, ring, bytes));
    }

    @Override public void refused(long t, String op, long bytes, Status status, int ring, String why) {
      recs.add(new Rec(t, Kind.REFUSED, op, status, ring, bytes));
    }

    @Override public void responseSent(long t, String op, int to, long bytes, Status status, int ring) {
      recs.add(new Rec(t, Kind.RESPONSE_SENT, op, status, ring, bytes));
    }

    @Override public void responseArrived(long t, String op, int from, long bytes, Status status, int ring) {}

    @Override public void completed(long t, String op, long bytes, Status status, long since, int ring, String d) {
      recs.add(new Rec(t, Kind.COMPLETED, op, status, ring, bytes));
    }

    @Override public void completionSeen(long t, String op, long bytes, Status status, long since, int ring,
        String process) {}

    @Override public void packetReceived(long t, String op, int from, long wireBytes, String packet) {}

    @Override public void packetQueued(long t, String op, long wireBytes, long waitPs, String port, String packet) {}

    @Override public void creditStall(long t, String op, long wireBytes, long waitPs, String port, int vc,
        String packet) {}

    @Override public void packetSent(long t, String op, long wireBytes, long waitPs, long serialization, String port,
        String packet) {}

    @Override public void packetLost(long t, String op, long wireBytes, String port, String why) {}
  }

  /** A built-in program whose actions and completions are written into a trail. */
  private static final class Watched implements Program {
    private final Program inner;
    private final Trail trail;

    Watched(Program inner, Trail trail) {
      this.inner = inner;
      this.trail = trail;
    }

    private ProcessApi watch(ProcessApi api) {
      trail.node = api.node();
      trail.context = api.context();
      return new Api(api, trail);
    }

    @Override public void onStart(ProcessApi api) {
      inner.onStart(watch(api));
    }

    @Override public void onComplete(ProcessApi api, Completion c) {
      trail.seen.add(new Seen(c.status(), c.data() == null ? null : c.data().clone()));
      inner.onComplete(watch(api), c);
    }

    @Override public void onWake(ProcessApi api) {
      trail.waiting = false; // a wait with a limit that came
      inner.onWake(watch(api));
    }

    @Override public void onArrival(ProcessApi api, int ring) {
      trail.waiting = false;
      inner.onArrival(watch(api), ring);
    }

    @Override public long arrivalsBetween(long fromPs, long toPs) {
      return inner.arrivalsBetween(fromPs, toPs);
    }

    @Override public long doneAfterWarmup() {
      return inner.doneAfterWarmup();
    }
  }

  /** The process's own API, noting each PUT and GET on the way. */
  private record Api(ProcessApi api, Trail trail) implements ProcessApi {
    @Override public void put(int node, int ring, byte[] payload) {
      trail.actions.add(new Action(Op.PUT, node, ring, payload.clone()));
      api.put(node, ring, payload);
    }

    @Override public void get(int node, int ring) {
      trail.actions.add(new Action(Op.GET, node, ring, null));
      api.get(node, ring);
    }

    @Override public long now() {
      return api.now();
    }

    @Override public long warmupEndPs() {
      return api.warmupEndPs();
    }

    @Override public int node() {
      return api.node();
    }

    @Override public int nodes() {
      return api.nodes();
    }

    @Override public String name() {
      return api.name();
    }

    @Override public RandomGenerator random() {
      return api.random();
    }

    @Override public int context() {
      return api.context();
    }

    @Override public void sleep(long ps) {
      api.sleep(ps);
    }

    @Override public void compute(long ps) {
      api.compute(ps);
    }

    @Override public void finish() {
      trail.finished = true;
      api.finish();
    }

    @Override public void waitForArrival() {
      trail.waiting = true;
      api.waitForArrival();
    }

    @Override public void waitForArrival(long limitPs) {
      trail.waiting = true;
      api.waitForArrival(limitPs);
    }

    @Override public void recordLatency(String measure, long ps, long endedAtPs) {
      api.recordLatency(measure, ps, endedAtPs);
    }

    @Override public void recordRoundTrip(long ps) {
      api.recordRoundTrip(ps);
    }

    @Override public void recordLatency(String measure, long ps) {
      api.recordLatency(measure, ps);
    }

    @Override public void touchContext(int index) {
      api.touchContext(index);
    }
  }
}
