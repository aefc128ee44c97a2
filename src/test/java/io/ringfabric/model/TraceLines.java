package io.ringfabric.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A trace recorder for tests: what components record of their packets, and what initiators
 * record of their actions (doorbells, requests, responses, completions), one line each: the time
 * in ns, what happened, the action, then what the record says.
 */
final class TraceLines implements TraceSink {
  final List<String> lines = new ArrayList<>();
  final List<String> refusals = new ArrayList<>(); // what targets refused, kept apart from the lines

  private void add(long t, String what) {
    lines.add(t / 1000.0 + " " + what);
  }

  @Override public boolean packets() {
    return true;
  }

  @Override public boolean all() {
    return false;
  }

  @Override public void packetReceived(long t, String op, int from, long wireBytes, String packet) {
    add(t, "received " + op + " from " + from + ", " + wireBytes + " B " + packet);
  }

  @Override public void packetQueued(long t, String op, long wireBytes, long waitPs, String port, String packet) {
    add(t, "queued " + op + " " + waitPs / 1000.0 + " ns for " + port);
  }

  @Override public void creditStall(long t, String op, long wireBytes, long waitPs, String port, int vc, String packet) {
    add(t, "stalled " + op + " " + waitPs / 1000.0 + " ns for " + port + " vc " + vc);
  }

  @Override public void packetSent(long t, String op, long wireBytes, long waitPs, long ser, String port, String packet) {
    add(t, "sent " + op + " on " + port + " after " + waitPs / 1000.0 + " ns, " + ser / 1000.0 + " ns long");
  }

  @Override public void packetLost(long t, String op, long wireBytes, String port, String why) {
    add(t, "lost '" + op + "' " + wireBytes + " B on " + port + ": " + why);
  }

  @Override public void message(long t, int from, MessageKind kind) {}
  @Override public void doorbell(long t, String op, int core, long bytes, boolean refusedBusy, int ring, String detail) {
    add(t, "doorbell " + op + " from " + core + ", " + bytes + " B" + (refusedBusy ? ", refused BUSY" : "") + ": " + detail);
  }

  @Override public void requestSent(long t, String op, int to, long bytes, int ring, int attempt) {
    add(t, "request " + op + " to " + to + ", " + bytes + " B, attempt " + attempt);
  }

  @Override public void requestArrived(long t, String op, int from, long bytes, int ring) {}
  @Override public void applied(long t, String op, long bytes, int ring, String occupancy) {}
  @Override public void refused(long t, String op, long bytes, Status status, int ring, String why) {
    refusals.add(op + " " + status + ": " + why);
  }
  @Override public void responseSent(long t, String op, int to, long bytes, Status status, int ring) {}
  @Override public void responseArrived(long t, String op, int from, long bytes, Status status, int ring) {
    add(t, "response " + op + " from " + from + ", " + bytes + " B " + status);
  }

  @Override public void completed(long t, String op, long bytes, Status status, long since, int ring, String detail) {
    add(t, "completed " + op + " " + status + ", " + bytes + " B, " + since / 1000.0 + " ns after its doorbell: " + detail);
  }

  @Override public void completionSeen(long t, String op, long bytes, Status status, long since, int ring, String p) {}
  @Override public void mark(long t, String op, String process, String what) {
    add(t, "mark " + op + " by " + process + ": " + what);
  }
}
