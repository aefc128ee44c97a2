package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.cli.MainTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
  /** A 2x2 torus, one ring on node 3, one producer on node 0 and the consumer on node 3. */
  static final String TINY = """
      ringfabric {
        topology { kind = torus, dims = [2, 2] }
        rings = [ { id = 0, nodes = [3] } ]
        workload.processes = [
          { program = put-stream, nodes = [0], target { pattern = fixed, node = 3, ring = 0 }, ops = 12 }
          { program = get-stream, nodes = [3], core = 1, ops = 12 }
        ]
      }
      """;

  @TempDir Path dir;

  private Path tiny() throws Exception {
    Path f = dir.resolve("tiny.conf");
    Files.writeString(f, TINY);
    return f;
  }

  private static Outcome sweep(String... args) {
    List<String> all = new ArrayList<>(List.of("sweep"));
    all.addAll(List.of(args));
    return MainTest.run(Map.of(), all.toArray(new String[0]));
  }

  /** The CSV's lines split into cells; the test values hold no quotes or commas. */
  private static List<String[]> rows(Path csv) throws Exception {
    return Files.readAllLines(csv).stream().map(l -> l.split(",", -1)).toList();
  }

  private static int column(String[] header, String name) {
    for (int i = 0; i < header.length; i++) {
      if (header[i].equals(name)) {
        return i;
      }
    }
    throw new AssertionError("no column " + name);
  }

  private static void assertNoStackTrace(String err) {
    assertFalse(err.contains("Exception"), err);
    assertFalse(err.contains("\tat "), err);
  }

  @Test
  void aVaryThatChangesNothingIsRefusedBeforeAnythingRunsUnlessForced() throws Exception {
    Path tiny = tiny();
    // the producer sets think itself; the consumer leaves empty-backoff to the defaults
    Files.writeString(tiny, TINY.replaceFirst("ops = 12 }", "ops = 12, think = 1us }"));
    Path out = dir.resolve("w");
    String[] args = {tiny.toString(), "--vary", "defaults.put-stream.think=0ns,300ns",
        "--vary", "defaults.get-stream.empty-backoff=100ns,900ns", "--engine", "reference", "--out", out.toString()};
    Outcome o = sweep(args);
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: --vary defaults.put-stream.think changes nothing in the scenario: every run would"
        + " repeat the others (a defaults.* key only reaches process groups and rings that do not set it"
        + " themselves); give --force to run them all the same" + System.lineSeparator(), o.err());
    assertFalse(Files.exists(out), "nothing written");

    List<String> forced = new ArrayList<>(List.of(args));
    forced.add("--force");
    Outcome f = sweep(forced.toArray(new String[0]));
    assertEquals(0, f.code(), f.err());
    assertTrue(f.err().contains("warning: --vary defaults.put-stream.think changes nothing"), f.err());
    assertFalse(f.err().contains("--vary defaults.get-stream.empty-backoff changes nothing"), f.err());
    assertEquals(5, rows(out.resolve("sweep.csv")).size(), "a header and every one of the four runs");
  }

  @Test
  void aValueGivenTwiceIsRefusedNamingBoth() throws Exception {
    Path out = dir.resolve("twice");
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.mtu=256B,512,256", "--out", out.toString());
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: --vary fabric.mtu: 256 gives the same scenario as 256B, so its runs would repeat"
        + " others; give --force to run them all the same" + System.lineSeparator(), o.err());
    assertEquals("ringfabric: --vary fabric.mtu changes nothing in the scenario: every run would repeat the others"
        + " (256, 256 are one setting); give --force to run them all the same" + System.lineSeparator(),
        sweep(tiny().toString(), "--vary", "fabric.mtu=256,256", "--out", out.toString()).err());
    assertFalse(Files.exists(out), "nothing written");
  }

  @Test
  void oneRowPerValueMatchingEachRunsResults() throws Exception {
    Path out = dir.resolve("sw");
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.switch-latency=100ns,200ns,400ns",
        "--engine", "reference", "--out", out.toString());
    assertEquals(0, o.code(), o.err());

    List<String[]> rows = rows(out.resolve("sweep.csv"));
    assertEquals(4, rows.size());
    String[] header = rows.get(0);
    assertEquals("fabric.switch-latency", header[0]);
    assertEquals("fingerprint", header[1]);
    assertEquals("errors", header[header.length - 1]);
    assertEquals(List.of("100ns", "200ns", "400ns"), rows.subList(1, 4).stream().map(r -> r[0]).toList());

    // Every number is the one in that run's results.json.
    ObjectMapper mapper = new ObjectMapper();
    Map<String, String> pointers = Map.ofEntries(
        Map.entry("simulatedNs", "/simulatedNs"), Map.entry("events", "/events"),
        Map.entry("put_issued", "/ops/put/issued"), Map.entry("put_ok", "/ops/put/ok"),
        Map.entry("get_issued", "/ops/get/issued"), Map.entry("get_ok", "/ops/get/ok"),
        Map.entry("opsPerUs", "/throughput/opsPerUs"), Map.entry("payloadGBps", "/throughput/payloadGBps"),
        Map.entry("put_p50_ns", "/latencyNs/put/p50"), Map.entry("put_p90_ns", "/latencyNs/put/p90"),
        Map.entry("put_p99_ns", "/latencyNs/put/p99"), Map.entry("put_p999_ns", "/latencyNs/put/p999"),
        Map.entry("put_max_ns", "/latencyNs/put/max"), Map.entry("get_p50_ns", "/latencyNs/get/p50"),
        Map.entry("get_p99_ns", "/latencyNs/get/p99"), Map.entry("roundTrip_p50_ns", "/latencyNs/roundTrip/p50"),
        Map.entry("link_util_mean", "/links/meanUtilisation"), Map.entry("link_util_max", "/links/maxUtilisation"),
        Map.entry("ring_peak_occupancy", "/rings/peakOccupancy"));
    List<Double> putP50 = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      String[] row = rows.get(i);
      JsonNode json = mapper.readTree(out.resolve("run-" + i + "/results.json").toFile());
      assertEquals(json.at("/fingerprint").asText(), row[column(header, "fingerprint")]);
      for (Map.Entry<String, String> e : pointers.entrySet()) {
        String cell = row[column(header, e.getKey())];
        if (cell.isEmpty()) { // a latency never measured: no figure, not 0
          String count = e.getValue().substring(0, e.getValue().lastIndexOf('/')) + "/count";
          assertEquals(0, json.at(count).asLong(), "run " + i + " " + e.getKey() + " was measured");
        } else {
          assertEquals(json.at(e.getValue()).asDouble(), Double.parseDouble(cell), "run " + i + " " + e.getKey());
        }
      }
      assertEquals("", row[column(header, "roundTrip_p50_ns")], "this scenario measures no round trip");
      long putErrors = 0;
      for (JsonNode n : json.at("/ops/put/errors")) {
        putErrors += n.asLong();
      }
      long getErrors = 0;
      for (JsonNode n : json.at("/ops/get/errors")) {
        getErrors += n.asLong();
      }
      assertEquals(putErrors, Long.parseLong(row[column(header, "put_errors")]));
      assertEquals(getErrors, Long.parseLong(row[column(header, "get_errors")]));
      assertEquals(12, Long.parseLong(row[column(header, "put_ok")]));
      putP50.add(Double.parseDouble(row[column(header, "put_p50_ns")]));
    }
    // A slower switch makes every PUT slower.
    assertTrue(putP50.get(0) < putP50.get(1) && putP50.get(1) < putP50.get(2), putP50.toString());

    // The table on stdout, then where the CSV went; progress on stderr.
    List<String> lines = o.out().lines().toList();
    assertEquals("wrote " + out.resolve("sweep.csv"), lines.get(lines.size() - 1));
    assertEquals("wrote " + out.resolve("sweep.html"), lines.get(lines.size() - 2));
    String html = Files.readString(out.resolve("sweep.html"));
    assertTrue(html.contains("<svg class=\"plot\" id=\"sweep-put_p50_ns\"") && html.contains("<td>400ns</td>"), html);
    assertTrue(lines.get(0).startsWith("fabric.switch-latency"), o.out());
    assertTrue(lines.get(1).startsWith("100ns") && lines.get(1).contains("12/12"), o.out());
    assertEquals(lines.get(0).length(), lines.get(0).stripTrailing().length());
    assertTrue(lines.stream().allMatch(l -> l.length() <= 120), o.out());
    assertTrue(o.err().contains("run 1/3: fabric.switch-latency=100ns"), o.err());
    assertTrue(o.err().contains("run 3/3: fabric.switch-latency=400ns"), o.err());
  }

  @Test
  void twoVariesRunTheProductFirstKeyOutermost() throws Exception {
    Path out = dir.resolve("sw");
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.mtu=128,256", "--vary",
        "defaults.put-stream.size=32,64,100", "--seed", "3", "--engine", "reference", "--out", out.toString());
    assertEquals(0, o.code(), o.err());
    List<String[]> rows = rows(out.resolve("sweep.csv"));
    assertEquals(List.of("fabric.mtu", "defaults.put-stream.size", "fingerprint"),
        List.of(rows.get(0)).subList(0, 3));
    List<String> pairs = rows.subList(1, rows.size()).stream().map(r -> r[0] + "/" + r[1]).toList();
    assertEquals(List.of("128/32", "128/64", "128/100", "256/32", "256/64", "256/100"), pairs);
    for (int i = 1; i <= 6; i++) {
      JsonNode json = new ObjectMapper().readTree(out.resolve("run-" + i + "/results.json").toFile());
      assertEquals(3, json.at("/seed").asLong());
      assertEquals(json.at("/fingerprint").asText(), rows.get(i)[2]);
    }
  }

  @Test
  void bracketedListValues() throws Exception {
    Path out = dir.resolve("sw");
    Outcome o = sweep(tiny().toString(), "--vary", "topology.dims=[2,2], [2,3]", "--engine", "reference",
        "--out", out.toString());
    assertEquals(0, o.code(), o.err());
    List<String> lines = Files.readAllLines(out.resolve("sweep.csv"));
    assertEquals(3, lines.size());
    assertTrue(lines.get(1).startsWith("\"[2,2]\","), lines.get(1));
    assertTrue(lines.get(2).startsWith("\"[2,3]\","), lines.get(2));
    assertEquals(4, new ObjectMapper().readTree(out.resolve("run-1/results.json").toFile()).at("/nodes").asInt());
    assertEquals(6, new ObjectMapper().readTree(out.resolve("run-2/results.json").toFile()).at("/nodes").asInt());
  }

  @Test
  void anUnknownKeyIsBadInputAndWritesNothing() throws Exception {
    Path out = dir.resolve("sw");
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.switch-latncy=100ns,200ns", "--out", out.toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("ringfabric.fabric.switch-latncy") && o.err().contains("switch-latency"), o.err());
    assertTrue(o.err().contains("(fabric.switch-latncy=100ns)"), o.err());
    assertFalse(Files.exists(out.resolve("sweep.csv")));
    assertFalse(Files.exists(out.resolve("run-1")));
    assertNoStackTrace(o.err());
  }

  @Test
  void aBadValueInTheThirdCombinationStopsTheSweepBeforeAnyRun() throws Exception {
    Path out = dir.resolve("sw");
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.switch-latency=100ns,200ns,fast",
        "--engine", "reference", "--out", out.toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("sweep run 3/3 (fabric.switch-latency=fast) is invalid"), o.err());
    assertTrue(o.err().contains("--vary fabric.switch-latency=fast: ringfabric.fabric.switch-latency: "), o.err());
    assertFalse(o.err().contains("sweep run 1/3") || o.err().contains("sweep run 2/3"), o.err());
    assertFalse(o.err().contains("run 1/3:"), "nothing ran: " + o.err());
    assertFalse(Files.exists(out.resolve("run-1")));
    assertFalse(Files.exists(out.resolve("sweep.csv")));
    assertFalse(Files.exists(out.resolve("sweep.html")));
    assertEquals("", o.out());
    assertNoStackTrace(o.err());
  }

  @Test
  void theCsvAndThePageAreTheSameBytesEveryTime() throws Exception {
    String conf = tiny().toString();
    Outcome a = sweep(conf, "--vary", "fabric.link-bandwidth=5Gbps,10Gbps,40Gbps", "--out", dir.resolve("a").toString());
    Outcome b = sweep(conf, "--vary", "fabric.link-bandwidth=5Gbps,10Gbps,40Gbps", "--out", dir.resolve("b").toString());
    assertEquals(0, a.code(), a.err());
    assertEquals(0, b.code(), b.err());
    assertArrayEquals(Files.readAllBytes(dir.resolve("a/sweep.csv")), Files.readAllBytes(dir.resolve("b/sweep.csv")));
    assertArrayEquals(Files.readAllBytes(dir.resolve("a/sweep.html")), Files.readAllBytes(dir.resolve("b/sweep.html")));
    // The actor engine (the default) and the reference engine agree as well.
    Outcome r = sweep(conf, "--vary", "fabric.link-bandwidth=5Gbps,10Gbps,40Gbps", "--engine", "reference",
        "--out", dir.resolve("r").toString());
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(Files.readAllBytes(dir.resolve("a/sweep.csv")), Files.readAllBytes(dir.resolve("r/sweep.csv")));
  }

  /** The files a sweep leaves: every one's bytes, results.json without its two wall-clock fields. */
  private static Map<String, String> files(Path out) throws Exception {
    Map<String, String> files = new TreeMap<>();
    try (var walk = Files.walk(out)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(p);
        if (p.getFileName().toString().equals("results.json")) {
          text = text.replaceAll("\"(wallSeconds|eventsPerSecond)\": [0-9.Ee+-]+", "\"$1\": 0");
        }
        files.put(out.relativize(p).toString(), text);
      }
    }
    return files;
  }

  @Test
  void severalRunsAtOnceLeaveTheFilesOfOneAtATime() throws Exception {
    String conf = tiny().toString();
    List<String> vary = List.of("--vary", "fabric.link-bandwidth=5Gbps,10Gbps,40Gbps", "--vary", "fabric.mtu=128,256");
    Outcome one = sweep(conf, vary.get(0), vary.get(1), vary.get(2), vary.get(3), "--out", dir.resolve("one").toString());
    Outcome three = sweep(conf, vary.get(0), vary.get(1), vary.get(2), vary.get(3), "--jobs", "3",
        "--out", dir.resolve("three").toString());
    assertEquals(0, one.code(), one.err());
    assertEquals(0, three.code(), three.err());
    Map<String, String> files = files(dir.resolve("one"));
    assertEquals(8, files.size(), files.keySet().toString()); // six results.json, the CSV and the page
    assertEquals(files, files(dir.resolve("three")));
    assertEquals(one.out(), three.out().replace(dir.resolve("three").toString(), dir.resolve("one").toString()),
        "the same table");
    for (int i = 1; i <= 6; i++) {
      assertTrue(three.err().contains("run " + i + "/6: fabric.link-bandwidth="), three.err());
    }
  }

  @Test
  void aRunThatFailsEndsTheSweepThereWhateverRanBesideIt() throws Exception {
    // The broken program fails as it starts, after the 2 us context map: runs shorter than that pass.
    Path conf = dir.resolve("late.conf");
    Files.writeString(conf, """
        ringfabric {
          topology { kind = ring, dims = [2] }
          rings = [ { id = 0 } ]
          workload.processes = [ { program = "io.ringfabric.engine.FailureTest$Broken", nodes = [1], core = 2 } ]
        }
        """);
    String durations = "duration=1us,1500ns,5us,1100ns,1200ns";
    Outcome one = sweep(conf.toString(), "--vary", durations, "--out", dir.resolve("one").toString());
    Outcome four = sweep(conf.toString(), "--vary", durations, "--jobs", "4", "--out", dir.resolve("four").toString());
    for (Outcome o : List.of(one, four)) {
      assertEquals(1, o.code(), o.err());
      assertTrue(o.err().contains("run 3/5 (duration=5us): node 1 core 2 failed at 2000000 ps"), o.err());
      assertNoStackTrace(o.err());
    }
    Map<String, String> files = files(dir.resolve("one"));
    assertEquals(List.of("run-1/results.json", "run-2/results.json", "sweep.csv", "sweep.html"),
        List.copyOf(files.keySet()), "runs 4 and 5 are not written even when they ran");
    assertEquals(files, files(dir.resolve("four")));
  }

  @Test
  void jobsBelowOneIsBadInput() throws Exception {
    Outcome o = sweep(tiny().toString(), "--vary", "fabric.mtu=128,256", "--jobs", "0", "--out", dir.resolve("o").toString());
    assertEquals(2, o.code());
    assertEquals("ringfabric: --jobs must be at least 1, not 0", o.err().strip());
    assertFalse(Files.exists(dir.resolve("o")), "nothing written");
  }

  @Test
  void badVarySyntaxIsBadInput() throws Exception {
    String conf = tiny().toString();
    for (String bad : List.of("fabric.mtu", "=1,2", "fabric.mtu=", "fabric.mtu=128,,256", "fabric.mtu=128,",
        "topology.dims=[2,2", "topology.dims=2,2]")) {
      Outcome o = sweep(conf, "--vary", bad, "--out", dir.resolve("x").toString());
      assertEquals(2, o.code(), bad + ": " + o.err());
      assertTrue(o.err().startsWith("ringfabric: --vary"), bad + ": " + o.err());
      assertNoStackTrace(o.err());
    }
    Outcome twice = sweep(conf, "--vary", "fabric.mtu=128", "--vary", "ringfabric.fabric.mtu=256",
        "--out", dir.resolve("x").toString());
    assertEquals(2, twice.code());
    assertTrue(twice.err().contains("given twice"), twice.err());
    assertFalse(Files.exists(dir.resolve("x")));
  }

  @Test
  void missingFileAndMissingVaryAreBadInput() throws Exception {
    Outcome missing = sweep(dir.resolve("nowhere.conf").toString(), "--vary", "fabric.mtu=128");
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("nowhere.conf") && missing.err().contains("does not exist"), missing.err());
    assertNoStackTrace(missing.err());
    Outcome noVary = sweep(tiny().toString());
    assertEquals(2, noVary.code());
    assertTrue(noVary.err().contains("--vary"), noVary.err());
  }

  @Test
  void splittingValues() {
    assertEquals(List.of("[4,4]", "[8,8]"), SweepVaries.splitValues("[4,4],[8,8]", ""));
    assertEquals(List.of("{ a = 1, b = [1, 2] }", "\"x,\\\"y\"", "3"),
        SweepVaries.splitValues(" { a = 1, b = [1, 2] } , \"x,\\\"y\",3", ""));
    assertEquals(List.of("5Gbps"), SweepVaries.splitValues("5Gbps", ""));
    assertThrows(BadInput.class, () -> SweepVaries.splitValues("\"open,1", ""));
  }

  @Test
  void combinationsCountWithTheLastKeyFastest() {
    List<SweepVaries.Vary> v = List.of(new SweepVaries.Vary("a", List.of("1", "2")),
        new SweepVaries.Vary("b", List.of("x", "y", "z")));
    assertEquals(List.of("1", "x"), SweepVaries.combination(v, 0));
    assertEquals(List.of("1", "z"), SweepVaries.combination(v, 2));
    assertEquals(List.of("2", "x"), SweepVaries.combination(v, 3));
    assertEquals(List.of("2", "z"), SweepVaries.combination(v, 5));
  }
}
