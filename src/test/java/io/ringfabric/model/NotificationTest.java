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
import io.ringfabric.workload.ElementCheck;
import io.ringfabric.workload.GetStream;
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

  /** Runs a scenario written in HOCON on the reference engine. */
  private static CustomPrograms.Run run(String hocon) {
    BuiltMachine built = BuiltMachine.of(ScenarioLoader.parse(hocon, "t.conf", List.of()));
    return new CustomPrograms.Run(built.machine(), Simulation.run(built, "reference"));
  }

  /**
   * Node 0 PUTs {@code ops} elements of 64 B, {@code think} apart, into node 1's notifying ring
   * 0; node 1 runs the consumers of {@code consumer} (a get-stream entry's keys).
   */
  private static String producerAnd(int ops, String think, String consumer) {
    return """
        ringfabric {
          topology { kind = mesh, dims = [2, 1] }
          rings = [ { id = 0, nodes = [1], capacity = 16KiB, notify = true } ]
          workload.processes = [
            { program = put-stream, nodes = [0], core = 1, target { pattern = fixed, node = 1, ring = 0 }, size = 64, ops = %d, think = %s }
            { program = get-stream, nodes = [1], core = 0, source { node = self, ring = 0 }, wait = notification, %s }
          ]
        }
        """.formatted(ops, think, consumer);
  }

  @Test
  void everyConsumerWaitingOnARingIsNotifiedAndTogetherTheyDrainIt() {
    CustomPrograms.Run run = run(producerAnd(40, "2us", "count = 2, ops = 20, idle-limit = 0"));
    RunResult r = run.result();
    assertEquals(40, r.ops().get("put").ok());
    assertEquals(40, r.ops().get("get").ok(), "each consumer took its 20");
    assertEquals(0, r.rings().elementsRemaining());
    assertEquals(0, r.processes().unfinished());
    assertEquals("FINISHED", run.outcome(1, 0, 0).state());
    assertEquals("FINISHED", run.outcome(1, 0, 1).state());
  }

  @Test
  void anArrivalNotifiesEveryWaitingConsumerInTheOrderOfTheirProcesses() {
    String hocon = """
        ringfabric {
          topology { kind = mesh, dims = [2, 1] }
          rings = [ { id = 0, nodes = [1], notify = true } ]
          workload.processes = [
            { program = get-stream, nodes = [1], core = 1, count = 3, source { node = self, ring = 0 }, wait = notification, ops = 1, idle-limit = 0 }
            { program = put-stream, nodes = [0], core = 0, target { pattern = fixed, node = 1, ring = 0 }, size = 64, ops = 3, think = 20us }
          ]
        }
        """;
    CustomPrograms.Run run = run(hocon);
    // The OS maps the three consumers 2 us apart (the last at 6 us), so process 0's first GET
    // finds the first element already there; the second element wakes the other two, and the
    // one notified first, process 1, takes it; process 2 takes the third
    long first = run.outcome(1, 1, 0).endedAt();
    long second = run.outcome(1, 1, 1).endedAt();
    long third = run.outcome(1, 1, 2).endedAt();
    assertTrue(first < 10_000_000 && second > 20_000_000 && second < 40_000_000 && third > 40_000_000,
        first + " " + second + " " + third);
    assertEquals(0, run.result().processes().unfinished());
    assertEquals(0 + 2 + 1, run.result().module().notifications(), "each arrival notifies every consumer waiting");
  }

  @Test
  void aNotifiedConsumerWithAnIdleLimitEndsOnceTheProducersStop() {
    CustomPrograms.Run run = run(producerAnd(10, "5us", "idle-limit = 3, empty-backoff = 2us"));
    long lastPutDone = run.outcome(0, 1, 0).endedAt() - 5_000_000; // the producer thinks 5 us, then ends
    RunResult r = run.result();
    assertEquals(10, r.ops().get("get").ok());
    assertEquals(0, r.processes().unfinished());
    Core.ProcessOutcome consumer = run.outcome(1, 0, 0);
    assertEquals("FINISHED", consumer.state());
    // after the last element, three EMPTY answers: the first ends a drain, the other two each
    // follow a wait of empty-backoff that no arrival cut short
    long idle = consumer.endedAt() - lastPutDone;
    assertTrue(idle > 2 * 2_000_000 && idle < 2 * 2_000_000 + 5_000_000, "idle for " + idle + " ps");
  }

  @Test
  void anArrivalWhileTheConsumerDrainsTheRingDoesNotWakeItLaterIntoAnEmptyRing() {
    // nodes 0 and 2 PUT at the same moments, so elements come in pairs, 20 us apart: the first of
    // a pair wakes the consumer, and the second comes while it GETs the first; a wait of 1 ms
    // never ends by its limit here, so a wait that ends without an element is a stale wake
    String hocon = """
        ringfabric {
          topology { kind = mesh, dims = [3, 1] }
          rings = [ { id = 0, nodes = [1], capacity = 16KiB, notify = true } ]
          workload.processes = [
            { program = put-stream, nodes = [0, 2], core = 1, target { pattern = fixed, node = 1, ring = 0 }, size = 64, ops = 10, think = 20us }
            { program = get-stream, nodes = [1], core = 0, source { node = self, ring = 0 }, wait = notification, ops = 20, idle-limit = 2, empty-backoff = 1ms }
          ]
        }
        """;
    RunResult r = run(hocon).result();
    assertEquals(20, r.ops().get("get").ok(), "no two EMPTY answers in a row ended the consumer early");
    assertEquals(0, r.rings().elementsRemaining());
    long empty = r.ops().get("get").errors().getOrDefault("EMPTY", 0L);
    assertEquals(10, empty, "one EMPTY after each pair");
    assertEquals(empty, r.module().notifications(), "one notification per EMPTY, each followed by an element");
  }

  /** A get-stream that counts the wakes by an arrival whose next GET found the ring EMPTY. */
  private static final class StaleWakes implements Program {
    final GetStream inner;
    boolean wokenByArrival;
    int wakes;
    int stale;

    StaleWakes(GetStreamSpec spec) {
      inner = new GetStream(spec, new ElementCheck());
    }

    @Override
    public void onStart(ProcessApi api) {
      inner.onStart(api);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      if (wokenByArrival && c.status() == Status.EMPTY) {
        stale++;
      }
      wokenByArrival = false;
      inner.onComplete(api, c);
    }

    @Override
    public void onWake(ProcessApi api) {
      inner.onWake(api);
    }

    @Override
    public void onArrival(ProcessApi api, int ring) {
      wokenByArrival = true;
      wakes++;
      inner.onArrival(api, ring);
    }
  }

  @Test
  void anArrivalDuringAGetMadeAfterAWaitsLimitDoesNotWakeTheConsumerLaterIntoAnEmptyRing() {
    // the consumer's waits end by their limit at every phase against the producer's arrivals,
    // so some arrivals come while the GET made at a limit is on its way and takes them
    int stale = 0;
    long arrivalsDuringAGet = 0;
    for (long limit = 200_000; limit <= 2_000_000; limit += 20_000) {
      TestScenarios t = scenario(true, false);
      GetStreamSpec spec = new GetStreamSpec(-1, 0, 3, 1000, limit, 0, true);
      t.groups.set(1, new ProcessGroupSpec(1, "get-stream", NodeSet.of(1), 0, 1, spec, false));
      StaleWakes consumer = new StaleWakes(spec);
      CustomPrograms.Run run = new CustomPrograms().on(1, (node, i) -> consumer).run(t);
      assertEquals(3, run.result().ops().get("get").ok());
      stale += consumer.stale;
      arrivalsDuringAGet += run.result().module().notifications() - consumer.wakes;
    }
    assertTrue(arrivalsDuringAGet > 0, "some arrivals came while a GET was on its way");
    assertEquals(0, stale, "wakes by an arrival whose GET found the ring EMPTY");
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
