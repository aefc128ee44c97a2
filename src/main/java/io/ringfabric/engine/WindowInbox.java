package io.ringfabric.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The other coordinators' ends of windows as they arrive at one coordinator (of a lane, of a
 * member). One ahead by a window (it had everything for window w and has already finished w+1)
 * may send its end of w+1 before a slower one's end of w is in, so pieces of two windows can be
 * held at once; never of more, since nobody finishes w+2 without this one's end of w+1.
 */
final class WindowInbox {
  private final int coordinators;
  private final int self;
  private final List<Coordinator.Exchange> held = new ArrayList<>();

  /** @param self the index of the coordinator this inbox belongs to, which sends itself nothing */
  WindowInbox(int coordinators, int self) {
    this.coordinators = coordinators;
    this.self = self;
  }

  void add(Coordinator.Exchange piece) {
    held.add(piece);
  }

  /** Whether every other coordinator's last piece of {@code window} is in (pieces come in order). */
  boolean complete(long window) {
    int last = 0;
    for (Coordinator.Exchange x : held) {
      if (x.window() == window && x.last()) {
        last++;
      }
    }
    return last == coordinators - 1;
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

  /** The coordinators whose last piece of {@code window} has not come: what a stalled window waits for. */
  List<Integer> silent(long window) {
    List<Integer> out = new ArrayList<>();
    for (int m = 0; m < coordinators; m++) {
      final int coordinator = m;
      if (m != self && held.stream().noneMatch(x -> x.from() == coordinator && x.window() == window && x.last())) {
        out.add(m);
      }
    }
    return out;
  }
}
