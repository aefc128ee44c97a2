package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run never writes over its own scenario or checkpoint, nor one output over another. */
class RunFilesTest {
  @TempDir Path dir;

  private String scenario() throws Exception {
    Path f = dir.resolve("tiny.conf");
    Files.writeString(f, MainTest.TINY);
    return f.toString();
  }

  private void refused(String err, MainTest.Outcome o) {
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: " + err + ": the run would write over it; give another file\n", o.err());
    assertEquals("", o.out());
  }

  @Test
  void aTraceOrCheckpointOverTheScenarioIsRefusedAndTheScenarioKept() throws Exception {
    String conf = scenario();
    String out = dir.resolve("o").toString();
    refused("--trace " + conf + " is the scenario (" + conf + ")", MainTest.run("run", conf, "--trace", conf, "--out", out));
    refused("--checkpoint " + conf + " is the scenario (" + conf + ")",
        MainTest.run("run", conf, "--checkpoint-at", "1us", "--checkpoint", conf, "--out", out));
    assertEquals(MainTest.TINY, Files.readString(Path.of(conf)));
  }

  @Test
  void aTraceOverTheCheckpointARunContinuesIsRefusedAndTheCheckpointKept() throws Exception {
    String ckpt = dir.resolve("m.ckpt").toString();
    String out = dir.resolve("o").toString();
    assertEquals(0, MainTest.run("run", scenario(), "--checkpoint-at", "1us", "--checkpoint", ckpt, "--out", out).code());
    byte[] saved = Files.readAllBytes(Path.of(ckpt));
    refused("--trace " + ckpt + " is the checkpoint --restore reads (" + ckpt + ")",
        MainTest.run("run", "--restore", ckpt, "--trace", ckpt, "--out", out));
    assertArrayEquals(saved, Files.readAllBytes(Path.of(ckpt)));
  }

  @Test
  void twoOutputsOfOneNameAreRefusedEvenThroughDotDot() throws Exception {
    String conf = scenario();
    String trace = dir.resolve("o/report.txt").toString();
    String out = dir.resolve("x/../o").toString();
    refused("--out's report.txt " + Path.of(out, "report.txt") + " is --trace (" + trace + ")",
        MainTest.run("run", conf, "--trace", trace, "--out", out));
    String same = dir.resolve("same.bin").toString();
    refused("--checkpoint " + same + " is --trace (" + same + ")",
        MainTest.run("run", conf, "--trace", same, "--checkpoint-at", "1us", "--checkpoint", same, "--out", out));
  }

  @Test
  void scenarioConfMayReplaceTheScenarioItWasResolvedFrom() throws Exception {
    String out = dir.resolve("o").toString();
    assertEquals(0, MainTest.run("run", scenario(), "--out", out).code());
    MainTest.Outcome again = MainTest.run("run", Path.of(out, "scenario.conf").toString(), "--out", out);
    assertEquals(0, again.code(), again.err());
  }
}
