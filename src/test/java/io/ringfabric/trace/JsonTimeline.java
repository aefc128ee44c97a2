package io.ringfabric.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A Chrome Trace Event JSON export read back as viewers read it, and checked as they need it. */
final class JsonTimeline {
  private JsonTimeline() {}

  /** How a viewer turns a number of microseconds into a time. */
  enum Viewer {
    /** chrome://tracing, speedscope: doubles of microseconds, a slice ending at {@code ts + dur}. */
    DOUBLES,
    /** Perfetto: each number rounded to whole nanoseconds ({@code llround(us * 1000)}), then added. */
    PERFETTO;

    double time(JsonNode n) {
      return this == DOUBLES ? n.asDouble() : Math.round(n.asDouble() * 1000.0);
    }
  }

  /** One event, with its place in the file (Perfetto's tie-break) and its times as the viewer has them. */
  record Ev(int index, JsonNode e, double ts, double end) {
    String ph() {
      return e.get("ph").asText();
    }

    String track() {
      return e.get("pid").asInt() + "/" + e.get("tid").asInt();
    }

    double dur() {
      return end - ts;
    }
  }

  private static List<Ev> events(JsonNode root, Viewer v) {
    List<Ev> all = new ArrayList<>();
    JsonNode events = root.get("traceEvents");
    for (int i = 0; i < events.size(); i++) {
      JsonNode e = events.get(i);
      double ts = v.time(e.get("ts"));
      all.add(new Ev(i, e, ts, e.has("dur") ? ts + v.time(e.get("dur")) : ts));
    }
    return all;
  }

