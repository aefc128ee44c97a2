package io.ringfabric.checkpoint;

/** A checkpoint file that cannot be continued: damaged, cut short, foreign, or of another build. */
public final class BadCheckpoint extends RuntimeException {
  public BadCheckpoint(String message) {
    super(message);
  }

  public BadCheckpoint(String message, Throwable cause) {
    super(message, cause);
  }
}
