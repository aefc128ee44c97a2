package io.ringfabric.trace;

import io.ringfabric.trace.PerfettoEvents.PendingFlow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** What a Perfetto export keeps of operations in flight and of requests being served. */
final class InFlight {
  /** Stages kept per operation at most. */
  static final int MAX_STAGES = 1_000;

  private InFlight() {}

  /** A stage of an operation: when, what, and the status it carries. */
  record Stage(long t, String kind, String status, int targetNode) {}

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

    void add(TraceRecord r) {
      if (stages.size() < MAX_STAGES) {
        stages.add(new Stage(r.t(), r.kind(), r.status(), r.node()));
      }
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
