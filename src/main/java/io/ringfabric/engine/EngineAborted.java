package io.ringfabric.engine;

/** The run could not go on: a component threw, or a window hung. The message says which. */
public final class EngineAborted extends RuntimeException {
  public EngineAborted(String message) {
    super(message);
  }
}
