package io.ringfabric.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.config.RingSpec;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PutStreamSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Completions by interrupt, and arrival notifications from a ring to the process draining it. */
class NotificationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Node 0 PUTs 3 elements, 5 us apart, into node 1's ring 0, which node 1's consumer drains. */
  private static TestScenarios scenario(boolean notify, boolean interrupt) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1)
        .ring(new RingSpec(NodeSet.of(1), 0, 4096, 256, 8, NodeSet.all(), NodeSet.all(), notify));
    t.groups.add(new ProcessGroupSpec(t.groups.size(), "put-stream", NodeSet.of(0), 1, 1,
        new PutStreamSpec(PutStreamSpec.Pattern.FIXED, 1, 0, 64, 3, 5_000_000), interrupt));
    t.groups.add(new ProcessGroupSpec(t.groups.size(), "get-stream", NodeSet.of(1), 0, 1,
        new GetStreamSpec(-1, 0, 3, 0, 300_000, 0, notify), false));
    return t;
  }

  @Test
  void aCompletionByInterruptCostsNoPollsAndArrivesAnInterruptLatencyLater() throws IOException {
    Path trace = dir.resolve("irq.jsonl");
    BuiltMachine built = BuiltMachine.of(scenario(false, true).build());
    Machine m = built.machine();
    RunResult r = Simulation.run(built, "reference", new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    assertEquals(3, r.ops().get("put").ok());
    assertEquals(0, m.core(0, 1).polls(), "the producer never polled");
    List<String> lines = Files.readAllLines(trace);
    int checked = 0;
    for (String line : lines.subList(1, lines.size())) {
      JsonNode rec = JSON.readTree(line);
      if (rec.get("kind").asText().equals("completion-seen") && rec.get("op").asText().startsWith("0.")) {
        long seen = rec.get("t").asLong();
        long completed = lines.stream().skip(1).map(NotificationTest::parse)
            .filter(c -> c.get("kind").asText().equals("completed") && c.get("op").asText().equals(rec.get("op").asText()))
            .findFirst().orElseThrow().get("t").asLong();
        assertEquals(400_000, seen - completed, "timing.interrupt after the status was set");
        checked++;
      }
    }
    assertEquals(3, checked);
  }

  @Test
  void aConsumerWaitingForArrivalsWakesOncePerElementInsteadOfSpinning() {
    RunResult backoff = Simulation.run(BuiltMachine.of(scenario(false, false).build()), "reference");
    BuiltMachine built = BuiltMachine.of(scenario(true, false).build());
    Machine m = built.machine();
    RunResult notified = Simulation.run(built, "reference");
    assertEquals(3, notified.ops().get("get").ok());
    assertEquals(3, notified.module().notifications(), "one notification per element");
    long emptyNotified = notified.ops().get("get").errors().getOrDefault("EMPTY", 0L);
    long emptyBackoff = backoff.ops().get("get").errors().getOrDefault("EMPTY", 0L);
    assertTrue(emptyNotified <= 3, "at most one EMPTY before each wait: " + emptyNotified);
    assertTrue(emptyBackoff > 6, "the backing-off consumer kept asking: " + emptyBackoff);
    assertTrue(notified.cores().polls() < backoff.cores().polls());
    assertEquals(Simulation.run(BuiltMachine.of(scenario(true, false).build()), "actors").fingerprint(),
        notified.fingerprint());
  }

  @Test
  void anArrivalWakesTheWaitingProcessAnInterruptLatencyLater() throws IOException {
    Path trace = dir.resolve("arrival.jsonl");
    Simulation.run(BuiltMachine.of(scenario(true, false).build()), "reference",
        new TraceOptions(trace, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    List<JsonNode> records = Files.readAllLines(trace).stream().skip(1).map(NotificationTest::parse).toList();
    List<Long> applied = records.stream()
        .filter(r -> r.get("kind").asText().equals("applied") && r.get("op").asText().startsWith("0."))
        .map(r -> r.get("t").asLong()).toList();
    List<Long> getsAfter = records.stream()
        .filter(r -> r.get("kind").asText().equals("doorbell") && r.get("op").asText().startsWith("1.")
            && applied.stream().anyMatch(a -> r.get("t").asLong() > a))
        .map(r -> r.get("t").asLong()).toList();
    assertEquals(3, applied.size());
    for (long a : applied) {
      // the notification leaves memory as the PUT's result does; the process runs 400 ns later
      // and writes its six context registers (50 ns each) before the GET's doorbell
      assertTrue(getsAfter.contains(a + 400_000 + 6 * 50_000), "a GET " + (400_000 + 300_000)
          + " ps after the element applied at " + a + ": " + getsAfter);
    }
  }

  @Test
  void waitingForNotificationsNeedsALocalRingThatRaisesThem() {
    String base = """
        ringfabric {
          topology { kind = ring, dims = [2] }
          rings = [ { id = 0, notify = %s } ]
          workload.processes = [ { program = get-stream, source { node = %s, ring = 0 }, wait = notification } ]
        }
        """;
    ConfigException noNotify = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(base.formatted("false", "self"), "t.conf", List.of()));
    assertTrue(noNotify.problems().get(0).contains("ringfabric.workload.processes[0].wait: notification needs"
        + " ring 0 on node 0 to raise arrival notifications"), noNotify.problems().toString());
    ConfigException remote = assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(base.formatted("true", "1"), "t.conf", List.of()));
    assertTrue(remote.problems().get(0).contains("wait: notification needs the ring on the process's own node"),
        remote.problems().toString());
    ScenarioLoader.parse(base.formatted("true", "self"), "t.conf", List.of());
  }

  private static JsonNode parse(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
