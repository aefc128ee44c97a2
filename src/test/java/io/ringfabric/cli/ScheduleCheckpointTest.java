package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A schedule's ranks, mid-run, go into a checkpoint and come out of it as they were. */
class ScheduleCheckpointTest {
  @TempDir Path dir;

  @Test
  void anAllreduceSavedHalfWayEndsAsTheWholeRunDid() throws Exception {
    String file = dir.resolve("a.ckpt").toString();
    MainTest.Outcome whole = MainTest.run("run", "conf/allreduce.conf", "--engine", "reference", "--set",
        "workload.schedule.iterations=1", "--out", dir.resolve("whole").toString());
    assertEquals(0, whole.code(), whole.err());
    MainTest.Outcome saved = MainTest.run("run", "conf/allreduce.conf", "--engine", "reference", "--set",
        "workload.schedule.iterations=1", "--checkpoint-at", "800us", "--checkpoint", file,
        "--out", dir.resolve("saved").toString());
    assertEquals(0, saved.code(), saved.err());
    MainTest.Outcome restored = MainTest.run("run", "--restore", file, "--out", dir.resolve("restored").toString());
    assertEquals(0, restored.code(), restored.err());
    String fingerprint = fingerprint(whole.out());
    assertEquals(fingerprint, fingerprint(saved.out()));
    assertEquals(fingerprint, fingerprint(restored.out()));
    assertTrue(restored.out().contains("16, all finished"), restored.out());
  }

  private static String fingerprint(String out) {
    return out.lines().filter(l -> l.startsWith("fingerprint ")).findFirst().orElse("none in:\n" + out);
  }
}
