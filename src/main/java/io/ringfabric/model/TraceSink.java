package io.ringfabric.model;

/**
 * Where a component reports what it does, for a trace: one method per kind of record, each
 * taking only what that kind says. The model owns this interface and the trace package implements
 * it; a component of a run that is not traced has none, and then the model builds no record at
 * all. Times are picoseconds; {@code op} names an operation as {@code node.context.sequence} of
 * the context that began it; components are named by id; {@code ring} is -1 where none applies.
 */
public interface TraceSink {
  /** Whether packet records are kept (level packets or all). */
  boolean packets();

  /** Whether every message between components is kept (level all). */
  boolean all();

  /** Level all: a message from component {@code from} is handled. */
  void message(long t, int from, MessageKind kind);

  /**
   * A core rang the doorbell of context {@code op}; {@code refusedBusy}: while the previous action
   * was still in flight, so nothing is sent and the record carries no op.
   */
  void doorbell(long t, String op, int core, long bytes, boolean refusedBusy, int ring, String detail);

  /** The initiating module sent the request to the module {@code to}; {@code attempt} above 1 for a retry. */
  void requestSent(long t, String op, int to, long bytes, int ring, int attempt);

  /** The target module has the whole request from the module {@code from}. */
  void requestArrived(long t, String op, int from, long bytes, int ring);

  /** The target applied the action to its ring; {@code occupancy} describes the ring after it. */
  void applied(long t, String op, long bytes, int ring, String occupancy);

  /** The target refused the action with {@code status}; {@code why} says more. */
  void refused(long t, String op, long bytes, Status status, int ring, String why);

  /** The target sent its answer to the module {@code to}. */
  void responseSent(long t, String op, int to, long bytes, Status status, int ring);

  /** The initiating module has the whole answer from the module {@code from}. */
  void responseArrived(long t, String op, int from, long bytes, Status status, int ring);

  /** The initiating module set the context's status, {@code sinceDoorbell} after its doorbell. */
  void completed(long t, String op, long bytes, Status status, long sinceDoorbell, int ring, String detail);

  /** The process {@code process} saw its action's status, {@code sinceDoorbell} after its doorbell. */
  void completionSeen(long t, String op, long bytes, Status status, long sinceDoorbell, int ring, String process);

  /** A packet arrived from the component {@code from} (a switch or a module). */
  void packetReceived(long t, String op, int from, long wireBytes, String packet);

  /** A packet waited at output port {@code port} from {@code t}, {@code waitPs} before it could go. */
  void packetQueued(long t, String op, long wireBytes, long waitPs, String port, String packet);

  /**
   * A packet at the head of its virtual channel waited {@code waitPs}, until {@code t}, for room in
   * channel {@code vc} of the switch behind {@code port}.
   */
  void creditStall(long t, String op, long wireBytes, long waitPs, String port, int vc, String packet);

  /** A packet went on the wire of {@code port} after waiting {@code waitPs}; it takes {@code serialization}. */
  void packetSent(long t, String op, long wireBytes, long waitPs, long serialization, String port, String packet);

  /** A packet of {@code op} was lost at {@code t} on the link of {@code port} ({@code fabric.faults}), as {@code why} says. */
  void packetLost(long t, String op, long wireBytes, String port, String why);

  /**
   * A process's program marked a moment of its own ({@link ProcessApi#mark}), at any level: what it
   * says, the process, and the action it concerns ({@code op}, or null).
   */
  default void mark(long t, String op, String process, String what) {}
}
