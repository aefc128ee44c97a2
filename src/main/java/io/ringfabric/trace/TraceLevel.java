package io.ringfabric.trace;

import java.util.Locale;

/** How much a trace records; each level includes the ones before it. */
public enum TraceLevel {
  /** Each operation's stages, from doorbell to the process seeing its completion. */
  OPS,
  /** Plus every packet on every hop: queued at a port, sent, received. */
  PACKETS,
  /** Plus every message between components: register polls, memory accesses, notifications. */
  ALL;

  /** The name as the command line and the trace header spell it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
