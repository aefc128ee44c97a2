package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** iSLIP's accept side: inputs take their grants in turn; an output whose grant is not taken idles a cycle. */
class IslipTest {
  private static final int PORTS = 4;
  private static final int PER_PORT = 2; // buffers 0-1 are input 0's, 2-3 input 1's, ...
  private static final long CYCLE = 224_000;

  @Test
  void anInputTakesTheFirstGrantAfterTheOutputItAcceptedLast() {
    Islip islip = new Islip(PORTS, PER_PORT, CYCLE);
    islip.begin();
    islip.grant(1, 2, 0); // outputs 1 and 3 grant buffers of input 1, output 2 one of input 2
    islip.grant(3, 3, 1);
    islip.grant(2, 4, 0);
    assertEquals(1, islip.next(1), "no output accepted yet: the turn starts at output 0");
    islip.take(1, 1);
    assertEquals(3, islip.next(1), "a second path would take output 3's grant");
    assertEquals(2, islip.next(2));
    assertEquals(-1, islip.next(0), "nothing granted to input 0");
    islip.declineRest(1_000_000);
    assertEquals(0, islip.idleUntil(1), "taken");
    assertEquals(1_000_000 + CYCLE, islip.idleUntil(3), "granted, not taken: idle for a cycle");
    assertEquals(1_000_000 + CYCLE, islip.idleUntil(2), "not taken either");

    // The next allocation: input 1 goes on from output 1, so output 3 wins over output 1 now.
    islip.begin();
    islip.grant(1, 2, 0);
    islip.grant(3, 3, 0);
    assertEquals(3, islip.next(1));
    islip.take(1, 3);
    islip.declineRest(2_000_000);
    assertEquals(2_000_000 + CYCLE, islip.idleUntil(1));
    assertEquals(1_000_000 + CYCLE, islip.idleUntil(3), "taken this time: its idle time is not moved");
  }

  @Test
  void aHeadGrantedByTwoOutputsGoesByOneAndTheOtherIsDeclined() {
    Islip islip = new Islip(PORTS, PER_PORT, CYCLE); // an adaptive head may want two outputs
    islip.begin();
    islip.grant(1, 2, 0);
    islip.grant(2, 2, 1);
    islip.grant(3, 3, 0); // the input's other buffer
    assertEquals(1, islip.next(1));
    islip.take(1, 1);
    assertEquals(3, islip.next(1), "output 2's grant was of the head that has gone: only output 3's is left");
    islip.declineRest(0);
    assertEquals(CYCLE, islip.idleUntil(2));
    assertEquals(CYCLE, islip.idleUntil(3));
  }

  @Test
  void aGrantRemembersItsBufferAndTheChannelBehindTheOutput() {
    Islip islip = new Islip(PORTS, PER_PORT, CYCLE);
    islip.begin();
    islip.grant(2, 7, 5);
    assertEquals(7, islip.granted(2));
    assertEquals(5, islip.grantedChannel(2));
    assertEquals(3, 7 / PER_PORT);
    assertEquals(2, islip.next(3));
    islip.begin();
    assertEquals(-1, islip.granted(2), "a new allocation starts with no grants");
    assertEquals(-1, islip.next(3));
  }

  @Test
  void theFirstTurnOfAnInputStartsAtOutputZero() {
    Islip islip = new Islip(PORTS, PER_PORT, CYCLE);
    islip.begin();
    islip.grant(1, 4, 0); // input 2's heads granted by the module's port 0 and by output 1
    islip.grant(0, 5, 0);
    assertEquals(0, islip.next(2), "nothing accepted yet: output 0 comes first");
  }

  @Test
  void aHeadLostToAnotherOutputIsForgottenByTheNextAllocation() {
    Islip islip = new Islip(PORTS, PER_PORT, CYCLE);
    islip.begin();
    islip.grant(1, 2, 0); // one head of input 1 granted by outputs 1 and 2
    islip.grant(2, 2, 1);
    islip.take(1, 1);
    islip.declineRest(0);
    islip.begin();
    islip.grant(2, 3, 0); // output 2 grants input 1's other head now
    assertEquals(2, islip.next(1), "output 2 lost a head last time, not this one");
  }
}
