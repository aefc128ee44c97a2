package io.ringfabric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ElementCheckTest {
  @Test
  void eachProducersCountMustGrowOnEachRingApart() {
    ElementCheck check = new ElementCheck();
    check.accept(1, 0, Payloads.stamped(5, 2, 1, 64));
    check.accept(1, 0, Payloads.stamped(5, 2, 2, 64));
    check.accept(1, 0, Payloads.stamped(6, 2, 1, 64)); // another producer node: its own count
    check.accept(1, 0, Payloads.stamped(5, 3, 1, 64)); // another context of node 5
    check.accept(1, 1, Payloads.stamped(5, 2, 1, 64)); // the same producer into another ring
    check.accept(2, 0, Payloads.stamped(5, 2, 1, 64)); // and into another node's ring 0
    assertEquals(0, check.outOfOrder());
    check.accept(1, 0, Payloads.stamped(5, 2, 2, 64)); // again: not a newer one
    check.accept(1, 0, Payloads.stamped(5, 2, 1, 64)); // older
    check.accept(1, 0, Payloads.stamped(5, 2, 7, 64)); // a gap is not out of order (a GET may miss some)
    check.accept(1, 0, Payloads.stamped(5, 2, 6, 64)); // behind the last one seen
    assertEquals(3, check.outOfOrder());
    assertEquals(10, check.checked());
  }

  /** A consumer on a node past 32,767 keys its producers with the top bit set: checked alike. */
  @Test
  void aConsumerOnANodePast32767IsCheckedAlike() {
    ElementCheck check = new ElementCheck();
    check.accept(0x8000, 0, Payloads.stamped(0, 0, 3, 32));
    check.accept(0x8000, 0, Payloads.stamped(0, 0, 2, 32));
    check.accept(0x8000, 0, Payloads.stamped(0, 0, 4, 32));
    assertEquals(1, check.outOfOrder());
  }

  @Test
  void shortOrDamagedElementsAreCountedApart() {
    ElementCheck check = new ElementCheck();
    check.accept(0, 0, new byte[8]);
    byte[] damaged = Payloads.stamped(1, 1, 1, 64);
    damaged[40] ^= 1;
    check.accept(0, 0, damaged);
    assertEquals(1, check.unstamped());
    assertEquals(1, check.corrupt());
    assertEquals(1, check.checked());
  }
}
