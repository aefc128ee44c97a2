package io.ringfabric.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A processor core running user-level processes. Processes share the core's time: each step
 * (the OS mapping a context, writing registers, one status poll, a compute) holds the core for
 * its cost, and a process that wants the core while it is held waits its turn, first come first
 * served. A process drives only the context the OS mapped into it.
 */
public final class Core extends Component {
  /** Register writes to start an action: op, target node, ring, local address, length, doorbell. */
  public static final int REGISTER_WRITES = 6;
  /** Bytes of every process's buffer: a PUT's payload at most, a GET's largest element. */
  public static final int BUFFER_BYTES = 64 * 1024;

  private final int node;
  private final int index;
  private final int nodes;
  private final Layout layout;
  private final TimingSpec timing;
  final long warmupPs;
  private final boolean endRunOnError;
  private boolean endRun;
  private final List<UserProcess> processes = new ArrayList<>();
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private long freeAt;
  private boolean coreFreePending;
  // The process polling back to back without events, and its run; null when none.
  private UserProcess poller;
  private PollRun run;
  // Programs' own measure names that were checked and declared; looked up only, never iterated.
  final java.util.Set<String> measures = new java.util.HashSet<>();
  private long polls;
  private long pollPs;
  private long busyPs;
  private long notifications;

  public Core(int id, int node, int index, int nodes, Layout layout, TimingSpec timing,
      long warmupPs) {
    this(id, node, index, nodes, layout, timing, warmupPs, false);
  }

  /** @param endRunOnError whether a process that fails or faults ends the whole run */
  public Core(int id, int node, int index, int nodes, Layout layout, TimingSpec timing,
      long warmupPs, boolean endRunOnError) {
    super(id, "node " + node + " core " + index);
    this.node = node;
    this.index = index;
    this.nodes = nodes;
    this.layout = layout;
    this.timing = timing;
    this.warmupPs = warmupPs;
    this.endRunOnError = endRunOnError;
  }

  /**
   * Adds a process before the run; {@code context} is what the OS mapped for it, or -1 when none
   * was free (the process then fails to start, with that reason).
   */
  public void addProcess(String name, Program program, long seed, int context) {
    addProcess(name, program, seed, context, false);
  }

  /** As {@link #addProcess(String, Program, long, int)}, with the process's completion mode. */
  public void addProcess(String name, Program program, long seed, int context, boolean interruptCompletion) {
    addProcess(name, program, seed, context, interruptCompletion, -1);
  }

  /** As above, naming the process group the process belongs to (for the latency breakdowns). */
  public void addProcess(String name, Program program, long seed, int context,
      boolean interruptCompletion, int group) {
    int i = processes.size();
    SplittableRandom random = new SplittableRandom(mix(mix(seed, id()), i));
    long buffer = 0x1000_0000L + ((long) id() * 64 + i) * BUFFER_BYTES;
    UserProcess p = new UserProcess(i, name, program, random, buffer);
    p.context = context;
    p.interruptCompletion = interruptCompletion;
    p.group = group;
    if (context < 0) {
      p.state = UserProcess.State.FAILED;
      p.failure = name + " cannot start: every context of node " + node + "'s module is mapped";
    }
    processes.add(p);
  }

  /** Processes added so far; the next one's index on this core. */
  public int processCount() {
    return processes.size();
  }

  // ---- protocol ----

  /**
   * A process resumes: its context is mapped, its sleep, compute or poll pause ended, or the read
   * of its poll run that sees the completion has returned ({@code OBSERVED}, valid only for the
   * run it was computed for: {@code generation}).
   */
  record Wake(int process, Reason reason, long generation) implements Message {
    Wake(int process, Reason reason) {
      this(process, reason, 0);
    }

    enum Reason {
      STARTED,
      WOKEN,
      REPOLL,
      OBSERVED,
      INTERRUPT,
      ARRIVAL
    }

    @Override
    public MessageKind kind() {
      return MessageKind.PROCESS_WAKE;
    }
  }

