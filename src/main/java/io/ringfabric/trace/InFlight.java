package io.ringfabric.trace;

import io.ringfabric.trace.PerfettoEvents.Flows;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** What a Perfetto export keeps of operations in flight and of requests being served. */
final class InFlight {
  /** Stages kept per operation at most. */
  static final int MAX_STAGES = 1_000;

  private InFlight() {}

  /**
   * A stage of an operation or of a serve: when, what, the status it carries, and the flows bound
   * to its slice (null while none).
   */
  static final class Stage {
    private final long t;
    private final String kind;
    private final String status;
    private Flows flows;

    Stage(TraceRecord r) {
      this.t = r.t();
      this.kind = r.kind();
      this.status = r.status();
    }

    long t() {
      return t;
    }

    String kind() {
      return kind;
    }

    String status() {
      return status;
    }

    Flows flows() {
      return flows;
    }

    Flows bind() {
      if (flows == null) {
        flows = new Flows();
      }
      return flows;
    }
  }

  /**
   * A flow whose start is known and whose end is awaited: where it starts, and the stage whose
   * slice it starts at (null if it has none).
   */
  record PendingFlow(long id, int pid, int tid, long ts, Stage from) {}

  /** An operation in flight, drawn on its initiating context's track. */
  static final class Op {
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

    /** The record as the operation's next stage; returns it, or null past {@link #MAX_STAGES}. */
    Stage add(TraceRecord r) {
      if (stages.size() >= MAX_STAGES) {
        return null;
      }
      Stage s = new Stage(r);
      stages.add(s);
      return s;
    }
  }

  /** A request being served at its target module, on one of the module's lanes. */
  static final class Serve {
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
}
