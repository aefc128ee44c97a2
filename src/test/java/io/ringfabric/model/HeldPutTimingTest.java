package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hold-when-full seen from the processes, answer by answer and when each comes: a PUT held behind
 * a held one waits its turn, a retry that finds the ring still full keeps its PUT held, a PUT not
 * let in is answered FULL at its limit, not before and not by a resend. Node 0's processes PUT
 * into node 1's ring of 144 bytes; node 1's consumer takes elements at set times.
 *
 * <p>Left alive in TargetSide, trace-only: the calls to the trace recorder (lines 99, 107, 157,
 * 215), whose records the trace package's TraceRecordingTest checks.
 */
class HeldPutTimingTest {
  private static final long US = 1_000_000;
  private static final long LIMIT = 30 * US;

  private record Run(Script first, Script second, Script consumer, Machine machine) {}

  private static Run run(Script first, Script second, Script consumer) {
    return run(first, second, consumer, 144, 10_000_000_000L, LIMIT);
  }

  private static Run run(Script first, Script second, Script consumer, int capacity, long duration, long limit) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.of(1), 0, capacity, 136).duration(duration);
    t.holdWhenFull = true;
    t.holdLimit = limit;
    t.timeout(100 * US, 3); // no resend comes before the hold limit: answers are the first copies'
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    t.custom(NodeSet.of(0), 2, 1);
    t.custom(NodeSet.of(1), 3, 1);
    CustomPrograms.Run r = new CustomPrograms().on(g, (n, k) -> first).on(g + 1, (n, k) -> second)
        .on(g + 2, (n, k) -> consumer).run(t, "reference");
    return new Run(first, second, consumer, r.machine());
  }

  private static byte[] bytes(int n, int fill) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) fill);
    return b;
  }

  @Test
  void aPutHeldBehindAHeldOneWaitsItsTurnAndIsAnsweredFullAtItsLimit() {
    Script first = Script.of().put(1, 0, bytes(64, 1)).put(1, 0, bytes(64, 2)).put(1, 0, bytes(64, 3));
    Script second = Script.of().sleepUntil(5 * US).put(1, 0, bytes(64, 4));
    Script consumer = Script.of().sleepUntil(20 * US).get(1, 0);
    Run r = run(first, second, consumer);
    List<Script.Done> firsts = r.first().log();
    assertEquals(List.of(Status.DONE, Status.DONE, Status.DONE), firsts.stream().map(Script.Done::status).toList());
    Script.Done third = firsts.get(2);
    assertTrue(third.seenAt() > 20 * US && third.seenAt() < 22 * US,
        "the first held PUT goes in when the GET at 20 us makes room: seen at " + third.seenAt());
    Script.Done fourth = r.second().log().get(0);
    assertEquals(Status.FULL, fourth.status(), "held behind the first, and no room came for it");
    assertTrue(fourth.latencyPs() >= LIMIT && fourth.latencyPs() < LIMIT + 2 * US,
        "answered FULL at its hold limit, not before and not by a resend: " + fourth.latencyPs() + " ps");
    assertEquals(2, r.machine().memory(1).rings().get(0).elements());
    assertEquals(2, r.machine().module(1).heldPuts());
    assertEquals(1, r.consumer().log().get(0).data()[0], "the consumer took the oldest element");
  }

  @Test
  void aRetryThatStillFindsTheRingFullKeepsThePutHeldUntilMoreRoomComes() {
    // 64-byte elements take 72-byte slots: two fill the ring; a 128-byte one needs 136 bytes, both slots
    Script first = Script.of().put(1, 0, bytes(64, 1)).put(1, 0, bytes(64, 2)).put(1, 0, bytes(128, 3));
    Script second = Script.of();
    Script consumer = Script.of().sleepUntil(10 * US).get(1, 0).sleepUntil(15 * US).get(1, 0);
    Run r = run(first, second, consumer);
    Script.Done big = r.first().log().get(2);
    assertEquals(Status.DONE, big.status());
    assertTrue(big.seenAt() > 15 * US && big.seenAt() < 17 * US,
        "one slot freed at 10 us is not room enough; both at 15 us are: seen at " + big.seenAt());
    assertEquals(1, r.machine().memory(1).rings().get(0).elements(), "only the big one is left");
    assertEquals(1, r.machine().module(1).heldPuts(), "held once, tried twice");
  }

  /**
   * First come, first served: with two 72-byte slots of a 152-byte ring taken, a 128-byte PUT is
   * held, and an empty PUT that would fit in the 8 bytes left is held behind it, not let in first;
   * both are still held when the run ends at 20 us, their records holding their payloads.
   */
  @Test
  void aPutThatWouldFitIsHeldBehindAnEarlierHeldOne() {
    Script first = Script.of().put(1, 0, bytes(64, 1)).put(1, 0, bytes(64, 2)).put(1, 0, bytes(128, 3));
    Script second = Script.of().sleepUntil(5 * US).put(1, 0, new byte[0]);
    Run r = run(first, second, Script.of(), 152, 20 * US, LIMIT);
    assertEquals(List.of(Status.DONE, Status.DONE), r.first().log().stream().map(Script.Done::status).toList());
    assertEquals(List.of(), r.second().log(), "the empty PUT is not answered: it waits behind the big one");
    assertEquals(2, r.machine().memory(1).rings().get(0).elements());
    assertEquals(2, r.machine().module(1).heldPuts());
    int[] state = r.machine().module(1).servedState();
    assertEquals(2, state[0], "one record for each of node 0's two contexts");
    assertEquals(2, state[1], "both held PUTs keep their payloads");
  }

  /** A hold limit of 0: a PUT that finds the ring full is held and answered FULL a piece of module work later. */
  @Test
  void withAHoldLimitOfZeroAPutIsAnsweredFullAtOnce() {
    Script first = Script.of().put(1, 0, bytes(64, 1)).put(1, 0, bytes(64, 2)).put(1, 0, bytes(64, 3));
    Run r = run(first, Script.of(), Script.of(), 144, 10_000_000_000L, 0);
    assertEquals(List.of(Status.DONE, Status.DONE, Status.FULL), r.first().log().stream().map(Script.Done::status).toList());
    assertEquals(1, r.machine().module(1).heldPuts());
    assertTrue(r.first().log().get(2).latencyPs() < 10 * US, "answered at once, not at a resend");
  }
}