  /** A status poll's register read has returned. */
  record PollDone(int process) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.POLL_DONE;
    }
  }

  /** The core is free again and processes are waiting for it. */
  enum CoreFree implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.CORE_FREE;
    }
  }

  /** The module set a context's status register to DONE or an error. */
  public record Completion(
      int process, int context, long sequence, Status status, int resultLength, byte[] data,
      long doorbellAt) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.COMPLETION;
    }
  }

  /** An element arrived in ring {@code ring}, which process {@code process} of this core drains. */
  public record ArrivalNotification(int node, int ring, int process) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.ARRIVAL_NOTIFICATION;
    }
  }

  private enum Step {
    MAP,
    START,
    WAKE,
    COMPLETE,
    POLL,
    ARRIVAL
  }

  private record Waiting(UserProcess process, Step step) {}

  @Override
  protected void onStart() {
    for (UserProcess p : processes) {
      if (p.state == UserProcess.State.WAITING_START) {
        requestCore(p, Step.MAP);
      }
    }
  }

  @Override
  protected void handle(Event event) {
    Message m = event.message();
    if (m instanceof PollDone d) {
      onPollDone(processes.get(d.process()));
    } else if (m instanceof Completion c) {
      onCompletion(c);
    } else if (m instanceof Wake w) {
      onWake(processes.get(w.process()), w.reason(), w.generation());
    } else if (m == CoreFree.INSTANCE) {
      onCoreFree();
    } else if (m instanceof ArrivalNotification a) {
      onArrival(a);
    } else {
      throw new IllegalStateException(name() + " cannot handle " + m.kind());
    }
  }

  private void onCompletion(Completion c) {
    UserProcess p = processes.get(c.process());
    p.seen = c;
    if (p.interruptCompletion && p.state == UserProcess.State.WAITING_INTERRUPT && c.sequence() == p.actions) {
      send(id(), timing.interruptPs(), new Wake(p.index, Wake.Reason.INTERRUPT));
      return;
    }
    if (p == poller && c.sequence() == p.actions) {
      scheduleObservation(p);
    }
  }

  private void onWake(UserProcess p, Wake.Reason reason, long generation) {
    if (p.isOver()) {
      return;
    }
    switch (reason) {
      case STARTED -> requestCore(p, Step.START);
      case WOKEN -> requestCore(p, Step.WAKE);
      case REPOLL -> requestCore(p, Step.POLL);
      case OBSERVED -> onObserved(p, generation);
      case INTERRUPT -> seen(p);
      case ARRIVAL -> requestCore(p, Step.ARRIVAL);
      default -> throw new IllegalStateException(reason.toString());
    }
  }

  private void onPollDone(UserProcess p) {
    if (p.isOver()) {
      return;
    }
    Completion c = p.seen;
    if (c != null && c.sequence() == p.actions) {
      seen(p);
    } else if (timing.pollIntervalPs() > 0) {
      send(id(), timing.pollIntervalPs(), new Wake(p.index, Wake.Reason.REPOLL));
    } else {
      requestCore(p, Step.POLL);
    }
  }

  /** An element arrived in a ring this core's process registered for. */
  private void onArrival(ArrivalNotification a) {
    notifications++;
    UserProcess p = processes.get(a.process());
    if (p.isOver()) {
      return;
    }
    p.arrivalRing = a.ring();
    if (p.state == UserProcess.State.WAITING_ARRIVAL) {
      p.state = UserProcess.State.SLEEPING;
      send(id(), timing.interruptPs(), new Wake(p.index, Wake.Reason.ARRIVAL));
    } else {
      p.pendingArrival = true; // it will not wait for what has come already
    }
  }

  private void onCoreFree() {
    coreFreePending = false;
    dispatch();
  }

  // ---- sharing the core ----

  private void requestCore(UserProcess p, Step step) {
    if (poller != null && poller != p) {
      unroll(now());
    }
    if (freeAt <= now() && waiting.isEmpty()) {
      execute(p, step);
    } else {
      waiting.addLast(new Waiting(p, step));
      ensureCoreFreeEvent();
    }
  }

  private void dispatch() {
    while (!waiting.isEmpty() && freeAt <= now()) {
      Waiting w = waiting.pollFirst();
      if (poller != null) {
        unroll(now());
      }
      if (!w.process().isOver()) {
        execute(w.process(), w.step());
      }
    }
    if (!waiting.isEmpty()) {
      ensureCoreFreeEvent();
    }
  }

  private void ensureCoreFreeEvent() {
    if (!coreFreePending) {
      coreFreePending = true;
      send(id(), Math.max(0, freeAt - now()), CoreFree.INSTANCE);
    }
  }

  void hold(long ps) {
    freeAt = now() + ps;
    busyPs += ps;
  }

  private void execute(UserProcess p, Step step) {
    switch (step) {
      case MAP -> {
        hold(timing.contextMapPs());
        send(id(), timing.contextMapPs(), new Wake(p.index, Wake.Reason.STARTED));
      }
      case POLL -> poll(p, 0);
      case START -> runProgram(p, step);
      case WAKE -> runProgram(p, step);
      case COMPLETE -> runProgram(p, step);
      case ARRIVAL -> runProgram(p, step);
      default -> throw new IllegalStateException(step.toString());
    }
  }

  /**
   * Starts a poll run: reads back to back from {@code after} picoseconds on, until one sees the
   * action complete or another process wants the core.
   */
  private void poll(UserProcess p, long after) {
    p.state = UserProcess.State.POLLING;
    hold(after);
    poller = p;
    run = new PollRun(now(), now() + after,
        timing.mmioPs(), timing.pollIntervalPs());
    freeAt = run.readEnd(0);
    if (!waiting.isEmpty()) {
      unroll(now()); // others want the core already: poll one read at a time
      return;
    }
    Completion c = p.seen;
    if (c != null && c.sequence() == p.actions) {
      scheduleObservation(p);
    }
  }

  /** The completion is in: the read that sees it ends the run. */
  private void scheduleObservation(UserProcess p) {
    long k = run.firstReadEndingAfter(now());
    p.generation++;
    p.observingRead = k;
    send(id(), run.readEnd(k) - now(), new Wake(p.index, Wake.Reason.OBSERVED, p.generation));
  }

  private void onObserved(UserProcess p, long generation) {
    if (p != poller || generation != p.generation) {
      return; // the run was unrolled before this read: its own reads will see the completion
    }
    countReads(p.observingRead + 1);
    poller = null;
    run = null;
    freeAt = now();
    seen(p);
  }

  /** The process's poll has seen its action complete: it runs its program next. */
  private void seen(UserProcess p) {
    if (recorder != null) {
      Completion c = p.seen;
      recorder.completionSeen(now(), node + "." + c.context() + "." + c.sequence(), c.resultLength(),
          c.status(), now() - c.doorbellAt(), p.opRing, p.name);
    }
    requestCore(p, Step.COMPLETE);
  }

  /**
   * Another process wants the core at {@code t}: the poller's run becomes single reads again.
   * A read in progress finishes first (an explicit PollDone); a read not yet started waits its
   * turn behind the newcomer.
   */
  private void unroll(long t) {
    UserProcess p = poller;
    long k = run.readAt(t);
    p.generation++;
    if (observing(p) && run.readEnd(p.observingRead) <= t) {
      countReads(p.observingRead + 1); // that read has seen the completion, at this very instant
      freeAt = t;
      send(id(), 0, new PollDone(p.index));
    } else if (run.holdsCoreAt(k, t)) {
      countReads(k + 1);
      freeAt = run.readEnd(k);
      send(id(), freeAt - t, new PollDone(p.index));
    } else if (t < run.readStart(k + 1) && t >= run.readEnd(k)) {
      countReads(k + 1); // between two reads: the next one starts on time, if the core is free
      freeAt = t;
      send(id(), run.readStart(k + 1) - t, new Wake(p.index, Wake.Reason.REPOLL));
    } else {
      countReads(k); // read k is due right now: the newcomer goes first
      freeAt = t;
      send(id(), 0, new Wake(p.index, Wake.Reason.REPOLL));
    }
    poller = null;
    run = null;
  }

  /** Whether the poller's current action has completed, so one of its reads will see it. */
  private static boolean observing(UserProcess p) {
    return p.seen != null && p.seen.sequence() == p.actions;
  }

  private void countReads(long reads) {
    polls += reads;
    pollPs += reads * timing.mmioPs();
    busyPs += reads * timing.mmioPs();
  }

  // ---- running the program ----

  /** Unwinds a program's callback once its process has been stopped. */
  static final class ProcessStopped extends RuntimeException {
    ProcessStopped() {
      super(null, null, false, false);
    }
  }

  private void runProgram(UserProcess p, Step step) {
    p.state = UserProcess.State.RUNNING;
    p.next = null;
    ProcessHandle api = new ProcessHandle(this, p);
    try {
      switch (step) {
        case START -> p.program.onStart(api);
        case WAKE -> p.program.onWake(api);
        case COMPLETE -> p.program.onComplete(api, completionOf(p));
        case ARRIVAL -> p.program.onArrival(api, p.arrivalRing);
        default -> throw new IllegalStateException(step.toString());
      }
    } catch (ProcessStopped stopped) {
      return;
    } catch (RuntimeException e) {
      stop(p, UserProcess.State.FAILED, p.name + " stopped: its program threw " + e);
      return;
    }
    if (p.next == null) {
      stop(p, UserProcess.State.FAILED, p.name + " stopped: its program returned without choosing"
          + " its next action (put, get, sleep, compute or finish)");
      return;
    }
    Runnable action = p.next;
    p.next = null;
    action.run();
  }

  private io.ringfabric.model.Completion completionOf(UserProcess p) {
    Completion c = p.seen;
    return new io.ringfabric.model.Completion(
        p.op, p.opNode, p.opRing, c.status(), c.data(), now() - c.doorbellAt());
  }

  void issue(UserProcess p, Op op, int target, int ring, byte[] payload) {
    long store = op == Op.PUT ? Rates.transferPs(payload.length, timing.memoryBandwidthBitsPerSecond()) : 0;
    long doorbell = store + REGISTER_WRITES * timing.mmioPs();
    if (op == Op.PUT) {
      // The stores reach memory a memory latency later, and always before the doorbell's
      // payload read does (which comes after the doorbell and the module's work).
      send(layout.memory(node), Math.min(store + timing.memoryLatencyPs(), doorbell),
          new Memory.BufferStore(p.bufferAddress, payload));
    }
    int length = op == Op.PUT ? payload.length : BUFFER_BYTES;
    send(layout.module(node), doorbell,
        new MessagingModule.Doorbell(p.context, op, target, ring, p.bufferAddress, length, p.group));
    p.actions++;
    p.op = op;
    p.opNode = target;
    p.opRing = ring;
    if (p.interruptCompletion) {
      hold(doorbell); // the register writes; then the core is free until the interrupt
      p.state = UserProcess.State.WAITING_INTERRUPT;
      return;
    }
    poll(p, doorbell);
  }

  void stop(UserProcess p, UserProcess.State state, String why) {
    p.state = state;
    p.failure = why;
    p.finishedAt = now();
    if (why != null && endRunOnError) {
      endRun = true;
    }
  }

  @Override
  public boolean endsRun() {
    return endRun;
  }



  // ---- results ----

  static long mix(long h, long v) {
    return Component.mix(h, v);
  }

  public int node() {
    return node;
  }

  /** Nodes in the machine. */
  int nodes() {
    return nodes;
  }

  public int index() {
    return index;
  }

  public long polls() {
    return polls;
  }

  public long pollPs() {
    return pollPs;
  }

  public long busyPs() {
    return busyPs;
  }

  public long notifications() {
    return notifications;
  }

  /** What became of each process, in the order they were added. */
  public List<ProcessOutcome> outcomes() {
    List<ProcessOutcome> list = new ArrayList<>();
    for (UserProcess p : processes) {
      list.add(new ProcessOutcome(p.name, p.state.name(), p.finishedAt, p.failure));
    }
    return list;
  }

  /**
   * One process at the end of a run.
   *
   * @param state FINISHED, FAULTED, FAILED, or the state it was left in when the run ended
   * @param endedAt when it finished or stopped, or -1
   * @param failure why it stopped, or null
   */
  public record ProcessOutcome(String name, String state, long endedAt, String failure) {}
}
