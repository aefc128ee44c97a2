package io.ringfabric.model;

import java.util.Collection;

/**
 * A core's line of processes waiting for it, worked out ahead: how many reads its pollers take in
 * turn before a read's end must be handled at its own time ({@link CoreSharing#settle}). Each pair
 * (a read's PollDone, then the CoreFree that gives the core to the first in line) puts the reader
 * back at the end of the line and takes the first out, so the line keeps its length: a ring of
 * that many slots and one more, kept between calls so that working it out allocates nothing.
 */
final class PollLine {
  private UserProcess[] who = new UserProcess[8];
  private boolean[] polls = new boolean[8];

  /**
   * Pairs before the one that must be handled at its time: one that gives the core to a step
   * other than a poll, or, unless {@code seenLate}, one whose read sees its completion; 0 for the
   * pending pair, -1 when none does until something comes from outside. A read that sees its
   * completion puts its process back in line to run its program.
   *
   * @param reader the process whose read the pending pair ends
   * @param waiting the line, first first
   */
  long passes(UserProcess reader, Collection<CoreSharing.Waiting> waiting, boolean seenLate) {
    int capacity = waiting.size() + 1;
    if (who.length < capacity) {
      who = new UserProcess[capacity * 2];
      polls = new boolean[who.length];
    }
    int i = 0;
    for (CoreSharing.Waiting w : waiting) {
      who[i] = w.process();
      polls[i++] = CoreSharing.passesOn(w);
    }
    UserProcess r = reader;
    int head = 0;
    int tail = capacity - 1; // the free slot: the reader goes back in line there
    for (long k = 0; k <= 2L * capacity; k++) { // by then the line repeats itself, or a pair must be handled
      boolean sees = CoreSharing.observing(r);
      if (sees && !seenLate) {
        return k;
      }
      who[tail] = r;
      polls[tail] = !sees;
      tail = head;
      if (!polls[head]) {
        return k;
      }
      r = who[head];
      head = (head + 1) % capacity;
    }
    return -1;
  }
}
