package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ringfabric.run.Bench;
import org.junit.jupiter.api.Test;

/** The line a measuring JVM prints for its parent: every field of a measurement, by position. */
class BenchCommandTest {
  @Test
  void aMeasurementComesBackFromItsLineFieldForField() {
    Bench.Measurement m = new Bench.Measurement(256, "reference", 14_517_395L, 6.235, 5.875, 2_328_260.5,
        8_387, 1_730.9, 1_066_958L, 533_479L, 400_000L, 516L << 20, 107L << 20, 4_194_304L,
        "9572d158633261eb86b6e26674cd96b4");
    String line = BenchCommand.encode(m);
    assertEquals(m, BenchCommand.decode(line));
    assertEquals(15, line.split(" ").length, line);
  }
}
