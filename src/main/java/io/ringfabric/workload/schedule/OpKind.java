package io.ringfabric.workload.schedule;

/** What one operation of a rank's schedule does, as GOAL names it. */
public enum OpKind {
  /** {@code send Sb to D}: a message of S bytes to rank D. */
  SEND("send"),
  /** {@code recv Sb from R}: waits for a matching message of S bytes from R (or any, -1). */
  RECV("recv"),
  /** {@code calc N}: N ns of local work. */
  CALC("calc");

  private static final OpKind[] ALL = values();
  private final String word;

  OpKind(String word) {
    this.word = word;
  }

  /** The word a GOAL line uses for it. */
  public String word() {
    return word;
  }

  static OpKind of(int code) {
    return ALL[code];
  }
}
