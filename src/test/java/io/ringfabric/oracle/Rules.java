package io.ringfabric.oracle;

import io.ringfabric.config.RingSpec;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Op;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.SimTime;
import io.ringfabric.model.Status;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.Payloads;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The oracle's rules, checked against an {@link OutcomeLog} and the rings at the end of the run,
 * never against the report. Each broken rule adds a line naming its letter (see docs/testing.md):
 * (a) every operation ends once, with the status its process sees; (b) a PUT answered DONE is
 * applied once and its element is in its ring or was returned once; (c) a PUT answered an error
 * is never applied, unless it ended TIMEOUT after a copy left (then at most once); (d) elements of
 * one producer context into one ring come out in PUT order; (e) static checks win over room: a
 * status is the first of no such node, no such ring, access denied, too large that applies, and a
 * held PUT is answered FULL only after its hold limit; (f) on a lossless fabric whose timeout is far
 * above what any operation can take, nothing is resent and nothing ends TIMEOUT, and everywhere the
 * timers run from the request leaving; (h) the built-in programs stop only for the reasons
 * docs/workloads.md gives. A request that reached its target is applied or refused there once, under (a).
 */
final class Rules {
  private static final int MAX_LINES = 12;

  private final Scenario scenario;
  private final Machine machine;
  private final OutcomeLog log;
  private final boolean ranOut;
  private final List<String> broken = new ArrayList<>();
  private int brokenCount;
  private final Map<String, Operation> ops = new LinkedHashMap<>(); // by op id, in doorbell order per module

  /** One operation, as the log tells it. */
  private static final class Operation {
    final String id;
    final int node;
    final int context;
    final long sequence;
    OutcomeLog.Action action;
    OutcomeLog.Seen seen;
    Element element; // a PUT's
    final List<Status> completed = new ArrayList<>();
    long doorbellAt;
    int sent;
    final List<Long> leftAt = new ArrayList<>(); // each copy of the request leaving its module
    int applied;
    int targetOutcomes; // applied or refused at the target
    long refusedLateAt = -1;
    long arrivedAt = -1;
    long answeredFullAt = -1;

    Operation(String id) {
      this.id = id;
      String[] p = id.split("\\.");
      node = Integer.parseInt(p[0]);
      context = Integer.parseInt(p[1]);
      sequence = Long.parseLong(p[2]);
    }

    Status status() {
      return completed.isEmpty() ? null : completed.get(0);
    }

    boolean outcomeUnknown() {
      return status() == Status.TIMEOUT && sent > 0 || status() == null;
    }
  }

  /** An element: its producer's stamp and the ring it went into. */
  private record Element(int stampNode, int stampContext, long stampCount, int node, int ring) {
    static Element of(byte[] data, int node, int ring) {
      Payloads.Stamp s = Payloads.stampOf(data);
      return s == null ? null : new Element(s.node(), s.context(), s.count(), node, ring);
    }
  }

  Rules(Scenario scenario, Machine machine, OutcomeLog log, boolean ranOut) {
    this.scenario = scenario;
    this.machine = machine;
    this.log = log;
    this.ranOut = ranOut;
  }

  /** Every rule broken, one line each (the first few), or an empty list. */
  List<String> check() {
    readModules();
    matchTrails();
    eachOperation();
    elements();
    programs();
    if (brokenCount > MAX_LINES) {
      broken.add("... and " + (brokenCount - MAX_LINES) + " more");
    }
    return broken;
  }

  private void fail(String line) {
    if (brokenCount++ < MAX_LINES) {
      broken.add(line);
    }
  }

  private List<OutcomeLog.Rec> moduleRecords(int node) {
    return log.byComponent.get(machine.layout().module(node));
  }

