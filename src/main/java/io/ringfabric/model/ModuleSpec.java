package io.ringfabric.model;

/**
 * {@code module.*}: the messaging module's time limit for an answer and its retries, and what a
 * target does with a PUT whose ring is full: answer FULL at once, or hold it up to
 * {@code holdLimitPs} for a GET to make room.
 */
public record ModuleSpec(long timeoutPs, int retries, boolean holdWhenFull, long holdLimitPs) {
  /** FULL answered at once. */
  public ModuleSpec(long timeoutPs, int retries) {
    this(timeoutPs, retries, false, 0);
  }
}
