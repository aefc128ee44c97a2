package io.ringfabric.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The other coordinators' ends of windows as they arrive at one coordinator (of a lane, of a
 * member), from the coordinators it waits for: coordinator 0 waits for every other, the others
 * for coordinator 0 and their neighbours. One ahead by a window (it had everything for window w
 * and has already finished w+1) may send its end of w+1 before a slower one's end of w is in, so
 * pieces of two windows can be held at once; never of more, since nobody opens w+2 without
 * coordinator 0's end of w+1, which needs this one's.
 */
final class WindowInbox {
  private final List<Integer> senders;
  private final List<Coordinator.Exchange> held = new ArrayList<>();

  /** @param senders the coordinators whose end of every window this one waits for */
  WindowInbox(List<Integer> senders) {
    this.senders = List.copyOf(senders);
  }

  /** Whether this coordinator waits for {@code coordinator}'s ends of windows. */
  boolean expects(int coordinator) {
    return senders.contains(coordinator);
  }

  List<Integer> senders() {
    return senders;
  }

  void add(Coordinator.Exchange piece) {
    held.add(piece);
  }

  /** Whether every sender's last piece of {@code window} is in (pieces come in order). */
  boolean complete(long window) {
    int last = 0;
    for (Coordinator.Exchange x : held) {
      if (x.window() == window && x.last()) {
        last++;
      }
    }
    return last == senders.size();
  }

  /** Removes and returns the pieces of {@code window}, in the order they came. */
  List<Coordinator.Exchange> take(long window) {
    List<Coordinator.Exchange> out = new ArrayList<>();
    for (Coordinator.Exchange x : held) {
      if (x.window() == window) {
        out.add(x);
      }
    }
    held.removeAll(out);
    return out;
  }

  /** The senders whose last piece of {@code window} has not come: what a stalled window waits for. */
  List<Integer> silent(long window) {
    List<Integer> out = new ArrayList<>();
    for (int m : senders) {
      if (held.stream().noneMatch(x -> x.from() == m && x.window() == window && x.last())) {
        out.add(m);
      }
    }
    return out;
  }
}
