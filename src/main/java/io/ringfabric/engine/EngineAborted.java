package io.ringfabric.engine;

/** The run could not go on: a component threw, or a window hung. The message says which. */
public class EngineAborted extends RuntimeException {
  public EngineAborted(String message) {
    super(message);
  }

  /** The heap ran out while a part handled its events; the message names the part's component. */
  public static final class OutOfMemory extends EngineAborted {
    public OutOfMemory(String message) {
      super(message);
    }
  }

  /** A lane ended because another lane or member aborted the run: the same failure, seen second hand. */
  public static final class Echo extends EngineAborted {
    public Echo(String message) {
      super(message);
    }
  }
}
