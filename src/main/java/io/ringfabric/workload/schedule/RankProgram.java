package io.ringfabric.workload.schedule;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * One rank of a schedule, run as a process: it starts each operation when its dependencies allow
 * ({@link RankSteps}) and moves its messages through the patent's rings itself, one action at a
 * time through its one context, as a message layer in user space on this machine would.
 *
 * <ul>
 *   <li>A send PUTs its message, element by element ({@link Envelope}), into the receiving rank's
 *       ring; it completes when the last PUT is DONE (an eager send: the data is in the
 *       receiver's memory).
 *   <li>A receive is posted when it may start and completes when a message it accepts has wholly
 *       arrived ({@link Matching}); the rank GETs from its own ring while any receive is posted.
 *   <li>A calc holds the core for its time: nothing else of the rank moves meanwhile, as nothing
 *       moves a message on this machine but its process.
 * </ul>
 *
 * <p>Each time the rank is free it takes, in this order: a calc that may start; the next element
 * of the oldest unfinished send; a GET while a receive is posted. A PUT answered FULL makes the
 * rank drain its own ring before it tries again ({@code backoffPs} later at the soonest), so that
 * two ranks filling each other's rings cannot both wait for ever. An EMPTY ring with nothing else
 * to do: the rank waits for an arrival (a ring with {@code notify = true}) or backs off. A PUT or
 * GET that ended TIMEOUT is made again; any other error ends the rank.
 *
 * <p>In a traced run the rank marks each message's steps ({@link MessageMark}), so that
 * {@code trace FILE op RANK:LABEL} can follow one from its send to its receive.
 */
public final class RankProgram implements Program {
  private static final long serialVersionUID = 1L;

  private final int rank;
  private final RankSchedule ops;
  private final Placement placement;
  private final long backoffPs;
  private final boolean waitForArrival;
  private final int maxElement;
  private final RankSteps steps;
  private final Matching matching = new Matching();
  private final int[] sentTo; // by rank: sends begun to it, the next one's sequence
  private final int[] completedTo; // by rank: sends to it completed
  private final int[] arrivedFrom; // by rank: messages from it wholly arrived
  private final long[] takenFrom; // by rank: bytes of its message in progress taken so far

  private int sending = -1; // the send being PUT, its element and envelope
  private long element;
  private Envelope envelope;
  private long fullUntil = Long.MIN_VALUE; // after a FULL answer: no PUT before then
  private int calc = -1; // the calc holding the core
  private long actionFrom; // when the action in progress began
  private long startedPs = -1;
  private long endedPs = -1;
  private long sendPs;
  private long waitPs;
  private long calcPs;
  private String failure;

  public RankProgram(int rank, RankSchedule ops, Placement placement, long backoffPs, boolean waitForArrival,
      int maxElement) {
    this.rank = rank;
    this.ops = ops;
    this.placement = placement;
    this.backoffPs = backoffPs;
    this.waitForArrival = waitForArrival;
    this.maxElement = maxElement;
    this.steps = new RankSteps(ops);
    this.sentTo = new int[placement.ranks()];
    this.completedTo = new int[placement.ranks()];
    this.arrivedFrom = new int[placement.ranks()];
    this.takenFrom = new long[placement.ranks()];
  }

  @Override
  public void onStart(ProcessApi api) {
    startedPs = api.now();
    next(api);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.op() == Op.PUT) {
      sendPs += api.now() - actionFrom;
      onPut(api, c.status());
    } else {
      waitPs += api.now() - actionFrom;
      onGet(api, c);
    }
  }

  @Override
  public void onWake(ProcessApi api) {
    if (calc >= 0) {
      calcPs += api.now() - actionFrom;
      int done = calc;
      calc = -1;
      steps.completed(done, api.now());
    } else {
      waitPs += api.now() - actionFrom;
    }
    next(api);
  }

  @Override
  public void onArrival(ProcessApi api, int ring) {
    waitPs += api.now() - actionFrom;
    get(api);
  }

  private void onPut(ProcessApi api, Status status) {
    switch (status) {
      case DONE -> {
        if (++element == Envelope.elements(envelope.bytes(), maxElement)) {
          completedTo[ops.peer(sending)]++;
          if (api.traced()) {
            api.mark(MessageMark.sent(name(sending), MessageMark.message(envelope, ops.peer(sending))));
          }
          int done = sending;
          sending = -1;
          steps.completed(done, api.now());
        }
        next(api);
      }
      case FULL -> {
        fullUntil = api.now() + backoffPs;
        get(api); // drain our own ring meanwhile: the peer may be waiting for room in it
      }
      case TIMEOUT -> put(api);
      default -> fail(api, "a PUT to rank " + ops.peer(sending) + " ended " + status);
    }
  }

  private void onGet(ProcessApi api, Completion c) {
    switch (c.status()) {
      case DONE -> {
        take(api, c.data());
        next(api);
      }
      case EMPTY -> idle(api);
      case TIMEOUT -> get(api);
      default -> fail(api, "a GET from its own ring ended " + c.status());
    }
  }

  /** An element from the ring: counted to its message, which, once whole, a receive may take. */
  private void take(ProcessApi api, byte[] data) {
    Envelope m = Envelope.of(data);
    if (m == null || m.source() < 0 || m.source() >= takenFrom.length) {
      return; // not a message of this schedule's (another workload PUT into this ring)
    }
    if (api.traced()) {
      api.markAction(MessageMark.get(MessageMark.message(m, rank),
          Envelope.elementAt(takenFrom[m.source()], maxElement) + 1, Envelope.elements(m.bytes(), maxElement)));
    }
    takenFrom[m.source()] += Envelope.carriedBy(data);
    if (takenFrom[m.source()] < m.bytes()) {
      return;
    }
    takenFrom[m.source()] = 0;
    arrivedFrom[m.source()]++;
    int op = matching.arrive(m);
    if (op >= 0) {
      matched(api, op, m);
    }
  }

  /** The rank is free: starts what may start, then takes its next action. */
  private void next(ProcessApi api) {
    for (int op = steps.nextReady(); op >= 0; op = steps.nextReady()) {
      start(op, api);
    }
    if (steps.allCompleted()) {
      endedPs = api.now();
      api.finish();
      return;
    }
    int c = steps.nextCalc();
    if (c >= 0) {
      calc = c;
      steps.started(c, api.now());
      actionFrom = api.now();
      api.compute(ops.calcNs(c) * 1000);
      return;
    }
    if (sending < 0) {
      begin(steps.nextSend());
    }
    if (sending >= 0 && api.now() >= fullUntil) {
      put(api);
    } else if (sending >= 0 || matching.posted() > 0) {
      get(api);
    } else {
      throw new IllegalStateException("rank " + rank + " has operations left but none it can start");
    }
  }

  /** An operation's dependencies are met: a send or receive starts now, a calc waits for the core. */
  private void start(int op, ProcessApi api) {
    switch (ops.kind(op)) {
      case SEND -> {
        steps.started(op, api.now());
        steps.queueSend(op);
        if (api.traced()) {
          api.mark(MessageMark.send(name(op), ops.peer(op), ops.tag(op), ops.bytes(op)));
        }
      }
      case RECV -> {
        steps.started(op, api.now());
        if (api.traced()) {
          api.mark(MessageMark.recv(name(op), ops.peer(op), ops.tag(op), ops.bytes(op)));
        }
        Envelope m = matching.post(op, ops.peer(op), ops.tag(op));
        if (m != null) {
          matched(api, op, m);
        }
      }
      case CALC -> steps.queueCalc(op);
    }
  }

  /** Receive {@code op} takes message {@code m}, which has wholly arrived: it completes. */
  private void matched(ProcessApi api, int op, Envelope m) {
    if (api.traced()) {
      api.mark(MessageMark.match(name(op), MessageMark.message(m, rank), m.tag(), m.bytes()));
    }
    steps.completed(op, api.now());
  }

  /** How the trace names op {@code op}: rank and label. */
  private String name(int op) {
    return MessageMark.opName(rank, ops.label(op), op);
  }

  private void begin(int op) {
    sending = op;
    if (op >= 0) {
      int to = ops.peer(op);
      envelope = new Envelope(rank, ops.tag(op), ops.bytes(op), sentTo[to]++);
      element = 0;
    }
  }

  private void put(ProcessApi api) {
    actionFrom = api.now();
    int to = ops.peer(sending);
    api.put(placement.node(to), placement.ring(to), envelope.element(maxElement, element));
    if (api.traced()) {
      api.markAction(MessageMark.put(name(sending), MessageMark.message(envelope, to), element + 1,
          Envelope.elements(envelope.bytes(), maxElement)));
    }
  }

  private void get(ProcessApi api) {
    actionFrom = api.now();
    api.get(api.node(), placement.ring(rank));
  }

  /** The ring was EMPTY: back to a send held back by a FULL answer, or wait for an arrival. */
  private void idle(ProcessApi api) {
    actionFrom = api.now();
    if (sending >= 0) {
      api.sleep(Math.max(0, fullUntil - api.now()));
    } else if (waitForArrival) {
      api.waitForArrival(backoffPs);
    } else {
      api.sleep(backoffPs);
    }
  }

  private void fail(ProcessApi api, String why) {
    failure = why;
    api.finish();
  }

  /** What this rank did, after the run. */
  public RankResult result() {
    List<RankResult.Leftover> left = new ArrayList<>();
    for (int op : steps.unfinished()) {
      left.add(new RankResult.Leftover(op, ops.label(op), ops.kind(op), ops.peer(op), ops.tag(op)));
    }
    int n = ops.iterationCount();
    long[] first = new long[n];
    long[] last = new long[n];
    for (int i = 0; i < n; i++) {
      first[i] = steps.iterationFirst(i);
      last[i] = steps.iterationLast(i);
    }
    return new RankResult(rank, placement.node(rank), startedPs, endedPs, sendPs, waitPs, calcPs, failure, left,
        matching.leftovers(), completedTo.clone(), arrivedFrom.clone(), first, last);
  }
}
