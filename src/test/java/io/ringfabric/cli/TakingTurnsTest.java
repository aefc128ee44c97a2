package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two threads taking turns: who goes first, strict turns, and a side that ends early. */
class TakingTurnsTest {
  /** Side {@code side}'s thread: {@code steps} times, asks for its turn and then writes down a step. */
  private static Thread side(TakingTurns turns, int side, int steps, List<String> log) {
    Runnable pacer = turns.pacer(side);
    Thread t = new Thread(() -> {
      try {
        for (int i = 0; i < steps; i++) {
          pacer.run();
          log.add((side == 0 ? "a" : "b") + i);
        }
      } finally {
        turns.done(side);
      }
    });
    t.setDaemon(true);
    return t;
  }

  private static List<String> run(int first, int stepsA, int stepsB, boolean startBFirst) throws InterruptedException {
    TakingTurns turns = new TakingTurns(0, first); // a turn at each call
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    Thread a = side(turns, 0, stepsA, log);
    Thread b = side(turns, 1, stepsB, log);
    if (startBFirst) {
      b.start();
      Thread.sleep(20); // b waits at its first call however long a takes to come
      a.start();
    } else {
      a.start();
      b.start();
    }
    a.join(60_000);
    b.join(60_000);
    assertFalse(a.isAlive() || b.isAlive(), "a side still waits for its turn: " + log);
    return List.copyOf(log);
  }

  @Test
  void theSidesTakeStrictTurnsFromTheChosenFirstWhoeverStartsFirst() throws InterruptedException {
    assertEquals(List.of("a0", "b0", "a1", "b1", "a2", "b2"), run(0, 3, 3, true));
    assertEquals(List.of("b0", "a0", "b1", "a1", "b2", "a2"), run(1, 3, 3, false));
  }

  @Test
  void aSideThatIsDoneLetsTheOtherRunOnAlone() throws InterruptedException {
    assertEquals(List.of("a0", "b0", "b1", "b2", "b3"), run(0, 1, 4, false));
    assertEquals(List.of("a0", "a1", "a2"), run(1, 3, 0, true)); // b never came: done at once
  }
}
