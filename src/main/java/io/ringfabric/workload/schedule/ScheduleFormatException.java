package io.ringfabric.workload.schedule;

/**
 * A GOAL file that cannot be run: the message is one line, {@code file:line: what is wrong} (or
 * {@code file: what is wrong} for a file that is not GOAL text at all); commands print it and exit
 * with status 2.
 */
public final class ScheduleFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ScheduleFormatException(String message) {
    super(message);
  }
}
