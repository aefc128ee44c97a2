package io.ringfabric.trace;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.workload.PutStreamSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A trace cut to a time window still says what each slow operation was. */
class WindowedSummaryTest {
  @TempDir Path dir;

  @Test
  void theSlowestOperationsAreDescribedEvenWhenTheirDoorbellIsOutsideTheWindow() throws Exception {
    TestScenarios t = TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 8192, 256)
        .putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 3, 0, 64, 50, 0);
    boolean cutOne = false;
    for (long from = 10_000_000; from < 12_000_000; from += 300_000) { // some start mid-PUT
      Path file = dir.resolve("window-" + from + ".jsonl");
      Simulation.run(BuiltMachine.of(t.build()), "reference",
          new TraceOptions(file, TraceLevel.OPS, from, Long.MAX_VALUE, null));
      TraceSummary summary;
      try (TraceReader r = TraceReader.open(file, w -> { })) {
        summary = TraceQuery.summarize(r, 50);
      }
      assertFalse(summary.slowest().isEmpty());
      for (TraceSummary.SlowOp op : summary.slowest()) {
        assertEquals("put", op.action(), op.toString());
        assertEquals(3, op.targetNode(), op.toString());
      }
      long start = from;
      cutOne |= summary.slowest().stream().anyMatch(op -> op.t() - op.latencyPs() < start);
    }
    assertTrue(cutOne, "in some window an operation rang its doorbell before the window began");
  }
}
