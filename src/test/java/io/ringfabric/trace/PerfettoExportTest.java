package io.ringfabric.trace;

import static io.ringfabric.trace.SyntheticTrace.HEADER;
import static io.ringfabric.trace.SyntheticTrace.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.model.SimTime;
import io.ringfabric.trace.JsonTimeline.Ev;
import io.ringfabric.trace.JsonTimeline.Viewer;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfettoExportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private JsonNode export(List<TraceRecord> records) throws IOException {
    Path f = SyntheticTrace.write(dir.resolve("t.jsonl.gz"), HEADER, records);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TraceReader r = TraceReader.open(f, w -> {
      throw new AssertionError(w);
    })) {
      PerfettoExport.Stats s = PerfettoExport.export(r, out);
      JsonNode root = JSON.readTree(out.toByteArray());
      assertEquals(s.events(), root.get("traceEvents").size());
      return root;
    }
  }

  /** A time or duration as Perfetto reads it: whole nanoseconds. */
  private static long ns(JsonNode n) {
    return Math.round(n.asDouble() * 1000.0);
  }

  /** Validates the export as both kinds of viewer read it; returns the flows as Perfetto binds them. */
  private static Map<Long, Ev[]> validate(JsonNode root) {
    JsonTimeline.validate(root, Viewer.DOUBLES);
    return JsonTimeline.validate(root, Viewer.PERFETTO);
  }

  private static List<JsonNode> named(JsonNode root, String ph, String name) {
    List<JsonNode> out = new ArrayList<>();
    root.get("traceEvents").forEach(e -> {
      if (e.get("ph").asText().equals(ph) && e.path("name").asText().equals(name)) {
        out.add(e);
      }
    });
    return out;
  }

  private static String threadName(JsonNode root, int tid) {
    for (JsonNode e : root.get("traceEvents")) {
      if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name") && e.get("tid").asInt() == tid) {
        return e.get("args").get("name").asText();
      }
    }
    return null;
  }

  private static String processName(JsonNode root, int pid) {
    for (JsonNode e : root.get("traceEvents")) {
      if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name") && e.get("pid").asInt() == pid) {
        return e.get("args").get("name").asText();
      }
    }
    return null;
  }

  @Test
  void theStoryBecomesAValidTimeline() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    JsonNode root = export(story);
    Map<Long, Ev[]> flows = validate(root);
    assertEquals(6, flows.size()); // request and response of the three ops that got an answer

    // The slow PUT: a slice on node 3's context 1, doorbell to completed.
    List<JsonNode> put = named(root, "X", "PUT 3.1.17");
    assertEquals(1, put.size());
    JsonNode p = put.get(0);
    assertEquals("node 3", processName(root, p.get("pid").asInt()));
    assertEquals("context 1", threadName(root, p.get("tid").asInt()));
    assertEquals(1_000, ns(p.get("ts")));
    assertEquals(2_773 - 1_000, ns(p.get("dur"))); // the end rounded down to the nanosecond, 2,773.6 ns
    assertEquals(1, named(root, "X", "PUT 2.3.8 FULL").size());
    assertEquals(1, named(root, "X", "GET 5.0.4").size());
    assertEquals(1, named(root, "X", "PUT 4.0.2 NO_SUCH_NODE").size());

    // Every flow's arrow runs from the end of the stage that sent to the start of the one that received.
    Map<String, Long> sent = new HashMap<>();
    Map<String, Long> arrived = new HashMap<>();
    for (TraceRecord r : story) {
      switch (r.kind()) {
        case Kinds.REQUEST_SENT -> sent.put(r.op() + " request", r.t());
        case Kinds.RESPONSE_SENT -> sent.put(r.op() + " response", r.t());
        case Kinds.REQUEST_ARRIVED -> arrived.put(r.op() + " request", r.t());
        case Kinds.RESPONSE_ARRIVED -> arrived.put(r.op() + " response", r.t());
        default -> {}
      }
    }
    Set<String> seen = new HashSet<>();
    for (Ev[] b : flows.values()) {
      String op = b[0].e().get("args").get("op").asText();
      assertEquals(op, b[1].e().get("args").get("op").asText());
      String what = b[1].e().get("cat").asText().equals("serve") ? " request" : " response";
      assertEquals(PerfettoEvents.ns(sent.get(op + what)), (long) b[0].end(), op + what + " starts at " + b[0].e());
      assertEquals(PerfettoEvents.ns(arrived.get(op + what)), (long) b[1].ts(), op + what + " ends at " + b[1].e());
      seen.add(op + what);
    }
    assertEquals(sent.keySet(), seen);

    // The wait: a packet slice on the port's track, and the queue counter going 1 then 0.
    List<JsonNode> queue = named(root, "C", "queue node 3 +x -> node 7");
    assertEquals(List.of(1, 0), queue.stream().map(c -> c.get("args").get("packets").asInt()).toList());
    assertEquals(1_190, ns(queue.get(0).get("ts")));
    assertEquals(1_590, ns(queue.get(1).get("ts")));
    JsonNode waited = null;
    for (JsonNode e : named(root, "X", "3.1.17 packet 1/1 put-request")) {
      if ("node 3 +x -> node 7".equals(threadName(root, e.get("tid").asInt()))) {
        waited = e;
      }
    }
    assertNotNull(waited);
    assertEquals(1_666 - 1_590, ns(waited.get("dur"))); // 76.8 ns from 1,590 ns: its end rounded down
    assertEquals(0, new BigDecimal("400").compareTo(new BigDecimal(waited.get("args").get("wait_ns").asText())));

    // Ring occupancy at node 9.
    List<JsonNode> ring = named(root, "C", "node 9 ring 0");
    assertEquals(3, ring.size());
    assertEquals(12, ring.get(2).get("args").get("elements").asInt());
    assertEquals(1234, ring.get(2).get("args").get("bytes").asInt());

    // Processes: a node's, and a switch of no node gets its own.
    Set<String> processes = new HashSet<>();
    root.get("traceEvents").forEach(e -> {
      if (e.get("name").asText().equals("process_name")) {
        processes.add(e.get("args").get("name").asText());
      }
    });
    assertTrue(processes.containsAll(List.of("node 3", "node 9", "node 7", "star centre switch")), processes.toString());
    Set<String> threads = new HashSet<>();
    root.get("traceEvents").forEach(e -> {
      if (e.get("name").asText().equals("thread_name")) {
        threads.add(e.get("args").get("name").asText());
      }
    });
    assertTrue(threads.containsAll(List.of("core 1", "context 1", "module", "node 3 +x -> node 7",
        "node 3 module -> switch", "switch", "memory")), threads.toString());
  }

  @Test
  void concurrentServesTimeoutsAndUnfinishedOpsStayValid() throws IOException {
    JsonNode root = export(SyntheticTrace.tangle());
    validate(root);
    Set<String> threads = new HashSet<>();
    root.get("traceEvents").forEach(e -> {
      if (e.get("name").asText().equals("thread_name")) {
        threads.add(e.get("args").get("name").asText());
      }
    });
    assertTrue(threads.containsAll(List.of("module", "module (2)", "node 5 +x -> node 6", "node 5 +x -> node 6 (2)",
        "widget")), threads.toString());
    assertEquals(1, named(root, "X", "PUT 3.2.5 TIMEOUT").size());
    List<JsonNode> unfinished = named(root, "X", "GET 4.0.9 (unfinished)");
    assertEquals(1, unfinished.size());
    assertEquals(8_000 - 6_000, ns(unfinished.get(0).get("dur"))); // until the trace's last record
    assertEquals(1, named(root, "X", "serve GET 4.0.9 (unfinished)").size());
    assertEquals(1, named(root, "i", "late response-arrived 3.2.5").size());
  }

  @Test
  void aWindowCutsOperationsAndStaysValid() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    Path f = SyntheticTrace.write(dir.resolve("w.jsonl"), HEADER, story);
    for (long[] w : new long[][] {{1_500_000, 2_000_000}, {1_190_000, 2_100_000}, {0, 1_600_000}, {2_000_000, 9_000_000}}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (TraceReader r = TraceReader.open(f, x -> {})) {
        PerfettoExport.export(r, out, w[0], w[1]);
      }
      JsonNode root = JSON.readTree(out.toByteArray());
      validate(root);
      for (JsonNode e : root.get("traceEvents")) {
        if (!e.get("ph").asText().equals("M")) {
          assertTrue(ns(e.get("ts")) >= w[0] / 1000 && ns(e.get("ts")) < w[1] / 1000, e.toString());
        }
      }
    }
  }

  @Test
  void slicesEndWhereTheNextBeginsInAViewersDoubles() throws IOException {
    List<TraceRecord> busy = SyntheticTrace.busy(2_000, 4);
    // Written as exact picoseconds in microseconds (as before), ts + dur of a stage would pass the
    // next stage's ts in doubles here: these are the times that drew one slice across a track.
    Map<String, List<Long>> stages = new HashMap<>();
    Set<String> kinds = Set.of(Kinds.DOORBELL, Kinds.REQUEST_SENT, Kinds.REQUEST_ARRIVED, Kinds.APPLIED,
        Kinds.RESPONSE_SENT, Kinds.RESPONSE_ARRIVED, Kinds.COMPLETED);
    for (TraceRecord r : busy) {
      if (kinds.contains(r.kind())) {
        stages.computeIfAbsent(r.op(), k -> new ArrayList<>()).add(r.t());
      }
    }
    int crossed = 0;
    for (List<Long> t : stages.values()) {
      for (int i = 0; i + 1 < t.size(); i++) {
        double end = Double.parseDouble(SimTime.us(t.get(i))) + Double.parseDouble(SimTime.us(t.get(i + 1) - t.get(i)));
        crossed += end > Double.parseDouble(SimTime.us(t.get(i + 1))) ? 1 : 0;
      }
    }
    assertTrue(crossed > 100, crossed + " crossings");
    JsonNode root = export(busy);
    JsonTimeline.validate(root, Viewer.DOUBLES);
    JsonTimeline.validate(root, Viewer.PERFETTO);
  }

  @Test
  void aDurationLandsOnItsEndAndNeverPassesItsParent() {
    Random random = new Random(5);
    int landed = 0;
    for (int i = 0; i < 100_000; i++) {
      long ts = random.nextInt(4) == 0 ? random.nextInt(100_000) : (long) (random.nextDouble() * 1e12);
      long end = ts + (random.nextBoolean() ? random.nextInt(2_000) : (long) (random.nextDouble() * 1e9));
      // A parent's end that fell a step short of the same nanosecond.
      double limit = end > ts && random.nextInt(10) == 0 ? Math.nextDown(end / 1000.0) : Double.POSITIVE_INFINITY;
      String dur = PerfettoJson.dur(ts, end, limit);
      double viewerEnd = ts / 1000.0 + Double.parseDouble(dur);
      assertEquals(end - ts, Math.round(Double.parseDouble(dur) * 1000.0), ts + " to " + end + ": " + dur);
      assertTrue(viewerEnd <= Math.min(end / 1000.0, limit), ts + " to " + end + ": " + dur);
      landed += viewerEnd == Math.min(end / 1000.0, limit) ? 1 : 0;
    }
    // Most land on it exactly; the rest, where rounding to even skips the end's double, a step short.
    assertTrue(landed > 80_000, landed + " of 100,000 land on their end");
  }
}
