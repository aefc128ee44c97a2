package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How many reads a core's pollers take in turn before one must be handled at its time. */
class PollLineTest {
  private final PollLine line = new PollLine();

  private static UserProcess poller(int index) {
    UserProcess p = new UserProcess(index, "p" + index, null, new SplitMix64(index), 0);
    p.actions = 1;
    return p;
  }

  /** The process's action has completed: its next read sees it. */
  private static UserProcess seeing(int index) {
    UserProcess p = poller(index);
    p.seen = new Core.Completion(index, index, 1, Status.DONE, 0, null, 0, 0);
    return p;
  }

  private static ArrayDeque<CoreSharing.Waiting> line(Object... entries) {
    ArrayDeque<CoreSharing.Waiting> q = new ArrayDeque<>();
    for (Object e : entries) {
      q.add(e instanceof UserProcess p ? new CoreSharing.Waiting(p, Core.Step.POLL) : (CoreSharing.Waiting) e);
    }
    return q;
  }

  @Test
  void pollersThatSeeNothingPassTheCoreRoundForEver() {
    assertEquals(-1, line.passes(poller(0), line(poller(1), poller(2)), true));
    assertEquals(-1, line.passes(poller(0), line(poller(1)), false));
  }

  @Test
  void theCoreGivenToAStepOtherThanAPollMustBeHandledAtItsTime() {
    CoreSharing.Waiting wake = new CoreSharing.Waiting(poller(9), Core.Step.WAKE);
    assertEquals(0, line.passes(poller(0), line(wake, poller(1)), true));
    assertEquals(2, line.passes(poller(0), line(poller(1), poller(2), wake), true));
  }

  @Test
  void aReadThatSeesItsCompletionStopsTheLineOnlyWhenItMustBeSeenAtItsTime() {
    // the third reader sees its completion: pair 2 ends its read
    assertEquals(2, line.passes(poller(0), line(poller(1), seeing(2), poller(3)), false));
    // seen late, it only goes back in line to run its program, reached after the other three
    assertEquals(2 + 3, line.passes(poller(0), line(poller(1), seeing(2), poller(3)), true));
    assertEquals(0, line.passes(seeing(0), line(poller(1)), false));
    assertEquals(1, line.passes(seeing(0), line(poller(1)), true));
  }

  @Test
  void aLongerLineAfterAShortOneIsWorkedOutWhole() {
    assertEquals(-1, line.passes(poller(0), line(poller(1)), true));
    List<Object> many = new java.util.ArrayList<>();
    for (int i = 1; i < 40; i++) {
      many.add(poller(i));
    }
    many.add(new CoreSharing.Waiting(poller(99), Core.Step.COMPLETE));
    assertEquals(39, line.passes(poller(0), line(many.toArray()), true));
  }
}
