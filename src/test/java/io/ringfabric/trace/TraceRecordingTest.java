package io.ringfabric.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.ActorEngine;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.model.FaultPlan;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a run records: every operation's stages in order, the same bytes on every engine. */
class TraceRecordingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> STAGES = List.of(TraceRecord.Kinds.DOORBELL,
      TraceRecord.Kinds.REQUEST_SENT, TraceRecord.Kinds.REQUEST_ARRIVED, "applied|refused",
      TraceRecord.Kinds.RESPONSE_SENT, TraceRecord.Kinds.RESPONSE_ARRIVED,
      TraceRecord.Kinds.COMPLETED, TraceRecord.Kinds.COMPLETION_SEEN);

  @TempDir Path dir;

  /** Contention (FULL, EMPTY), a missing node and a missing ring, multi-packet PUTs. */
  private static Scenario scenario() {
    return TestScenarios.torus(3, 3).seed(4)
        .ring(NodeSet.all(), 0, 1024, 400)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 6, 300_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 300, 15, 0)
        .putStream(NodeSet.all(), 2, Pattern.NEIGHBOR, 0, 0, 48, 15, 0)
        .putStream(NodeSet.of(4), 3, Pattern.FIXED, 99, 0, 16, 3, 0)
        .putStream(NodeSet.of(5), 3, Pattern.FIXED, 1, 7, 16, 3, 0)
        .build();
  }

  private Path trace(String name, String engine, TraceLevel level, long from, long to, NodeSet nodes) {
    Path file = dir.resolve(name);
    Simulation.run(BuiltMachine.of(scenario()), engine, new TraceOptions(file, level, from, to, nodes));
    return file;
  }

  private static List<String> lines(Path file) throws IOException {
    InputStream raw = Files.newInputStream(file);
    try (InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  private static List<JsonNode> records(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    List<String> lines = lines(file);
    for (String line : lines.subList(1, lines.size())) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  @Test
  void everyOperationHasItsStagesInTimeOrderAndErrorsCarryTheirCode() throws IOException {
    Path file = trace("ops.jsonl", ActorEngine.NAME, TraceLevel.OPS, 0, Long.MAX_VALUE, null);
    List<JsonNode> records = records(file);
    JsonNode header = JSON.readTree(lines(file).get(0));
    assertEquals(1, header.get("ringfabric-trace").asInt());
    assertEquals("ops", header.get("level").asText());
    assertEquals(9, header.get("nodes").asInt());
    Map<String, List<JsonNode>> byOp = new TreeMap<>();
    long lastT = 0;
    for (JsonNode r : records) {
      assertTrue(r.get("t").asLong() >= lastT, "records in time order");
      lastT = r.get("t").asLong();
      assertFalse(r.get("kind").asText().startsWith("packet"), "no packet records at level ops");
      if (r.has("op")) {
        byOp.computeIfAbsent(r.get("op").asText(), k -> new ArrayList<>()).add(r);
      }
    }
    int noSuchNode = 0;
    int refused = 0;
    for (Map.Entry<String, List<JsonNode>> op : byOp.entrySet()) {
      List<JsonNode> stages = op.getValue();
      String completed = status(stages, TraceRecord.Kinds.COMPLETED);
      if ("NO_SUCH_NODE".equals(completed)) {
        noSuchNode++;
        assertEquals(List.of("doorbell", "completed", "completion-seen"), kinds(stages), op.getKey());
        continue;
      }
      List<String> kinds = kinds(stages);
      assertEquals(STAGES.size(), kinds.size(), op.getKey() + " " + kinds);
      for (int i = 0; i < STAGES.size(); i++) {
        assertTrue(kinds.get(i).matches(STAGES.get(i)), op.getKey() + " stage " + i + ": " + kinds);
        if (i > 0) {
          assertTrue(stages.get(i).get("t").asLong() >= stages.get(i - 1).get("t").asLong(),
              op.getKey() + " stages in time order");
        }
      }
      String applied = stages.get(3).has("status") ? stages.get(3).get("status").asText() : null;
      assertEquals(applied, completed, "the status the target set is the one the initiator completes with");
      assertEquals(completed, status(stages, TraceRecord.Kinds.COMPLETION_SEEN));
      if (kinds.get(3).equals("refused")) {
        refused++;
      }
    }
    assertEquals(3, noSuchNode);
    assertTrue(refused > 3, "FULL, EMPTY and NO_SUCH_RING answers were traced");
    assertTrue(byOp.values().stream().anyMatch(s -> "NO_SUCH_RING".equals(status(s, "completed"))));
    assertTrue(byOp.values().stream().anyMatch(s -> "FULL".equals(status(s, "completed"))));
    assertTrue(byOp.values().stream().anyMatch(s -> "EMPTY".equals(status(s, "completed"))));
  }

  @Test
  void stageTimesAgreeWithTheLatenciesInResults() throws IOException {
    Path file = dir.resolve("agree.jsonl");
    RunResult result = Simulation.run(BuiltMachine.of(scenario()), ReferenceEngine.NAME,
        new TraceOptions(file, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    for (String op : List.of("put", "get")) {
      List<Long> latencies = new ArrayList<>();
      Map<String, Long> doorbells = new TreeMap<>();
      for (JsonNode r : records(file)) {
        String kind = r.get("kind").asText();
        if (kind.equals("doorbell") && r.has("op") && r.get("detail").asText().startsWith(op)) {
          doorbells.put(r.get("op").asText(), r.get("t").asLong());
        } else if (kind.equals("completed") && doorbells.containsKey(r.get("op").asText())
            && r.get("status").asText().equals("DONE")) {
          long latency = r.get("t").asLong() - doorbells.get(r.get("op").asText());
          assertEquals(latency, r.get("dur").asLong(), "dur is the doorbell-to-completed time");
          latencies.add(latency);
        }
      }
      RunResult.Ops ops = result.ops().get(op);
      assertEquals(ops.ok(), latencies.size());
      var summary = result.latencyNs().get(op);
      assertEquals(summary.count(), latencies.size());
      long max = latencies.stream().mapToLong(Long::longValue).max().orElse(0);
      double mean = latencies.stream().mapToLong(Long::longValue).average().orElse(0);
      assertEquals(summary.max(), max / 1000.0, 1e-9);
      assertEquals(summary.mean(), Math.round(mean) / 1000.0, 1e-9);
    }
  }

  @Test
  void theSameRunGivesTheSameBytesTwiceAndOnBothEngines() throws IOException {
    for (TraceLevel level : TraceLevel.values()) {
      byte[] a = Files.readAllBytes(trace("a-" + level, ReferenceEngine.NAME, level, 0, Long.MAX_VALUE, null));
      byte[] b = Files.readAllBytes(trace("b-" + level, ReferenceEngine.NAME, level, 0, Long.MAX_VALUE, null));
      byte[] c = Files.readAllBytes(trace("c-" + level, ActorEngine.NAME, level, 0, Long.MAX_VALUE, null));
      assertArrayEquals(a, b, "reference twice, level " + level);
      assertArrayEquals(a, c, "reference and actors, level " + level);
    }
    List<String> plain = lines(trace("p.jsonl", ActorEngine.NAME, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    List<String> zipped = lines(trace("p.jsonl.gz", ActorEngine.NAME, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    assertEquals(plain, zipped, "gzip holds the same lines");
  }

  @Test
  void eachLevelAddsItsRecordsAndKeepsThoseBelow() throws IOException {
    List<String> ops = lines(trace("l1", ReferenceEngine.NAME, TraceLevel.OPS, 0, Long.MAX_VALUE, null));
    List<String> packets = lines(trace("l2", ReferenceEngine.NAME, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    List<String> all = lines(trace("l3", ReferenceEngine.NAME, TraceLevel.ALL, 0, Long.MAX_VALUE, null));
    assertEquals(ops.subList(1, ops.size()), packets.stream().skip(1)
        .filter(l -> !l.contains("\"kind\":\"packet-")).toList());
    assertEquals(packets.subList(1, packets.size()), all.stream().skip(1)
        .filter(l -> !l.contains("\"kind\":\"message\"")).toList());
    assertTrue(packets.stream().anyMatch(l -> l.contains("\"kind\":\"packet-queued\"") && l.contains("\"wait\":")));
    assertTrue(all.stream().anyMatch(l -> l.contains("\"detail\":\"RING_PUT\"")));
  }

  @Test
  void timeAndNodeWindowsKeepExactlyWhatTheyPromise() throws IOException {
    List<String> full = lines(trace("full", ActorEngine.NAME, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    long from = 20_000_000;
    long to = 45_000_000;
    List<String> window = lines(trace("window", ActorEngine.NAME, TraceLevel.PACKETS, from, to, null));
    List<String> expected = new ArrayList<>();
    for (String line : full.subList(1, full.size())) {
      long t = JSON.readTree(line).get("t").asLong();
      if (t >= from && t < to) {
        expected.add(line);
      }
    }
    assertFalse(expected.isEmpty());
    assertEquals(expected, window.subList(1, window.size()));
    List<String> nodes = lines(trace("nodes", ActorEngine.NAME, TraceLevel.PACKETS, 0, Long.MAX_VALUE, NodeSet.of(3, 7)));
    List<String> expectedNodes = new ArrayList<>();
    for (String line : full.subList(1, full.size())) {
      JsonNode r = JSON.readTree(line);
      if (r.has("node") && (r.get("node").asInt() == 3 || r.get("node").asInt() == 7)) {
        expectedNodes.add(line);
      }
    }
    assertFalse(expectedNodes.isEmpty());
    assertEquals(expectedNodes, nodes.subList(1, nodes.size()));
    assertTrue(nodes.get(0).contains("\"traceNodes\":[3,7]"));
  }

  /**
   * At level {@code all} on some nodes the others' cores still work out their processes' polls in
   * turn: the run delivers fewer events than one traced everywhere, more than an untraced one, the
   * same fingerprint, and the traced nodes' records are a full trace's.
   */
  @Test
  void levelAllOnSomeNodesRecordsThemAsAFullTraceDoesAndLeavesTheOthersWorkingOutTheirPolls()
      throws IOException {
    Scenario shared = TestScenarios.torus(3, 3).seed(5)
        .ring(NodeSet.all(), 0, 4096, 400)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 64, 20, 0) // three processes poll in turn on core 1
        .putStream(NodeSet.all(), 1, Pattern.NEIGHBOR, 0, 0, 64, 20, 0)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 32, 20, 0)
        .build();
    Path all = dir.resolve("all.jsonl");
    Path some = dir.resolve("some.jsonl");
    RunResult plain = Simulation.run(BuiltMachine.of(shared), ReferenceEngine.NAME);
    RunResult everywhere = Simulation.run(BuiltMachine.of(shared), ReferenceEngine.NAME,
        new TraceOptions(all, TraceLevel.ALL, 0, Long.MAX_VALUE, null));
    RunResult onTwo = Simulation.run(BuiltMachine.of(shared), ReferenceEngine.NAME,
        new TraceOptions(some, TraceLevel.ALL, 0, Long.MAX_VALUE, NodeSet.of(3, 7)));
    assertEquals(plain.fingerprint(), everywhere.fingerprint());
    assertEquals(plain.fingerprint(), onTwo.fingerprint());
    assertTrue(plain.events() < onTwo.events() && onTwo.events() < everywhere.events(),
        plain.events() + ", " + onTwo.events() + ", " + everywhere.events());
    List<String> full = lines(all);
    List<String> expected = new ArrayList<>();
    for (String line : full.subList(1, full.size())) {
      JsonNode r = JSON.readTree(line);
      if (r.has("node") && (r.get("node").asInt() == 3 || r.get("node").asInt() == 7)) {
        expected.add(line);
      }
    }
    List<String> kept = lines(some);
    assertTrue(expected.stream().anyMatch(line -> line.contains("POLL_DONE")), "the traced nodes' polls are there");
    assertEquals(expected, kept.subList(1, kept.size()));
  }

  @Test
  void tracingChangesNothingInTheResults() {
    RunResult plain = Simulation.run(BuiltMachine.of(scenario()), ActorEngine.NAME);
    RunResult traced = Simulation.run(BuiltMachine.of(scenario()), ActorEngine.NAME,
        new TraceOptions(dir.resolve("x.jsonl"), TraceLevel.ALL, 0, Long.MAX_VALUE, null));
    assertEquals(plain.fingerprint(), traced.fingerprint());
    assertEquals(plain.ops(), traced.ops());
    assertEquals(plain.latencyNs(), traced.latencyNs());
  }

  private static List<String> kinds(List<JsonNode> stages) {
    return stages.stream().map(r -> r.get("kind").asText()).toList();
  }

  private static String status(List<JsonNode> stages, String kind) {
    for (JsonNode r : stages) {
      if (r.get("kind").asText().equals(kind)) {
        return r.has("status") ? r.get("status").asText() : null;
      }
    }
    return null;
  }

  /** Each packet a faulty link loses or damages leaves one packet-lost record, at its port, on both engines alike. */
  @Test
  void lostAndDamagedPacketsAreRecorded() throws IOException {
    Scenario lossy = TestScenarios.torus(3, 3).seed(4)
        .faults(new FaultPlan.LinkFault(-1, 0, 0, Long.MAX_VALUE, false, 1e-2, 1e-2))
        .ring(NodeSet.all(), 0, 4096, 400)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 6, 300_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 48, 40, 0)
        .build();
    Path file = dir.resolve("lossy.jsonl");
    RunResult r = Simulation.run(BuiltMachine.of(lossy), ReferenceEngine.NAME,
        new TraceOptions(file, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    List<JsonNode> lost = records(file).stream().filter(n -> n.get("kind").asText().equals("packet-lost")).toList();
    long onTheWire = lost.stream().filter(n -> n.get("detail").asText().startsWith("lost on the wire, packet ")).count();
    long damaged = lost.stream().filter(n -> n.get("detail").asText().equals("arrived damaged: its checksum failed, dropped"))
        .count();
    assertTrue(r.links().dropped() > 0 && r.links().corruptDetected() > 0, r.links().toString());
    assertEquals(r.links().dropped(), onTheWire);
    assertEquals(r.links().corruptDetected(), damaged);
    assertEquals(lost.size(), onTheWire + damaged);
    Path actors = dir.resolve("lossy-actors.jsonl");
    Simulation.run(BuiltMachine.of(lossy), ActorEngine.NAME,
        new TraceOptions(actors, TraceLevel.PACKETS, 0, Long.MAX_VALUE, null));
    assertEquals(lines(file), lines(actors));
  }
}