  private void readModules() {
    for (int n = 0; n < machine.nodes(); n++) {
      for (OutcomeLog.Rec r : moduleRecords(n)) {
        if (r.kind() == OutcomeLog.Kind.BUSY_DOORBELL) {
          fail("(a) node " + n + ": a built-in program rang a doorbell while its context was BUSY (t=" + r.t() + ")");
        } else if (r.kind() == OutcomeLog.Kind.DOORBELL) {
          Operation op = new Operation(r.op());
          op.doorbellAt = r.t();
          if (ops.put(r.op(), op) != null) {
            fail("(a) operation " + r.op() + " rang twice");
          }
        }
      }
    }
    for (int n = 0; n < machine.nodes(); n++) {
      for (OutcomeLog.Rec r : moduleRecords(n)) {
        Operation op = r.op() == null ? null : ops.get(r.op());
        if (op == null) {
          continue;
        }
        switch (r.kind()) {
          case REQUEST_SENT -> {
            op.sent++;
            op.leftAt.add(r.t());
          }
          case COMPLETED -> op.completed.add(r.status());
          case APPLIED -> {
            op.applied++;
            op.targetOutcomes++;
          }
          case REFUSED -> {
            op.targetOutcomes++;
            if (r.status() == Status.TIMEOUT && op.refusedLateAt < 0) {
              op.refusedLateAt = r.t();
            }
          }
          case REQUEST_ARRIVED -> op.arrivedAt = op.arrivedAt < 0 ? r.t() : op.arrivedAt;
          case RESPONSE_SENT -> {
            if (r.status() == Status.FULL && op.answeredFullAt < 0) {
              op.answeredFullAt = r.t();
            }
          }
          default -> { }
        }
      }
    }
  }

  /** Each process's k-th action is its context's k-th operation. */
  private void matchTrails() {
    Map<List<Integer>, List<Operation>> byContext = new TreeMap<>((a, b) ->
        a.get(0).equals(b.get(0)) ? Integer.compare(a.get(1), b.get(1)) : Integer.compare(a.get(0), b.get(0)));
    for (Operation op : ops.values()) {
      byContext.computeIfAbsent(List.of(op.node, op.context), k -> new ArrayList<>()).add(op);
    }
    for (OutcomeLog.Trail t : log.trails) {
      List<Operation> mine = new ArrayList<>(byContext.getOrDefault(List.of(t.node, t.context), List.of()));
      mine.sort((a, b) -> Long.compare(a.sequence, b.sequence));
      if (t.actions.size() < mine.size() || t.actions.size() > mine.size() + 1) {
        fail("(a) node " + t.node + " context " + t.context + ": " + t.actions.size() + " PUTs and GETs asked for, "
            + mine.size() + " doorbells rang");
        continue;
      }
      for (int i = 0; i < mine.size(); i++) {
        Operation op = mine.get(i);
        op.action = t.actions.get(i);
        if (op.action.op() == Op.PUT) {
          op.element = Element.of(op.action.payload(), op.action.target(), op.action.ring());
        }
        if (i < t.seen.size()) {
          op.seen = t.seen.get(i);
        }
      }
      if (t.seen.size() > mine.size()) {
        fail("(a) node " + t.node + " context " + t.context + " saw " + t.seen.size() + " completions of "
            + mine.size() + " operations");
      }
    }
  }

  private void eachOperation() {
    for (Operation op : ops.values()) {
      if (op.action == null) {
        continue; // its trail did not match; said above
      }
      String what = op.id + " (" + describe(op) + ")";
      if (op.completed.size() > 1) {
        fail("(a) " + what + " ended " + op.completed.size() + " times: " + op.completed);
      }
      if (op.arrivedAt >= 0 && op.targetOutcomes != 1 && !(op.targetOutcomes == 0 && (ranOut || waitsForNever()))) {
        fail("(a) " + what + " arrived at its target at " + op.arrivedAt + " ps but was applied or refused there "
            + op.targetOutcomes + " times");
      }
      timers(op, what);
      Status status = op.status();
      if (status == null) {
        if (!ranOut && !waitsForNever()) {
          fail("(a) " + what + " never ended, though the run ended before its time limit");
        }
        continue;
      }
      if (op.seen != null && op.seen.status() != status) {
        fail("(a) " + what + " ended " + status + " but its process saw " + op.seen.status());
      }
      if (op.applied > 1) {
        fail("(b) " + what + " was applied " + op.applied + " times at its target");
      }
      boolean put = op.action.op() == Op.PUT;
      if (status == Status.DONE && op.applied != 1) {
        fail("(b) " + what + " ended DONE but was applied " + op.applied + " times at its target");
      }
      if (put && status != Status.DONE && status != Status.TIMEOUT && op.applied > 0) {
        fail("(c) " + what + " ended " + status + " but was applied at its target");
      }
      precedence(op, what, status);
      generousTimeouts(op, what, status);
    }
  }

