package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.model.SimTime;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trace FILE op RANK:LABEL}: a schedule's message followed from its send to its wildcard
 * receive, in a run whose receiver's ring fills, so that some PUTs are answered FULL; and marks
 * that leave the run as it was.
 */
class TraceMessageTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  // Rank 0 sends 1,000 B (5 elements of up to 236 B) while rank 1 calculates: its ring of 1 KiB
  // takes 3 elements, so the 4th is answered FULL until rank 1 posts its receive and GETs.
  private static final String GOAL = """
      num_ranks 2
      rank 0 {
      l1: calc 1000
      l2: send 1000b to 1 tag 7
      l2 requires l1
      }
      rank 1 {
      l1: calc 20000
      l2: recv 1000b from -1 tag -1
      l2 requires l1
      }
      """;
  private static final String SCENARIO = """
      ringfabric {
        duration = 1ms
        topology { kind = ring, dims = [2] }
        rings = [ { id = 0, capacity = 1KiB, max-element = 256 } ]
        workload.schedule { file = two.goal }
      }
      """;
  private static final Pattern STEP_TIME = Pattern.compile("[\\d,]+\\.\\d{3}");

  @TempDir static Path dir;
  private static Path trace;

  @BeforeAll
  static void runTraced() throws Exception {
    Files.writeString(dir.resolve("two.goal"), GOAL);
    Files.writeString(dir.resolve("two.conf"), SCENARIO);
    trace = dir.resolve("reference.jsonl");
    run("reference", trace);
  }

  /** Runs the scenario on {@code engine}, traced into {@code traceFile} unless null; returns its results.json. */
  private static JsonNode run(String engine, Path traceFile) throws Exception {
    Path out = dir.resolve("out-" + engine + (traceFile == null ? "" : "-traced"));
    List<String> args = new ArrayList<>(List.of("run", dir.resolve("two.conf").toString(), "--engine", engine,
        "--out", out.toString()));
    if (traceFile != null) {
      args.addAll(List.of("--trace", traceFile.toString()));
    }
    MainTest.Outcome o = MainTest.run(args.toArray(String[]::new));
    assertEquals(0, o.code(), o.err());
    return JSON.readTree(out.resolve("results.json").toFile());
  }

  private static MainTest.Outcome op(Path file, String id) {
    return MainTest.run("trace", file.toString(), "op", id);
  }

  /** The story's own lines (not those of a journey shown under one): time, text. */
  private static List<String[]> steps(String out) {
    List<String[]> steps = new ArrayList<>();
    for (String line : out.lines().toList()) {
      if (line.length() > 32 && STEP_TIME.matcher(line.substring(0, 16).trim()).matches()) {
        steps.add(new String[] {line.substring(0, 16).trim(), line.substring(32)});
      }
    }
    return steps;
  }

  private static long ps(String ns) {
    return new BigDecimal(ns.replace(",", "")).movePointRight(3).longValueExact();
  }

  @Test
  void aSendIsFollowedElementByElementToTheReceiveThatMatchedIt() {
    MainTest.Outcome o = op(trace, "0:l2");
    assertEquals(0, o.code(), o.err());
    String out = o.out();
    assertTrue(out.startsWith("message 0->1#0 in " + trace + ": send 0:l2 to receive 1:l2, 1,000 B, tag 7, 5 elements"
        + System.lineSeparator()), out);
    List<String[]> steps = steps(out);
    List<String> texts = steps.stream().map(s -> s[1].replaceAll(": .*", "")).toList();
    // posted, the PUTs of elements 1 to 3, element 4 FULL until the receive is posted, then GETs
    // and PUTs interleaved, the send's end, the last GETs, the match and the receive's end
    assertEquals(List.of("send 0:l2 posted on node 0 core 0 rank 0", "element 1/5 PUT 0.0.1", "element 2/5 PUT 0.0.2",
        "element 3/5 PUT 0.0.3", "element 4/5 PUT 0.0.4", "element 4/5 PUT 0.0.6", "element 4/5 PUT 0.0.8",
        "element 4/5 PUT 0.0.10", "element 4/5 PUT 0.0.12", "element 4/5 PUT 0.0.14",
        "receive 1:l2 posted on node 1 core 0 rank 1", "element 4/5 PUT 0.0.16", "element 1/5 GET 1.0.1",
        "element 2/5 GET 1.0.2", "element 5/5 PUT 0.0.17", "element 3/5 GET 1.0.3", "send 0:l2 complete",
        "element 4/5 GET 1.0.4", "element 5/5 GET 1.0.5", "match", "receive 1:l2 complete"), texts);
    assertTrue(steps.get(0)[1].endsWith(": to rank 1, tag 7, 1,000 B"), steps.get(0)[1]);
    assertTrue(out.contains("receive 1:l2 posted on node 1 core 0 rank 1: from any rank, any tag, 1,000 B"), out);
    assertTrue(out.contains("match: receive 1:l2 takes message 0->1#0 of send 0:l2"), out);
    assertEquals(6, out.lines().filter(l -> l.contains(" PUT ") && l.contains(": FULL after")).count(), out);
    long previous = -1;
    for (String[] s : steps) {
      assertTrue(ps(s[0]) >= previous, "steps out of time order at " + s[1]);
      previous = ps(s[0]);
    }
    assertEquals(ps(steps.get(steps.size() - 2)[0]), ps(steps.get(steps.size() - 1)[0]), "the match completes the receive");
    // the first and the last element's PUTs hop by hop, as 'trace op ID' shows them
    assertTrue(out.contains("        operation 0.0.1 in " + trace + ": put 256 B to node 1 ring 0"), out);
    assertTrue(out.contains("        operation 0.0.17 in " + trace + ": put 76 B to node 1 ring 0"), out);
    assertEquals(2, out.lines().filter(l -> l.trim().startsWith("operation ")).count(), out);
    assertTrue(out.contains("PUTs: 11, 6 answered FULL,"), out);
    assertTrue(out.contains("GETs: 5, one an element,"), out);
  }

  @Test
  void theTotalRunsFromTheSendPostedToTheReceiveCompleteAndItsPartsAddUp() {
    String out = op(trace, "0:l2").out();
    List<String[]> steps = steps(out);
    long total = ps(steps.get(steps.size() - 1)[0]) - ps(steps.get(0)[0]);
    assertTrue(out.contains("total " + SimTime.nsThreeDecimals(total) + " ns from send posted to receive complete"), out);
    Matcher m = Pattern.compile("(?m)^  (to the first doorbell|in PUTs|in the ring|in the GET|unexpected) +([\\d,]+\\.\\d{3}) ns")
        .matcher(out);
    long sum = 0;
    int parts = 0;
    while (m.find()) {
      sum += ps(m.group(2));
      parts++;
    }
    assertEquals(5, parts, out);
    assertEquals(total, sum, out);
  }

  @Test
  void theReceiveNamesTheSameStory() {
    MainTest.Outcome bySend = op(trace, "0:l2");
    MainTest.Outcome byReceive = op(trace, "1:l2");
    assertEquals(0, byReceive.code(), byReceive.err());
    assertEquals(bySend.out(), byReceive.out());
  }

  @Test
  void aRankOrLabelNotInTheTraceIsOneLineAndExitTwo() throws Exception {
    assertBad(op(trace, "1:l9"), "ringfabric: no send or receive 1:l9 in " + trace + ": rank 1's first are l2 (a calc"
        + " leaves no mark, nor does an operation that never started)");
    assertBad(op(trace, "1:l1"), "no send or receive 1:l1 in " + trace);
    assertBad(op(trace, "5:l2"), "ringfabric: no rank 5 in the schedule marks of " + trace + ": its ranks are 0..1");
    assertBad(op(trace, "r1:l2"), "operation id 'r1:l2' is malformed", "or a schedule's rank:label, e.g. 3:l7");
    Path plain = dir.resolve("plain.jsonl");
    Path conf = dir.resolve("plain.conf");
    Files.writeString(conf, "ringfabric { duration = 20us, topology { kind = ring, dims = [2] } }");
    assertEquals(0, MainTest.run("run", conf.toString(), "--trace", plain.toString(), "--out",
        dir.resolve("plain").toString()).code());
    assertBad(op(plain, "0:l1"), "ringfabric: no schedule marks in " + plain + ": it is not the trace of a run with a"
        + " workload.schedule (a trace written before ringfabric marked messages has none either)");
  }

  @Test
  void aSendNoReceiveTookAndAReceiveNothingMatchedSaySo() throws Exception {
    Files.writeString(dir.resolve("unmatched.goal"), """
        num_ranks 2
        rank 0 {
        l1: send 600b to 1 tag 3
        }
        rank 1 {
        l1: recv 600b from 0 tag 4
        }
        """);
    Path conf = dir.resolve("unmatched.conf");
    Files.writeString(conf, SCENARIO.replace("two.goal", "unmatched.goal").replace("1ms", "100us"));
    Path file = dir.resolve("unmatched.jsonl");
    assertEquals(0, MainTest.run("run", conf.toString(), "--trace", file.toString(), "--out",
        dir.resolve("unmatched").toString()).code());
    String send = op(file, "0:l1").out();
    assertTrue(send.startsWith("message 0->1#0 in " + file + ": send 0:l1 to receive (none matched), 600 B, tag 3,"
        + " 3 elements"), send);
    // it arrived whole: three GETs brought its elements, and it waits unexpected
    assertEquals(3, send.lines().filter(l -> l.contains("/3 GET 1.0.") && l.contains(": DONE after ")
        && l.contains("took it from ring 0 at")).count(), send);
    assertTrue(send.contains("GETs: 3, one an element,"), send);
    assertTrue(send.endsWith("no receive took it by the end of the trace" + System.lineSeparator()), send);
    String recv = op(file, "1:l1").out();
    assertTrue(recv.startsWith("message (none) in " + file + ": send (none matched) to receive 1:l1"), recv);
    assertTrue(recv.contains("receive 1:l1 posted on node 1 core 0 rank 1: from rank 0, tag 4, 600 B"), recv);
    assertTrue(recv.endsWith("no message matched it by the end of the trace" + System.lineSeparator()), recv);
  }

  private static void assertBad(MainTest.Outcome o, String... parts) {
    assertEquals(2, o.code(), o.err() + o.out());
    assertEquals("", o.out());
    assertEquals(1, o.err().lines().count(), o.err());
    for (String p : parts) {
      assertTrue(o.err().contains(p), "'" + p + "' not in: " + o.err());
    }
    assertFalse(o.err().contains("Exception"), o.err());
  }

  @Test
  void marksChangeNeitherTheFingerprintNorTheResultsOnEitherEngine() throws Exception {
    JsonNode traced = run("reference", dir.resolve("again.jsonl"));
    Path actorsTrace = dir.resolve("actors.jsonl");
    List<JsonNode> runs = List.of(run("reference", null), run("actors", null), run("actors", actorsTrace), traced);
    for (JsonNode r : runs) {
      assertEquals(traced.at("/fingerprint").asText(), r.at("/fingerprint").asText());
      assertEquals(traced.at("/schedule"), r.at("/schedule"));
    }
    assertTrue(Files.readString(actorsTrace).contains("\"kind\":\"mark\""));
    assertEquals(Files.readString(trace), Files.readString(actorsTrace), "one trace, marks and all, on both engines");
  }
}
