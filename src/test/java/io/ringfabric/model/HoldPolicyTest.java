package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import java.util.List;
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

  /**
   * The scenario: node 1 PUTs three 600-byte elements (608-byte slots), node 2 five of 64
   * bytes (72-byte slots), into one 1024-byte ring nobody reads. By hand: the first big one goes
   * in, leaving 416 bytes; the other two can never fit; the five small ones (360 bytes) all fit.
   * So the best any policy can do is 6 DONE, 2 FULL and 968 bytes in the ring, which nack does at
   * once. With hold the small PUTs wait behind the big ones, and go in when each big one's limit
   * comes; they used to wait behind an expired one for their own limit: 4 DONE, FULL 4, 824 bytes.
   */
  private static final String BEHIND_AN_EXPIRING_PUT = """
      ringfabric {
        topology { kind = torus, dims = [4, 4] }
        module { ring-full = %s, hold-limit = 20us }
        rings = [ { id = 0, nodes = [0], capacity = 1024, max-element = 600 } ]
        workload.processes = [
          { program = put-stream, nodes = [1], core = 1, target { pattern = fixed, node = 0, ring = 0 }, size = 600, ops = 3 }
          { program = put-stream, nodes = [2], core = 1, target { pattern = fixed, node = 0, ring = 0 }, size = 64, ops = 5, think = 2us }
        ]
      }
      """;

  @Test
  void aPutQueuedBehindOneWhoseLimitCameIsTriedAtOnceSoHoldDoesAsWellAsNack() {
    for (String policy : new String[] {"nack", "hold"}) {
      BuiltMachine built = BuiltMachine.of(
          ScenarioLoader.parse(BEHIND_AN_EXPIRING_PUT.formatted(policy), "t.conf", List.of()));
      TraceLines trace = new TraceLines();
      built.machine().module(0).attachRecorder(trace);
      RunResult r = Simulation.run(built, "reference");
      assertEquals(new RunResult.Ops(8, 6, Map.of("FULL", 2L)), r.ops().get("put"), policy);
      RingBuffer ring = built.machine().memory(0).rings().get(0);
      assertEquals(968, ring.usedBytes(), policy);
      assertEquals(6, ring.elements(), policy);
      if (policy.equals("hold")) {
        assertEquals(List.of("1.0.2 FULL: held, no room came within the hold limit",
            "1.0.3 FULL: held, no room came within the hold limit"), trace.refusals,
            "a PUT whose hold limit came is refused in the trace like any other");
        assertTrue(r.latencyNs().get("put").max() > 20_000, "the small PUTs waited behind the big ones");
      }
    }
  }

  /**
   * The incast with confirmations: fifteen producers into one small ring, held PUTs whose
   * 50 us hold limit is far past their initiators' last deadline (two 5 us timeouts). A held PUT is
   * answered FULL by that deadline, so no action ends TIMEOUT and none is applied after its
   * initiator gave up on it; the run used to end in "got a ring result for action 9.0.1 it has no
   * record of" (exit 1).
   */
  @Test
  void heldPutsWithConfirmationsEndByTheirInitiatorsLastDeadlineExactlyOnce() {
    String incast = """
        ringfabric {
          topology { kind = torus, dims = [4, 4] }
          module { ring-full = hold, hold-limit = 50us, timeout = 5us, retries = 1, confirmations = 2 }
          rings = [ { id = 0, nodes = [0], capacity = 1024, max-element = 256 } ]
          workload.processes = [
            { program = put-stream, nodes = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15], core = 1,
              target { pattern = fixed, node = 0, ring = 0 }, size = 200, ops = 20 }
            { program = get-stream, nodes = [0], core = 0, source { node = self, ring = 0 }, empty-backoff = 30us, idle-limit = 50 }
          ]
        }
        """;
    String fingerprint = null;
    for (String engine : new String[] {"reference", "actors"}) {
      RunResult r = Simulation.run(
          BuiltMachine.of(ScenarioLoader.parse(incast, "t.conf", List.of())), engine);
      RunResult.Ops puts = r.ops().get("put");
      assertEquals(300, puts.issued());
      assertEquals(Map.of("FULL", puts.issued() - puts.ok()), puts.errors(), "every PUT DONE or FULL, none TIMEOUT");
      assertEquals(147, puts.ok(), "hold lets in far more than nack's 28");
      assertEquals(puts.ok(), r.ops().get("get").ok() + r.rings().elementsRemaining(), "each DONE PUT in once");
      assertEquals(0, r.integrity().corrupt() + r.integrity().outOfOrder());
      assertEquals(16, r.processes().finished(), "every producer and the consumer");
      if (fingerprint != null) {
        assertEquals(fingerprint, r.fingerprint(), "both engines agree");
      }
      fingerprint = r.fingerprint();
    }
  }

  @Test
  void bothEnginesAgreeOnHeldPuts() {
    for (long limit : new long[] {1_000_000, 30_000_000}) {
      assertEquals(run(true, limit, "reference").result().fingerprint(),
          run(true, limit, "actors").result().fingerprint());
    }
  }
}
