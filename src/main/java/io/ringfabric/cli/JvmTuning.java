package io.ringfabric.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options every JVM that ringfabric starts gets before the user's own: {@code bin/ringfabric}
 * (the same words, checked by a test), {@code bench}'s measuring JVMs and {@code cluster local}'s
 * members. None changes a result; the user's options come after them, and the JVM takes the last.
 *
 * <p>{@code -XX:G1ConcRefinementThreads=0}: G1's refinement threads rescan the cards that a store
 * of a young object into an old one dirties, and the model does that at every event (an event into
 * a part's queue, a packet into a switch's buffer). On 2 cores that took the actor engine's second
 * lane its core ({@code top -H} at 1,024 nodes: the refinement thread at half a core for the whole
 * run, and two lanes no faster than one). Left dirty, the cards are scanned once at the next
 * collection, and a card already dirty costs the next store nothing. Measured paired (README,
 * Performance).
 */
final class JvmTuning {
  /** Before the user's options. */
  static final List<String> OPTIONS = List.of("-XX:G1ConcRefinementThreads=0");

  private JvmTuning() {}

  /** {@link #OPTIONS} not already in {@code own}, then {@code own}: ours first, so that the user's win. */
  static List<String> before(List<String> own) {
    List<String> all = new ArrayList<>();
    for (String option : OPTIONS) {
      if (!own.contains(option)) {
        all.add(option);
      }
    }
    all.addAll(own);
    return all;
  }
}
