package io.ringfabric.model;

/**
 * {@code module.*}: the messaging module's time limit for an answer and its retries, what a
 * target does with a PUT whose ring is full (answer FULL at once, or hold it up to
 * {@code holdLimitPs} for a GET to make room), and whether a node's own ring is reached through
 * its switch or directly.
 *
 * @param directLocalPath {@code local-path = direct}: the module serves an action on its own
 *     node's ring itself, after a piece of its work, without packets through the switch
 * @param confirmations copies of a request sent after the action's last deadline, each waiting
 *     twice as long as the one before, to learn the target's answer when answers can be lost;
 *     after the last the action ends TIMEOUT unanswered (0: the initiator waits for the answer)
 */
public record ModuleSpec(long timeoutPs, int retries, boolean holdWhenFull, long holdLimitPs,
    boolean directLocalPath, int confirmations) {
  /** Through the switch, as {@code local-path = fabric}. */
  public ModuleSpec(long timeoutPs, int retries, boolean holdWhenFull, long holdLimitPs) {
    this(timeoutPs, retries, holdWhenFull, holdLimitPs, false, 0);
  }

  /** {@code module.confirmations = auto}: this many when the fabric can lose packets, else none. */
  public static final int AUTO_CONFIRMATIONS = 4;

  /** FULL answered at once. */
  public ModuleSpec(long timeoutPs, int retries) {
    this(timeoutPs, retries, false, 0);
  }
}
