package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The counts of one op type, as each module keeps them and the results add them up. */
class OpCountersTest {
  @Test
  void countsAddUpAcrossModulesWithTheUnknownOutcomesKeptApart() {
    OpCounters a = new OpCounters();
    a.countIssued();
    a.countCompleted(Status.DONE, 64);
    a.countIssued();
    a.countCompleted(Status.TIMEOUT, 64);
    a.countUnknown();
    a.countRefused(Status.BUSY);
    OpCounters b = new OpCounters();
    b.countIssued();
    b.countCompleted(Status.DONE, 100);
    b.countIssued();
    b.countCompleted(Status.TIMEOUT, 0);
    b.add(a);
    assertEquals(5, b.issued());
    assertEquals(2, b.ok());
    assertEquals(164, b.bytesOk(), "the bytes of DONE actions only");
    assertEquals(2, b.errors(Status.TIMEOUT));
    assertEquals(1, b.unknown(), "one TIMEOUT had no answer at all; the other was answered");
    assertEquals(Map.of("BUSY", 1L, "TIMEOUT", 2L), b.errorCounts());
    assertEquals(1, a.unknown(), "adding leaves the other's counts alone");
    assertEquals(3, a.issued());
  }
}
