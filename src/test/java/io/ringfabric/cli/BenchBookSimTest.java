package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code bench --booksim} prints from its rounds: the order of the runs, the medians, both ratios. */
class BenchBookSimTest {
  private static BenchBookSim.Side from(Deque<BenchBookSim.Run> runs) {
    return runs::removeFirst;
  }

  @Test
  void pairsAlternateWhoGoesFirstAndTheRatiosAreRoundByRound() throws Exception {
    // packets/s: BookSim2 500, 400, 1000; ringfabric 750, 1000, 1500 (ratios 1.5, 2.5, 1.5);
    // ringfabric's crossing packets/s 250, 416.7, 250 (ratios 0.5, 1.04, 0.25)
    Deque<BenchBookSim.Run> theirs = new ArrayDeque<>(List.of(
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 2.0, 2.1, "a"),
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 2.5, 2.6, "b"),
        new BenchBookSim.Run("BookSim2", 1_000, 1_000, 1.0, 1.1, "c")));
    Deque<BenchBookSim.Run> ours = new ArrayDeque<>(List.of(
        new BenchBookSim.Run("ringfabric", 3_000, 1_000, 4.0, 5.0, "x"),
        new BenchBookSim.Run("ringfabric", 3_000, 1_250, 3.0, 4.0, "y"),
        new BenchBookSim.Run("ringfabric", 3_000, 500, 2.0, 3.0, "z")));
    StringWriter text = new StringWriter();
    BenchBookSim.rounds(new PrintWriter(text), 3, from(theirs), from(ours));
    assertEquals(List.of(
        "round simulator    delivered     run s  process s    packets/s  ev/op, fingerprint",
        "1     BookSim2         1,000     2.000      2.100          500  a",
        "1     ringfabric       3,000     4.000      5.000          750  x",
        "2     ringfabric       3,000     3.000      4.000        1,000  y",
        "2     BookSim2         1,000     2.500      2.600          400  b",
        "3     BookSim2         1,000     1.000      1.100        1,000  c",
        "3     ringfabric       3,000     2.000      3.000        1,500  z",
        "simulator    delivered    run s, median (range)      packets/s, median (range)",
        "BookSim2         1,000      2.000 (1.000-2.500)                500 (400-1,000)",
        "ringfabric       3,000      3.000 (2.000-4.000)              1,000 (750-1,500)",
        "ratio ringfabric/BookSim2, packets per wall second, round by round: 1.50 (1.50-2.50)",
        "the same, of ringfabric's packets only those that crossed links: 0.50 (0.25-1.04)"),
        text.toString().lines().toList());
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertEquals(2.5, BenchBookSim.median(new double[] {1, 2, 3, 10}));
    assertEquals(3.0, BenchBookSim.median(new double[] {1, 3, 10}));
  }
}
