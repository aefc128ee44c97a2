package io.ringfabric.model;

import java.util.Set;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * The API a program sees, bound to one process of a core and valid during one callback: each
 * call either reads something or chooses the process's one next action, which the core carries
 * out once the callback returns.
 */
final class ProcessHandle implements ProcessApi {
  private static final Set<String> RESERVED = Set.of("put", "get", "message", "roundtrip");

  private final Core core;
  private final UserProcess p;
  private boolean issues; // a PUT or GET was chosen in this callback: what markAction refers to

  ProcessHandle(Core core, UserProcess p) {
    this.core = core;
    this.p = p;
  }

  private void choose(Runnable action) {
    if (p.isOver()) {
      throw new Core.ProcessStopped();
    }
    if (p.next != null) {
      core.stop(p, UserProcess.State.FAILED,
          p.name + " stopped: its program chose two next actions in one callback");
      throw new Core.ProcessStopped();
    }
    p.next = action;
  }

  @Override
  public long now() {
    return core.now();
  }

  @Override
  public long warmupEndPs() {
    return core.warmupPs;
  }

  @Override
  public int node() {
    return core.node();
  }

  @Override
  public int nodes() {
    return core.nodes();
  }

  @Override
  public String name() {
    return p.name;
  }

  @Override
  public RandomGenerator random() {
    return p.random;
  }

  @Override
  public int context() {
    return p.context;
  }

  @Override
  public void put(int target, int ring, byte[] payload) {
    if (payload == null || payload.length > Core.BUFFER_BYTES) {
      core.stop(p, UserProcess.State.FAILED, p.name + " stopped: PUT of "
          + (payload == null ? "no payload" : payload.length + " bytes, more than its "
              + Core.BUFFER_BYTES + "-byte buffer"));
      throw new Core.ProcessStopped();
    }
    byte[] copy = payload.clone();
    choose(() -> core.issue(p, Op.PUT, target, ring, copy));
    issues = true;
  }

  @Override
  public void get(int source, int ring) {
    choose(() -> core.issue(p, Op.GET, source, ring, null));
    issues = true;
  }

  @Override
  public void sleep(long ps) {
    checkDuration(ps, "sleep");
    choose(() -> {
      p.state = UserProcess.State.SLEEPING;
      if (SimTime.later(core.now(), ps) != Long.MAX_VALUE) { // a sleep past the clock's end never ends
        core.send(core.id(), ps, new Core.Wake(p.index, Core.Wake.Reason.WOKEN));
      }
    });
  }

  @Override
  public void compute(long ps) {
    checkDuration(ps, "compute");
    choose(() -> {
      p.state = UserProcess.State.SLEEPING;
      core.hold(ps);
      core.send(core.id(), ps, new Core.Wake(p.index, Core.Wake.Reason.WOKEN));
    });
  }

  private void checkDuration(long ps, String what) {
    if (ps < 0) {
      core.stop(p, UserProcess.State.FAILED, p.name + " stopped: " + what + " of a negative time (" + ps + " ps)");
      throw new Core.ProcessStopped();
    }
  }

  @Override
  public void waitForArrival() {
    choose(() -> waitForArrival(p, -1));
  }

  @Override
  public void waitForArrival(long limitPs) {
    checkDuration(limitPs, "wait");
    choose(() -> waitForArrival(p, limitPs));
  }

  /** Waits, for at most {@code limitPs} unless it is negative; an arrival that came already ends the wait at once. */
  private void waitForArrival(UserProcess p, long limitPs) {
    p.waits++; // a limit of an earlier wait must not end this one
    if (p.pendingArrival) {
      p.pendingArrival = false;
      p.state = UserProcess.State.SLEEPING;
      core.send(core.id(), 0, new Core.Wake(p.index, Core.Wake.Reason.ARRIVAL));
      return;
    }
    p.state = UserProcess.State.WAITING_ARRIVAL;
    if (limitPs >= 0 && SimTime.later(core.now(), limitPs) != Long.MAX_VALUE) { // else it waits without a limit
      core.send(core.id(), limitPs, new Core.Wake(p.index, Core.Wake.Reason.WAIT_OVER, p.waits));
    }
  }

  @Override
  public void finish() {
    choose(() -> core.stop(p, UserProcess.State.FINISHED, null));
  }

  @Override
  public void recordLatency(String measure, long ps) {
    recordLatency(measure, ps, core.now());
  }

  @Override
  public void recordLatency(String measure, long ps, long endedAtPs) {
    if (core.measures.contains(measure)) { // the common case: a name already checked
      if (endedAtPs - ps >= core.warmupPs) {
        core.stats().measure(measure, ps);
      }
      return;
    }
    if (!isMeasureName(measure) || RESERVED.contains(measure)) {
      core.stop(p, UserProcess.State.FAILED, p.name + " stopped: recordLatency needs a measure of"
          + " lower-case letters and dashes other than " + new TreeSet<>(RESERVED) + ", not '" + measure + "'");
      throw new Core.ProcessStopped();
    }
    core.measures.add(measure);
    core.stats().declareMeasure(measure);
    if (endedAtPs - ps >= core.warmupPs) { // one rule for every row: the interval began after the warm-up
      core.stats().measure(measure, ps);
    }
  }

  @Override
  public void recordRoundTrip(long ps) {
    if (core.now() - ps >= core.warmupPs) { // a round trip that began in the warm-up is not counted
      core.stats().roundTrip(ps);
    }
  }

  @Override
  public boolean traced() {
    return core.recordsTrace();
  }

  @Override
  public void mark(String what) {
    if (core.recordsTrace()) {
      core.recorder().mark(core.now(), null, p.name, what);
    }
  }

  @Override
  public void markAction(String what) {
    if (core.recordsTrace()) {
      long sequence = issues ? p.actions + 1 : p.actions; // the context's sequence of that action
      core.recorder().mark(core.now(), sequence == 0 ? null : core.node() + "." + p.context + "." + sequence,
          p.name, what);
    }
  }

  @Override
  public void touchContext(int context) {
    if (context != p.context) {
      core.stop(p, UserProcess.State.FAULTED, p.name + " stopped by a PROTECTION_FAULT: it touched context "
          + context + " of node " + core.node() + "'s module, but only context " + p.context
          + " is mapped into it");
      throw new Core.ProcessStopped();
    }
  }

  /** Lower-case letters and dashes, starting with a letter. */
  private static boolean isMeasureName(String s) {
    if (s.isEmpty() || s.charAt(0) < 'a' || s.charAt(0) > 'z') {
      return false;
    }
    for (int i = 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < 'a' || c > 'z') && c != '-') {
        return false;
      }
    }
    return true;
  }
}
