package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code bench --booksim} prints from its rounds: the order of the runs, the medians, each engine's ratios. */
class BenchBookSimTest {
  private static BenchBookSim.Side from(Deque<BenchBookSim.Run> runs) {
    return runs::removeFirst;
  }

  @Test
  void bookSimGoesFirstAndLastInTurnAndTheRatiosAreRoundByRoundForEachEngine() throws Exception {
    // packets/s: BookSim2 500, 400, 1000; reference 750, 1000, 1500 (ratios 1.5, 2.5, 1.5), its
    // crossing packets/s 250, 416.7, 250 (ratios 0.5, 1.04, 0.25); actors 1500, 1000, 3000 (3.0,
    // 2.5, 3.0), crossing 500, 500, 1000 (1.0, 1.25, 1.0)
    Deque<BenchBookSim.Run> theirs = new ArrayDeque<>(List.of(
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 2.0, 2.1, "a"),
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 2.5, 2.6, "b"),
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 1.0, 1.1, "c")));
    Deque<BenchBookSim.Run> reference = new ArrayDeque<>(List.of(
        new BenchBookSim.Run("ringfabric reference", 3_000, 1_000, 4.0, 5.0, "x"),
        new BenchBookSim.Run("ringfabric reference", 3_000, 1_250, 3.0, 4.0, "y"),
        new BenchBookSim.Run("ringfabric reference", 3_000, 500, 2.0, 3.0, "z")));
    Deque<BenchBookSim.Run> actors = new ArrayDeque<>(List.of(
        new BenchBookSim.Run("ringfabric actors", 3_000, 1_000, 2.0, 3.0, "p"),
        new BenchBookSim.Run("ringfabric actors", 3_000, 1_500, 3.0, 4.0, "q"),
        new BenchBookSim.Run("ringfabric actors", 3_000, 1_000, 1.0, 2.0, "r")));
    StringWriter text = new StringWriter();
    BenchBookSim.rounds(new PrintWriter(text), 3, from(theirs), List.of(from(reference), from(actors)));
    assertEquals(List.of(
        "round simulator              delivered     run s  process s    packets/s  ev/op, fingerprint",
        "1     BookSim2                   1,000     2.000      2.100          500  a",
        "1     ringfabric reference       3,000     4.000      5.000          750  x",
        "1     ringfabric actors          3,000     2.000      3.000        1,500  p",
        "2     ringfabric actors          3,000     3.000      4.000        1,000  q",
        "2     ringfabric reference       3,000     3.000      4.000        1,000  y",
        "2     BookSim2                   1,000     2.500      2.600          400  b",
        "3     BookSim2                   1,000     1.000      1.100        1,000  c",
        "3     ringfabric reference       3,000     2.000      3.000        1,500  z",
        "3     ringfabric actors          3,000     1.000      2.000        3,000  r",
        "simulator              delivered    run s, median (range)      packets/s, median (range)",
        "BookSim2                   1,000      2.000 (1.000-2.500)                500 (400-1,000)",
        "ringfabric reference       3,000      3.000 (2.000-4.000)              1,000 (750-1,500)",
        "ringfabric actors          3,000      2.000 (1.000-3.000)            1,500 (1,000-3,000)",
        "ratio ringfabric reference/BookSim2, packets per wall second, round by round: 1.50 (1.50-2.50)",
        "the same, of its packets only those that crossed links: 0.50 (0.25-1.04)",
        "ratio ringfabric actors/BookSim2, packets per wall second, round by round: 3.00 (2.50-3.00)",
        "the same, of its packets only those that crossed links: 1.00 (1.00-1.25)"),
        text.toString().lines().toList());
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertEquals(2.5, BenchBookSim.median(new double[] {1, 2, 3, 10}));
    assertEquals(3.0, BenchBookSim.median(new double[] {1, 3, 10}));
  }
}
