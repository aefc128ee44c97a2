package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.MainTest.Outcome;
import io.ringfabric.model.Completion;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input found by trying hundreds of bad command lines: each ends in one line naming the
 * problem and where it is, exit status 2, no stack trace, nothing written.
 */
class BadInputTest {
  @TempDir Path dir;

  /** A program that loops without taking simulated time: it sleeps 0 on every wake. */
  public static final class Loops implements Program {
    @Override
    public void onStart(ProcessApi api) {
      api.sleep(1_000);
    }

    @Override
    public void onWake(ProcessApi api) {
      api.sleep(0);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  /** A program whose recursion never ends. */
  public static final class Recurses implements Program {
    private static int down(int depth) {
      return down(depth + 1) + 1;
    }

    @Override
    public void onStart(ProcessApi api) {
      down(0);
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  /** A program whose class cannot be initialised. */
  public static final class FailsToLoad implements Program {
    static final int ROUNDS = Integer.parseInt("ten");

    @Override
    public void onStart(ProcessApi api) {
      api.finish();
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {}
  }

  /** One bad command line and the line it must end in (a part of it). */
  private record Case(String name, List<String> args, String says) {}

  private Path file(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }

  private static String program(String program, String nodes) {
    return "ringfabric {\n  topology { kind = ring, dims = [4] }\n  rings = [ { id = 0 } ]\n"
        + "  workload.processes = [ { program = \"" + program + "\", nodes = " + nodes + ", core = 2 } ]\n}\n";
  }

  private List<Case> cases() throws Exception {
    String tiny = file("tiny.conf", MainTest.TINY).toString();
    String out = dir.resolve("out").toString();
    String nested = "fabric.x=" + "{a:".repeat(5000) + "1" + "}".repeat(5000);
    Path binary = dir.resolve("binary.conf");
    Files.write(binary, new byte[] {'r', 'i', 'n', 'g', 0, '\n'});
    Files.createDirectories(dir.resolve("taken/results.json"));
    Path fabric = file("fabric.topo", "nodes 2\nswitches 5000\n");
    Path root = file("root.topo", "nodes 2\nlink 0 1\nroot 9\n");
    List<Case> c = new ArrayList<>();
    c.add(new Case("5,000 levels of HOCON in --set", List.of("validate", tiny, "--set", nested),
        ": ringfabric.fabric.x: blocks or lists nested too deeply to read"));
    c.add(new Case("5,000 levels of HOCON in a file", List.of("validate",
        file("deep.conf", "ringfabric.fabric.x = " + "[".repeat(5000) + "]".repeat(5000)).toString()),
        "deep.conf: blocks or lists nested too deeply to read"));
    c.add(new Case("a duration past the picosecond clock", List.of("validate", tiny, "--set", "duration=200d"),
        "--set duration=200d: ringfabric.duration: is beyond the model's clock of about 26.7 days, not '200d'"));
    c.add(new Case("a --set of two settings on two lines", List.of("validate", tiny, "--set",
        "fabric.mtu=128\nfabric.vcs=0"), "--set fabric.mtu=128\\nfabric.vcs=0: ringfabric.fabric.mtu: the value"
        + " holds more than one setting: one --set is one key=value; give each its own --set"));
    c.add(new Case("a --set of two settings with a comma", List.of("validate", tiny, "--set", "fabric.mtu=128,"
        + " fabric.vcs=0"), "the value holds more than one setting"));
    c.add(new Case("a device as the scenario", List.of("validate", "/dev/zero"),
        "/dev/zero: cannot read the scenario: it is not a regular file (a device, a pipe or a socket)"));
    c.add(new Case("a binary scenario", List.of("validate", binary.toString()),
        binary + ": cannot read the scenario: it is not text: byte 4 is NUL"));
    c.add(new Case("a required include that is not there", List.of("validate",
        file("inc.conf", "include required(\"nope.conf\")\n").toString()),
        "inc.conf: include of 'nope.conf' failed: no such file (includes are found beside the file that includes them)"));
    c.add(new Case("a directory named results.json under --out", List.of("run", tiny, "--out",
        dir.resolve("taken").toString()), "--out's results.json " + dir.resolve("taken/results.json")
        + " is a directory, so the run could not write it"));
    c.add(new Case("cluster local: a directory named results.json", List.of("cluster", "local", tiny, "--out",
        dir.resolve("taken").toString()), "--out's results.json " + dir.resolve("taken/results.json")
        + " is a directory"));
    c.add(new Case("cluster local: an output over the scenario", List.of("cluster", "local",
        file("over/report.txt", MainTest.TINY).toString(), "--out", dir.resolve("over").toString()),
        "--out's report.txt " + dir.resolve("over/report.txt") + " is the scenario"));
    c.add(new Case("cluster local: two outputs in one file", List.of("cluster", "local", tiny, "--out", out,
        "--trace", dir.resolve("same").toString(), "--checkpoint", dir.resolve("same").toString(),
        "--checkpoint-at", "1us"), "--checkpoint " + dir.resolve("same") + " is --trace"));
    // /proc takes no new file, though it says it may be written: found only on trying
    c.add(new Case("an --hgrm that cannot be made, after --out was", List.of("run", tiny, "--out", out, "--hgrm",
        "/proc/ringfabric-hgrm"), "cannot create --hgrm /proc/ringfabric-hgrm: no such file or directory"));
    c.add(new Case("a trace that cannot be made", List.of("run", tiny, "--out", out, "--trace",
        "/proc/ringfabric.jsonl"), "cannot write the trace /proc/ringfabric.jsonl: no such file or directory"));
    c.add(new Case("a substitution by a path inside ringfabric", List.of("validate", tiny, "--set",
        "fabric.mtu=${fabric.mtu}"), "(a substitution names the whole path: ${ringfabric.fabric.mtu})"));
    c.add(new Case("an empty scenario name", List.of("validate", ""), "the scenario file's name is empty"));
    c.add(new Case("an empty --out", List.of("run", tiny, "--out", ""), "the output directory's name is empty;"
        + " give a directory ('.' for the working one)"));
    c.add(new Case("a rate past a long", List.of("validate", tiny, "--set", "fabric.link-bandwidth=1e30Tbps"),
        "ringfabric.fabric.link-bandwidth: is too large: at most 9223372036854775807 bit/s, not '1e30Tbps'"));
    c.add(new Case("bench --run-ahead 0", List.of("bench", "--run-ahead", "0"),
        "--run-ahead: 0 is not a number of lookaheads from 1 to 64"));
    c.add(new Case("bench --throughput 0", List.of("bench", "--throughput", "0"),
        "--throughput: 0 is not a number of messages from 1 to 1000000"));
    c.add(new Case("bench --threads 2000", List.of("bench", "--threads", "2000"),
        "--threads: 2000 is not a number of threads from 0 (one per core) to 1024"));
    c.add(new Case("a trace level without a trace", List.of("run", tiny, "--out", out, "--trace-level", "all"),
        "--trace-level, --trace-from, --trace-to and --trace-nodes need --trace FILE"));
    c.add(new Case("bench --ops -3", List.of("bench", "--ops", "-3"),
        "--ops: -3 is not a number of PUTs a producer (at least 1)"));
    c.add(new Case("bench --repeat 0", List.of("bench", "--repeat", "0"),
        "--repeat: 0 is not a number of measured runs (at least 1)"));
    c.add(new Case("bench --warmup -1", List.of("bench", "--series", "--warmup", "-1"),
        "--warmup: -1 is not a number of unmeasured runs (0 or more)"));
    c.add(new Case("bench --booksim-k without --booksim", List.of("bench", "--booksim-k", "64"),
        "--booksim-k chooses the set-up of --booksim PATH; give --booksim too (see docs/booksim.md)"));
    c.add(new Case("bench --member-java-opts without --cluster", List.of("bench", "--member-java-opts", "-Xmx2g"),
        "--member-java-opts are the JVM options of --cluster N's members; give --cluster too"));
    c.add(new Case("member JVM options the JVM refuses", List.of("cluster", "local", tiny, "--out", out,
        "--member-java-opts", "-Xbogus"), "--member-java-opts \"-Xbogus\": the member JVM refuses these options:"
        + " Unrecognized option: -Xbogus"));
    c.add(new Case("a fabric of 5,000 switches", List.of("validate", file("big.conf",
        "ringfabric.topology { kind = file, file = \"" + fabric + "\" }\n").toString()),
        fabric + ":2: switches 5000 is out of range"));
    c.add(new Case("a root that is no switch", List.of("validate", file("root.conf",
        "ringfabric.topology { kind = file, file = \"" + root + "\" }\n").toString()),
        root + ":3: root 9 is not one of the switches, 0..1"));
    c.add(new Case("kind = file without a file", List.of("validate", file("nofile.conf",
        "ringfabric {\n  topology { kind = file }\n}\n").toString()),
        "nofile.conf:2: ringfabric.topology.kind: kind = file needs topology.file"));
    c.add(new Case("ping-pong on one node", List.of("validate", file("pp.conf",
        program("ping-pong", "[3, 3]")).toString()), "ping-pong needs two different nodes, e.g. nodes = [0, 5],"
        + " not node 3 alone"));
    c.add(new Case("a program whose static initializer throws", List.of("validate", file("init.conf",
        program(FailsToLoad.class.getName(), "[1]")).toString()), FailsToLoad.class.getName() + " cannot be loaded:"
        + " its static initializer threw java.lang.NumberFormatException: For input string: \"ten\""));
    Path goal = file("cycle.goal", "num_ranks 2\nrank 0 {\nl1: calc 5\nl2: calc 5\nl1 requires l2\nl2 requires l1\n}\n"
        + "rank 1 {\n}\n");
    c.add(new Case("loggp: a GOAL file with a dependency cycle", List.of("loggp", tiny, goal.toString()),
        goal + ":"));
    c.add(new Case("loggp: more ranks than the machine has nodes", List.of("loggp", tiny, "barrier:8:8"),
        "barrier:8:8: 8 ranks, one a node, need 8 nodes; the machine of " + tiny + " has 4"));
    c.add(new Case("loggp: a --set the scenario refuses", List.of("loggp", tiny, "--set", "fabric.mtu=0",
        "barrier:2:8"), "--set fabric.mtu=0: ringfabric.fabric.mtu: must be between 1 byte and 65536 bytes, not 0"));
    return c;
  }

  @TestFactory
  Stream<DynamicTest> eachEndsInOneLineAndExitTwoWritingNothing() throws Exception {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
      Outcome o = MainTest.run(c.args().toArray(String[]::new));
      assertEquals(2, o.code(), o.err());
      assertEquals(1, o.err().lines().count(), o.err());
      assertTrue(o.err().contains(c.says()), o.err());
      assertFalse(o.err().contains("Exception:") && !c.says().contains("Exception"), o.err());
      assertFalse(o.err().contains("\tat "), o.err());
      assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }));
  }

  /** Both engines end the run, naming the process, instead of handling events at one instant for ever. */
  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // without the check it would never end
  void aProgramLoopingInNoTimeEndsTheRunNamingItOnBothEngines() throws Exception {
    Path f = file("loops.conf", program(Loops.class.getName(), "[1]"));
    for (String engine : List.of("reference", "actors")) {
      Outcome o = MainTest.run("run", f.toString(), "--engine", engine, "--out", dir.resolve(engine).toString(),
          "--set", "most-events-at-one-instant=10000");
      assertEquals(1, o.code(), o.err());
      assertEquals("ringfabric: run failed: node 1 core 2 handled more than 10,000 events at 2001 ns without simulated time"
          + " moving on: the program of node 1 core 2 " + Loops.class.getName() + "[0]#0 loops without taking time"
          + " (e.g. sleep(0) in onWake); the run ends (most-events-at-one-instant = 10000)", o.err().strip());
    }
  }

  /** A stack overflow in a program is that program's failure, as an exception would be: the run goes on. */
  @Test
  void aProgramsStackOverflowStopsThatProgramOnly() throws Exception {
    Path f = file("deep.conf", program(Recurses.class.getName(), "[1]"));
    Path out = dir.resolve("deep");
    Outcome o = MainTest.run("run", f.toString(), "--out", out.toString());
    assertEquals(0, o.code(), o.err());
    assertTrue(Files.readString(out.resolve("report.txt")).contains("node 1 core 2 " + Recurses.class.getName()
        + "[0]#0 stopped: its program threw java.lang.StackOverflowError"), o.out());
  }
}
