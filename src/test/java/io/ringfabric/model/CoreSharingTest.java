package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.Payloads;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import io.ringfabric.workload.PutStreamSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Several processes on one core share its time, each with its own context. */
class CoreSharingTest {
  private static final int OPS = 20;

  private static CustomPrograms.Run sharedCore() {
    return sharedCore(OPS);
  }

  private static CustomPrograms.Run sharedCore(int ops) {
    return CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 8192, 256)
        .group("put-stream", NodeSet.of(0), 1, 2, new PutStreamSpec(Pattern.FIXED, 2, 0, 64, ops, 0)));
  }

  private static CustomPrograms.Run twoCores() {
    return twoCores(OPS);
  }

  private static CustomPrograms.Run twoCores(int ops) {
    return CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 8192, 256)
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 2, 0, 64, ops, 0)
        .putStream(NodeSet.of(0), 2, Pattern.FIXED, 2, 0, 64, ops, 0));
  }

  @Test
  void twoPutStreamsOnOneCoreBothFinishWithEveryPutIssuedAndLandedInOrder() {
    CustomPrograms.Run run = sharedCore();
    RunResult r = run.result();
    List<Core.ProcessOutcome> outcomes = run.machine().core(0, 1).outcomes();
    assertEquals(2, outcomes.size());
    assertEquals("FINISHED", outcomes.get(0).state());
    assertEquals("FINISHED", outcomes.get(1).state());
    assertEquals(new RunResult.Ops(2 * OPS, 2 * OPS, Map.of()), r.ops().get("put"));
    MessagingModule module = run.machine().module(0);
    assertEquals(OPS, module.context(0).sequence(), "each process drives its own context");
    assertEquals(OPS, module.context(1).sequence());
    assertEquals(run.machine().layout().core(0, 1), module.context(0).ownerCore());
    assertEquals(run.machine().layout().core(0, 1), module.context(1).ownerCore());
    assertEquals(0, module.context(0).ownerProcess());
    assertEquals(1, module.context(1).ownerProcess());
    List<byte[]> stored = run.ring(2, 0).snapshot();
    assertEquals(2 * OPS, stored.size());
    long[] next = new long[2];
    for (byte[] e : stored) {
      Payloads.Stamp s = Payloads.stampOf(e);
      assertEquals(0, s.node());
      assertEquals(next[s.context()]++, s.count(), "context " + s.context() + " in order");
      assertTrue(Payloads.intact(e));
    }
    assertEquals(OPS, next[0]);
    assertEquals(OPS, next[1]);
    // the two streams overlap: while one waits for its answer, the other issues
    boolean interleaved = false;
    for (int i = 1; i < stored.size(); i++) {
      interleaved |= Payloads.stampOf(stored.get(i)).context() != Payloads.stampOf(stored.get(i - 1)).context();
    }
    assertTrue(interleaved);
  }

  @Test
  void aCoreRunningTwoProcessesTakesLongerThanTwoCoresRunningOneEach() {
    RunResult shared = sharedCore().result();
    RunResult apart = twoCores().result();
    assertEquals(apart.ops().get("put"), shared.ops().get("put"));
    assertTrue(shared.simulatedNs() > apart.simulatedNs(),
        "shared " + shared.simulatedNs() + " ns vs apart " + apart.simulatedNs() + " ns");
    // the second process on the shared core cannot even start until the OS has mapped both
    // contexts one after the other on that core (2 us each)
    assertTrue(shared.simulatedNs() - apart.simulatedNs() >= 2000,
        "shared " + shared.simulatedNs() + " ns vs apart " + apart.simulatedNs() + " ns");
    assertTrue(shared.cores().busyTimeNs() > 0);
  }

  @Test
  void sharingACoreCostsMoreWithEveryPutNotOnlyTheSerialContextMapping() {
    double previous = 0;
    for (int ops : new int[] {1, 20, 60}) {
      double extra = sharedCore(ops).result().simulatedNs() - twoCores(ops).result().simulatedNs();
      assertTrue(extra > previous, ops + " PUTs each: sharing costs " + extra + " ns more, vs " + previous);
      previous = extra;
    }
  }
}
