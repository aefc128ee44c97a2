package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A link's faults on their own: when they apply, and the fates and flipped bits drawn for its packets.
 *
 * <p>Left alive: in Link.next, {@code u < drop} and {@code u < drop + corrupt} as {@code <=} (line
 * 104). They differ only for a draw exactly equal to a rate, one 53-bit value in 2^53, and then
 * for that one packet; no run can be expected to meet it, so no test can show it.
 */
class FaultPlanTest {
  private static FaultPlan.Link link(boolean down, double drop, double corrupt) {
    return new FaultPlan(42, List.of(new FaultPlan.LinkFault(3, 2, 100, 200, down, drop, corrupt))).on(3, 2);
  }

  @Test
  void aFaultAppliesFromItsStartUpToItsEndOnItsOwnLink() {
    FaultPlan.LinkFault f = new FaultPlan.LinkFault(3, 2, 100, 200, true, 0, 0);
    assertEquals(List.of(false, true, true, false), List.of(f.during(99), f.during(100), f.during(199), f.during(200)));
    FaultPlan.Link down = link(true, 0, 0);
    assertEquals(List.of(FaultPlan.Fate.DELIVERED, FaultPlan.Fate.LOST_ON_DOWN_LINK, FaultPlan.Fate.DELIVERED),
        List.of(down.next(99), down.next(150), down.next(200)));
    assertTrue(down.down(100));
    assertFalse(down.down(200));
    assertNull(new FaultPlan(42, List.of(new FaultPlan.LinkFault(3, 2, 100, 200, true, 0, 0))).on(3, 1));
    assertTrue(FaultPlan.NONE.isEmpty());
    assertFalse(new FaultPlan(1, List.of(new FaultPlan.LinkFault(-1, 0, 0, 1, false, 0.1, 0))).isEmpty());
  }

  @Test
  void certainLossOrDamageHappensToEveryPacketAndNoneOutsideItsTime() {
    FaultPlan.Link lossy = link(false, 1.0, 0);
    FaultPlan.Link damaging = link(false, 0, 1.0);
    FaultPlan.Link harmless = link(false, 0, 0);
    for (long t = 100; t < 200; t += 10) {
      assertEquals(FaultPlan.Fate.DROPPED, lossy.next(t));
      assertEquals(FaultPlan.Fate.CORRUPTED, damaging.next(t));
      assertEquals(FaultPlan.Fate.DELIVERED, harmless.next(t));
    }
    assertEquals(FaultPlan.Fate.DELIVERED, lossy.next(200));
    assertEquals(FaultPlan.Fate.DELIVERED, damaging.next(99));
  }

  /** Pinned draws: the same seed gives every run, on either engine and in any version, the same faults. */
  @Test
  void theDrawsOfASeedAreAlwaysTheSame() {
    FaultPlan.Link half = new FaultPlan(42, List.of(new FaultPlan.LinkFault(3, 2, 0, Long.MAX_VALUE, false, 0.5, 0.25)))
        .on(3, 2);
    List<FaultPlan.Fate> fates = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      fates.add(half.next(i));
    }
    FaultPlan.Fate dropped = FaultPlan.Fate.DROPPED;
    FaultPlan.Fate delivered = FaultPlan.Fate.DELIVERED;
    assertEquals(List.of(dropped, dropped, delivered, dropped, dropped, dropped, dropped, dropped, delivered, dropped,
        dropped, dropped), fates);
    FaultPlan.Link damaging = new FaultPlan(42, List.of(new FaultPlan.LinkFault(3, 2, 0, Long.MAX_VALUE, false, 0, 1.0)))
        .on(3, 2);
    List<Integer> bits = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      damaging.next(i);
      bits.add(damaging.flippedBit(800));
    }
    assertEquals(List.of(85, 733, 770, 542, 215, 454), bits);
  }
}
