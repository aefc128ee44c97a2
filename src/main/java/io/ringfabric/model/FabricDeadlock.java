package io.ringfabric.model;

/**
 * Packets in the fabric wait on each other in a cycle and none can ever move: the run cannot go
 * on. Its message is the one the user sees: {@code deadlock at T: } and the cycle, channel by
 * channel.
 */
public final class FabricDeadlock extends RuntimeException {
  public FabricDeadlock(String message) {
    super(message);
  }
}