  /** (e): the static checks, in their order, before room or elements. */
  private void precedence(Operation op, String what, Status status) {
    Status expected = staticStatus(op);
    boolean put = op.action.op() == Op.PUT;
    Set<Status> allowed = expected != null ? EnumSet.of(expected)
        : put ? EnumSet.of(Status.DONE, Status.FULL) : EnumSet.of(Status.DONE, Status.EMPTY);
    if (expected != Status.NO_SUCH_NODE) {
      allowed.add(Status.TIMEOUT);
    }
    if (!allowed.contains(status)) {
      fail("(e) " + what + " ended " + status + ", expected " + (expected == null ? "one of " + allowed : expected));
    }
    if (expected != null && op.applied > 0) {
      fail("(e) " + what + " was applied though " + expected + " applies");
    }
    if (put && scenario.module().holdWhenFull() && op.answeredFullAt >= 0 && op.arrivedAt >= 0) {
      // held until its hold limit, or at most until the initiator's last deadline (from the doorbell at the earliest)
      long attempts = scenario.module().retries() + 1L;
      long timeout = scenario.module().timeoutPs();
      long lastDeadline = timeout > (Long.MAX_VALUE - op.doorbellAt) / attempts ? Long.MAX_VALUE
          : op.doorbellAt + attempts * timeout;
      long holdEnd = scenario.module().holdLimitPs() > Long.MAX_VALUE - op.arrivedAt ? Long.MAX_VALUE
          : op.arrivedAt + scenario.module().holdLimitPs();
      if (op.answeredFullAt < Math.min(holdEnd, lastDeadline)) {
        fail("(e) " + what + " was answered FULL " + (op.answeredFullAt - op.arrivedAt) + " ps after it arrived,"
            + " before its hold limit of " + scenario.module().holdLimitPs() + " ps");
      }
    }
  }

  /**
   * (e) and (f): the time limits run from the request leaving. A copy is resent a timeout after the
   * one before it left, not sooner; a target refuses a request as too late only after the last
   * deadline, (retries + 1) timeouts after the first copy left.
   */
  private void timers(Operation op, String what) {
    long timeout = scenario.module().timeoutPs();
    for (int i = 1; i < op.leftAt.size(); i++) {
      long gap = op.leftAt.get(i) - op.leftAt.get(i - 1);
      if (gap < timeout) {
        fail("(f) " + what + ": copy " + (i + 1) + " left " + gap + " ps after copy " + i + ", within the timeout of "
            + timeout + " ps");
        break;
      }
    }
    if (op.refusedLateAt >= 0 && !op.leftAt.isEmpty()) {
      long attempts = scenario.module().retries() + 1L;
      long first = op.leftAt.get(0);
      long last = timeout > (Long.MAX_VALUE - first) / attempts ? Long.MAX_VALUE : first + attempts * timeout;
      if (op.refusedLateAt <= last) {
        fail("(e) " + what + " was refused as too late at " + op.refusedLateAt + " ps, before its last deadline at "
            + last + " ps (its first copy left at " + first + " ps)");
      }
    }
  }

  /**
   * (h): a get-stream stops only when it has its elements, met idle-limit GETs in a row that
   * brought nothing back (EMPTY or TIMEOUT), or met
   * an error that would repeat; one waiting for an arrival notification is not left asleep while
   * its ring holds elements at the end of a run that ended by itself.
   */
  private void programs() {
    for (OutcomeLog.Trail t : log.trails) {
      if (!(t.spec instanceof GetStreamSpec g)) {
        continue;
      }
      String who = "(h) the get-stream on node " + t.node + " context " + t.context;
      if (t.finished) {
        long received = t.seen.stream().filter(x -> x.status() == Status.DONE).count();
        int empties = 0;
        for (int i = t.seen.size() - 1; i >= 0
            && (t.seen.get(i).status() == Status.EMPTY || t.seen.get(i).status() == Status.TIMEOUT); i--) {
          empties++;
        }
        Status last = t.seen.isEmpty() ? null : t.seen.get(t.seen.size() - 1).status();
        boolean repeats = last == Status.NO_SUCH_NODE || last == Status.NO_SUCH_RING || last == Status.ACCESS_DENIED
            || last == Status.TOO_LARGE;
        if (!(g.ops() > 0 && received >= g.ops()) && !(g.idleLimit() > 0 && empties >= g.idleLimit()) && !repeats) {
          fail(who + " stopped after " + received + " elements and " + empties + " EMPTYs or TIMEOUTs in a row, its last status "
              + last);
        }
      }
      if (t.waiting && !ranOut && !t.actions.isEmpty()) {
        OutcomeLog.Action get = t.actions.get(t.actions.size() - 1);
        for (RingBuffer ring : machine.memory(t.node).rings()) {
          if (ring.id() == get.ring() && ring.elements() > 0) {
            fail(who + " waits for an arrival for ever while ring " + ring.id() + " holds " + ring.elements()
                + " elements");
          }
        }
      }
    }
  }

