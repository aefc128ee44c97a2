package io.ringfabric.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.model.CustomPrograms;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;

/** What a producer does with a PUT answered FULL: drop it, or send it again until it is DONE. */
class OnFullTest {
  private static final int PRODUCERS = 7;
  private static final int OPS = 40;

  /** Seven producers PUT into node 0's small ring, which one slow consumer drains. */
  private static RunResult run(boolean retry) {
    PutStreamSpec closed = new PutStreamSpec(Pattern.FIXED, 0, 0, 128, OPS, 0);
    TestScenarios t = TestScenarios.torus(4, 2).ring(NodeSet.of(0), 0, 1024, 128)
        .duration(1_000_000_000L)
        .getStream(NodeSet.of(0), 0, -1, 0, 0, 100_000, 1_000_000)
        .group("put-stream", NodeSet.of(1, 2, 3, 4, 5, 6, 7), 1, 1, new PutStreamSpec(closed.target(), 0,
            closed.payload(), OPS, 0, ArrivalModel.CLOSED, retry, 500_000));
    return CustomPrograms.runBuiltIn(t).result();
  }

  @Test
  void droppedPutsAreCountedAndTheirLatencyKeptApart() {
    RunResult r = run(false);
    long full = r.ops().get("put").errors().getOrDefault("FULL", 0L);
    assertTrue(full > 0, "the ring filled up: " + r.ops());
    assertEquals(PRODUCERS * OPS, r.ops().get("put").issued(), r.processes().toString());
    assertEquals(PRODUCERS * OPS - full, r.ops().get("put").ok());
    assertEquals(full, r.latencyNs().get("put-full").count(), "each FULL's latency is in put-full");
    assertEquals(r.ops().get("put").ok(), r.latencyNs().get("put").count(), "put holds DONE only");
    assertTrue(r.latencyNs().get("put-full").mean() < r.latencyNs().get("put").mean(),
        "a FULL is answered sooner than a PUT is applied, which is why they are kept apart");
  }

  @Test
  void retriedPutsAllEndDoneAndNoneIsWrittenTwice() {
    RunResult r = run(true);
    long full = r.ops().get("put").errors().getOrDefault("FULL", 0L);
    assertTrue(full > 0, "the ring filled up: " + r.ops());
    assertEquals(PRODUCERS * OPS, r.ops().get("put").ok(), "every element got in in the end");
    assertEquals(PRODUCERS * OPS + full, r.ops().get("put").issued(), "one more PUT for each FULL");
    assertEquals(PRODUCERS * OPS, r.latencyNs().get("request").count(), "one request per element");
    assertTrue(r.latencyNs().get("request").max() > r.latencyNs().get("put").max(),
        "a request's latency runs over its FULLs and backoffs to its last PUT");
    assertEquals(PRODUCERS * OPS, r.ops().get("get").ok(), "the consumer took each element once");
    assertEquals(0, r.integrity().corrupt());
    assertFalse(r.integrity().checked() == 0);
  }
}
