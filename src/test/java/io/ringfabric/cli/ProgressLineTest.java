package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The progress line says where the run is in simulated time, how fast it goes and how long is left. */
class ProgressLineTest {

  @Test
  void aLineSaysTimeReachedPercentRateWallTimeAndTimeLeft() {
    assertEquals("1.250000 ms of 10 ms (12%), 1.51 M events/s, 42 s, about 4 min 54 s left",
        ProgressLine.line(1_250_000_000L, 10_000_000_000L, 63_420_000, 42));
  }

  @Test
  void beforeAnySimulatedTimeThereIsNoEstimate() {
    assertEquals("0.000 ns of 20 us (0%), 0.00 M events/s, 3 s", ProgressLine.line(0, 20_000_000, 0, 3));
  }

  @Test
  void wallTimesReadAsSecondsMinutesOrHours() {
    assertEquals("59 s", ProgressLine.wall(59.4));
    assertEquals("1 min 0 s", ProgressLine.wall(60));
    assertEquals("2 h 5 min", ProgressLine.wall(2 * 3600 + 5 * 60 + 59));
  }
}
