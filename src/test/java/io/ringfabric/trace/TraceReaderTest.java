package io.ringfabric.trace;

import static io.ringfabric.trace.SyntheticTrace.HEADER;
import static io.ringfabric.trace.SyntheticTrace.at;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.trace.TraceRecord.Kinds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReaderTest {
  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();

  private List<TraceRecord> readAll(Path f) throws IOException {
    List<TraceRecord> out = new ArrayList<>();
    try (TraceReader r = TraceReader.open(f, warnings::add)) {
      TraceRecord x;
      while ((x = r.next()) != null) {
        out.add(x);
      }
      assertEquals(out.size(), r.records());
    }
    return out;
  }

  private String failure(Path f) {
    TraceFormatException e = assertThrows(TraceFormatException.class, () -> readAll(f));
    return e.getMessage();
  }

  @Test
  void readsEveryFieldAndLeavesDefaultsForOmittedOnes() throws IOException {
    TraceRecord full = at(123_456_789_012L, Kinds.PACKET_SENT, "node 3 switch", 3).op("3.1.17").from("a \"b\"")
        .to("c\\d").bytes(96).status("DONE").waitPs(400_000).dur(76_800).ring(2).port("node 3 +x -> node 7")
        .detail("packet 1/3 put-request").build();
    TraceRecord bare = at(123_456_789_013L, "doorbell", "star centre switch", -1).build();
    Path f = SyntheticTrace.write(dir.resolve("t.jsonl"), HEADER, List.of(full, bare));
    assertEquals(List.of(full, bare), readAll(f));
    assertTrue(warnings.isEmpty(), warnings.toString());
    TraceRecord b = readAll(f).get(1);
    assertEquals(-1, b.node());
    assertEquals(-1, b.ring());
    assertEquals(0, b.bytes());
    assertNull(b.op());
    assertNull(b.port());
  }

  @Test
  void readsTheStoryPlainAndGzipped() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    assertEquals(story, readAll(SyntheticTrace.write(dir.resolve("s.jsonl"), HEADER, story)));
    assertEquals(story, readAll(SyntheticTrace.write(dir.resolve("s.jsonl.gz"), HEADER, story)));
  }

  @Test
  void readsWhatTheWriterWrites() throws IOException {
    // The writer's own line format, so reader and writer cannot drift apart.
    List<String> lines = new ArrayList<>();
    for (TraceRecord r : SyntheticTrace.story()) {
      StringBuilder b = new StringBuilder();
      TraceWriter.Json.record(b, r);
      lines.add(b.toString());
      assertEquals(SyntheticTrace.line(r), b.toString());
    }
    Path f = SyntheticTrace.writeLines(dir.resolve("w.jsonl"), HEADER, lines);
    assertEquals(SyntheticTrace.story(), readAll(f));
  }

  @Test
  void recognisesGzipByItsMagicBytesWhateverTheName() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    Path gz = SyntheticTrace.write(dir.resolve("s.jsonl.gz"), HEADER, story);
    Path misnamed = dir.resolve("s.jsonl");
    Files.copy(gz, misnamed);
    assertEquals(story, readAll(misnamed));
    try (TraceReader r = TraceReader.open(misnamed, warnings::add)) {
      assertTrue(r.gzip());
    }
  }

  @Test
  void readsTheHeader() throws IOException {
    String h = "{\"ringfabric-trace\":1,\"level\":\"packets\",\"seed\":42,\"nodes\":16,\"scenario\":\"one"
        + " paragraph\",\"from\":1000,\"to\":5000000,\"traceNodes\":[3,9]}";
    Path f = SyntheticTrace.writeLines(dir.resolve("h.jsonl"), h, List.of());
    try (TraceReader r = TraceReader.open(f, warnings::add)) {
      TraceReader.Header x = r.header();
      assertEquals(new TraceReader.Header(1, "packets", 42L, 16, "one paragraph", 1000L, 5_000_000L, List.of(3, 9)), x);
      assertNull(r.next());
    }
    Path g = SyntheticTrace.writeLines(dir.resolve("g.jsonl"), HEADER, List.of());
    try (TraceReader r = TraceReader.open(g, warnings::add)) {
      assertNull(r.header().to());
      assertNull(r.header().traceNodes());
      assertEquals(0L, r.header().from());
    }
  }

  @Test
  void aCutOffLastLineIsIgnoredWithAWarning() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (TraceRecord r : story) {
      b.append(SyntheticTrace.line(r)).append('\n');
    }
    b.append("{\"t\":9999999,\"kind\":\"packet-se");
    Path f = dir.resolve("cut.jsonl");
    Files.writeString(f, b.toString());
    assertEquals(story, readAll(f));
    int cutLine = story.size() + 2;
    assertEquals(List.of("warning: " + f + " ends in a cut-off record (line " + cutLine + "); ignoring it"), warnings);
  }

  @Test
  void aLastLineMissingOnlyItsLineEndStillCounts() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (int i = 0; i < story.size(); i++) {
      b.append(SyntheticTrace.line(story.get(i))).append(i + 1 < story.size() ? "\n" : "");
    }
    Path f = dir.resolve("nolf.jsonl");
    Files.writeString(f, b.toString());
    assertEquals(story, readAll(f));
    assertTrue(warnings.isEmpty(), warnings.toString());
  }

  @Test
  void aTruncatedGzipStreamKeepsWhatWasReadWithAWarning() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    byte[] whole = Files.readAllBytes(SyntheticTrace.write(dir.resolve("s.jsonl.gz"), HEADER, story));
    Path f = dir.resolve("truncated.jsonl.gz");
    Files.write(f, Arrays.copyOf(whole, whole.length * 2 / 3));
    List<TraceRecord> got = readAll(f);
    assertTrue(got.size() < story.size(), "read " + got.size());
    assertEquals(story.subList(0, got.size()), got);
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith("warning: " + f + " "), warnings.get(0));

    // Cut in the 8-byte gzip trailer: every record is there, the stream is still cut off.
    warnings.clear();
    Path g = dir.resolve("trailer.jsonl.gz");
    Files.write(g, Arrays.copyOf(whole, whole.length - 4));
    assertEquals(story, readAll(g));
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("gzip stream cut off"), warnings.get(0));
  }

  @Test
  void anEmptyFileIsNotATrace() throws IOException {
    Path f = dir.resolve("empty.jsonl");
    Files.write(f, new byte[0]);
    String m = failure(f);
    assertTrue(m.startsWith(f + ": not a ringfabric trace"), m);
    assertTrue(m.contains("empty"), m);
    Path g = dir.resolve("empty.jsonl.gz");
    Files.write(g, SyntheticTrace.gzip(new byte[0]));
    assertTrue(failure(g).startsWith(g + ": not a ringfabric trace"));
  }

  @Test
  void foreignFilesAreNotTraces() throws IOException {
    Path results = dir.resolve("results.json");
    Files.writeString(results, "{\n  \"fingerprint\": \"d67b\",\n  \"engine\": \"actors\"\n}\n");
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "hello\nworld\n");
    Path lines = dir.resolve("other.jsonl");
    Files.writeString(lines, "{\"t\":1,\"kind\":\"doorbell\",\"component\":\"x\"}\n");
    Path binary = dir.resolve("random.bin");
    byte[] noise = new byte[300_000];
    new Random(1).nextBytes(noise);
    Files.write(binary, noise);
    Path gzText = dir.resolve("text.gz");
    Files.write(gzText, SyntheticTrace.gzip("just text\n".getBytes(StandardCharsets.UTF_8)));
    for (Path f : List.of(results, text, lines, binary, gzText)) {
      String m = failure(f);
      assertTrue(m.startsWith(f + ": not a ringfabric trace ("), m);
    }
  }

  @Test
  void anotherFormatVersionIsNamed() throws IOException {
    Path f = SyntheticTrace.writeLines(dir.resolve("v2.jsonl"), HEADER.replace(":1,", ":2,"), List.of());
    assertEquals(f + ": a ringfabric trace of format version 2; this ringfabric reads version 1", failure(f));
  }

  @Test
  void aHeaderCutOffHoldsNoRecords() throws IOException {
    Path f = dir.resolve("h.jsonl");
    Files.writeString(f, HEADER.substring(0, 40));
    assertTrue(failure(f).contains("cut off in its header line"));
  }

  @Test
  void aBadLineInTheMiddleNamesFileAndLine() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    String good = SyntheticTrace.line(story.get(0));
    String[][] cases = {
      {"{\"t\":1000000,\"kind\":\"doorbell\",", "not valid JSON"},
      {"not json at all", "not valid JSON"},
      {"[1,2,3]", "not a JSON object"},
      {"{\"kind\":\"doorbell\",\"component\":\"node 3 module\"}", "no \"t\""},
      {"{\"t\":1000000,\"component\":\"node 3 module\"}", "no \"kind\""},
      {"{\"t\":1000000,\"kind\":\"doorbell\"}", "no \"component\""},
      {"{\"t\":\"soon\",\"kind\":\"doorbell\",\"component\":\"c\"}", "\"t\" should be a whole number"},
      {"{\"t\":1000000,\"kind\":\"doorbell\",\"component\":\"c\",\"node\":\"three\"}", "\"node\" should be a whole number"},
      {"{\"t\":1000000,\"kind\":7,\"component\":\"c\"}", "\"kind\" should be a string"},
      {"{\"t\":1000000,\"kind\":\"doorbell\",\"component\":\"c\"} trailing", "not valid JSON"},
      {"", "the line is empty"},
      {"{\"t\":5,\"kind\":\"doorbell\",\"component\":\"c\"}", "before the previous record's"},
    };
    for (String[] c : cases) {
      Path f = SyntheticTrace.writeLines(dir.resolve("bad.jsonl"), HEADER, List.of(good, good, c[0], good));
      String m = failure(f);
      assertTrue(m.startsWith(f + ":4: not a trace record: "), c[0] + " -> " + m);
      assertTrue(m.contains(c[1]), c[0] + " -> " + m);
    }
  }

  @Test
  void ignoresFieldsALaterWriterAdds() throws IOException {
    Path f = SyntheticTrace.writeLines(dir.resolve("x.jsonl"), HEADER,
        List.of("{\"t\":1,\"kind\":\"doorbell\",\"component\":\"c\",\"extra\":{\"a\":[1,2]},\"node\":2}"));
    List<TraceRecord> got = readAll(f);
    assertEquals(1, got.size());
    assertEquals(2, got.get(0).node());
  }

  @Test
  void lineTextIsTheLineExactly() throws IOException {
    List<TraceRecord> story = SyntheticTrace.story();
    Path f = SyntheticTrace.write(dir.resolve("s.jsonl"), HEADER, story);
    List<String> lines = Files.readAllLines(f);
    try (TraceReader r = TraceReader.open(f, warnings::add)) {
      for (int i = 0; i < story.size(); i++) {
        r.next();
        assertEquals(i + 2, r.lineNumber());
        assertArrayEquals(lines.get(i + 1).getBytes(StandardCharsets.UTF_8),
            r.lineText().getBytes(StandardCharsets.UTF_8));
      }
      assertNull(r.next());
      assertFalse(r.cutOff());
    }
  }

  /** A seeded fuzzer: a damaged trace, plain or gzipped, reads as records or fails with a TraceFormatException, never another exception. */
  @Test
  void noDamageBreaksTheReader() throws IOException {
    List<String> lines = new ArrayList<>();
    for (TraceRecord r : SyntheticTrace.story()) {
      lines.add(SyntheticTrace.line(r));
    }
    byte[] good = Files.readAllBytes(SyntheticTrace.writeLines(dir.resolve("good.jsonl"), HEADER, lines));
    Random random = new Random(77);
    int refused = 0;
    for (int i = 0; i < 600; i++) {
      byte[] bad = i % 2 == 0 ? Arrays.copyOf(good, random.nextInt(good.length)) : good.clone();
      for (int k = 0; i % 2 == 1 && k < 1 + random.nextInt(6); k++) {
        bad[random.nextInt(bad.length)] = (byte) random.nextInt();
      }
      if (i % 5 == 0) {
        bad = gzip(bad);
        if (i % 10 == 0) {
          bad = Arrays.copyOf(bad, Math.max(2, random.nextInt(bad.length)));
        }
      }
      Path f = dir.resolve("fuzz.jsonl");
      Files.write(f, bad);
      try {
        readAll(f);
      } catch (TraceFormatException expected) {
        refused++;
        assertTrue(expected.getMessage().startsWith(f.toString()), expected.getMessage());
      }
    }
    assertTrue(refused > 100, refused + " of 600 refused");
  }

  private static byte[] gzip(byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(plain);
    }
    return out.toByteArray();
  }
}
