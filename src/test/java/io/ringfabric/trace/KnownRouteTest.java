package io.ringfabric.trace;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.workload.PutStreamSpec;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real run's trace, followed by `trace FILE op ID`, shows the hops of the route it took. */
class KnownRouteTest {
  @TempDir Path dir;

  @Test
  void aPutAlongALineCrossesEverySwitchOnItsWayAndBack() throws Exception {
    // one PUT from node 0 to node 3 of a line: switches 0, 1, 2, 3 out and 3, 2, 1, 0 back
    TestScenarios t = TestScenarios.of("mesh", 5, 1).ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 3, 0, 64, 1, 0);
    Path file = dir.resolve("route.jsonl.gz");
    Simulation.run(BuiltMachine.of(t.build()), "actors",
        new TraceOptions(file, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    Journey journey;
    try (TraceReader r = TraceReader.open(file, w -> { })) {
      journey = TraceQuery.journey(r, "0.0.1");
    }
    List<String> received = journey.records().stream()
        .filter(rec -> rec.kind().equals(TraceRecord.Kinds.PACKET_RECEIVED))
        .map(TraceRecord::component).toList();
    assertEquals(List.of("node 0 switch", "node 1 switch", "node 2 switch", "node 3 switch", "node 3 module",
        "node 3 switch", "node 2 switch", "node 1 switch", "node 0 switch", "node 0 module"), received);
    List<String> sentPorts = journey.records().stream()
        .filter(rec -> rec.kind().equals(TraceRecord.Kinds.PACKET_SENT)).map(TraceRecord::port).toList();
    assertEquals(List.of("node 0 module -> switch", "node 0 +x -> node 1", "node 1 +x -> node 2",
        "node 2 +x -> node 3", "node 3 switch -> module", "node 3 module -> switch", "node 3 -x -> node 2",
        "node 2 -x -> node 1", "node 1 -x -> node 0", "node 0 switch -> module"), sentPorts);
    String text = journey.render(file.toString());
    assertTrue(text.contains("completion-seen"), text);
    for (int i = 1; i < journey.records().size(); i++) {
      assertTrue(journey.records().get(i).t() >= journey.records().get(i - 1).t());
    }
  }
}
