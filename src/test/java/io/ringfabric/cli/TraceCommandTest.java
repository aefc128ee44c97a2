package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.trace.PerfettoExport;
import io.ringfabric.trace.SyntheticTrace;
import io.ringfabric.trace.TraceReader;
import io.ringfabric.trace.TraceRecord;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCommandTest {
  @TempDir Path dir;

  record Outcome(int code, String out, String err) {}

  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), args);
    return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void assertNoStackTrace(String err) {
    assertFalse(err.contains("Exception"), err);
    assertFalse(err.contains("\tat "), err);
    assertFalse(err.contains("at io."), err);
  }

  /** Bad input: exit 2, a message on stderr containing every part, nothing on stdout. */
  private static Outcome assertBad(Outcome o, String... parts) {
    assertEquals(2, o.code(), o.err() + o.out());
    for (String p : parts) {
      assertTrue(o.err().contains(p), "'" + p + "' not in: " + o.err());
    }
    assertNoStackTrace(o.err());
    return o;
  }

  private Path story() throws IOException {
    return SyntheticTrace.write(dir.resolve("trace.jsonl.gz"), SyntheticTrace.HEADER, SyntheticTrace.story());
  }

  @Test
  void summaryPrintsCountsAndTheSlowest() throws IOException {
    Path f = story();
    Outcome o = run("trace", f.toString(), "summary");
    assertEquals(0, o.code(), o.err());
    assertEquals("", o.err());
    assertTrue(o.out().contains("Records by kind"), o.out());
    assertTrue(o.out().contains("Slowest operations"), o.out());
    assertTrue(o.out().contains("follow one: ringfabric trace " + f + " op 3.1.17"), o.out());
  }

  @Test
  void opPrintsTheJourney() throws IOException {
    Path f = story();
    Outcome o = run("trace", f.toString(), "op", "3.1.17");
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().startsWith("operation 3.1.17 in " + f), o.out());
    assertTrue(o.out().contains("WAITED 400.000 ns at node 3 +x -> node 7"), o.out());
    assertTrue(o.out().contains("biggest contributor: 400.000 ns waiting for the link at node 3 +x -> node 7"));
  }

  @Test
  void anUnknownOpIsBadInput() throws IOException {
    Path f = story();
    assertBad(run("trace", f.toString(), "op", "1.2.3"), "no record of operation 1.2.3 in " + f);
    assertBad(run("trace", f.toString(), "op", "put-17"), "operation id 'put-17' is malformed", "node.context.sequence");
    assertBad(run("trace", f.toString(), "op", "-1.0.1"), "operation id '-1.0.1' is malformed", "e.g. 3.1.17");
    assertBad(run("trace", f.toString(), "filter", "--op", "1.x.2"), "--op: operation id '1.x.2' is malformed");
  }

  @Test
  void filterPrintsTextOrTheLinesThemselves() throws IOException {
    Path f = story();
    Outcome text = run("trace", f.toString(), "filter", "--node", "9", "--kind", "packet-queued");
    assertEquals(0, text.code(), text.err());
    List<TraceRecord> expected = SyntheticTrace.story().stream()
        .filter(r -> r.node() == 9 && r.kind().equals("packet-queued")).toList();
    assertEquals(expected.size(), text.out().lines().count());
    Outcome json = run("trace", f.toString(), "filter", "--node", "9", "--kind", "packet-queued", "--json");
    assertEquals(0, json.code(), json.err());
    StringBuilder lines = new StringBuilder();
    expected.forEach(r -> lines.append(SyntheticTrace.line(r)).append('\n'));
    assertEquals(lines.toString(), json.out());

    Outcome window = run("trace", f.toString(), "filter", "--from", "1190ns", "--to", "1.59us", "--json");
    assertEquals(0, window.code(), window.err());
    StringBuilder w = new StringBuilder();
    SyntheticTrace.story().stream().filter(r -> r.t() >= 1_190_000 && r.t() < 1_590_000)
        .forEach(r -> w.append(SyntheticTrace.line(r)).append('\n'));
    assertEquals(w.toString(), window.out());
    Outcome ps = run("trace", f.toString(), "filter", "--from", "1190000", "--to", "1590000", "--json");
    assertEquals(window.out(), ps.out());
    Outcome c = run("trace", f.toString(), "filter", "--component", "NODE 3 CORE", "--op", "3.1.17", "--json");
    assertEquals(2, c.out().lines().count(), c.out());
  }

  @Test
  void filterRejectsBadOptions() throws IOException {
    String file = story().toString();
    assertBad(run("trace", file, "filter", "--from", "5 parsecs"), "--from", "'5 parsecs' is not a time");
    assertBad(run("trace", file, "filter", "--to", "0.0001ns"), "--to", "whole number of picoseconds");
    assertBad(run("trace", file, "filter", "--from", "2us", "--to", "1us"), "--from", "must be before --to");
    assertBad(run("trace", file, "filter", "--kind", "packet-sen"), "no kind 'packet-sen'", "packet-sent");
    assertBad(run("trace", file, "filter", "--node", "x"), "--node", "'x'");
    assertBad(run("trace", file, "filter", "--node", "-3"), "--node must be 0 or more");
    assertBad(run("trace", file, "filter", "--frobnicate"), "--frobnicate");
  }

  /** {@code trace f perfetto out}, which must succeed and say what it wrote. */
  private static Outcome perfetto(Path f, Path out) {
    Outcome o = run("trace", f.toString(), "perfetto", out.toString());
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().startsWith("wrote " + out + ": "), o.out());
    return o;
  }

  @Test
  void perfettoWritesJsonThatParses() throws IOException {
    Path f = story();
    Path out = dir.resolve("timeline/trace.json");
    Outcome o = perfetto(f, out);
    assertTrue(o.out().contains("ui.perfetto.dev"), o.out());
    JsonNode root = new ObjectMapper().readTree(out.toFile());
    assertTrue(root.get("traceEvents").size() > 50);
    try (var files = Files.list(out.getParent())) {
      assertEquals(List.of(out), files.toList()); // no temporary file left behind
    }

    // A window: only what happens in it.
    Path window = dir.resolve("window.json");
    assertEquals(0, run("trace", f.toString(), "perfetto", window.toString(), "--from", "1.5us", "--to", "2us").code());
    JsonNode w = new ObjectMapper().readTree(window.toFile());
    for (JsonNode e : w.get("traceEvents")) {
      if (!e.get("ph").asText().equals("M")) {
        assertTrue(e.get("ts").asDouble() >= 1.5 && e.get("ts").asDouble() < 2.0, e.toString());
      }
    }
    assertTrue(w.get("traceEvents").size() < root.get("traceEvents").size());
    assertBad(run("trace", f.toString(), "perfetto", window.toString(), "--from", "2us", "--to", "2us"),
        "must be before --to");

    Path gz = dir.resolve("trace.json.gz");
    assertEquals(0, run("trace", f.toString(), "perfetto", gz.toString()).code());
    try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      assertEquals(root, new ObjectMapper().readTree(in));
    }
  }

  /** The export of the trace {@code f} as the library writes it. */
  private static byte[] exported(Path f, PerfettoExport.Format format) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (TraceReader r = TraceReader.open(f, w -> {})) {
      PerfettoExport.export(r, b, null, null, format);
    }
    return b.toByteArray();
  }

  @Test
  void perfettoWritesTheFormatItsNameOrFormatAsksFor() throws IOException {
    Path f = story();
    Path out = dir.resolve("timeline/trace.pftrace");
    Outcome o = perfetto(f, out);
    assertTrue(o.out().contains(" packets ("), o.out());
    byte[] proto = exported(f, PerfettoExport.Format.PROTOBUF);
    assertEquals(Arrays.toString(proto), Arrays.toString(Files.readAllBytes(out)));

    Path gz = dir.resolve("trace.PFTRACE.gz");
    assertEquals(0, run("trace", f.toString(), "perfetto", gz.toString()).code());
    try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      assertEquals(Arrays.toString(proto), Arrays.toString(in.readAllBytes()));
    }
    // --format wins over the name.
    Path named = dir.resolve("trace.bin");
    assertEquals(0, run("trace", f.toString(), "perfetto", named.toString(), "--format", "pftrace").code());
    assertEquals(Arrays.toString(proto), Arrays.toString(Files.readAllBytes(named)));
    Outcome json = run("trace", f.toString(), "perfetto", out.toString(), "--format", "json");
    assertEquals(0, json.code(), json.err());
    assertTrue(json.out().contains(" events ("), json.out());
    assertEquals(new String(exported(f, PerfettoExport.Format.JSON), StandardCharsets.UTF_8), Files.readString(out));
  }

  @Test
  void anUnknownFormatOrAnUnwritablePlaceIsBadInput() throws IOException {
    Path f = story();
    Path out = dir.resolve("out/x.pftrace");
    assertBad(run("trace", f.toString(), "perfetto", out.toString(), "--format", "xml"), "unknown format 'xml'",
        "--format pftrace", "--format json");
    assertBad(run("trace", f.toString(), "perfetto", dir.resolve("out/x.txt").toString()),
        "cannot tell which format to write from the name " + dir.resolve("out/x.txt"), ".pftrace", ".json");
    assertFalse(Files.exists(dir.resolve("out")), "nothing made for a bad argument");
    Path file = Files.writeString(dir.resolve("notes.txt"), "not a directory\n");
    assertBad(run("trace", f.toString(), "perfetto", file.resolve("x.pftrace").toString()),
        "cannot write " + file.resolve("x.pftrace"));
  }

  @Test
  void perfettoOfABadTraceLeavesNoFile() throws IOException {
    Path f = dir.resolve("bad.jsonl");
    Files.writeString(f, SyntheticTrace.HEADER + "\n" + SyntheticTrace.line(SyntheticTrace.story().get(0))
        + "\ngarbage\n");
    Path out = dir.resolve("out/x.json");
    assertBad(run("trace", f.toString(), "perfetto", out.toString()), f + ":3: not a trace record");
    try (var files = Files.list(out.getParent())) {
      assertEquals(0, files.count());
    }
    assertBad(run("trace", f.toString(), "perfetto", f.toString()), "over the trace itself");
    assertBad(run("trace", story().toString(), "perfetto", dir.toString()), "is a directory");
  }

  @Test
  void missingUnreadableAndForeignFilesAreBadInput() throws IOException {
    Path missing = dir.resolve("nowhere.jsonl.gz");
    assertBad(run("trace", missing.toString(), "summary"), "trace file " + missing + " does not exist");
    assertBad(run("trace", dir.toString(), "summary"), "is a directory");

    Path results = dir.resolve("results.json");
    Files.writeString(results, "{\n  \"fingerprint\": \"d67b\"\n}\n");
    for (String verb : new String[] {"summary", "op", "filter", "perfetto"}) {
      List<String> args = new ArrayList<>(List.of("trace", results.toString(), verb));
      if (verb.equals("op")) {
        args.add("1.2.3");
      } else if (verb.equals("perfetto")) {
        args.add(dir.resolve("p.json").toString());
      }
      assertBad(run(args.toArray(String[]::new)), results + ": not a ringfabric trace");
    }
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "some text\n");
    assertBad(run("trace", text.toString(), "summary"), text + ": not a ringfabric trace");
    Path empty = dir.resolve("empty.jsonl");
    Files.write(empty, new byte[0]);
    assertBad(run("trace", empty.toString(), "summary"), empty + ": not a ringfabric trace", "empty");
  }

  @Test
  void aBadLineInTheMiddleNamesIt() throws IOException {
    List<String> lines = new ArrayList<>();
    for (TraceRecord r : SyntheticTrace.story()) {
      lines.add(SyntheticTrace.line(r));
    }
    lines.set(9, "{\"t\":1,\"kind\":");
    Path f = SyntheticTrace.writeLines(dir.resolve("bad.jsonl"), SyntheticTrace.HEADER, lines);
    Outcome o = assertBad(run("trace", f.toString(), "summary"), f + ":11: not a trace record: not valid JSON");
    assertEquals("", o.out());
  }

  @Test
  void aCutOffTraceWarnsAndCountsWhatCameBefore() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    StringBuilder b = new StringBuilder(SyntheticTrace.HEADER).append('\n');
    for (TraceRecord r : story) {
      b.append(SyntheticTrace.line(r)).append('\n');
    }
    b.append("{\"t\":99999999,\"ki");
    Path f = dir.resolve("cut.jsonl");
    Files.writeString(f, b.toString());
    Outcome o = run("trace", f.toString(), "summary");
    assertEquals(0, o.code(), o.err());
    assertEquals("warning: " + f + " ends in a cut-off record (line " + (story.size() + 2) + "); ignoring it"
        + System.lineSeparator(), o.err());
    assertTrue(o.out().contains(story.size() + " records"), o.out());

    byte[] gz = Files.readAllBytes(story());
    Path t = dir.resolve("truncated.jsonl.gz");
    Files.write(t, Arrays.copyOf(gz, gz.length / 2));
    Outcome g = run("trace", t.toString(), "filter", "--json");
    assertEquals(0, g.code(), g.err());
    assertTrue(g.err().startsWith("warning: " + t), g.err());
    assertNoStackTrace(g.err());
    assertTrue(g.out().lines().count() > 0);
  }

  @Test
  void aMissingOrUnknownVerbIsBadInput() throws IOException {
    String f = story().toString();
    assertBad(run("trace", f), "give summary, op ID|RANK:LABEL, filter [options] or perfetto OUT.pftrace|OUT.json");
    assertBad(run("trace", f, "sumary"), "unknown trace command 'sumary'");
    assertBad(run("trace"), "FILE");
    assertBad(run("trace", f, "op"), "ID");
    assertBad(run("trace", f, "perfetto"), "OUT.pftrace|OUT.json");
  }

  /** A PUT from node 13 to node 7 on a 4x4 torus: x first (13, 14, 15), then y (15, 3, 7). */
  static final String ROUTE = """
      ringfabric {
        topology { kind = torus, dims = [4, 4] }
        rings = [ { id = 0 } ]
        workload.processes = [
          { program = put-stream, nodes = [13], target { pattern = fixed, node = 7, ring = 0 }, ops = 3 }
          { program = get-stream, nodes = [7], core = 1, ops = 3 }
        ]
      }
      """;

  @Test
  void anOperationsJourneyShowsItsCreditStalls() throws IOException {
    Path conf = dir.resolve("incast.conf");
    Files.writeString(conf, """
        ringfabric {
          topology { kind = torus, dims = [4, 4] }
          fabric.vc-buffer = 1 packets
          rings = [ { id = 0, nodes = [0], capacity = 64KiB } ]
          workload.processes = [
            { program = get-stream, nodes = [0], source { node = self, ring = 0 }, idle-limit = 1000 }
            { program = put-stream, nodes = [1, 2, 3, 4, 5, 6, 7, 8], core = 1,
              target { pattern = incast, node = 0, ring = 0 }, size = 128, ops = 20 }
          ]
        }
        """);
    Path trace = dir.resolve("out/trace.jsonl.gz");
    Outcome run = run("run", conf.toString(), "--out", dir.resolve("out").toString(), "--trace", trace.toString(),
        "--trace-level", "packets");
    assertEquals(0, run.code(), run.err());
    Outcome stalls = run("trace", trace.toString(), "filter", "--kind", "credit-stall", "--json");
    assertEquals(0, stalls.code(), stalls.err());
    JsonNode first = new ObjectMapper().readTree(stalls.out().lines().findFirst().orElseThrow());
    assertTrue(first.get("wait").asLong() > 0, first.toString());
    assertTrue(first.get("detail").asText().startsWith("vc "), first.toString());
    Outcome journey = run("trace", trace.toString(), "op", first.get("op").asText());
    assertEquals(0, journey.code(), journey.err());
    assertTrue(journey.out().contains(" credit-stall "), journey.out());
    assertTrue(journey.out().contains("waiting for credits: "), journey.out());
  }

  @Test
  void readsWhatARunRecords() throws IOException {
    Path conf = dir.resolve("route.conf");
    Files.writeString(conf, ROUTE);
    Path trace = dir.resolve("out/trace.jsonl.gz");
    Outcome run = run("run", conf.toString(), "--out", dir.resolve("out").toString(), "--trace", trace.toString(),
        "--trace-level", "packets");
    assertEquals(0, run.code(), run.err());

    Outcome summary = run("trace", trace.toString(), "summary");
    assertEquals(0, summary.code(), summary.err());
    assertEquals("", summary.err());
    assertTrue(summary.out().contains("level packets, 16 nodes"), summary.out());

    Outcome doorbells = run("trace", trace.toString(), "filter", "--node", "13", "--kind", "doorbell", "--json");
    assertEquals(0, doorbells.code(), doorbells.err());
    JsonNode first = new ObjectMapper().readTree(doorbells.out().lines().findFirst().orElseThrow());
    String op = first.get("op").asText();
    assertTrue(first.get("detail").asText().startsWith("put"), first.toString());

    Outcome journey = run("trace", trace.toString(), "op", op);
    assertEquals(0, journey.code(), journey.err());
    List<String> ports = new ArrayList<>();
    for (String line : journey.out().lines().toList()) {
      int open = line.indexOf('[');
      if (line.contains(" packet-sent ") && line.contains("put-request") && open > 0) {
        ports.add(line.substring(open + 1, line.indexOf(']', open)));
      }
    }
    // 13 to 7 on a 4x4 torus ties in both dimensions: this action's spread takes -x, then +y
    assertEquals(List.of("node 13 module -> switch", "node 13 -x -> node 12", "node 12 -x -> node 15",
        "node 15 +y -> node 3", "node 3 +y -> node 7", "node 7 switch -> module"), ports, journey.out());
    assertTrue(journey.out().contains("total "), journey.out());

    Path timeline = dir.resolve("out/trace.json");
    Outcome perfetto = run("trace", trace.toString(), "perfetto", timeline.toString());
    assertEquals(0, perfetto.code(), perfetto.err());
    JsonNode events = new ObjectMapper().readTree(timeline.toFile()).get("traceEvents");
    long starts = 0;
    long ends = 0;
    for (JsonNode e : events) {
      starts += e.get("ph").asText().equals("s") ? 1 : 0;
      ends += e.get("ph").asText().equals("f") ? 1 : 0;
    }
    assertTrue(starts > 0);
    assertEquals(starts, ends);
  }

  @Test
  void helpListsTheVerbs() {
    Outcome o = run("trace", "--help");
    assertEquals(0, o.code());
    for (String v : new String[] {"summary", "op", "filter", "perfetto"}) {
      assertTrue(o.out().contains(v), o.out());
    }
    assertTrue(run("--help").out().contains("trace"));
  }

  /**
   * Two million records through summary and op in a JVM of 64 MB: reading streams, whatever the
   * size of the trace.
   */
  @Test
  void aLargeTraceStreamsThroughInBoundedMemory() throws Exception {
    Path f = dir.resolve("large.jsonl.gz");
    int ops = 250_000; // 8 records each
    try (Writer w = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(f), 1 << 16) {
      {
        def.setLevel(Deflater.BEST_SPEED);
      }
    }, StandardCharsets.UTF_8), 1 << 16)) {
      w.write(SyntheticTrace.HEADER);
      w.write('\n');
      for (int i = 0; i < ops; i++) {
        long t = i * 100_000L;
        int node = i % 16;
        String op = node + "." + (i / 16 % 8) + "." + i;
        long lat = 40_000 + (i * 7919L) % 50_000;
        if (i == 123_456) {
          lat = 99_000;
        }
        String m = "node " + node + " module";
        w.write("{\"t\":" + t + ",\"kind\":\"doorbell\",\"op\":\"" + op + "\",\"component\":\"" + m + "\",\"node\":" + node
            + ",\"detail\":\"put 8 B to node 9 ring 0\"}\n");
        w.write("{\"t\":" + (t + 1) + ",\"kind\":\"request-sent\",\"op\":\"" + op + "\",\"component\":\"" + m
            + "\",\"node\":" + node + "}\n");
        w.write("{\"t\":" + (t + 2) + ",\"kind\":\"request-arrived\",\"op\":\"" + op
            + "\",\"component\":\"node 9 module\",\"node\":9}\n");
        w.write("{\"t\":" + (t + 3) + ",\"kind\":\"applied\",\"op\":\"" + op
            + "\",\"component\":\"node 9 module\",\"node\":9,\"status\":\"DONE\",\"ring\":0}\n");
        w.write("{\"t\":" + (t + 4) + ",\"kind\":\"response-sent\",\"op\":\"" + op
            + "\",\"component\":\"node 9 module\",\"node\":9,\"status\":\"DONE\"}\n");
        w.write("{\"t\":" + (t + 5) + ",\"kind\":\"response-arrived\",\"op\":\"" + op + "\",\"component\":\"" + m
            + "\",\"node\":" + node + ",\"status\":\"DONE\"}\n");
        w.write("{\"t\":" + (t + lat) + ",\"kind\":\"completed\",\"op\":\"" + op + "\",\"component\":\"" + m
            + "\",\"node\":" + node + ",\"status\":\"DONE\",\"dur\":" + lat + "}\n");
        w.write("{\"t\":" + (t + lat + 1) + ",\"kind\":\"completion-seen\",\"op\":\"" + op + "\",\"component\":\"node "
            + node + " core 0\",\"node\":" + node + ",\"status\":\"DONE\"}\n");
      }
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("java.class.path");
    ProcessBuilder pb = new ProcessBuilder(java, "-Xmx64m", "-cp", cp, Main.class.getName(), "trace", f.toString(),
        "summary");
    Path out = dir.resolve("summary.txt");
    pb.redirectErrorStream(true).redirectOutput(out.toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "summary did not finish");
    String text = Files.readString(out);
    assertEquals(0, p.exitValue(), text);
    assertTrue(text.contains("2,000,000 records"), text);
    assertTrue(text.lines().anyMatch(l -> l.matches("\\s+DONE\\s+250,000")), text);
    assertTrue(text.contains("follow one: ringfabric trace " + f + " op 0.4.123456"), text);

    ProcessBuilder op = new ProcessBuilder(java, "-Xmx64m", "-cp", cp, Main.class.getName(), "trace", f.toString(),
        "op", "0.4.123456");
    Path opOut = dir.resolve("op.txt");
    op.redirectErrorStream(true).redirectOutput(opOut.toFile());
    Process q = op.start();
    assertTrue(q.waitFor(5, TimeUnit.MINUTES), "op did not finish");
    String journey = Files.readString(opOut);
    assertEquals(0, q.exitValue(), journey);
    assertTrue(journey.contains("total 99.000 ns from doorbell to completion (DONE)"), journey);
  }
}