  private Status staticStatus(Operation op) {
    int target = op.action.target();
    if (target < 0 || target >= machine.nodes()) {
      return Status.NO_SUCH_NODE;
    }
    RingSpec ring = null;
    for (RingSpec r : scenario.rings()) {
      if (r.id() == op.action.ring() && r.nodes().contains(target)) {
        ring = r;
      }
    }
    if (ring == null) {
      return Status.NO_SUCH_RING;
    }
    if (op.action.op() == Op.PUT) {
      return !ring.putAccess().contains(op.node) ? Status.ACCESS_DENIED
          : op.action.payload().length > ring.maxElement() ? Status.TOO_LARGE : null;
    }
    return !ring.getAccess().contains(op.node) ? Status.ACCESS_DENIED : null;
  }

  /**
   * Whether an action may rightly wait for ever, the run ending at its last event: its last
   * deadline lies past the end of the clock, and a copy or answer of it may be lost (faults), or
   * a PUT may be held with no limit (hold, its hold-limit past the clock too) for room no GET makes.
   */
  private boolean waitsForNever() {
    boolean noDeadline = SimTime.later(0, scenario.module().retries() + 1L, scenario.module().timeoutPs()) == Long.MAX_VALUE;
    boolean heldForEver = scenario.module().holdWhenFull() && SimTime.later(0, scenario.module().holdLimitPs()) == Long.MAX_VALUE;
    return noDeadline && (!scenario.fabric().faults().isEmpty() || heldForEver);
  }

  /** (f): nothing resent and nothing TIMEOUT where the timeout exceeds the bound of {@link Bounds}. */
  private void generousTimeouts(Operation op, String what, Status status) {
    if (!scenario.fabric().faults().isEmpty() || scenario.module().timeoutPs() < Bounds.longestPs(scenario, op.node)) {
      return;
    }
    if (status == Status.TIMEOUT) {
      fail("(f) " + what + " ended TIMEOUT on a lossless fabric with a timeout of " + scenario.module().timeoutPs()
          + " ps, above the bound of " + Bounds.longestPs(scenario, op.node) + " ps");
    } else if (op.sent > 1) {
      fail("(f) " + what + " was sent " + op.sent + " times on a lossless fabric with a timeout of "
          + scenario.module().timeoutPs() + " ps, above the bound of " + Bounds.longestPs(scenario, op.node) + " ps");
    }
  }

  /** (b), (c), (d): where each element went, and in what order. */
  private void elements() {
    Map<Element, List<Operation>> putsOf = new LinkedHashMap<>();
    for (Operation op : ops.values()) {
      if (op.element != null) {
        putsOf.computeIfAbsent(op.element, k -> new ArrayList<>()).add(op);
      }
    }
    Map<Element, Integer> found = new LinkedHashMap<>();
    Map<List<Integer>, List<Element>> outOf = new LinkedHashMap<>(); // [node, ring] -> taken, then left
    Map<List<Integer>, Integer> unseen = new LinkedHashMap<>(); // GETs that took an element no process saw
    for (int n = 0; n < machine.nodes(); n++) {
      for (OutcomeLog.Rec r : moduleRecords(n)) {
        Operation get = r.kind() == OutcomeLog.Kind.APPLIED ? ops.get(r.op()) : null;
        if (get == null || get.action == null || get.action.op() != Op.GET) {
          continue;
        }
        List<Integer> ring = List.of(n, r.ring());
        if (get.seen == null || get.seen.data() == null) {
          unseen.merge(ring, 1, Integer::sum);
          continue;
        }
        byte[] data = get.seen.data();
        Element e = Element.of(data, n, r.ring());
        if (e == null || !Payloads.intact(data) || !putsOf.containsKey(e)) {
          fail("(b) GET " + get.id + " returned " + data.length + " bytes from node " + n + " ring " + r.ring()
              + " that no PUT into that ring carried");
          continue;
        }
        found.merge(e, 1, Integer::sum);
        outOf.computeIfAbsent(ring, k -> new ArrayList<>()).add(e);
      }
    }
    for (int n = 0; n < machine.nodes(); n++) {
      for (RingBuffer ring : machine.memory(n).rings()) {
        for (byte[] data : ring.snapshot()) {
          Element e = Element.of(data, n, ring.id());
          if (e == null || !Payloads.intact(data) || !putsOf.containsKey(e)) {
            fail("(b) node " + n + " ring " + ring.id() + " holds " + data.length + " bytes no PUT into it carried");
            continue;
          }
          found.merge(e, 1, Integer::sum);
          outOf.computeIfAbsent(List.of(n, ring.id()), k -> new ArrayList<>()).add(e);
        }
      }
    }
    for (Map.Entry<Element, List<Operation>> p : putsOf.entrySet()) {
      once(p.getKey(), p.getValue(), found.getOrDefault(p.getKey(), 0), unseen);
    }
    inPutOrder(outOf, putsOf);
  }

