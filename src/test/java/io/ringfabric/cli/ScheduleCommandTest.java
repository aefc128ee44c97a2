package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.MainTest.Outcome;
import io.ringfabric.workload.schedule.GoalParser;
import io.ringfabric.workload.schedule.Schedule;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code ringfabric schedule}: GOAL on stdout or to a file; bad arguments end in one line. */
class ScheduleCommandTest {
  @TempDir Path dir;

  @Test
  void writesTheIssuesRingAllreduceAsGoalOnStdout() throws Exception {
    Outcome o = MainTest.run("schedule", "allreduce-ring", "--ranks", "64", "--size", "64KiB");
    assertEquals(0, o.code(), o.err());
    assertEquals("", o.err());
    assertEquals(24_321, o.out().lines().count()); // as Schedgen's allreduce_ring
    assertTrue(o.out().startsWith("num_ranks 64\n\nrank 0 {\nl1: send 1024b to 1 tag 0\nl2: recv 1024b from 63 tag 0\n"),
        o.out().substring(0, 100));
    Schedule s = GoalParser.parse(new StringReader(o.out()), "stdout");
    assertEquals(64 * 252, s.size());
  }

  @Test
  void writesToOutWithIterationsComputeAndDims() throws Exception {
    Path f = dir.resolve("halo.goal");
    Outcome o = MainTest.run("schedule", "halo2d", "--dims", "8,8", "--size", "4KiB", "--iterations", "3",
        "--compute", "1us", "--out", f.toString());
    assertEquals(0, o.code(), o.err());
    assertEquals("wrote " + f + ": halo2d (64 ranks, 4096 B, dims 8x8, 3 iterations, compute 1000 ns),"
        + " 1,664 operations\n", o.out().replace(System.lineSeparator(), "\n"));
    Schedule s = GoalParser.parse(f);
    assertEquals(64, s.numRanks());
    assertEquals(1000, s.rank(0).calcNs(8));
    assertEquals(26, s.rank(0).size());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "bcast --ranks 4 | unknown pattern 'bcast'; known: broadcast, barrier, allreduce-recdoub, allreduce-ring,"
          + " alltoall, alltoall-linear, halo2d, halo3d",
      "broadcast | broadcast needs --ranks N",
      "halo3d | halo3d needs --ranks N or --dims",
      "allreduce-recdoub --ranks 12 | allreduce-recdoub needs a power-of-two number of ranks (Schedgen's sends to"
          + " ranks that do not exist otherwise), not 12: try 8 or 16, or allreduce-ring",
      "barrier --ranks 4 --size 3tons | --size: '3tons' is not a size in bytes; write e.g. 8, 64KiB or 1MiB",
      "barrier --ranks 4 --compute 1.5ns | --compute 1.5ns: a GOAL calc is whole ns",
      "barrier --ranks 4 --compute fast | --compute: 'fast' is not a time: must be a duration such as 20ns, 1.5us"
          + " or 2ms (units ns, us, ms, s, m, h, d); a plain number is a whole number of picoseconds",
      "barrier --ranks 4 --dims 2,2 | --dims is for halo2d and halo3d, not barrier",
      "halo2d --dims 8,x | --dims: '8,x' is not a list of whole numbers such as 8,8 or 4,4,4",
      "halo2d --ranks 60 --dims 8,8 | halo2d: dims [8, 8] make 64 ranks, not 60",
      "halo2d --ranks 60 | halo2d needs --dims X,Y: 60 ranks make no square",
      "alltoall --ranks 0 | alltoall needs at least 1 rank, not 0",
      "barrier --ranks 4 --iterations 0 | barrier: iterations must be at least 1, not 0",
  })
  void badArgumentsEndInOneLineAndNothingWritten(String args, String message) throws Exception {
    Path f = dir.resolve("x.goal");
    String[] words = (args.strip() + " --out " + f).split(" ");
    String[] full = new String[words.length + 1];
    full[0] = "schedule";
    System.arraycopy(words, 0, full, 1, words.length);
    Outcome o = MainTest.run(full);
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: " + message + "\n", o.err().replace(System.lineSeparator(), "\n"));
    assertEquals("", o.out());
    assertFalse(Files.exists(f));
  }

  @Test
  void aDirectoryAsOutIsRefused() {
    Outcome o = MainTest.run("schedule", "barrier", "--ranks", "2", "--out", dir.toString());
    assertEquals(2, o.code());
    assertEquals("ringfabric: cannot write " + dir + ": it is a directory", o.err().strip());
  }
}
