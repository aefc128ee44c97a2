package io.ringfabric.stats;

import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Simulation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The message latency broken down by pattern and by size when a scenario mixes them. */
class MessageBreakdownTest {
  @Test
  void aMixedScenarioReportsEachPatternAndSizeAndTheyAddUp() {
    var s = ScenarioLoader.parse("""
        ringfabric {
          topology { kind = torus, dims = [4, 4] }
          rings = [ { id = 0, capacity = 16KiB, max-element = 512 } ]
          workload.processes = [
            { program = get-stream, core = 0, empty-backoff = 200ns }
            { program = put-stream, core = 1, target { pattern = neighbor }, size = 64, ops = 20 }
            { program = put-stream, core = 2, target { pattern = tornado }, size = 256, ops = 20 }
          ]
        }
        """, "mix.conf", List.of());
    Map<String, LatencyRecorder.Summary> l = Simulation.run(s).latencyNs();
    long all = l.get("message").count();
    assertEquals(l.get("get").count(), all);
    assertEquals(all, l.get("message/pattern=neighbor").count() + l.get("message/pattern=tornado").count());
    assertEquals(all, l.get("message/size=64").count() + l.get("message/size=256").count());
    assertEquals(l.get("message/pattern=neighbor").count(), l.get("message/size=64").count(),
        "the neighbor producers are the 64-byte ones");
    assertTrue(l.get("message/pattern=tornado").max() > 0);
  }

  @Test
  void aScenarioWithOnePatternAndOneSizeHasNoBreakdown() {
    var s = ScenarioLoader.parse("""
        ringfabric {
          topology { kind = ring, dims = [4] }
          rings = [ { id = 0 } ]
          workload.processes = [
            { program = get-stream, core = 0 }
            { program = put-stream, core = 1, ops = 10 }
          ]
        }
        """, "one.conf", List.of());
    Map<String, LatencyRecorder.Summary> l = Simulation.run(s).latencyNs();
    assertTrue(l.get("message").count() > 0);
    assertFalse(l.keySet().stream().anyMatch(k -> k.startsWith("message/")), l.keySet().toString());
  }
}
