package io.ringfabric.model;

/**
 * The status register of a context, and the outcome of an action.
 *
 * <p>{@code IDLE}, {@code BUSY} and {@code DONE} are states; every other value is an error an
 * action can end in (DESIGN.md section 1.4). {@code PROTECTION_FAULT} never reaches a status
 * register: it stops the process that touched a context not mapped to it.
 */
public enum Status {
  IDLE,
  BUSY,
  DONE,
  NO_SUCH_NODE,
  NO_SUCH_RING,
  ACCESS_DENIED,
  TOO_LARGE,
  FULL,
  EMPTY,
  TIMEOUT,
  PROTECTION_FAULT;

  public boolean isError() {
    return ordinal() > DONE.ordinal();
  }
}
