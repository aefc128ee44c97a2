package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model's small value types, each on its own: what they answer for given values.
 *
 * <p>Equivalent mutant left alive: in Rates.transferPs, {@code bits * PS_PER_SECOND >= 0} as
 * {@code > 0} (line 18): the product is 0 only for 0 bytes, answered before.
 */
class SmallTypesTest {
  @Test
  void theErrorsAreTheStatusesAfterDone() {
    List<Status> errors = new ArrayList<>();
    for (Status s : Status.values()) {
      if (s.isError()) {
        errors.add(s);
      }
    }
    assertEquals(List.of(Status.NO_SUCH_NODE, Status.NO_SUCH_RING, Status.ACCESS_DENIED, Status.TOO_LARGE,
        Status.FULL, Status.EMPTY, Status.TIMEOUT, Status.PROTECTION_FAULT), errors);
    assertEquals(List.of("put", "get"), List.of(Op.PUT.label(), Op.GET.label()));
  }

  @Test
  void aCompletionIsOkOnlyWhenDone() {
    assertTrue(new Completion(Op.PUT, 1, 0, Status.DONE, null, 5, 5).ok());
    assertFalse(new Completion(Op.GET, 1, 0, Status.EMPTY, null, 5, 5).ok());
  }

  @Test
  void anOriginOfNoDoorbellAndNoGroupIsNone() {
    assertSame(ElementOrigin.NONE, ElementOrigin.of(0, -1));
    assertEquals(new ElementOrigin(0, 2), ElementOrigin.of(0, 2));
    assertEquals(new ElementOrigin(7, -1), ElementOrigin.of(7, -1));
  }

  @Test
  void aProgramIsAClosedLoopUnlessItSaysOtherwise() {
    Program p = new Program() {
      @Override
      public void onStart(ProcessApi api) {}

      @Override
      public void onComplete(ProcessApi api, Completion completion) {}
    };
    assertEquals(-1, p.arrivalsBetween(0, 100));
    assertEquals(-1, p.doneAfterWarmup());
  }

  @Test
  void aNodeSetListsItsMembersBelowTheNodeCount() {
    NodeSet some = NodeSet.of(5, 1, 3, 1);
    assertArrayEquals(new int[] {1, 3}, some.members(4));
    assertArrayEquals(new int[] {1, 3}, some.members(5), "node 5 is not in a machine of 5");
    assertArrayEquals(new int[] {1, 3, 5}, some.members(6));
    assertArrayEquals(new int[] {0, 1, 2}, NodeSet.all().members(3));
    assertArrayEquals(new int[] {1, 3, 5}, some.listed());
    assertNull(NodeSet.all().listed());
    some.listed()[0] = 9;
    assertTrue(some.contains(1), "listed() is a copy");
    assertEquals(NodeSet.of(1, 3, 5), some);
    assertNotEquals(NodeSet.of(1, 3), some);
    assertEquals(NodeSet.of(1, 3, 5).hashCode(), some.hashCode());
    assertNotEquals(NodeSet.of(1, 3).hashCode(), some.hashCode());
    assertEquals("[1, 3, 5]", some.toString());
    assertEquals("all", NodeSet.all().toString());
  }

  @Test
  void countersAddUpErrorByError() {
    OpCounters a = new OpCounters();
    a.countIssued();
    a.countIssued();
    a.countCompleted(Status.DONE, 40);
    a.countCompleted(Status.FULL, 40);
    OpCounters b = new OpCounters();
    b.countRefused(Status.TIMEOUT);
    b.countIssued();
    b.countCompleted(Status.DONE, 8);
    a.add(b);
    assertEquals(4, a.issued());
    assertEquals(2, a.ok());
    assertEquals(48, a.bytesOk());
    assertEquals(1, a.errors(Status.FULL));
    assertEquals(1, a.errors(Status.TIMEOUT));
    assertEquals(Map.of("FULL", 1L, "TIMEOUT", 1L), a.errorCounts());
  }

  @Test
  void mergedRunsAddTheirEventsAndShareTheClock() {
    EngineRun merged = EngineRun.merge("parts", List.of(
        new EngineRun("a", 10, 500, true, 70, 0, 4, 3, 2, false),
        new EngineRun("b", 5, 900, false, 60, 0, 9, 1, 6, true),
        new EngineRun("c", 1, 100, false, 80, 0, 9, 2, 1, false)));
    assertEquals(new EngineRun("parts", 16, 900, true, 80, 0, 4, 6, 9, true), merged);
    assertFalse(EngineRun.merge("one", List.of(new EngineRun("a", 1, 2, false, 3, 2, false))).interrupted());
  }

  @Test
  void theLargestPacketIsAFullMtuWithItsHeaderAndOverhead() {
    FabricSpec fabric = new FabricSpec(10_000_000_000L, 1_000, 1_000, 256, 16, Switching.CUT_THROUGH,
        FlowControl.NONE, 2, 2048, true, true, FabricSpec.DEADLOCK_TIMEOUT_PS, 4, 0, 1, SwitchAllocator.MAXIMAL, "auto",
        FaultPlan.NONE);
    assertEquals(256 + 16 + 4, fabric.largestPacketBytes());
  }

  /** Far beyond 2^63 bit-picoseconds the product is exact in big integers, rounded up as below. */
  @Test
  void transferTimesOfHugeAmountsAreExactAndRoundUp() {
    assertEquals(12_000_000_000L, Rates.transferPs(1_500_000, 1_000_000_000L)); // 1.2e19: past a long's sign bit
    assertEquals(2_932_031_007_403L, Rates.transferPs(1L << 40, 3_000_000_000_000L)); // (2^43 + 1) / 3
  }
}
