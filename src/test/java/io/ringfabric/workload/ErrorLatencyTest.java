package io.ringfabric.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.model.SimTime;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@code put-<status>} rows stop the clock where {@code put} does: when the module sets the
 * status, not when the process's poll or interrupt sees it.
 */
class ErrorLatencyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /**
   * The scenario: ring 0 only on node 3, which lets node 1 alone PUT into it; put-streams
   * on nodes 0 to 2 learn of their completions by interrupt (400 ns) or by polling (every 50 ns).
   * The denied PUTs' mean is the trace's completed records' (doorbell to status) to the
   * picosecond; it used to add the interrupt, or the rounding up to the next poll.
   */
  @ParameterizedTest(name = "completion = {0}")
  @ValueSource(strings = {"interrupt", "poll"})
  void aDeniedPutsLatencyRunsFromItsDoorbellToItsStatus(String completion) throws IOException {
    Path trace = dir.resolve("ops.jsonl");
    RunResult r = Simulation.run(ScenarioLoader.parse("""
        ringfabric {
          topology { kind = ring, dims = [4] }
          timing.poll-interval = 50ns
          rings = [ { id = 0, nodes = [3], put-access = [1] } ]
          workload.processes = [
            { program = put-stream, nodes = [0, 1, 2], core = 1, target { pattern = fixed, node = 3, ring = 0 },
              size = 64, ops = 10, completion = %s }
          ]
        }
        """.formatted(completion), "denied.conf", List.of()),
        new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    long denied = 0;
    long sum = 0;
    long okSum = 0;
    for (String line : Files.readAllLines(trace).subList(1, Files.readAllLines(trace).size())) {
      JsonNode rec = JSON.readTree(line);
      if (rec.get("kind").asText().equals("completed")) {
        if (rec.get("status").asText().equals("ACCESS_DENIED")) {
          denied++;
          sum += rec.get("dur").asLong();
        } else {
          okSum += rec.get("dur").asLong();
        }
      }
    }
    assertEquals(20, denied);
    assertEquals(20, r.latencyNs().get("put-access-denied").count());
    assertEquals(SimTime.toNs((double) sum / denied), r.latencyNs().get("put-access-denied").mean());
    assertEquals(SimTime.toNs((double) okSum / 10), r.latencyNs().get("put").mean(), "put, as ever");
  }
}
