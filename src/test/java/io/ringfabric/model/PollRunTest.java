package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Equivalent mutant left alive: in readAt, {@code t <= first} as {@code t < first} (line 46): at
 * t = first both give read 0.
 */
class PollRunTest {
  // Registers written from 1000 to 1300, then reads of 50 every 80 (30 idle between reads).
  private final PollRun run = new PollRun(1000, 1300, 50, 30);

  @Test
  void readsRepeatEveryPeriod() {
    assertEquals(1300, run.readStart(0));
    assertEquals(1350, run.readEnd(0));
    assertEquals(1380, run.readStart(1));
    assertEquals(1510, run.readEnd(2));
  }

  @Test
  void aStatusSetDuringAReadIsSeenByTheNextOne() {
    assertEquals(0, run.firstReadEndingAfter(1100)); // before the first read ends
    assertEquals(1, run.firstReadEndingAfter(1350)); // at the very end of read 0: too late for it
    assertEquals(1, run.firstReadEndingAfter(1429));
    assertEquals(2, run.firstReadEndingAfter(1430));
  }

  @Test
  void theCoreIsHeldFromTheRegisterWritesThroughEachRead() {
    assertEquals(0, run.readAt(1000));
    assertTrue(run.holdsCoreAt(0, 1000));
    assertTrue(run.holdsCoreAt(0, 1349));
    assertFalse(run.holdsCoreAt(0, 1350));
    assertEquals(1, run.readAt(1380));
    assertFalse(run.holdsCoreAt(1, 1380)); // due but not started: a newcomer goes first
    assertTrue(run.holdsCoreAt(1, 1381));
    assertFalse(run.holdsCoreAt(1, 1430)); // in the idle gap
  }

  @Test
  void aPollMustTakeTime() {
    assertThrows(IllegalArgumentException.class, () -> new PollRun(0, 0, 0, 0));
    PollRun quickReads = new PollRun(0, 0, 10, 30); // reads shorter than the gaps between them
    assertEquals(40, quickReads.readStart(1));
  }
}
