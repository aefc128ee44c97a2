package io.ringfabric.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {
  private static List<String> labels(Axis a) {
    return a.ticks().stream().map(Axis.Tick::label).toList();
  }

  @Test
  void ninesGiveEachNineOfTheTailTheSameRoom() {
    Axis a = Axis.nines("percentile", 4);
    assertEquals(List.of("0%", "90%", "99%", "99.9%", "99.99%"), labels(a));
    assertEquals(0, Axis.ninesOf(0), 1e-12);
    assertEquals(1, Axis.ninesOf(90), 1e-12);
    assertEquals(3, Axis.ninesOf(99.9), 1e-9);
    assertEquals(Math.log10(2), Axis.ninesOf(50), 1e-12);
    // 0 at the left edge, 4 nines at the right, each nine a quarter of the way.
    assertEquals(100, a.at(0, 100, 500), 1e-9);
    assertEquals(300, a.at(2, 100, 500), 1e-9);
    assertEquals(500, a.at(4, 100, 500), 1e-9);
  }

  @Test
  void linearTicksFallOnRoundValuesFromZeroToAtLeastTheTop() {
    Axis a = Axis.linear("latency (ns)", 0, 2438.8);
    assertEquals(List.of("0", "500", "1,000", "1,500", "2,000", "2,500"), labels(a));
    assertEquals(0, a.min());
    assertEquals(2500, a.max());
    assertFalse(a.log());
    // On an axis that reaches 10,000 or a million, labels count thousands or millions.
    assertEquals(List.of("0", "5k", "10k", "15k"), labels(Axis.linear("ns", 0, 12_545.6)));
    assertEquals(List.of("0", "0.5M", "1.0M", "1.5M", "2.0M", "2.5M"), labels(Axis.linear("events", 0, 2_200_000)));
    assertEquals(List.of("0", "0.05", "0.10", "0.15", "0.20"), labels(Axis.linear("share", 0, 0.2)));
    // Nothing to show: still an axis with a span.
    Axis flat = Axis.linear("errors", 0, 0);
    assertTrue(flat.max() > flat.min());
  }

  @Test
  void logTicksArePowersOfTenWithTwoAndFiveWhenTheSpanIsShort() {
    Axis wide = Axis.log("ns", 663, 58_402.8);
    assertEquals(100, wide.min());
    assertEquals(100_000, wide.max());
    assertTrue(wide.log());
    assertEquals(List.of("100", "1,000", "10k", "100k"), labels(wide));
    assertEquals(List.of("100", "200", "500", "1,000", "2,000", "5,000", "10k"), labels(Axis.log("ns", 150, 9_000)));
    assertFalse(wide.holds(0));
    assertEquals(50, wide.at(1000, 0, 150), 1e-9);
  }

  @Test
  void timeIsWrittenInTheUnitOfItsSpan() {
    Axis ms = Axis.time("simulated time", 2_481_500);
    assertEquals("simulated time (ms)", ms.title());
    assertEquals(List.of("0", "0.5", "1.0", "1.5", "2.0", "2.5"), labels(ms));
    assertEquals(2_500_000, ms.max(), 1e-6);
    assertEquals("simulated time (us)", Axis.time("simulated time", 20_000).title());
    assertEquals("simulated time (ns)", Axis.time("simulated time", 800).title());
  }

  @Test
  void categoriesSitInTheMiddleOfTheirSlots() {
    Axis a = Axis.categories("fabric.mtu", List.of("128", "256", "512"));
    assertEquals(List.of("128", "256", "512"), labels(a));
    assertEquals(50, a.at(0, 0, 300), 1e-9);
    assertEquals(250, a.at(2, 0, 300), 1e-9);
    // Many values: every k-th is written, so the labels do not run into each other.
    List<String> many = java.util.stream.IntStream.range(0, 30).mapToObj(Integer::toString).toList();
    assertEquals(List.of("0", "3", "6", "9", "12", "15", "18", "21", "24", "27"),
        labels(Axis.categories("n", many)));
  }

  @Test
  void roundUpGivesOneTwoOrFiveTimesAPowerOfTen() {
    assertEquals(0.1, Axis.roundUp(0.06), 1e-12);
    assertEquals(0.5, Axis.roundUp(0.456), 1e-12);
    assertEquals(2, Axis.roundUp(2), 1e-12);
    assertEquals(0.02, Axis.roundUp(0.0123), 1e-12);
  }
}
