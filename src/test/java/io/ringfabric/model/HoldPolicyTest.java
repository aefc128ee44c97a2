package io.ringfabric.model;

import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code module.ring-full}: nack answers FULL at once; hold keeps the PUT until a GET makes room
 * or the hold limit passes.
 */
class HoldPolicyTest {
  /**
   * Node 0 PUTs three 64-byte elements into node 1's ring, which has room for two (72-byte
   * slots in 144 bytes); node 1 takes one element at 20 us.
   */
  private static Run run(boolean hold, long holdLimitPs, String engine) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.of(1), 0, 144, 64)
        .putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 1, 0, 64, 3, 0);
    t.holdWhenFull = hold;
    t.holdLimit = holdLimitPs;
    int g = t.nextGroup();
    t.custom(NodeSet.of(1), 2, 1);
    Script consumer = Script.of().sleepUntil(20_000_000).get(1, 0);
    CustomPrograms.Run r = new CustomPrograms().on(g, (n, k) -> consumer).run(t, engine);
    return new Run(r.result(), r.machine(), consumer);
  }

  private record Run(RunResult result, Machine machine, Script consumer) {}

  @Test
  void nackAnswersFullAtOnce() {
    Run r = run(false, 0, "reference");
    assertEquals(new RunResult.Ops(3, 2, Map.of("FULL", 1L)), r.result().ops().get("put"));
    assertTrue(r.result().latencyNs().get("put").max() < 2_000, "no PUT waited");
  }

  @Test
  void holdKeepsThePutUntilAGetMakesRoom() {
    Run r = run(true, 30_000_000, "reference");
    assertEquals(new RunResult.Ops(3, 3, Map.of()), r.result().ops().get("put"));
    assertEquals(1, r.machine().module(1).heldPuts());
    assertEquals(2, r.machine().memory(1).rings().get(0).elements(), "the held PUT went in after the GET");
    assertTrue(r.result().latencyNs().get("put").max() > 14_000, "the third PUT waited for room: "
        + r.result().latencyNs().get("put").max());
    assertEquals(r.result().ops().get("put").ok(), r.result().ops().get("get").ok()
        + r.result().rings().elementsRemaining());
  }

  @Test
  void holdAnswersFullWhenTheLimitComesFirst() {
    Run r = run(true, 1_000_000, "reference");
    assertEquals(new RunResult.Ops(3, 2, Map.of("FULL", 1L)), r.result().ops().get("put"));
    assertEquals(1, r.machine().module(1).heldPuts());
    assertEquals(1, r.machine().memory(1).rings().get(0).elements());
  }

  @Test
  void bothEnginesAgreeOnHeldPuts() {
    for (long limit : new long[] {1_000_000, 30_000_000}) {
      assertEquals(run(true, limit, "reference").result().fingerprint(),
          run(true, limit, "actors").result().fingerprint());
    }
  }
}
