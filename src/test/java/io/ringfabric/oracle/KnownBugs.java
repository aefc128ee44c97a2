package io.ringfabric.oracle;

/**
 * What the oracle leaves out while a known wrong answer of issue 34 is open, so that the suite
 * passes meanwhile. Each flag names the item; when the item's fix is merged, set the flag to
 * false (or delete it and its uses) and the oracle checks that part of the space again.
 * {@code -Doracle.exclusions=none} lifts them all, to see what the oracle finds on a branch.
 */
final class KnownBugs {
  private KnownBugs() {}

  private static final boolean EXCLUDING = !"none".equals(System.getProperty("oracle.exclusions"));

  /** Item 1: process buffers collide past 64 processes on a core; at most 64 are drawn. */
  static final boolean ITEM_1_AT_MOST_64_PROCESSES_PER_CORE = EXCLUDING;

  /**
   * Item 2: a held PUT with confirmations loses its record or throws; ring-full = hold is drawn
   * only with no confirmations (none given and a lossless fabric, or 0).
   */
  static final boolean ITEM_2_HOLD_ONLY_WITHOUT_CONFIRMATIONS = EXCLUDING;

  /**
   * Item 2, beyond holds: a request still being served at its target (its ring action waiting
   * behind a busy memory) when its initiator has ended it TIMEOUT unanswered and sent the next
   * one has its record replaced, and the ring result then throws "got a ring result for action
   * ... it has no record of". Seen with ring-full = nack too. A case that throws so is let pass.
   */
  static final boolean ITEM_2_RECORD_REPLACED_WHILE_SERVED = EXCLUDING;

  /** The message of that throw. */
  static final String ITEM_2_SIGNATURE = "it has no record of";

  /**
   * Item 3: a PUT that queues behind a held one is answered FULL though it is too large or denied;
   * under ring-full = hold, rule (e) lets FULL pass where a static check applies.
   */
  static final boolean ITEM_3_HELD_RING_FULL_BEFORE_STATIC_CHECKS = EXCLUDING;

  /** Item 4: a huge timeout or hold-limit overflows; neither is drawn above 1 s. */
  static final boolean ITEM_4_NO_HUGE_LIMITS = EXCLUDING;

  /**
   * Item 5: a held PUT answered FULL at its hold limit has no refusal record at its target; the
   * rule that every request reaching its target is applied or refused there once is not checked
   * under ring-full = hold.
   */
  static final boolean ITEM_5_HELD_EXPIRY_UNRECORDED = EXCLUDING;

  /**
   * Item 6: the retry timer and the last deadline start when the request is built, not when it
   * leaves; the timer rules ((e) refused as too late, (f) copies a timeout apart) are not checked.
   */
  static final boolean ITEM_6_TIMERS_FROM_BUILDING = EXCLUDING;

  /** Item 8: a second notified consumer of a ring sleeps for ever; one per ring and node is drawn. */
  static final boolean ITEM_8_ONE_NOTIFIED_CONSUMER_PER_RING = EXCLUDING;

  /** Item 10: a get-stream stops after one GET TIMEOUT; rule (h) lets that pass. */
  static final boolean ITEM_10_GET_STREAM_STOPS_ON_TIMEOUT = EXCLUDING;

  /**
   * Found by the oracle, not in issue 34's list: with {@code confirmations = 0} and faults that
   * lose packets (or a link down), an operation whose request or answer is lost never ends: the
   * initiator waits for an answer that never comes, and its process hangs. Drawn only on a
   * lossless fabric.
   */
  static final boolean NEW_ZERO_CONFIRMATIONS_ONLY_WITHOUT_FAULTS = EXCLUDING;
}
