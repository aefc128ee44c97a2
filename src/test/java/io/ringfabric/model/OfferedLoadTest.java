package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.ArrivalModel;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;

/** The offered and accepted load of open-loop put-streams, after the warm-up: a point of a latency-load curve. */
class OfferedLoadTest {

  /**
   * Eight open-loop producers per node of a 4x4 torus (each keeps one PUT in flight, on cores 1
   * and 2), each a request every {@code intervalPs} on average.
   */
  private static RunResult run(long intervalPs) {
    TestScenarios t = TestScenarios.torus(4, 4).credits(2, 2048).ring(NodeSet.all(), 0, 1 << 22, 64)
        .duration(200_000_000).getStream(NodeSet.all(), 0, -1, 0, 0, 1_000_000, 100_000);
    t.warmup = 50_000_000;
    PutStreamSpec closed = new PutStreamSpec(Pattern.UNIFORM, 0, 0, 64, 1_000_000, 0);
    for (int core = 1; core <= 2; core++) {
      t.group("put-stream", NodeSet.all(), core, 4, new PutStreamSpec(closed.target(), 0, closed.payload(),
          closed.ops(), 0, new ArrivalModel.Poisson(intervalPs)));
    }
    return CustomPrograms.runBuiltIn(t).result();
  }

  @Test
  void atLightLoadWhatIsOfferedIsAccepted() {
    RunResult r = run(8_000_000); // 128 producers, one request each 8 us: 16 a microsecond
    double offered = r.throughput().offeredOpsPerUs();
    double accepted = r.throughput().acceptedOpsPerUs();
    assertTrue(Math.abs(offered - 16) < 0.06 * 16, "offered " + offered + " ops/us, 16 configured");
    assertTrue(Math.abs(accepted - offered) < 0.05 * offered, accepted + " accepted of " + offered);
  }

  @Test
  void pastSaturationLessIsAcceptedThanOffered() {
    RunResult r = run(80_000); // a request each 80 ns per producer: far more than the fabric carries
    double offered = r.throughput().offeredOpsPerUs();
    double accepted = r.throughput().acceptedOpsPerUs();
    assertTrue(Math.abs(offered - 1600) < 0.02 * 1600, "offered " + offered);
    assertTrue(accepted < 0.2 * offered, accepted + " accepted of " + offered);
  }

  @Test
  void closedLoopsOfferNoLoad() {
    RunResult r = CustomPrograms.runBuiltIn(TestScenarios.torus(2, 2).ring(NodeSet.all(), 0, 4096, 64)
        .putStream(NodeSet.all(), 0, Pattern.UNIFORM, 0, 0, 64, 10, 0)).result();
    assertNull(r.throughput().offeredOpsPerUs());
    assertNull(r.throughput().acceptedOpsPerUs());
  }
}
