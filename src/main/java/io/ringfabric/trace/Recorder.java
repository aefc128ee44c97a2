package io.ringfabric.trace;

import io.ringfabric.model.MessageKind;
import io.ringfabric.model.Status;
import io.ringfabric.model.TraceSink;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.util.ArrayList;
import java.util.List;

/**
 * One component's trace records, kept until the engine hands them to the {@link TraceWriter}.
 * Each record gets the component's own running number, the last part of the canonical order.
 * The model reports through {@link TraceSink}; here each kind becomes a {@link TraceRecord} with
 * the fields that kind fills.
 */
public final class Recorder implements TraceSink {
  private final TraceOptions options;
  private final int componentId;
  private final String component;
  private final int node;
  private final String[] names;
  private final boolean all; // asked at every event the component handles: worked out once
  private List<Entry> buffer = new ArrayList<>();
  private long sequence;

  /** A record and its place in its component's stream. */
  public record Entry(TraceRecord record, long sequence) {}

  /**
   * @param names every component's name, by id: what {@code from} and {@code to} fields say
   */
  public Recorder(TraceOptions options, int componentId, String component, int node, String[] names) {
    this.options = options;
    this.componentId = componentId;
    this.component = component;
    this.node = node;
    this.names = names;
    this.all = options.level() == TraceLevel.ALL
        && (options.nodes() == null || node >= 0 && options.nodes().contains(node));
  }

  @Override
  public boolean packets() {
    return options.level() != TraceLevel.OPS;
  }

  /**
   * Whether every message is recorded: at level {@code all}, for a component of a traced node. A
   * component whose records are all left out says no, so that a core of an untraced node still
   * works out its processes' polls in turn instead of delivering each.
   */
  @Override
  public boolean all() {
    return all;
  }

  /**
   * The records of a component, handed over: what {@code sink} kept if it is a recorder, else
   * none (the component is not traced).
   */
  public static List<Entry> drain(TraceSink sink) {
    return sink instanceof Recorder r ? r.drain() : List.of();
  }

  @Override
  public void message(long t, int from, MessageKind kind) {
    record(t, Kinds.MESSAGE, null, names[from], null, 0, null, 0, 0, -1, null, kind.name());
  }

  @Override
  public void doorbell(long t, String op, int core, long bytes, boolean refusedBusy, int ring, String detail) {
    record(t, Kinds.DOORBELL, op, names[core], null, bytes, refusedBusy ? Status.BUSY.name() : null, 0, 0,
        ring, null, detail);
  }

  @Override
  public void requestSent(long t, String op, int to, long bytes, int ring, int attempt) {
    record(t, Kinds.REQUEST_SENT, op, null, names[to], bytes, null, 0, 0, ring, null,
        attempt > 1 ? "attempt " + attempt : null);
  }

  @Override
  public void requestArrived(long t, String op, int from, long bytes, int ring) {
    record(t, Kinds.REQUEST_ARRIVED, op, names[from], null, bytes, null, 0, 0, ring, null, null);
  }

  @Override
  public void applied(long t, String op, long bytes, int ring, String occupancy) {
    record(t, Kinds.APPLIED, op, null, null, bytes, Status.DONE.name(), 0, 0, ring, null, occupancy);
  }

  @Override
  public void refused(long t, String op, long bytes, Status status, int ring, String why) {
    record(t, Kinds.REFUSED, op, null, null, bytes, status.name(), 0, 0, ring, null, why);
  }

  @Override
  public void responseSent(long t, String op, int to, long bytes, Status status, int ring) {
    record(t, Kinds.RESPONSE_SENT, op, null, names[to], bytes, status.name(), 0, 0, ring, null, null);
  }

  @Override
  public void responseArrived(long t, String op, int from, long bytes, Status status, int ring) {
    record(t, Kinds.RESPONSE_ARRIVED, op, names[from], null, bytes, status.name(), 0, 0, ring, null, null);
  }

  @Override
  public void completed(long t, String op, long bytes, Status status, long sinceDoorbell, int ring, String detail) {
    record(t, Kinds.COMPLETED, op, null, null, bytes, status.name(), 0, sinceDoorbell, ring, null, detail);
  }

  @Override
  public void completionSeen(long t, String op, long bytes, Status status, long sinceDoorbell, int ring,
      String process) {
    record(t, Kinds.COMPLETION_SEEN, op, null, null, bytes, status.name(), 0, sinceDoorbell, ring, null, process);
  }

  @Override
  public void packetReceived(long t, String op, int from, long wireBytes, String packet) {
    record(t, Kinds.PACKET_RECEIVED, op, names[from], null, wireBytes, null, 0, 0, -1, null, packet);
  }

  @Override
  public void packetQueued(long t, String op, long wireBytes, long waitPs, String port, String packet) {
    record(t, Kinds.PACKET_QUEUED, op, null, null, wireBytes, null, waitPs, 0, -1, port, packet);
  }

  @Override
  public void packetSent(long t, String op, long wireBytes, long waitPs, long serialization, String port,
      String packet) {
    record(t, Kinds.PACKET_SENT, op, null, null, wireBytes, null, waitPs, serialization, -1, port, packet);
  }

  @Override
  public void packetLost(long t, String op, long wireBytes, String port, String why) {
    record(t, Kinds.PACKET_LOST, op, null, null, wireBytes, null, 0, 0, -1, port, why);
  }

  @Override
  public void creditStall(long t, String op, long wireBytes, long waitPs, String port, int vc, String packet) {
    record(t, Kinds.CREDIT_STALL, op, null, null, wireBytes, null, waitPs, 0, -1, port, "vc " + vc + " " + packet);
  }

  @Override
  public void mark(long t, String op, String process, String what) {
    record(t, Kinds.MARK, op, process, null, 0, null, 0, 0, -1, null, what);
  }

  /** Keeps one record; fields as in {@link TraceRecord} (null, 0 or -1 where they do not apply). */
  private void record(long t, String kind, String op, String from, String to, long bytes,
      String status, long wait, long dur, int ring, String port, String detail) {
    if (!options.keeps(t, node)) {
      return;
    }
    buffer.add(new Entry(new TraceRecord(t, kind, op, component, componentId, node, from, to, bytes,
        status, wait, dur, ring, port, detail), sequence++));
  }

  /** Hands over every record kept so far. */
  public List<Entry> drain() {
    if (buffer.isEmpty()) {
      return List.of();
    }
    List<Entry> out = buffer;
    buffer = new ArrayList<>();
    return out;
  }
}
