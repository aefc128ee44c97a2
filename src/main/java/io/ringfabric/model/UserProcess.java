package io.ringfabric.model;

import java.io.Serializable;

/** A user-level process as its core sees it: its program, its context, its state. */
final class UserProcess implements Serializable {
  /** Where a process is in its life. */
  enum State {
    WAITING_START,
    RUNNING,
    POLLING,
    SLEEPING,
    WAITING_INTERRUPT,
    WAITING_ARRIVAL,
    FINISHED,
    FAULTED,
    FAILED
  }

  final int index; // position on its core
  final String name;
  final Program program;
  final SplitMix64 random;
  final long bufferAddress;
  int context = -1;
  State state = State.WAITING_START;
  long finishedAt = -1;
  String failure;
  // The action in flight and what the process has seen of it.
  Op op;
  int opNode;
  int opRing;
  long actions; // doorbells rung = the context sequence the next completion must carry
  Core.Completion seen;
  // Poll runs: which run an OBSERVED wake belongs to, and the read that sees the completion.
  long generation;
  long observingRead;
  boolean interruptCompletion; // completion = interrupt: no polling
  int group = -1; // the process group it belongs to
  int arrivalRing = -1; // the ring of the last arrival notification
  boolean pendingArrival; // an arrival came while the process was not waiting for one
  long waits; // waits for an arrival begun: which one a wait's limit belongs to
  // Chosen during a callback: the next action.
  Runnable next;

  UserProcess(int index, String name, Program program, SplitMix64 random, long bufferAddress) {
    this.index = index;
    this.name = name;
    this.program = program;
    this.random = random;
    this.bufferAddress = bufferAddress;
  }

  boolean isOver() {
    return state == State.FINISHED || state == State.FAULTED || state == State.FAILED;
  }
}
