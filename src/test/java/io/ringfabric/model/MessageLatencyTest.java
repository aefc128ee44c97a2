package io.ringfabric.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import io.ringfabric.workload.PutStreamSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A message's latency runs from its PUT's doorbell to the completion of the GET that took it. */
class MessageLatencyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static List<JsonNode> records(Path trace) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(trace);
    for (String line : lines.subList(1, lines.size())) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  private static long time(List<JsonNode> records, String kind, String opPrefix) {
    for (JsonNode r : records) {
      if (r.get("kind").asText().equals(kind) && r.has("op") && r.get("op").asText().startsWith(opPrefix)) {
        return r.get("t").asLong();
      }
    }
    throw new AssertionError("no " + kind + " of " + opPrefix);
  }

  @Test
  void aSingleElementsLatencyIsItsGetCompletionMinusItsPutDoorbell() throws IOException {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(2), 1, 1);
    t.custom(NodeSet.of(0), 1, 1);
    Script producer = Script.of().put(1, 0, new byte[100]);
    Script consumer = Script.of().sleepUntil(30_000_000).get(1, 0);
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms().on(g, (n, k) -> producer).on(g + 1, (n, k) -> consumer));
    Machine m = built.machine();
    Path trace = dir.resolve("one.jsonl");
    RunResult r = Simulation.run(built, "reference", new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    List<JsonNode> records = records(trace);
    long putDoorbell = time(records, "doorbell", "2.");
    long getCompleted = time(records, "completed", "0.");
    var message = r.latencyNs().get("message");
    assertEquals(1, message.count());
    assertEquals((getCompleted - putDoorbell) / 1000.0, message.max(), 1e-9);
    assertEquals(message.max(), message.mean(), 1e-9);
    assertTrue(getCompleted - putDoorbell > 30_000_000 - 2_000_000, "it waited in the ring for the GET");
  }

  @Test
  void elementsComeOutWithTheirOwnBirthTimesInRingOrder() throws IOException {
    // two PUTs from different nodes, then two GETs: each GET's message latency belongs to its element
    TestScenarios t = TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    t.custom(NodeSet.of(2), 1, 1);
    t.custom(NodeSet.of(1), 2, 1);
    Script first = Script.of().put(1, 0, new byte[16]);
    Script second = Script.of().sleepUntil(10_000_000).put(1, 0, new byte[16]);
    Script consumer = Script.of().sleepUntil(20_000_000).get(1, 0).get(1, 0);
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms()
        .on(g, (n, k) -> first).on(g + 1, (n, k) -> second).on(g + 2, (n, k) -> consumer));
    Machine m = built.machine();
    Path trace = dir.resolve("two.jsonl");
    RunResult r = Simulation.run(built, "actors", new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    List<JsonNode> records = records(trace);
    long put1 = time(records, "doorbell", "0.");
    long put2 = time(records, "doorbell", "2.");
    long get1 = 0;
    long get2 = 0;
    for (JsonNode rec : records) {
      if (rec.get("kind").asText().equals("completed") && rec.get("op").asText().startsWith("1.")) {
        if (get1 == 0) {
          get1 = rec.get("t").asLong();
        } else {
          get2 = rec.get("t").asLong();
        }
      }
    }
    var message = r.latencyNs().get("message");
    assertEquals(2, message.count());
    assertEquals(((get1 - put1) + (get2 - put2)) / 2 / 1000.0, message.mean(), 0.001);
    assertEquals(Math.max(get1 - put1, get2 - put2) / 1000.0, message.max(), 1e-9);
  }

  @Test
  void actionsThatStartDuringTheWarmUpAreNotCounted() throws IOException {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 16384, 256)
        .putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 1, 0, 64, 40, 0);
    t.warmup = 10_000_000;
    Path trace = dir.resolve("warm.jsonl");
    RunResult r = Simulation.run(BuiltMachine.of(t.build()), "reference",
        new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    long after = records(trace).stream()
        .filter(rec -> rec.get("kind").asText().equals("doorbell") && rec.get("t").asLong() >= 10_000_000)
        .count();
    assertTrue(after > 0 && after < 40, "some PUTs started before, some after: " + after);
    assertEquals(after, r.ops().get("put").issued());
    assertEquals(after, r.ops().get("put").ok());
    assertEquals(after, r.latencyNs().get("put").count());
  }

  /**
   * One rule for every latency: a sample counts if its interval began after the warm-up. Twenty
   * PUTs all ring before the 50 us warm-up ends; a slow consumer takes twelve of their elements
   * after it. The GETs count (their doorbells ring after it) but the messages, which began at the
   * PUTs' doorbells, do not: it used to say "put issued 0" and "message count 12".
   */
  @Test
  void aMessageWhosePutRangInTheWarmUpIsNotCounted() {
    RunResult r = Simulation.run(io.ringfabric.config.ScenarioLoader.parse("""
        ringfabric {
          topology { kind = ring, dims = [2] }
          warmup = 50us
          rings = [ { id = 0, nodes = [1], capacity = 64KiB, max-element = 256 } ]
          workload.processes = [
            { program = put-stream, nodes = [0], core = 1, target { pattern = fixed, node = 1, ring = 0 }, size = 64, ops = 20 }
            { program = get-stream, nodes = [1], core = 0, source { node = self, ring = 0 }, think = 5us, idle-limit = 10 }
          ]
        }
        """, "warm.conf", List.of()));
    assertEquals(0, r.ops().get("put").issued());
    assertEquals(12, r.ops().get("get").ok());
    assertEquals(12, r.latencyNs().get("get").count());
    assertEquals(0, r.latencyNs().containsKey("message") ? r.latencyNs().get("message").count() : 0);
  }
}
