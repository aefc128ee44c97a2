package io.ringfabric.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The other members' ends of windows as they arrive at one member's coordinator. A member ahead
 * by a window (it had everything for window w and has already finished w+1) may send its end of
 * w+1 before a slower member's end of w is in, so pieces of two windows can be held at once;
 * never of more, since nobody finishes w+2 without this member's end of w+1.
 */
final class WindowInbox {
  private final int members;
  private final int self;
  private final List<Coordinator.Exchange> held = new ArrayList<>();

  /** @param self the index of the member this inbox belongs to, which sends itself nothing */
  WindowInbox(int members, int self) {
    this.members = members;
    this.self = self;
  }

  void add(Coordinator.Exchange piece) {
    held.add(piece);
  }

  /** Whether every other member's last piece of {@code window} is in (pieces come in order). */
  boolean complete(long window) {
    int last = 0;
    for (Coordinator.Exchange x : held) {
      if (x.window() == window && x.last()) {
        last++;
      }
    }
    return last == members - 1;
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

  /** The members whose last piece of {@code window} has not come: what a stalled window waits for. */
  List<Integer> silent(long window) {
    List<Integer> out = new ArrayList<>();
    for (int m = 0; m < members; m++) {
      final int member = m;
      if (m != self && held.stream().noneMatch(x -> x.from() == member && x.window() == window && x.last())) {
        out.add(m);
      }
    }
    return out;
  }
}
