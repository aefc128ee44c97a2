package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.stats.Build;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MainTest {
  /** A small scenario that finishes by itself: two producers, one consumer. */
  static final String TINY = """
      ringfabric {
        topology { kind = ring, dims = [4] }
        rings = [ { id = 0 } ]
        workload.processes = [
          { program = put-stream, nodes = [0, 1], target { pattern = fixed, node = 3, ring = 0 }, ops = 20 }
          { program = get-stream, nodes = [3], core = 1, ops = 40 }
        ]
      }
      """;

  /** Two unknown or wrong settings, on lines 2 and 4. */
  static final String BAD = """
      ringfabric {
        fabric { mtux = 5 }
        topology {
          kind = cube
        }
      }
      """;

  @TempDir Path dir;

  /** What one command line printed and returned. */
  record Outcome(int code, String out, String err) {}

  static Outcome run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, args);
    return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static Outcome run(String... args) {
    return run(Map.of(), args);
  }

  private Path file(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }

  /** Bad input never shows the user a stack trace. */
  private static void assertNoStackTrace(String err) {
    assertFalse(err.contains("Exception"), err);
    assertFalse(err.contains("at io."), err);
    assertFalse(err.contains("\tat "), err);
  }

  @Test
  void validateAcceptsAGoodScenario() throws Exception {
    Path f = file("tiny.conf", TINY);
    Outcome o = run("validate", f.toString());
    assertEquals(0, o.code(), o.err());
    assertEquals(f + ": ok (4 nodes, 4 rings, 3 processes)" + System.lineSeparator(), o.out());
    assertEquals("", o.err());
  }

  /**
   * The defaults on a ring of 4 (farthest pair 2 hops): a 64 B PUT is 5 x 20 ns of module work,
   * the payload read 60 + 12.8, the ring write 60 + 14.4 (its 8 B header too), a request of 88 B on
   * the wire (70.4 ns) and a response of 24 B (19.2), each 160 ns through the target's or its own
   * switch and 180 more per hop: 656.8 + 360 a hop. 4 KiB: reads 879.2 and 880.8, 16 packets of
   * 224 ns: 5,783.2 + 360 a hop, above a 5 us timeout at 2 hops.
   */
  @Test
  void validateWithLatencyPrintsTheZeroLoadLatencyOfEachOperationAndSize() throws Exception {
    Path f = file("sizes.conf", """
        ringfabric {
          topology { kind = ring, dims = [4] }
          module.timeout = 5us
          rings = [ { id = 0, max-element = 4KiB, capacity = 64KiB } ]
          workload.processes = [
            { program = put-stream, nodes = [0], target { pattern = fixed, node = 2 }, size { kind = list, values = [4KiB, 64] } }
          ]
        }
        """);
    Outcome o = run("validate", f.toString(), "--latency");
    assertEquals(0, o.code(), o.err());
    assertEquals(List.of(f + ": ok (4 nodes, 4 rings, 1 process)",
        "Zero-load latency (ns), doorbell to status, each operation alone in the machine:",
        "  nearest node 0 to 1 (1 hop), farthest node 0 to 2 (2 hops)",
        "  op        size         nearest        farthest",
        "  put       64 B       1,016.800       1,376.800",
        "  put      4 KiB       6,143.200       6,503.200",
        "  get       64 B       1,016.800       1,376.800",
        "  get      4 KiB       6,143.200       6,503.200",
        "  ! above module.timeout (5 us): such a request is resent before its answer can come"), o.out().lines().toList());
    Outcome small = run("validate", f.toString(), "--latency", "--set", "fabric.vc-buffer=1 packets",
        "--set", "module.timeout=1ms");
    assertEquals(List.of("  put       64 B       1,016.800       1,376.800",
        "  put      4 KiB       6,143.200*      6,503.200*",
        "  get       64 B       1,016.800       1,376.800",
        "  get      4 KiB       6,143.200*      6,503.200*",
        "  * a virtual channel's room (280 B) is less than the packets in flight before their credits return"),
        small.out().lines().skip(4).toList());
    Outcome defaults = run("validate", "--latency");
    assertEquals(List.of("8 B", "64 B", "256 B", "1 KiB", "4 KiB", "16 KiB", "64 KiB"), run("validate",
        file("none.conf", "ringfabric.topology { kind = ring, dims = [4] }\n").toString(), "--latency").out().lines()
        .skip(4).limit(7).map(l -> l.substring(7, 16).trim()).toList(), "no process PUTs: the default sizes");
    assertEquals(0, defaults.code(), defaults.err());
  }

  @Test
  void validateListsEachProblemWithFileLineAndPath() throws Exception {
    Path f = file("bad.conf", BAD);
    Outcome o = run("validate", f.toString());
    assertEquals(2, o.code());
    assertEquals("", o.out());
    List<String> lines = o.err().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith(f + ":2: ") && l.contains("ringfabric.fabric.mtux")
        && l.contains("mtu")), o.err());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith(f + ":4: ") && l.contains("ringfabric.topology.kind")),
        o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void validateTakesSetAsRunDoesAndTheDefaultScenario() {
    Outcome ok = run("validate", "--set", "fabric.mtu=512", "--set", "fabric.link-bandwidth=10 Gb/s");
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().endsWith("ringfabric.conf: ok (16 nodes, 16 rings, 64 processes)" + System.lineSeparator()), ok.out());
    Outcome bad = run("validate", "--set", "fabric.mtu=-1");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("--set fabric.mtu=-1: ringfabric.fabric.mtu: must be between 1 byte and 65536 bytes,"
        + " not -1"), bad.err());
  }

  @Test
  void completionPrintsABashScriptOfEveryCommandAndOption() {
    Outcome o = run("completion");
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().startsWith("#!/usr/bin/env bash"), o.out());
    for (String word : List.of("validate", "inspect", "loggp", "--checkpoint-at", "--member-java-opts", "--tls-keystore")) {
      assertTrue(o.out().contains(word), word);
    }
  }

  @Test
  void validateOfAMissingFileIsBadInput() {
    Path f = dir.resolve("nowhere.conf");
    Outcome o = run("validate", f.toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("nowhere.conf") && o.err().contains("does not exist"), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void runRejectsBadScenarioWithItsProblems() throws Exception {
    Path f = file("bad.conf", BAD);
    Outcome o = run("run", f.toString(), "--out", dir.resolve("out").toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("ringfabric.fabric.mtux"), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void runRejectsAnUnknownOption() {
    Outcome o = run("run", "--frobnicate");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--frobnicate"), o.err());
    assertTrue(o.err().contains("ringfabric run --help"), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void runRejectsAnUnknownEngineName() throws Exception {
    Outcome o = run("run", file("tiny.conf", TINY).toString(), "--engine", "warp");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("reference") && o.err().contains("actors"), o.err());
  }

  @Test
  void runRejectsASetWithoutValue() throws Exception {
    Outcome o = run("run", file("tiny.conf", TINY).toString(), "--set", "fabric.mtu");
    assertEquals(2, o.code());
    assertTrue(o.err().contains("key=value"), o.err());
  }

  @Test
  void runOfAMissingFileNamesIt() {
    Outcome o = run("run", dir.resolve("missing-scenario.conf").toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("missing-scenario.conf"), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void runRefusesAnOutputDirectoryItCannotCreate() throws Exception {
    Path notADir = file("results.txt", "a file, not a directory");
    Outcome o = run("run", file("tiny.conf", TINY).toString(), "--out", notADir.toString());
    assertEquals(2, o.code());
    assertTrue(o.err().contains("cannot create the output directory " + notADir), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void hgrmWritesEachLatencyDistributionWithTheCountsOfResultsJson() throws Exception {
    Path out = dir.resolve("out");
    Path hgrm = dir.resolve("histograms/here");
    Outcome o = run("run", file("tiny.conf", TINY).toString(), "--out", out.toString(), "--hgrm", hgrm.toString());
    assertEquals(0, o.code(), o.err());
    // request is the put-stream's own measure (arrival to its PUT's completion).
    assertTrue(o.out().contains("wrote " + hgrm + ": put.hgrm, get.hgrm, message.hgrm, request.hgrm (latency in ns,"),
        o.out());
    JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    for (String kind : List.of("put", "get", "message", "request")) {
      String footer = Files.readAllLines(hgrm.resolve(kind + ".hgrm")).stream()
          .filter(l -> l.startsWith("#[Max")).findFirst().orElseThrow();
      assertTrue(footer.endsWith("Total count    =" + String.format("%13d", json.at("/latencyNs/" + kind + "/count").asLong())
          + "]"), kind + ": " + footer);
    }
  }

  @Test
  void hgrmThatCannotBeADirectoryIsRefusedBeforeTheRun() throws Exception {
    Path notADir = file("h.txt", "a file, not a directory");
    Path out = dir.resolve("out");
    Outcome o = run("run", file("tiny.conf", TINY).toString(), "--out", out.toString(), "--hgrm", notADir.toString());
    assertEquals(2, o.code());
    assertTrue(o.err().startsWith("ringfabric: cannot create --hgrm " + notADir + ": "), o.err());
    assertNoStackTrace(o.err());
    assertFalse(Files.exists(out.resolve("results.json")), "nothing ran");
  }

  @Test
  void defaultScenarioIsLookedUpUnderRingfabricHome() {
    Outcome o = run(Map.of(Main.HOME_ENV, dir.toString()), "run");
    assertEquals(2, o.code());
    assertTrue(o.err().contains(dir.resolve("conf/ringfabric.conf").toString()), o.err());
    assertTrue(o.err().contains("default"), o.err());
    assertNoStackTrace(o.err());
  }

  @Test
  void defaultScenarioWithoutHomeIsInTheWorkingDirectory() {
    assertEquals(Path.of("conf/ringfabric.conf"), Scenarios.defaultConfig(null));
    assertEquals(Path.of("/opt/rf/conf/ringfabric.conf"), Scenarios.defaultConfig("/opt/rf"));
  }

  @Test
  void bothEnginesWriteTheSameResults() throws Exception {
    String conf = file("tiny.conf", TINY).toString();
    Outcome actors = run("run", conf, "--engine", "actors", "--out", dir.resolve("a").toString());
    Outcome reference = run("run", conf, "--engine", "reference", "--out", dir.resolve("r").toString());
    assertEquals(0, actors.code(), actors.err());
    assertEquals(0, reference.code(), reference.err());
    assertEquals(comparable(dir.resolve("r/results.json")), comparable(dir.resolve("a/results.json")));
    assertTrue(Files.readString(dir.resolve("a/results.json")).contains("\"engine\": \"actors\""));
  }

  /** results.json without the lines that may differ between engines and runs. */
  private static List<String> comparable(Path results) throws Exception {
    return Files.readAllLines(results).stream()
        .filter(l -> !l.contains("\"engine\"") && !l.contains("\"wallSeconds\"")
            && !l.contains("\"eventsPerSecond\""))
        .toList();
  }

  @Test
  void overridesComeInOrderWithEngineAndSeedLast() {
    CommandLine cl = new CommandLine(new Main(Map.of()));
    CommandLine.ParseResult parsed = cl.parseArgs(
        "run", "--seed", "7", "--set", "fabric.mtu=512", "--engine", "reference", "--set", "seed=3");
    RunCommand cmd = parsed.subcommand().commandSpec().commandLine().getCommand();
    assertEquals(List.of("fabric.mtu=512", "seed=3", "engine=reference", "seed=7"), cmd.overrides());
    assertEquals(Path.of("out"), cmd.out);
  }

  @Test
  void noCommandIsBadArguments() {
    Outcome o = run();
    assertEquals(2, o.code());
    assertTrue(o.err().contains("--help"), o.err());
  }

  @Test
  void helpAndVersion() {
    Outcome help = run("--help");
    assertEquals(0, help.code());
    assertTrue(help.out().contains("run") && help.out().contains("validate"), help.out());
    Outcome runHelp = run("run", "--help");
    assertEquals(0, runHelp.code());
    assertTrue(runHelp.out().contains("--engine") && runHelp.out().contains("--out"), runHelp.out());
    Outcome version = run("--version");
    assertEquals(0, version.code());
    assertTrue(version.out().startsWith("ringfabric "), version.out());
  }

  /**
   * picocli renders each description with String.format: a lone % (as in "95% interval") makes it
   * warn on the JVM's stderr and show the raw text, so every command's help must render silently.
   */
  @Test
  void everyCommandsHelpRendersWithoutAWarning() {
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    PrintStream stderr = System.err;
    List<String> rendered = new ArrayList<>();
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    try {
      List<CommandLine> commands = new ArrayList<>(List.of(new CommandLine(new Main(Map.of()))));
      for (int i = 0; i < commands.size(); i++) {
        commands.addAll(commands.get(i).getSubcommands().values());
        rendered.add(commands.get(i).getUsageMessage());
      }
    } finally {
      System.setErr(stderr);
    }
    assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    assertTrue(rendered.size() > 10 && rendered.stream().anyMatch(u -> u.contains("median's 95%")), rendered.toString());
  }

  @Test
  void anyOtherFailureIsOneLineAndStatusOne() {
    StringWriter text = new StringWriter();
    int code = Main.failure(new IllegalStateException("the event queue ran dry"), "run",
        new PrintWriter(text), false);
    assertEquals(1, code);
    assertEquals("ringfabric: run failed: the event queue ran dry" + System.lineSeparator(), text.toString());

    StringWriter debug = new StringWriter();
    Main.failure(new IllegalStateException("boom"), "run", new PrintWriter(debug), true);
    assertTrue(debug.toString().contains("at io.ringfabric.cli.MainTest"), debug.toString());

    assertEquals("NullPointerException", Main.reason(new NullPointerException()));
  }

  @Test
  void runPrintsTheReportAndWritesResults() throws Exception {
    Path f = file("tiny.conf", TINY);
    Path out = dir.resolve("results/dir");
    Outcome o = run("run", f.toString(), "--seed", "5", "--out", out.toString());
    assertEquals(0, o.code(), o.err());
    List<String> lines = o.out().lines().toList();
    assertEquals(List.of("wrote " + out.resolve("report.txt"), "wrote " + out.resolve("report.html"),
        "wrote " + out.resolve("scenario.conf"), "wrote " + out.resolve("results.json")),
        lines.subList(lines.size() - 4, lines.size()));

    JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    assertEquals(5, json.at("/seed").asLong());
    assertEquals("actors", json.at("/engine").asText());
    assertEquals(40, json.at("/ops/put/issued").asLong());
    assertTrue(o.out().contains("fingerprint " + json.at("/fingerprint").asText() + System.lineSeparator()),
        o.out());
    String report = Files.readString(out.resolve("report.txt"));
    assertTrue(o.out().startsWith(report), "the report printed is the one written");
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains(json.at("/fingerprint").asText()), html);
    Build build = Build.current();
    assertEquals(build.version(), json.at("/build/version").asText());
    assertEquals(build.commit(), json.at("/build/commit").asText());
    assertEquals(build.changes(), json.at("/build/changes").asBoolean());
  }

  @Test
  void scenarioConfRepeatsTheRunWithEverySettingResolved() throws Exception {
    Path f = file("tiny.conf", TINY);
    Path out = dir.resolve("first");
    Outcome first = run("run", f.toString(), "--seed", "5", "--set", "fabric.mtu=512", "--engine", "reference",
        "--out", out.toString());
    assertEquals(0, first.code(), first.err());
    Path conf = out.resolve("scenario.conf");
    assertTrue(first.out().contains("wrote " + conf + System.lineSeparator()), first.out());
    String text = Files.readString(conf);
    assertTrue(text.contains("\nringfabric.fabric.mtu = 512\n") && text.contains("\nringfabric.seed = 5\n")
        && text.contains("\nringfabric.engine = \"reference\"\n") && text.contains("\nringfabric.fabric.link-latency = "),
        text);
    JsonNode firstJson = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    assertTrue(text.startsWith("# The scenario of a run of ringfabric " + Build.current().describe() + ", from " + f),
        text);
    assertTrue(text.contains("fingerprint " + firstJson.at("/fingerprint").asText()), text);
    Path again = dir.resolve("again");
    Outcome second = run("run", conf.toString(), "--out", again.toString());
    assertEquals(0, second.code(), second.err());
    JsonNode secondJson = new ObjectMapper().readTree(again.resolve("results.json").toFile());
    assertEquals(firstJson.at("/fingerprint").asText(), secondJson.at("/fingerprint").asText());
    assertEquals(firstJson.at("/ops").toString(), secondJson.at("/ops").toString());
    String rewritten = Files.readString(again.resolve("scenario.conf"));
    assertEquals(text.lines().skip(2).toList(), rewritten.lines().skip(2).toList(), "the same settings, line for line");
  }

  @Test
  void versionNamesTheBuildsCommit() {
    Outcome version = run("--version");
    assertEquals("ringfabric " + Build.current().describe(), version.out().strip());
    assertTrue(Build.current().describe().contains("(commit "), Build.current().describe());
  }

  @Test
  void aComponentThatThrowsEndsTheRunWithExit1NamingItOnBothEngines() throws Exception {
    Path f = file("broken.conf", """
        ringfabric {
          topology { kind = ring, dims = [2] }
          rings = [ { id = 0 } ]
          workload.processes = [ { program = "io.ringfabric.engine.FailureTest$Broken", nodes = [1], core = 2 } ]
        }
        """);
    for (String engine : List.of("actors", "reference")) {
      Outcome o = run("run", f.toString(), "--engine", engine, "--out", dir.resolve(engine).toString());
      assertEquals(1, o.code(), o.err());
      assertTrue(o.err().startsWith("ringfabric: run failed: node 1 core 2 failed at 2000000 ps handling"
          + " PROCESS_WAKE"), o.err());
      assertTrue(o.err().contains("model bug planted by the test"), o.err());
      assertNoStackTrace(o.err());
    }
  }

  @Test
  void benchRefusesBadArgumentsBeforeRunningAnything() {
    Outcome zero = run("bench", "--nodes", "0");
    assertEquals(2, zero.code());
    assertTrue(zero.err().contains("--nodes: 0 is not a node count"), zero.err());
    Outcome engine = run("bench", "--engines", "warp");
    assertEquals(2, engine.code());
    assertTrue(engine.err().contains("unknown engine 'warp'"), engine.err());
    assertNoStackTrace(engine.err());
    Outcome series = run("bench", "--series", "--cluster", "2");
    assertEquals(2, series.code());
    assertEquals("ringfabric: --series measures the time series on the reference engine in this JVM alone:"
        + " leave out --engines, --cluster, --parallelism and --wire", series.err().strip());
    Outcome cpu = run("bench", "--cpu-time");
    assertEquals(2, cpu.code());
    assertEquals("ringfabric: --cpu-time times the runs of --series: give it with --series", cpu.err().strip());
    Outcome lockstep = run("bench", "--lockstep");
    assertEquals(2, lockstep.code());
    assertEquals("ringfabric: --lockstep runs the pairs of --series: give it with --series", lockstep.err().strip());
    Outcome bookSimNodes = run("bench", "--series", "--booksim-k", "8", "--nodes", "64");
    assertEquals(2, bookSimNodes.code());
    assertEquals("ringfabric: --booksim-k with --series measures on BookSim2's set-up, whose machine and load are"
        + " its own: leave out --nodes and --ops", bookSimNodes.err().strip());
    Outcome bookSimSide = run("bench", "--series", "--booksim-k", "9");
    assertEquals(2, bookSimSide.code());
    assertEquals("ringfabric: --booksim-k: 9 is not a set-up; use 8 or 64", bookSimSide.err().strip());
    Outcome both = run("bench", "--series", "--booksim", "nowhere");
    assertEquals(2, both.code());
    assertEquals("ringfabric: --series and --booksim PATH are two measurements: give one (--booksim-k alone chooses"
        + " the set-up --series measures on)", both.err().strip());
    Outcome runAhead = run("bench", "--run-ahead", "65");
    assertEquals(2, runAhead.code());
    assertTrue(runAhead.err().contains("--run-ahead: 65 is not a number of lookaheads from 1 to 64"), runAhead.err());
    assertNoStackTrace(runAhead.err());
  }

  /** Without BookSim2 there is nothing to run: the user is told how to get it, and no stack trace. */
  @Test
  void benchBookSimWithoutABinarySaysHowToGetOne() throws Exception {
    Outcome none = run("bench", "--booksim", dir.resolve("booksim2").toString());
    assertEquals(2, none.code());
    assertEquals("ringfabric: --booksim: no BookSim2 binary at " + dir.resolve("booksim2") + ". BookSim2 is not"
        + " part of ringfabric; get its public source and build it: git clone https://github.com/booksim/booksim2"
        + " && apt-get install flex bison && make -C booksim2/src, then give --booksim booksim2/src/booksim (or"
        + " the clone's directory); see docs/booksim.md", none.err().strip());
    Outcome side = run("bench", "--booksim", dir.toString(), "--booksim-k", "16");
    assertEquals(2, side.code());
    assertEquals("ringfabric: --booksim-k: 16 is not a set-up; use 8 or 64", side.err().strip());
  }

  /** The reference engine's run-ahead changes how it sweeps, never what it computes. */
  @Test
  void benchRunAheadMeasuresTheSameRun() {
    List<String> rows = new ArrayList<>();
    for (String ahead : List.of("1", "64")) {
      Outcome o = run("bench", "--in-process", "--nodes", "16", "--ops", "3", "--warmup", "0", "--repeat", "1",
          "--engines", "reference", "--run-ahead", ahead);
      assertEquals(0, o.code(), o.err());
      String[] fields = o.out().strip().split(" ");
      assertEquals("reference", fields[2], o.out());
      rows.add(fields[3] + " " + fields[fields.length - 1]); // events and fingerprint
    }
    assertEquals(rows.get(0), rows.get(1));
  }
}
