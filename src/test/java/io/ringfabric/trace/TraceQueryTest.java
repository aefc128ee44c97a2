package io.ringfabric.trace;

import static io.ringfabric.trace.SyntheticTrace.HEADER;
import static io.ringfabric.trace.SyntheticTrace.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.model.SimTime;
import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceQueryTest {
  @TempDir Path dir;

  private final List<TraceRecord> story = SyntheticTrace.story();

  private TraceReader open(Path f) throws IOException {
    return TraceReader.open(f, w -> {
      throw new AssertionError(w);
    });
  }

  private Path storyFile() throws IOException {
    return SyntheticTrace.write(dir.resolve("story.jsonl.gz"), HEADER, story);
  }

  @Test
  void summaryCountsKindsStatusesAndListsTheSlowestFirst() throws IOException {
    TraceSummary s;
    try (TraceReader r = open(storyFile())) {
      s = TraceQuery.summarize(r, 10);
    }
    Map<String, Long> kinds = new TreeMap<>();
    story.forEach(r -> kinds.merge(r.kind(), 1L, Long::sum));
    assertEquals(kinds, s.byKind());
    assertEquals(story.size(), s.records());
    assertEquals(story.get(0).t(), s.firstT());
    assertEquals(story.get(story.size() - 1).t(), s.lastT());
    assertEquals(Map.of("DONE", 2L, "FULL", 1L, "NO_SUCH_NODE", 1L), s.byStatus());
    assertEquals(1, s.busy());
    assertEquals(0, s.unfinished());
    List<String> order = s.slowest().stream().map(TraceSummary.SlowOp::op).toList();
    assertEquals(List.of("3.1.17", "2.3.8", "5.0.4", "4.0.2"), order);
    TraceSummary.SlowOp first = s.slowest().get(0);
    assertEquals(1_773_600, first.latencyPs());
    assertEquals("put", first.action());
    assertEquals(9, first.targetNode());
    assertEquals("DONE", first.status());
    assertEquals("get", s.slowest().get(2).action());
    assertEquals(99, s.slowest().get(3).targetNode());

    String text = s.render("story.jsonl.gz");
    assertTrue(text.startsWith("trace story.jsonl.gz: level all, 16 nodes, seed 7"), text);
    assertTrue(text.contains("follow one: ringfabric trace story.jsonl.gz op 3.1.17"), text);
    assertTrue(text.contains(" records from " + TraceSummary.fitting(s.firstT()) + " to "
        + TraceSummary.fitting(s.lastT()) + " (" + TraceSummary.fitting(s.lastT() - s.firstT()) + ")"), text);
    assertFalse(text.contains(",000.000 ns"), "no span in thousands of nanoseconds: " + text);
    assertTrue(text.lines().anyMatch(l -> l.matches("\\s+packet-sent\\s+" + kinds.get("packet-sent"))), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("\\s+3\\.1\\.17\\s+1,773\\.600\\s+put\\s+node 9\\s+DONE")), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("\\s+BUSY\\s+1\\s+doorbell refused.*")), text);
  }

  @Test
  void summaryGivesTimesInTheUnitThatFits() {
    assertEquals("2.4815 ms", TraceSummary.fitting(2_481_500_000L));
    assertEquals("27.8568 us", TraceSummary.fitting(27_856_800L));
    assertEquals("160 ns", TraceSummary.fitting(160_000L));
    assertEquals("0.5 ns", TraceSummary.fitting(500L));
    assertEquals("0 ns", TraceSummary.fitting(0L));
    assertEquals("1.5 s", TraceSummary.fitting(1_500_000_000_000L));
  }

  @Test
  void summaryKeepsOnlyTheSlowestAndCountsUnfinishedOps() throws IOException {
    List<TraceRecord> rs = new ArrayList<>();
    long t = 0;
    for (int i = 0; i < 50; i++) {
      String op = "1." + (i % 4) + "." + i;
      rs.add(at(t, Kinds.DOORBELL, "node 1 module", 1).op(op).detail("put 8 B to node 2 ring 0").build());
      long lat = 1000L * ((i * 37) % 50 + 1);
      rs.add(at(t + lat, Kinds.COMPLETED, "node 1 module", 1).op(op).status("DONE").dur(lat).build());
      t += 100_000;
    }
    rs.add(at(t, Kinds.DOORBELL, "node 1 module", 1).op("1.0.99").detail("get from node 2 ring 0").build());
    rs.add(at(t + 1, Kinds.DOORBELL, "node 1 module", 1).op("1.1.99").detail("get from node 2 ring 0").build());
    rs.sort(Comparator.comparingLong(TraceRecord::t));
    Path f = SyntheticTrace.write(dir.resolve("many.jsonl"), HEADER, rs);
    TraceSummary s;
    try (TraceReader r = open(f)) {
      s = TraceQuery.summarize(r, 3);
    }
    assertEquals(3, s.slowest().size());
    assertEquals(List.of(50_000L, 49_000L, 48_000L), s.slowest().stream().map(TraceSummary.SlowOp::latencyPs).toList());
    assertEquals(2, s.unfinished());
    assertEquals(Map.of("DONE", 50L), s.byStatus());
  }

  @Test
  void journeyListsExactlyTheOpsRecordsInOrderWithDeltasAndTheWait() throws IOException {
    Journey j;
    try (TraceReader r = open(storyFile())) {
      j = TraceQuery.journey(r, "3.1.17");
    }
    List<TraceRecord> expected = story.stream().filter(r -> "3.1.17".equals(r.op())).toList();
    assertEquals(expected, j.records());
    assertEquals(1_773_600, j.totalPs());
    assertEquals(400_000, j.biggest().ps());
    assertTrue(j.biggest().what().contains("waiting for the link at node 3 +x -> node 7"), j.biggest().what());

    String text = j.render("story.jsonl.gz");
    List<String> lines = text.lines().toList();
    assertTrue(lines.get(0).startsWith("operation 3.1.17 in story.jsonl.gz: put 64 B to node 9 ring 0"), text);
    // One line per record after the heading line and the column line, in order, with the delta.
    for (int i = 0; i < expected.size(); i++) {
      String l = lines.get(i + 2);
      TraceRecord r = expected.get(i);
      assertTrue(l.contains(SimTime.nsThreeDecimals(r.t())) && l.contains(r.kind()), l);
      if (i > 0) {
        assertTrue(l.contains("+" + SimTime.nsThreeDecimals(r.t() - expected.get(i - 1).t())), l);
      }
    }
    List<String> waited = lines.stream().filter(l -> l.contains("WAITED")).toList();
    assertEquals(2, waited.size(), text); // queued and sent at that port
    waited.forEach(l -> assertTrue(l.endsWith("WAITED 400.000 ns at node 3 +x -> node 7"), l));
    assertTrue(text.contains("total 1,773.600 ns from doorbell to completion (DONE)"), text);
    assertTrue(text.contains("biggest contributor: 400.000 ns waiting for the link at node 3 +x -> node 7"), text);
    assertTrue(text.contains("waiting for links: 400.000 ns in all, 1 wait; the longest 400.000 ns at node 3 +x -> node 7"),
        text);
    assertEquals(expected.size() + 5, lines.size(), text);
  }

  @Test
  void journeyOfAnOpWithoutCompletionSaysSo() throws IOException {
    List<TraceRecord> rs = List.of(
        at(10, Kinds.DOORBELL, "node 1 module", 1).op("1.0.1").detail("put 8 B to node 2 ring 0").build(),
        at(500, Kinds.REQUEST_SENT, "node 1 module", 1).op("1.0.1").build());
    Path f = SyntheticTrace.write(dir.resolve("open.jsonl"), HEADER, rs);
    Journey j;
    try (TraceReader r = open(f)) {
      j = TraceQuery.journey(r, "1.0.1");
    }
    assertEquals(490, j.totalPs());
    assertTrue(j.render("open.jsonl").contains("no completed record"));
  }

  @Test
  void journeyOfAnUnknownOpIsEmpty() throws IOException {
    try (TraceReader r = open(storyFile())) {
      assertTrue(TraceQuery.journey(r, "1.2.3").records().isEmpty());
    }
  }

  private List<String> filter(TraceQuery.Filter f, boolean json) throws IOException {
    StringWriter s = new StringWriter();
    try (TraceReader r = open(storyFile()); PrintWriter out = new PrintWriter(s)) {
      long n = TraceQuery.filter(r, f, json, out);
      List<String> lines = s.toString().lines().toList();
      assertEquals(n, lines.size());
      return lines;
    }
  }

  private void checkFilter(TraceQuery.Filter f, Predicate<TraceRecord> p) throws IOException {
    List<String> json = filter(f, true);
    List<String> expected = story.stream().filter(p).map(SyntheticTrace::line).toList();
    assertEquals(expected, json, f.toString());
    List<String> text = filter(f, false);
    assertEquals(expected.size(), text.size());
    List<TraceRecord> matching = story.stream().filter(p).toList();
    for (int i = 0; i < text.size(); i++) {
      assertTrue(text.get(i).contains(SimTime.nsThreeDecimals(matching.get(i).t())), text.get(i));
      assertTrue(text.get(i).contains(matching.get(i).kind()), text.get(i));
    }
  }

  @Test
  void filterKeepsExactlyTheMatchingRecords() throws IOException {
    checkFilter(new TraceQuery.Filter(9, null, null, null, null, null), r -> r.node() == 9);
    checkFilter(new TraceQuery.Filter(null, "Node 3 SWITCH", null, null, null, null),
        r -> r.component().equals("node 3 switch"));
    checkFilter(new TraceQuery.Filter(null, "core", null, null, null, null), r -> r.component().contains("core"));
    checkFilter(new TraceQuery.Filter(null, null, "packet-queued", null, null, null),
        r -> r.kind().equals("packet-queued"));
    checkFilter(new TraceQuery.Filter(null, null, null, "3.1.17", null, null), r -> "3.1.17".equals(r.op()));
    checkFilter(new TraceQuery.Filter(9, null, "packet-queued", null, null, null),
        r -> r.node() == 9 && r.kind().equals("packet-queued"));
    checkFilter(new TraceQuery.Filter(9, "module", Kinds.REQUEST_ARRIVED, "5.0.4", null, null),
        r -> r.node() == 9 && r.component().contains("module") && r.kind().equals(Kinds.REQUEST_ARRIVED)
            && "5.0.4".equals(r.op()));
    checkFilter(new TraceQuery.Filter(null, null, "doorbell", null, null, null), r -> r.kind().equals("doorbell"));
    checkFilter(new TraceQuery.Filter(2, null, null, null, null, null), r -> r.node() == 2);
    checkFilter(new TraceQuery.Filter(null, null, null, null, null, null), r -> true);
    checkFilter(new TraceQuery.Filter(null, "no such component", null, null, null, null), r -> false);
  }

  @Test
  void timeWindowsIncludeFromAndExcludeTo() throws IOException {
    // Pick times that some records sit exactly on.
    long from = story.get(5).t();
    long to = story.get(story.size() - 6).t();
    assertTrue(story.stream().anyMatch(r -> r.t() == from) && story.stream().anyMatch(r -> r.t() == to));
    checkFilter(new TraceQuery.Filter(null, null, null, null, from, to), r -> r.t() >= from && r.t() < to);
    checkFilter(new TraceQuery.Filter(null, null, null, null, from, null), r -> r.t() >= from);
    checkFilter(new TraceQuery.Filter(null, null, null, null, null, to), r -> r.t() < to);
    checkFilter(new TraceQuery.Filter(3, null, null, null, from, to), r -> r.node() == 3 && r.t() >= from && r.t() < to);
    checkFilter(new TraceQuery.Filter(null, null, null, null, to, to + 1), r -> r.t() == to);
  }

  @Test
  void filterTextShowsTheRecord() throws IOException {
    List<String> text = filter(new TraceQuery.Filter(null, null, "packet-sent", "3.1.17", null, null), false);
    String waited = text.stream().filter(l -> l.contains("WAITED")).collect(Collectors.joining("\n"));
    assertTrue(waited.contains("packet-sent") && waited.contains("node 3 switch [node 3 +x -> node 7]")
        && waited.contains("op 3.1.17") && waited.contains("96 B") && waited.contains("on the wire 76.800 ns")
        && waited.contains("packet 1/1 put-request") && waited.contains("WAITED 400.000 ns at node 3 +x -> node 7"),
        waited);
    String applied = filter(new TraceQuery.Filter(null, null, "applied", "3.1.17", null, null), false).get(0);
    assertTrue(applied.contains("DONE") && applied.contains("ring 0 holds 12 elements, 1234 of 4096 B"), applied);
  }

  @Test
  void knowsTheKinds() {
    assertTrue(TraceQuery.knownKinds().containsAll(List.of("doorbell", "packet-queued", "message", "completion-seen")));
    assertEquals(16, TraceQuery.knownKinds().size());
    assertTrue(TraceQuery.knownKinds().containsAll(List.of("credit-stall", "packet-lost")));
  }

  @Test
  void readsDetails() {
    assertEquals("put", RecordDetails.action("put 64 B to node 9 ring 0"));
    assertEquals(9, RecordDetails.targetNode("put 64 B to node 9 ring 0"));
    assertEquals("get", RecordDetails.action("get from node 12 ring 3"));
    assertEquals(12, RecordDetails.targetNode("get from node 12 ring 3"));
    assertEquals(-1, RecordDetails.targetNode(null));
    long[] ring = RecordDetails.ringState("ring 2 holds 12 elements, 1234 of 4096 B");
    assertEquals(List.of(2L, 12L, 1234L, 4096L), List.of(ring[0], ring[1], ring[2], ring[3]));
    assertEquals("3.1", RecordDetails.contextOf("3.1.17"));
    assertEquals("x", "X".toLowerCase(Locale.ROOT));
  }
}