  /**
   * Checks what Chrome's format and Perfetto's importer require, with the viewer's arithmetic, and
   * returns, for each flow id, the slices its start and end bind to as Perfetto would bind them.
   */
  static Map<Long, Ev[]> validate(JsonNode root, Viewer v) {
    assertEquals("ns", root.get("displayTimeUnit").asText());
    JsonNode events = root.get("traceEvents");
    assertTrue(events.isArray() && events.size() > 0);
    Map<Integer, String> processNames = new HashMap<>();
    Map<Integer, String> threadNames = new HashMap<>();
    Map<Integer, Integer> pidOfTid = new HashMap<>();
    List<Ev> all = events(root, v);
    for (Ev ev : all) {
      JsonNode e = ev.e();
      String ph = e.path("ph").asText(null);
      assertNotNull(ph, e.toString());
      assertTrue(e.path("pid").isInt(), e.toString());
      assertTrue(e.path("tid").isInt(), e.toString());
      assertTrue(e.path("ts").isNumber() && ev.ts() >= 0, e.toString());
      // Times are whole nanoseconds, written exactly.
      assertTrue(new BigDecimal(e.get("ts").asText()).scale() <= 3, e.toString());
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
        case "X" -> assertTrue(e.path("dur").isNumber() && ev.dur() >= 0 && e.path("name").isTextual(), e.toString());
        case "i" -> assertEquals("t", e.path("s").asText(), e.toString());
        case "C" -> {
          assertTrue(e.path("name").isTextual() && e.path("args").isObject() && e.get("args").size() > 0);
          e.get("args").forEach(a -> assertTrue(a.isNumber(), e.toString()));
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
      assertTrue(s.getValue().ts() <= f.ts());
    }
    // Perfetto's order: time; at one time slices first, longest first; then file order.
    List<Ev> sorted = new ArrayList<>(all);
    sorted.removeIf(ev -> ev.ph().equals("M"));
    sorted.sort(Comparator.comparingDouble(Ev::ts)
        .thenComparingDouble(ev -> ev.ph().equals("X") && ev.dur() > 0 ? -ev.dur() : 0)
        .thenComparingInt(Ev::index));
    // Slices on a track nest strictly, and flows bind to the slice on top of the track's stack.
    Map<String, Deque<Ev>> stacks = new HashMap<>();
    Map<Long, Ev[]> bound = new HashMap<>();
    for (Ev ev : sorted) {
      Deque<Ev> stack = stacks.computeIfAbsent(ev.track(), k -> new ArrayDeque<>());
      switch (ev.ph()) {
        case "X" -> {
          while (!stack.isEmpty() && stack.peek().end() <= ev.ts() && stack.peek().dur() > 0) {
            stack.pop();
          }
          while (!stack.isEmpty() && stack.peek().dur() == 0 && stack.peek().ts() < ev.ts()) {
            stack.pop();
          }
          if (!stack.isEmpty()) {
            Ev parent = stack.peek();
            assertTrue(ev.end() <= parent.end() || parent.dur() == 0,
                v + ": slice " + ev.e() + " overlaps " + parent.e());
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
      assertTrue(from.end() <= to.ts(), "arrow " + b.getKey() + " runs back: " + from.e() + " -> " + to.e());
    }
    return bound;
  }

  /** The export as Perfetto shows it; validates it first. */
  static TimelineView view(JsonNode root) {
    Map<Long, Ev[]> bound = validate(root, Viewer.PERFETTO);
    Map<Integer, String> processes = new HashMap<>();
    Map<Integer, String> threads = new HashMap<>();
    Map<String, Integer> ranks = new LinkedHashMap<>();
    List<Ev> all = events(root, Viewer.PERFETTO);
    for (Ev ev : all) {
      JsonNode e = ev.e();
      if (ev.ph().equals("M") && e.get("name").asText().equals("process_name")) {
        processes.put(e.get("pid").asInt(), e.get("args").get("name").asText());
      } else if (ev.ph().equals("M") && e.get("name").asText().equals("thread_name")) {
        threads.put(e.get("tid").asInt(), e.get("args").get("name").asText());
      }
    }
    List<TimelineView.Slice> slices = new ArrayList<>();
    List<TimelineView.Instant> instants = new ArrayList<>();
    List<TimelineView.Counter> counters = new ArrayList<>();
    for (Ev ev : all) {
      JsonNode e = ev.e();
      int pid = e.get("pid").asInt();
      int tid = e.get("tid").asInt();
      switch (ev.ph()) {
        case "M" -> {
          String what = e.get("name").asText();
          if (what.equals("process_sort_index")) {
            ranks.put(pid + " " + processes.get(pid), e.get("args").get("sort_index").asInt());
          } else if (what.equals("thread_sort_index")) {
            ranks.put(TimelineView.track(pid, processes.get(pid), tid, threads.get(tid)),
                e.get("args").get("sort_index").asInt());
          }
        }
        case "X" -> slices.add(slice(ev, processes, threads));
        case "i" -> instants.add(new TimelineView.Instant(TimelineView.track(pid, processes.get(pid), tid,
            threads.get(tid)), (long) ev.ts(), e.get("name").asText(), e.get("cat").asText(), args(e)));
        case "C" -> e.get("args").fields().forEachRemaining(a -> counters.add(new TimelineView.Counter(
            pid + " " + processes.get(pid), e.get("name").asText() + " " + a.getKey(), (long) ev.ts(),
            a.getValue().asLong())));
        default -> {}
      }
    }
    Map<Long, List<TimelineView.Slice>> flows = new HashMap<>();
    bound.forEach((id, b) -> flows.put(id, List.of(slice(b[0], processes, threads), slice(b[1], processes, threads))));
    return new TimelineView(ranks, slices, instants, counters, flows).sorted();
  }

  private static TimelineView.Slice slice(Ev ev, Map<Integer, String> processes, Map<Integer, String> threads) {
    JsonNode e = ev.e();
    int pid = e.get("pid").asInt();
    int tid = e.get("tid").asInt();
    return new TimelineView.Slice(TimelineView.track(pid, processes.get(pid), tid, threads.get(tid)), (long) ev.ts(),
        (long) ev.end(), e.get("name").asText(), e.get("cat").asText(), args(e));
  }

  private static Map<String, String> args(JsonNode e) {
    Map<String, String> args = new LinkedHashMap<>();
    e.path("args").fields().forEachRemaining(a -> args.put(a.getKey(),
        TimelineView.value(a.getValue().isNumber() ? a.getValue().numberValue() : a.getValue().asText())));
    return args;
  }
}
