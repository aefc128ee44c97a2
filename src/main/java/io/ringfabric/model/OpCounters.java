package io.ringfabric.model;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/** Issued, completed and failed actions of one op type, counted where the status is set. */
public final class OpCounters implements Serializable {
  private long issued;
  private long ok;
  private long bytesOk;
  private long unknown;
  private final long[] errors = new long[Status.values().length];

  void countIssued() {
    issued++;
  }

  void countCompleted(Status status, long bytes) {
    if (status == Status.DONE) {
      ok++;
      bytesOk += bytes;
    } else {
      errors[status.ordinal()]++;
    }
  }

  /**
   * An action that ended TIMEOUT with no answer at all, after its confirmations: counted under
   * TIMEOUT too, but whether the target applied it is unknown.
   */
  void countUnknown() {
    unknown++;
  }

  /** A doorbell refused with BUSY: issued and failed at once, nothing sent. */
  void countRefused(Status status) {
    issued++;
    errors[status.ordinal()]++;
  }

  public void add(OpCounters other) {
    issued += other.issued;
    ok += other.ok;
    bytesOk += other.bytesOk;
    unknown += other.unknown;
    for (int i = 0; i < errors.length; i++) {
      errors[i] += other.errors[i];
    }
  }

  public long issued() {
    return issued;
  }

  public long ok() {
    return ok;
  }

  public long bytesOk() {
    return bytesOk;
  }

  /** Of the TIMEOUTs, those with no answer at all: applied at most once, but whether is unknown. */
  public long unknown() {
    return unknown;
  }

  public long errors(Status status) {
    return errors[status.ordinal()];
  }

  /** Error name to count, only the errors that happened, in name order. */
  public Map<String, Long> errorCounts() {
    Map<String, Long> m = new TreeMap<>();
    for (Status s : Status.values()) {
      if (errors[s.ordinal()] > 0) {
        m.put(s.name(), errors[s.ordinal()]);
      }
    }
    return m;
  }
}
