package io.ringfabric.trace;

import static io.ringfabric.trace.SyntheticTrace.HEADER;
import static io.ringfabric.trace.SyntheticTrace.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
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

  /** Microseconds as written, exactly. */
  private static BigDecimal us(JsonNode n) {
    return norm(new BigDecimal(n.asText()));
  }

  private static BigDecimal norm(BigDecimal d) {
    return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
  }

  private static BigDecimal us(long ps) {
    return norm(BigDecimal.valueOf(ps, 6));
  }

  /** One event, with its place in the file (Perfetto's tie-break). */
  record Ev(int index, JsonNode e) {
    String ph() {
      return e.get("ph").asText();
    }

    BigDecimal ts() {
      return us(e.get("ts"));
    }

    BigDecimal end() {
      return norm(ts().add(us(e.get("dur"))));
    }

    String track() {
      return e.get("pid").asInt() + "/" + e.get("tid").asInt();
    }
  }

  /**
   * Checks what Chrome's format and Perfetto's importer require, and returns, for each flow id,
   * the slices its start and end bind to as Perfetto would bind them.
   */
  private static Map<Long, Ev[]> validate(JsonNode root) {
    assertEquals("ns", root.get("displayTimeUnit").asText());
    JsonNode events = root.get("traceEvents");
    assertTrue(events.isArray() && events.size() > 0);
    Map<Integer, String> processNames = new HashMap<>();
    Map<Integer, String> threadNames = new HashMap<>();
    Map<Integer, Integer> pidOfTid = new HashMap<>();
    List<Ev> all = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      JsonNode e = events.get(i);
      String ph = e.path("ph").asText(null);
      assertNotNull(ph, e.toString());
      assertTrue(e.path("pid").isInt(), e.toString());
      assertTrue(e.path("tid").isInt(), e.toString());
      assertTrue(e.path("ts").isNumber(), e.toString());
      assertTrue(us(e.get("ts")).signum() >= 0, e.toString());
      int pid = e.get("pid").asInt();
      int tid = e.get("tid").asInt();
      Integer owner = pidOfTid.putIfAbsent(tid, pid);
      assertTrue(owner == null || owner == pid, "tid " + tid + " in two processes");
      switch (ph) {
        case "M" -> {
          assertTrue(e.path("name").isTextual() && e.path("args").isObject(), e.toString());
          String name = e.get("name").asText();
          if (name.equals("process_name")) {
            processNames.put(pid, e.get("args").get("name").asText());
          } else if (name.equals("thread_name")) {
            threadNames.put(tid, e.get("args").get("name").asText());
          } else {
            assertTrue(name.endsWith("_sort_index") && e.get("args").get("sort_index").isInt(), e.toString());
          }
        }
        case "X" -> {
          assertTrue(e.path("dur").isNumber() && us(e.get("dur")).signum() >= 0, e.toString());
          assertTrue(e.path("name").isTextual(), e.toString());
        }
        case "i" -> assertEquals("t", e.path("s").asText(), e.toString());
        case "C" -> {
          assertTrue(e.path("name").isTextual() && e.path("args").isObject() && e.get("args").size() > 0);
          e.get("args").forEach(v -> assertTrue(v.isNumber(), e.toString()));
        }
        case "s", "f" -> {
          assertTrue(e.path("id").isIntegralNumber() && e.path("cat").isTextual() && e.path("name").isTextual(),
              e.toString());
          if (ph.equals("f")) {
            assertEquals("e", e.path("bp").asText(), e.toString());
          }
        }
        default -> throw new AssertionError("unexpected phase " + e);
      }
      all.add(new Ev(i, e));
    }
    // Every process and thread that has events is named.
    for (Ev ev : all) {
      assertTrue(processNames.containsKey(ev.e().get("pid").asInt()), "no process_name for " + ev.e());
      if (!ev.ph().equals("M")) {
        assertTrue(threadNames.containsKey(ev.e().get("tid").asInt()), "no thread_name for " + ev.e());
      }
    }
    // Flows: every start has exactly one end with the same id, cat and name, not before it.
    Map<Long, Ev> starts = new HashMap<>();
    Map<Long, Ev> ends = new HashMap<>();
    for (Ev ev : all) {
      if (ev.ph().equals("s")) {
        assertTrue(starts.put(ev.e().get("id").asLong(), ev) == null, "two starts " + ev.e());
      } else if (ev.ph().equals("f")) {
        assertTrue(ends.put(ev.e().get("id").asLong(), ev) == null, "two ends " + ev.e());
      }
    }
    assertEquals(starts.keySet(), ends.keySet());
    for (Map.Entry<Long, Ev> s : starts.entrySet()) {
      Ev f = ends.get(s.getKey());
      assertEquals(s.getValue().e().get("cat"), f.e().get("cat"));
      assertEquals(s.getValue().e().get("name"), f.e().get("name"));
      assertTrue(s.getValue().ts().compareTo(f.ts()) <= 0);
    }
    // Perfetto's order: time; at one time slices first, longest first; then file order.
    List<Ev> sorted = new ArrayList<>(all);
    sorted.removeIf(ev -> ev.ph().equals("M"));
    sorted.sort(Comparator.comparing(Ev::ts)
        .thenComparing(ev -> ev.ph().equals("X") && us(ev.e().get("dur")).signum() > 0 ? us(ev.e().get("dur")).negate()
            : BigDecimal.ZERO)
        .thenComparingInt(Ev::index));
    // Slices on a track nest strictly, and flows bind to the slice on top of the track's stack.
    Map<String, Deque<Ev>> stacks = new HashMap<>();
    Map<Long, Ev[]> bound = new HashMap<>();
    for (Ev ev : sorted) {
      Deque<Ev> stack = stacks.computeIfAbsent(ev.track(), k -> new ArrayDeque<>());
      switch (ev.ph()) {
        case "X" -> {
          while (!stack.isEmpty() && stack.peek().end().compareTo(ev.ts()) <= 0
              && stack.peek().end().compareTo(stack.peek().ts()) > 0) {
            stack.pop();
          }
          while (!stack.isEmpty() && stack.peek().end().compareTo(stack.peek().ts()) == 0
              && stack.peek().ts().compareTo(ev.ts()) < 0) {
            stack.pop();
          }
          if (!stack.isEmpty()) {
            Ev parent = stack.peek();
            assertTrue(ev.end().compareTo(parent.end()) <= 0 || parent.end().equals(parent.ts()),
                "slice " + ev.e() + " overlaps " + parent.e());
          }
          stack.push(ev);
        }
        case "s", "f" -> {
          assertFalse(stack.isEmpty(), "flow with no enclosing slice: " + ev.e());
          bound.computeIfAbsent(ev.e().get("id").asLong(), k -> new Ev[2])[ev.ph().equals("s") ? 0 : 1] = stack.peek();
        }
        default -> {}
      }
    }
    // Arrows run forward: from the end of the slice the flow starts in to the start of the one it ends in.
    for (Map.Entry<Long, Ev[]> b : bound.entrySet()) {
      Ev from = b.getValue()[0];
      Ev to = b.getValue()[1];
      assertTrue(from.end().compareTo(to.ts()) <= 0, "arrow " + b.getKey() + " runs back: " + from.e() + " -> " + to.e());
    }
    return bound;
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
    assertEquals(us(1_000_000), us(p.get("ts")));
    assertEquals(us(1_773_600), us(p.get("dur")));
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
      assertEquals(us(sent.get(op + what)), b[0].end(), op + what + " starts at " + b[0].e());
      assertEquals(us(arrived.get(op + what)), b[1].ts(), op + what + " ends at " + b[1].e());
      seen.add(op + what);
    }
    assertEquals(sent.keySet(), seen);

    // The wait: a packet slice on the port's track, and the queue counter going 1 then 0.
    List<JsonNode> queue = named(root, "C", "queue node 3 +x -> node 7");
    assertEquals(List.of(1, 0), queue.stream().map(c -> c.get("args").get("packets").asInt()).toList());
    assertEquals(us(1_190_000), us(queue.get(0).get("ts")));
    assertEquals(us(1_590_000), us(queue.get(1).get("ts")));
    JsonNode waited = null;
    for (JsonNode e : named(root, "X", "3.1.17 packet 1/1 put-request")) {
      if ("node 3 +x -> node 7".equals(threadName(root, e.get("tid").asInt()))) {
        waited = e;
      }
    }
    assertNotNull(waited);
    assertEquals(us(76_800), us(waited.get("dur")));
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
    List<TraceRecord> r = new ArrayList<>();
    // Two requests served at node 9 at once: the second goes on a second lane.
    SyntheticTrace.stages(r, "1.0.1", 1, 0, "put 8 B to node 9 ring 0", 8, "DONE", true, 900_000);
    SyntheticTrace.stages(r, "2.0.1", 2, 20_000, "put 8 B to node 9 ring 0", 8, "DONE", true, 900_000);
    // A PUT that times out, retries, and whose first response comes after it completed.
    String op = "3.2.5";
    r.add(at(100_000, Kinds.DOORBELL, "node 3 module", 3).op(op).from("node 3 core 2").detail("put 8 B to node 9 ring 0").build());
    r.add(at(110_000, Kinds.REQUEST_SENT, "node 3 module", 3).op(op).to("node 9 module").detail("attempt 1").build());
    r.add(at(400_000, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op(op).from("node 3 module").build());
    r.add(at(2_110_000, Kinds.REQUEST_SENT, "node 3 module", 3).op(op).to("node 9 module").detail("attempt 2").build());
    r.add(at(4_110_000, Kinds.COMPLETED, "node 3 module", 3).op(op).status("TIMEOUT").dur(4_010_000).build());
    r.add(at(5_000_000, Kinds.RESPONSE_SENT, "node 9 module", 9).op(op).to("node 3 module").status("DONE").build());
    r.add(at(5_300_000, Kinds.RESPONSE_ARRIVED, "node 3 module", 3).op(op).from("node 9 module").status("DONE").build());
    // An op still in flight when the trace ends.
    r.add(at(6_000_000, Kinds.DOORBELL, "node 4 module", 4).op("4.0.9").from("node 4 core 0").detail("get from node 9 ring 0").build());
    r.add(at(6_010_000, Kinds.REQUEST_SENT, "node 4 module", 4).op("4.0.9").to("node 9 module").build());
    r.add(at(6_300_000, Kinds.REQUEST_ARRIVED, "node 9 module", 9).op("4.0.9").from("node 4 module").build());
    // Two packets on one port overlapping (cut-through): a second lane.
    r.add(at(7_000_000, Kinds.PACKET_SENT, "node 5 switch", 5).port("node 5 +x -> node 6").dur(100_000).bytes(96).build());
    r.add(at(7_050_000, Kinds.PACKET_SENT, "node 5 switch", 5).port("node 5 +x -> node 6").dur(100_000).bytes(96).build());
    // Records of unknown kinds and without an op.
    r.add(at(8_000_000, "custom-kind", "node 5 widget", 5).build());
    r.add(at(8_000_000, Kinds.DOORBELL, "node 5 module", 5).status("BUSY").build());
    r.sort(Comparator.comparingLong(TraceRecord::t));
    JsonNode root = export(r);
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
    assertEquals(us(8_000_000 - 6_000_000), us(unfinished.get(0).get("dur"))); // until the trace's last record
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
          BigDecimal ts = us(e.get("ts"));
          assertTrue(ts.compareTo(us(w[0])) >= 0 && ts.compareTo(us(w[1])) < 0, e.toString());
        }
      }
    }
  }
}
