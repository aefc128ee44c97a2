package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimTimeTest {
  private static final String NOT_A_TIME =
      "must be a duration such as 20ns, 1.5us or 2ms (units ns, us, ms, s, m, h, d)";
  private static final String FINER = "is finer than the model's time step of one picosecond (0.001ns)";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "250ps | 250",
      "1500ns | 1500000",
      "1234.5ns | 1234500",
      "0.001ns | 1",
      "' 1500 ns ' | 1500000",
      "1.25 ns | 1250",
      "2us | 2000000",
      "2µs | 2000000",
      "2μs | 2000000",
      "3ms | 3000000000",
      "0.5s | 500000000000",
      "1m | 60000000000000",
      "1h | 3600000000000000",
      "1d | 86400000000000000",
      "3 nanoseconds | 3000",
      "2 minutes | 120000000000000",
      "20US | 20000000",
      "20Ns | 20000",
      "1e3ns | 1000000",
      "1.5E-3us | 1500",
      "+5ns | 5000",
      ".5ns | 500",
      "5.ns | 5000",
      "0ns | 0",
      "-0ns | 0",
      "9223372036854775807ps | 9223372036854775807"})
  void parsesExactPicoseconds(String text, long ps) {
    assertEquals(ps, SimTime.parse(text));
    assertEquals(ps, SimTime.parseWithUnit(text));
  }

  @Test
  void aNumberWithoutAUnitIsPicosecondsOrNeedsAUnit() {
    assertEquals(1_500_000, SimTime.parse("1500000"));
    assertEquals(1000, SimTime.parse("1e3"));
    assertEquals(0, SimTime.parseWithUnit("0"));
    assertEquals(0, SimTime.parseWithUnit("0.0"));
    SimTime.BadTime e = assertThrows(SimTime.BadTime.class, () -> SimTime.parseWithUnit("20"));
    assertEquals("a duration needs a unit (ns, us, ms, s, m, h, d), e.g. 20ns", e.reason());
    assertEquals("a duration needs a unit (ns, us, ms, s, m, h, d), e.g. 20ns, not '20'", e.getMessage());
    assertEquals("20", e.text());
    assertFalse(e.outsideClock());
  }

  @Test
  void nothingIsRounded() {
    assertBad("0.0005ns", FINER, false);
    assertBad("0.0001ns", FINER, false);
    assertBad("1.5", FINER, false);
    assertBad("1.0000001us", FINER, false);
    assertBad("-0.5ps", FINER, false);
    assertEquals(1, SimTime.parse("1.000ps"));
  }

  @Test
  void refusesWhatIsNotATime() {
    for (String bad : new String[] {"", "   ", "soon", "5 parsecs", "ns", "20 ns ns", "1 2ns", "1,5ns",
        "0x10ns", "1e99999999999ns", "20nanosecondz"}) {
      assertBad(bad, NOT_A_TIME, false);
    }
    SimTime.BadTime e = assertThrows(SimTime.BadTime.class, () -> SimTime.parse(null));
    assertEquals("", e.text());
  }

  @Test
  void refusesTimesOutsideTheClock() {
    assertBad("-5ns", "must not be negative", true);
    assertBad("-1", "must not be negative", true);
    assertBad("99999999999s", "is beyond the model's clock of about 106 days", true);
    assertBad("9223372036854775808ps", "is beyond the model's clock of about 106 days", true);
    assertBad("1000d", "is beyond the model's clock of about 106 days", true);
  }

  private static void assertBad(String text, String reason, boolean outsideClock) {
    assertBad(() -> SimTime.parse(text), text, reason, outsideClock);
    if (text.matches(".*\\p{L}.*")) { // with a unit written, needing one changes nothing
      assertBad(() -> SimTime.parseWithUnit(text), text, reason, outsideClock);
    }
  }

  private static void assertBad(Executable parse, String text, String reason, boolean outsideClock) {
    SimTime.BadTime e = assertThrows(SimTime.BadTime.class, parse, text);
    assertEquals(reason, e.reason(), text);
    assertEquals(reason + ", not '" + text + "'", e.getMessage());
    assertEquals(text, e.text());
    assertEquals(outsideClock, e.outsideClock(), text);
  }

  @Test
  void compactIsTheLargestUnitThatDividesExactly() {
    assertEquals("0ns", SimTime.compact(0));
    assertEquals("1s", SimTime.compact(1_000_000_000_000L));
    assertEquals("1500ms", SimTime.compact(1_500_000_000_000L));
    assertEquals("20us", SimTime.compact(20_000_000));
    assertEquals("200ns", SimTime.compact(200_000));
    assertEquals("0.5ns", SimTime.compact(500));
    assertEquals("0.001ns", SimTime.compact(1));
    assertEquals("1234.567ns", SimTime.compact(1_234_567));
    assertEquals("-5ns", SimTime.compact(-5000));
    assertEquals("about 106 days", SimTime.compact(Long.MAX_VALUE));
  }

  @Test
  void spacedNeverGoesPastMilliseconds() {
    assertEquals("0 ns", SimTime.spaced(0));
    assertEquals("1000 ms", SimTime.spaced(1_000_000_000_000L));
    assertEquals("20 us", SimTime.spaced(20_000_000));
    assertEquals("150 ns", SimTime.spaced(150_000));
    assertEquals("0.5 ns", SimTime.spaced(500));
    assertEquals("1234.567 ns", SimTime.spaced(1_234_567));
  }

  @Test
  void nanosecondsWithThreeDecimals() {
    assertEquals("0.000", SimTime.nsThreeDecimals(0));
    assertEquals("1.000", SimTime.nsThreeDecimals(1000));
    assertEquals("1,388.500", SimTime.nsThreeDecimals(1_388_500));
    assertEquals("0.001", SimTime.nsThreeDecimals(1));
    assertEquals("-2.250", SimTime.nsThreeDecimals(-2250));
    assertEquals("9,223,372,036,854,775.807", SimTime.nsThreeDecimals(Long.MAX_VALUE));
    assertEquals(new BigDecimal("1388.500"), SimTime.nsExact(1_388_500));
    assertEquals("0.000", SimTime.nsExact(0).toString());
  }

  @Test
  void microsecondsExactWithoutAnExponent() {
    assertEquals("0", SimTime.us(0));
    assertEquals("0.000001", SimTime.us(1));
    assertEquals("1.01", SimTime.us(1_010_000));
    assertEquals("1.234567", SimTime.us(1_234_567));
    assertEquals("1234567.890123", SimTime.us(1_234_567_890_123L));
    assertEquals("20", SimTime.us(20_000_000));
    assertEquals("-0.5", SimTime.us(-500_000));
    assertEquals("9223372036854.775807", SimTime.us(Long.MAX_VALUE));
  }

  @Test
  void reportFormatsOfNanoseconds() {
    assertEquals(1.5, SimTime.toNs(1500));
    assertEquals(1.5, SimTime.toNs(1499.6));
    assertEquals("1,388.5", SimTime.nsOneDecimal(1388.5));
    assertEquals("0.0", SimTime.nsOneDecimal(0));
    assertEquals("12.500 ns", SimTime.scaled(12.5));
    assertEquals("20.000 us", SimTime.scaled(20_000));
    assertEquals("1.500000 ms", SimTime.scaled(1_500_000));
    assertEquals("2.000000 s", SimTime.scaled(2e9));
    assertEquals("-3.000 us", SimTime.scaled(-3000));
    // each unit from its first whole one
    assertEquals("999.000 ns", SimTime.scaled(999));
    assertEquals("1.000 us", SimTime.scaled(1_000));
    assertEquals("1.000000 ms", SimTime.scaled(1_000_000));
    assertEquals("1.000000 s", SimTime.scaled(1e9));
  }

  /** Every format that keeps every picosecond reads back as the same time. */
  @Test
  void formatsParseBack() {
    Random random = new Random(11);
    for (int i = 0; i < 10_000; i++) {
      long ps = switch (i % 4) {
        case 0 -> random.nextInt(10_000);
        case 1 -> random.nextInt(1_000_000) * 1000L;
        case 2 -> random.nextLong() & Long.MAX_VALUE;
        default -> (random.nextLong() & 0xFFFF_FFFFFL) * 1_000_000L;
      };
      if (ps != Long.MAX_VALUE) {
        assertEquals(ps, SimTime.parseWithUnit(SimTime.compact(ps)), SimTime.compact(ps));
      }
      assertEquals(ps, SimTime.parse(SimTime.us(ps) + "us"), SimTime.us(ps));
      assertEquals(ps, SimTime.parse(SimTime.nsExact(ps) + " ns"));
      assertEquals(ps, SimTime.parse(SimTime.nsThreeDecimals(ps).replace(",", "") + "ns"));
      assertEquals(ps, SimTime.parse(Long.toString(ps)));
      assertTrue(SimTime.compact(ps).matches("[0-9.]+(ns|us|ms|s)|about 106 days"), SimTime.compact(ps));
    }
  }

  /** A limit past the end of the clock never comes (Long.MAX_VALUE); one that just fits is exact. */
  @Test
  void aLaterTimePastTheEndOfTheClockIsNever() {
    long end = SimTime.CLOCK_END;
    long never = Long.MAX_VALUE;
    assertEquals(never, SimTime.later(end - 10, 11));
    assertEquals(end, SimTime.later(end - 10, 10));
    assertEquals(end - 1, SimTime.later(end - 10, 9));
    assertEquals(never, SimTime.later(1_000, 3, end / 3));
    assertEquals(1_000 + 3 * ((end - 1_000) / 3), SimTime.later(1_000, 3, (end - 1_000) / 3));
    assertEquals(never, SimTime.later(54_775_808, 9_223_372_036_800_000_000L), "the issue's huge timeout");
    assertEquals(never, SimTime.later(54_775_808, 4_611_687_000_000_000_000L), "past the engines' markers");
    assertEquals(7, SimTime.later(7, 0, never), "no step at all");
    assertEquals(7 + 40, SimTime.later(7, 4, 10));
    assertEquals(3_000, SimTime.later(1_000, 2_000));
    assertEquals(never, SimTime.later(never, 0), "never stays never");
  }
}
