package io.ringfabric.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Which member a run lost, told from one member's view. Each member sees only its own side of a
 * cut: the member cut off finds every other unreachable, the others find only it. Named one at a
 * time, as they were noticed, the member cut off named the lead as lost (the first it noticed),
 * and a lead paused and resumed named itself, echoing the others' words.
 */
final class CutOff {
  /**
   * How long a member gathers the members it finds unreachable before it names them: failure
   * detection notices peers that went silent together within about a heartbeat of each other.
   */
  static final Duration SETTLE = Duration.ofSeconds(2);

  private CutOff() {}

  /**
   * Whom member {@code self} names as lost, having found {@code lost} (member index to what
   * happened to it, e.g. "became unreachable"); {@code addresses} by member index. Losing every
   * other member of three or more at once means this member was the one cut off (or paused); with
   * two members either may be, and the other is named.
   */
  static String who(int self, List<String> addresses, SortedMap<Integer, String> lost) {
    int others = addresses.size() - 1;
    if (others >= 2 && lost.size() == others && !lost.containsKey(self)) {
      return "member " + self + " (" + addresses.get(self) + ", this member) lost every other member at once:"
          + " it was cut off from the cluster, or paused";
    }
    List<String> named = new ArrayList<>();
    for (Map.Entry<Integer, String> e : lost.entrySet()) {
      named.add("member " + e.getKey() + " (" + addresses.get(e.getKey()) + ") " + e.getValue());
    }
    return String.join(" and ", named);
  }

  /** Whether a run's end names a member lost (in {@link Addresses#how}'s words), rather than another failure. */
  static boolean namesALoss(String message) {
    return message != null && Addresses.HOW.stream().anyMatch(message::contains);
  }

  /**
   * Whether a run's end is told second-hand: a member lost (told by those that lost it) or another
   * member's failure echoed ({@code ... (seen by member 1)}); the member it happened to may yet say
   * why in its own words.
   */
  static boolean secondHand(String message) {
    return namesALoss(message) || message != null && message.contains(" (seen by ");
  }

  /**
   * The end of a run as member {@code self} at {@code address} tells it: another member's words
   * that name this member as lost ({@code member 0 (host:port) became unreachable ...}), echoed by a
   * coordinator ({@code ... (seen by member 1 lane 0)}) or sent by member {@code from} (-1: none),
   * are said from this side, since this member did not lose itself.
   */
  static String told(String message, int self, String address, int from) {
    String named = "member " + self + " (" + address + ") ";
    boolean echoed = message != null && message.contains(" (seen by ");
    boolean another = from >= 0 && from != self;
    if (message == null || !message.startsWith(named) || !(echoed || another)) {
      return message;
    }
    return "the other members lost this member (member " + self + ", " + address + "): it was cut off from them,"
        + " or paused; " + message + (echoed ? "" : " (seen by member " + from + ")");
  }
}
