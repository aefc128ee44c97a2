package io.ringfabric.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
  /**
   * Where a node's process buffers start in its memory: one for each context, the buffer of the
   * process the context is mapped into, so no two processes of a node share one.
   */
  public static final long BUFFERS_AT = 0x1000_0000L;
  /** Where a node's rings start, above every process buffer. */
  public static final long RINGS_AT = 0x8000_0000L;
  /** Contexts a node can have: their buffers must fit below the rings (28,672). */
  public static final int MAX_CONTEXTS = (int) ((RINGS_AT - BUFFERS_AT) / BUFFER_BYTES);

  private final int node;
  private final int index;
  private final int nodes;
  private final Layout layout;
  private final TimingSpec timing;
  final long warmupPs;
  private final boolean endRunOnError;
  private boolean endRun;
  private final List<UserProcess> processes = new ArrayList<>();
  private final CoreSharing sharing;
  // Programs' own measure names that were checked and declared; looked up only, never iterated.
  final Set<String> measures = new HashSet<>();
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
    this.sharing = new CoreSharing(this, timing);
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
    SplitMix64 random = new SplitMix64(mix(mix(seed, id()), i));
    if (context >= MAX_CONTEXTS) {
      throw new IllegalArgumentException("context " + context + " has no buffer below the rings: a node has at most "
          + MAX_CONTEXTS + " contexts");
    }
    long buffer = context < 0 ? -1 : BUFFERS_AT + (long) context * BUFFER_BYTES; // none: it never starts
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
      ARRIVAL,
      WAIT_OVER
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

  /**
   * The core's note to itself to take stock of the reads it has been working out rather than
   * delivering ({@link CoreSharing#settle}).
   */
  enum Reminder implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.REMINDER;
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

  /**
   * The module set a context's status register to DONE or an error at {@code statusAt}: where every
   * latency stops, whenever the process comes to see it.
   */
  public record Completion(
      int process, int context, long sequence, Status status, int resultLength, byte[] data,
      long doorbellAt, long statusAt) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.COMPLETION;
    }
  }

  /**
   * An element arrived in ring {@code ring}, which process {@code process} of this core drains;
   * or, {@code spent}, a GET of that process reached the ring after the last such arrival, so an
   * arrival it has not waited for yet is no reason to wake it: its GETs have seen the element.
   */
  public record ArrivalNotification(int node, int ring, int process, boolean spent) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.ARRIVAL_NOTIFICATION;
    }
  }

  enum Step {
    MAP,
    START,
    WAKE,
    COMPLETE,
    POLL,
    ARRIVAL
  }

  @Override
  protected void onStart() {
    for (UserProcess p : processes) {
      if (p.state == UserProcess.State.WAITING_START) {
        sharing.requestCore(p, Step.MAP);
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
      sharing.onCoreFree();
    } else if (m instanceof ArrivalNotification a) {
      onArrival(a);
    } else {
      throw new IllegalStateException(name() + " cannot handle " + m.kind());
    }
    sharing.settle();
  }

  @Override
  protected void catchUp(Event next) {
    sharing.catchUp(next);
  }

  @Override
  protected void remind(Event reminder) {
    sharing.remind(reminder.time());
  }

  /**
   * Whether reads in turn may be worked out instead of delivered: not when the trace records
   * every message as it is handled, nor when a failing program ends the run at a window's end,
   * before the reads up to there would be worked out.
   */
  /** Whether the trace records what this core does. */
  boolean recordsTrace() {
    return recorder != null;
  }

  boolean skipsPollTurns() {
    return !endRunOnError && (recorder == null || !recorder.all())
        && timing.pollIntervalPs() == 0 && timing.mmioPs() > 0;
  }

  private void onCompletion(Completion c) {
    UserProcess p = processes.get(c.process());
    p.seen = c;
    if (p.interruptCompletion && p.state == UserProcess.State.WAITING_INTERRUPT && c.sequence() == p.actions) {
      send(id(), timing.interruptPs(), new Wake(p.index, Wake.Reason.INTERRUPT));
      return;
    }
    if (sharing.isPoller(p) && c.sequence() == p.actions) {
      sharing.scheduleObservation(p);
    }
  }

  private void onWake(UserProcess p, Wake.Reason reason, long generation) {
    if (p.isOver()) {
      return;
    }
    switch (reason) {
      case STARTED -> sharing.requestCore(p, Step.START);
      case WOKEN -> sharing.requestCore(p, Step.WAKE);
      case REPOLL -> sharing.requestCore(p, Step.POLL);
      case OBSERVED -> sharing.onObserved(p, generation);
      case INTERRUPT -> seen(p);
      case ARRIVAL -> sharing.requestCore(p, Step.ARRIVAL);
      case WAIT_OVER -> waitOver(p, generation);
      default -> throw new IllegalStateException(reason.toString());
    }
  }

  /** A poll's read has returned (delivered, or worked out by {@link CoreSharing#catchUp}). */
  void onPollDone(UserProcess p) {
    if (p.isOver()) {
      return;
    }
    Completion c = p.seen;
    if (c != null && c.sequence() == p.actions) {
      seen(p);
    } else if (timing.pollIntervalPs() > 0) {
      send(id(), timing.pollIntervalPs(), new Wake(p.index, Wake.Reason.REPOLL));
    } else {
      sharing.requestCore(p, Step.POLL);
    }
  }

  /** The limit of a wait for an arrival has passed: unless an arrival ended that wait, it ends now. */
  private void waitOver(UserProcess p, long wait) {
    if (p.state == UserProcess.State.WAITING_ARRIVAL && p.waits == wait) {
      p.state = UserProcess.State.SLEEPING;
      sharing.requestCore(p, Step.WAKE);
    }
  }

  /** An element arrived in a ring this core's process registered for. */
  private void onArrival(ArrivalNotification a) {
    UserProcess p = processes.get(a.process());
    if (a.spent()) {
      p.pendingArrival = false;
      return;
    }
    notifications++;
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

  // ---- sharing the core ----

  void hold(long ps) {
    sharing.hold(ps);
  }

  void execute(UserProcess p, Step step) {
    switch (step) {
      case MAP -> {
        hold(timing.contextMapPs());
        send(id(), timing.contextMapPs(), new Wake(p.index, Wake.Reason.STARTED));
      }
      case POLL -> sharing.poll(p, 0);
      case START -> runProgram(p, step);
      case WAKE -> runProgram(p, step);
      case COMPLETE -> runProgram(p, step);
      case ARRIVAL -> runProgram(p, step);
      default -> throw new IllegalStateException(step.toString());
    }
  }

  /** The process's poll has seen its action complete: it runs its program next. */
  void seen(UserProcess p) {
    if (recorder != null) {
      Completion c = p.seen;
      recorder.completionSeen(now(), node + "." + c.context() + "." + c.sequence(), c.resultLength(),
          c.status(), now() - c.doorbellAt(), p.opRing, p.name);
    }
    sharing.requestCore(p, Step.COMPLETE);
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
    } catch (RuntimeException | StackOverflowError e) { // a program's endless recursion is its own failure
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
        p.op, p.opNode, p.opRing, c.status(), c.data(), c.statusAt() - c.doorbellAt(), c.statusAt());
  }

  void issue(UserProcess p, Op op, int target, int ring, byte[] payload) {
    // The process writes the payload into its buffer (length / memory bandwidth of its core's
    // time), then the registers. The writes are the process's, before the doorbell: the PUT's
    // time starts at the doorbell, and the module's read is the payload's one memory access.
    long store = op == Op.PUT ? Rates.transferPs(payload.length, timing.memoryBandwidthBitsPerSecond()) : 0;
    long doorbell = store + REGISTER_WRITES * timing.mmioPs();
    if (op == Op.PUT) {
      // in the buffer before the payload read, which comes after the doorbell and the module's work
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
    sharing.poll(p, doorbell);
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

  /** A process woken again and again at one instant: its program loops without taking time. */
  @Override
  protected String looping(Event event) {
    return event.message() instanceof Wake w ? "the program of " + processes.get(w.process()).name
        + " loops without taking time (e.g. sleep(0) in onWake)" : super.looping(event);
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
    return sharing.polls();
  }

  public long pollPs() {
    return sharing.pollPs();
  }

  public long busyPs() {
    return sharing.busyPs();
  }

  public long notifications() {
    return notifications;
  }

  /**
   * For a progress line: the operations this core's processes will issue in all, counting those
   * that say how many ({@link Program#plannedOps}).
   */
  public long plannedOps() {
    long sum = 0;
    for (UserProcess p : processes) {
      sum += Math.max(0, p.program.plannedOps());
    }
    return sum;
  }

  /** Of {@link #plannedOps}, those issued so far; a process that is over has issued all it will. */
  public long issuedOps() {
    long sum = 0;
    for (UserProcess p : processes) {
      long planned = p.program.plannedOps();
      if (planned > 0) {
        sum += p.isOver() ? planned : Math.min(planned, p.program.issuedOps());
      }
    }
    return sum;
  }

  /** After the run: requests offered to this core's open-loop processes in {@code [fromPs, toPs]}, or -1 if it has none. */
  public long arrivalsBetween(long fromPs, long toPs) {
    long sum = -1;
    for (UserProcess p : processes) {
      long n = p.program.arrivalsBetween(fromPs, toPs);
      if (n >= 0) {
        sum = Math.max(sum, 0) + n;
      }
    }
    return sum;
  }

  /** After the run: PUTs this core's open-loop processes saw DONE after the warm-up, or -1 if it has none. */
  public long doneAfterWarmup() {
    long sum = -1;
    for (UserProcess p : processes) {
      long n = p.program.doneAfterWarmup();
      if (n >= 0) {
        sum = Math.max(sum, 0) + n;
      }
    }
    return sum;
  }

  /** The processes' programs, in the order they were added: what they hold, results read after the run. */
  public List<Program> programs() {
    List<Program> list = new ArrayList<>();
    for (UserProcess p : processes) {
      list.add(p.program);
    }
    return list;
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