  private void once(Element e, List<Operation> puts, int copies, Map<List<Integer>, Integer> unseen) {
    int applied = 0;
    boolean done = false;
    boolean unknown = false;
    int mayLand = 0; // a program may PUT the same bytes again after a TIMEOUT whose outcome is unknown
    for (Operation op : puts) {
      applied += op.applied;
      done |= op.status() == Status.DONE;
      unknown |= op.outcomeUnknown();
      mayLand += op.status() == Status.DONE || op.outcomeUnknown() ? 1 : 0;
    }
    String which = "the element " + e.stampCount() + " of node " + e.stampNode() + " context " + e.stampContext()
        + " into node " + e.node() + " ring " + e.ring() + " (PUT " + ids(puts) + ")";
    if (applied > Math.max(1, mayLand)) {
      fail("(b) " + which + " was applied " + applied + " times");
    }
    if (copies > Math.max(1, mayLand)) {
      fail("(b) " + which + " came out of its ring " + copies + " times");
    } else if (done && copies == 0) {
      List<Integer> ring = List.of(e.node(), e.ring());
      int lost = unseen.getOrDefault(ring, 0);
      if (lost > 0) {
        unseen.put(ring, lost - 1); // a GET took it, but the run ended before its process saw it
      } else {
        fail("(b) " + which + " ended DONE but is neither in its ring nor was it returned");
      }
    } else if (!done && copies == 1 && !unknown) {
      fail("(c) " + which + " ended " + puts.get(puts.size() - 1).status() + " but came out of its ring");
    }
  }

  /** (d): per ring, per producer context, elements in the order of their first PUT. */
  private void inPutOrder(Map<List<Integer>, List<Element>> outOf, Map<Element, List<Operation>> putsOf) {
    Set<List<Integer>> bouncers = new HashSet<>(); // a ping-pong PUTs the bytes it took, again and again
    for (OutcomeLog.Trail t : log.trails) {
      if (t.spec instanceof PingPongSpec) {
        bouncers.add(List.of(t.node, t.context));
      }
    }
    for (Map.Entry<List<Integer>, List<Element>> ring : outOf.entrySet()) {
      Map<List<Integer>, Operation> last = new LinkedHashMap<>();
      for (Element e : ring.getValue()) {
        if (putsOf.get(e).stream().anyMatch(Operation::outcomeUnknown)) {
          // bytes PUT again after an unknown outcome (a ping-pong's ball) may be in the ring twice,
          // and a copy bounced back later carries the first PUT's stamp: no order to hold them to
          continue;
        }
        Operation first = putsOf.get(e).get(0);
        if (bouncers.contains(List.of(first.node, first.context))) {
          continue;
        }
        Operation before = last.put(List.of(first.node, first.context), first);
        if (before != null && before != first && before.sequence >= first.sequence) { // the same bytes again: a ball bounced back
          fail("(d) node " + ring.getKey().get(0) + " ring " + ring.getKey().get(1) + ": the element of PUT "
              + first.id + " came out after that of PUT " + before.id);
        }
      }
    }
  }

  private static String ids(List<Operation> ops) {
    StringBuilder b = new StringBuilder();
    for (Operation op : ops) {
      b.append(b.length() == 0 ? "" : ", ").append(op.id).append(' ').append(op.status());
    }
    return b.toString();
  }

  private static String describe(Operation op) {
    OutcomeLog.Action a = op.action;
    return a.op() == Op.PUT
        ? "PUT " + a.payload().length + " B to node " + a.target() + " ring " + a.ring()
        : "GET from node " + a.target() + " ring " + a.ring();
  }
}
