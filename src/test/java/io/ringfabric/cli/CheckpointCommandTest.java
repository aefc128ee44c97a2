package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.MainTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --checkpoint-at/--checkpoint/--restore} and {@code inspect}, as a user types them. */
class CheckpointCommandTest {
  @TempDir Path dir;

  private String path(String name) {
    return dir.resolve(name).toString();
  }

  private Path saved() {
    Outcome o = MainTest.run("run", "conf/ringfabric.conf", "--set", "duration=12us", "--engine", "reference",
        "--checkpoint-at", "5us", "--checkpoint", path("m.ckpt"), "--out", path("whole"), "--no-progress");
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().contains("wrote " + path("m.ckpt") + " (the machine at 5."), o.out());
    return dir.resolve("m.ckpt");
  }

  @Test
  void aRestoredRunWritesTheUninterruptedResults() throws Exception {
    Path file = saved();
    Outcome o = MainTest.run("run", "--restore", file.toString(), "--engine", "actors", "--out", path("cont"),
        "--no-progress");
    assertEquals(0, o.code(), o.err());
    assertTrue(o.out().contains("continued " + file + " from 5."), o.out());
    assertEquals(withoutWallClock(dir.resolve("whole/results.json")), withoutWallClock(dir.resolve("cont/results.json")));
  }

  private static String withoutWallClock(Path json) throws Exception {
    return Files.readString(json).replaceAll("\"(engine|wallSeconds|eventsPerSecond)\"\\s*:\\s*[^,]*,", "");
  }

  @Test
  void badCheckpointArgumentsAreRefused() throws Exception {
    Outcome half = MainTest.run("run", "--checkpoint-at", "5us", "--out", path("o"));
    assertEquals(2, half.code());
    assertEquals("ringfabric: --checkpoint-at T needs --checkpoint FILE: where to save\n", half.err());
    Outcome late = MainTest.run("run", "conf/ringfabric.conf", "--set", "duration=12us", "--checkpoint-at", "1ms",
        "--checkpoint", path("x"), "--out", path("o"));
    assertEquals(2, late.code());
    assertTrue(late.err().contains("--checkpoint-at 1ms is after the run's end"), late.err());
    Outcome nowhere = MainTest.run("run", "--checkpoint-at", "1us", "--checkpoint", path("no/such/dir/x"),
        "--out", path("o"));
    assertEquals(2, nowhere.code());
    assertTrue(nowhere.err().contains("cannot write a file there"), nowhere.err());
    // the permission bits of /proc let root write; the kernel does not: found before the run, nothing written
    Outcome proc = MainTest.run("run", "--checkpoint-at", "1us", "--checkpoint", "/proc/c.ckpt", "--out", path("p"));
    assertEquals(2, proc.code());
    assertEquals("ringfabric: --checkpoint /proc/c.ckpt: cannot write a file there (the directory /proc is not"
        + " writable)\n", proc.err());
    assertTrue(Files.notExists(dir.resolve("p")));
    Outcome device = MainTest.run("run", "--checkpoint-at", "1us", "--checkpoint", "/dev/null", "--out", path("p"));
    assertEquals(2, device.code());
    assertEquals("ringfabric: --checkpoint /dev/null: cannot write a file there (it is not a regular file)\n",
        device.err());
    Outcome directory = MainTest.run("run", "--checkpoint-at", "1us", "--checkpoint", dir.toString(), "--out", path("p"));
    assertEquals(2, directory.code());
    assertEquals("ringfabric: --checkpoint " + dir + ": cannot write a file there (it is a directory)\n", directory.err());
    Path file = saved();
    Outcome both = MainTest.run("run", "conf/ringfabric.conf", "--restore", file.toString(), "--out", path("o"));
    assertEquals(2, both.code());
    assertTrue(both.err().startsWith("ringfabric: --restore continues the scenario saved in the checkpoint; give no CONFIG"),
        both.err());
    Outcome changed = MainTest.run("run", "--restore", file.toString(), "--set", "fabric.mtu=512", "--out", path("o"));
    assertEquals(2, changed.code());
    assertTrue(changed.err().contains("ringfabric.fabric.mtu cannot change"), changed.err());
  }

  @Test
  void aDamagedCheckpointIsRefusedWithExitTwo() throws Exception {
    Path file = saved();
    byte[] data = Files.readAllBytes(file);
    Path cut = dir.resolve("cut.ckpt");
    Files.write(cut, java.util.Arrays.copyOf(data, data.length - 10));
    Outcome o = MainTest.run("run", "--restore", cut.toString(), "--out", path("o"));
    assertEquals(2, o.code());
    assertEquals("ringfabric: checkpoint " + cut + ": it is damaged or cut short: its checksum does not match its "
        + (data.length - 10) + " bytes\n", o.err());
    Outcome missing = MainTest.run("inspect", path("none.ckpt"));
    assertEquals(2, missing.code());
    assertEquals("ringfabric: checkpoint " + path("none.ckpt") + ": cannot read it: no such file\n", missing.err());
    Outcome restoreMissing = MainTest.run("run", "--restore", path("none.ckpt"), "--out", path("o"));
    assertEquals(2, restoreMissing.code());
    assertEquals("ringfabric: checkpoint " + path("none.ckpt") + ": cannot read it: no such file\n", restoreMissing.err());
    assertTrue(Files.notExists(dir.resolve("o")));
    Outcome scenario = MainTest.run("inspect", "conf/ringfabric.conf");
    assertEquals(2, scenario.code());
    assertTrue(scenario.err().endsWith("it is not a ringfabric checkpoint (it does not begin as one)\n"), scenario.err());
  }

  @Test
  void inspectShowsTheMachineAtItsMoment() {
    Path file = saved();
    Outcome all = MainTest.run("inspect", file.toString());
    assertEquals(0, all.code(), all.err());
    assertTrue(all.out().startsWith("the machine at 5."), all.out());
    assertTrue(all.out().contains("\nnode 0\n"), all.out());
    assertTrue(all.out().matches("(?s).*  context \\d+ \\(node \\d+ core \\d [a-z-]+\\[\\d\\]#\\d\\): (PUT|GET) to node \\d+ ring 0, \\d+ B, BUSY, sequence \\d+\n.*"),
        all.out());
    assertTrue(all.out().matches("(?s).*  pending at node \\d+ (core \\d|module|memory|switch): \\d+ events?, next at .*"), all.out());
    Outcome one = MainTest.run("inspect", file.toString(), "--node", "3");
    assertEquals(0, one.code(), one.err());
    assertTrue(one.out().contains("\nnode 3\n") && !one.out().contains("\nnode 4\n"), one.out());
    Outcome bad = MainTest.run("inspect", file.toString(), "--node", "16");
    assertEquals(2, bad.code());
    assertEquals("ringfabric: --node 16: the machine has nodes 0 to 15\n", bad.err());
  }
}
