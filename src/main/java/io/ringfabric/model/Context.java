package io.ringfabric.model;

import java.io.Serializable;

/**
 * One GET/PUT context instance: a register set of the messaging module. The node's OS maps it
 * into exactly one process; from then on that process writes the fields and rings the doorbell,
 * and the module reports the outcome in {@code status}.
 */
public final class Context implements Serializable {
  private final int index;
  private int ownerCore = -1; // component id of the owner's core; -1 while unmapped
  private int ownerProcess = -1;
  private Op op;
  private int targetNode;
  private int ring;
  private long localAddress;
  private int length;
  private Status status = Status.IDLE;
  private int resultLength;
  private long sequence;
  // Module-internal state of the action in flight, not visible to the process.
  long doorbellAt;
  int retriesUsed;
  int confirmationsUsed; // copies sent after the last deadline, to learn the target's answer
  long giveUpAt;
  ElementOrigin origin = ElementOrigin.NONE; // a GET's element: the PUT that made it
  int group = -1; // the process group of the process that rang the doorbell
  boolean responded;
  byte[] payload;

  Context(int index) {
    this.index = index;
  }

  /** The OS maps this context to a process running on a core. */
  void map(int coreComponent, int process) {
    this.ownerCore = coreComponent;
    this.ownerProcess = process;
  }

  boolean isMapped() {
    return ownerCore >= 0;
  }

  /** The process wrote the fields and rang the doorbell: a new action starts. */
  void begin(Op op, int targetNode, int ring, long localAddress, int length, long at) {
    this.op = op;
    this.targetNode = targetNode;
    this.ring = ring;
    this.localAddress = localAddress;
    this.length = length;
    this.sequence++;
    this.status = Status.BUSY;
    this.resultLength = 0;
    this.doorbellAt = at;
    this.retriesUsed = 0;
    this.confirmationsUsed = 0;
    this.giveUpAt = Long.MAX_VALUE;
    this.responded = false;
    this.payload = null;
  }

  void finish(Status outcome, int resultLength) {
    this.status = outcome;
    this.resultLength = resultLength;
    this.payload = null;
  }

  public int index() {
    return index;
  }

  public int ownerCore() {
    return ownerCore;
  }

  public int ownerProcess() {
    return ownerProcess;
  }

  public Op op() {
    return op;
  }

  public int targetNode() {
    return targetNode;
  }

  public int ring() {
    return ring;
  }

  public long localAddress() {
    return localAddress;
  }

  public int length() {
    return length;
  }

  public Status status() {
    return status;
  }

  public int resultLength() {
    return resultLength;
  }

  public long sequence() {
    return sequence;
  }
}
