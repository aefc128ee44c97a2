package io.ringfabric.trace;

/**
 * A file that is not a ringfabric trace, or a trace with a record that cannot be read. The message
 * names the file (and the line, for a bad record) and says what is wrong; commands print it and
 * exit with status 2.
 */
public final class TraceFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TraceFormatException(String message) {
    super(message);
  }
}
