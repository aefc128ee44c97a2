package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LogGp} gives LogGOPSim's own figures (spcl/LogGOPSim 76451de, LogGP network) on the same
 * schedules: our generated patterns, which are Schedgen's, and a Schedgen file.
 */
class LogGpTest {
  /** LogGOPSim's defaults: L=2500 o=1500 g=1000 G=6 (S=65535). */
  static final LogGp.Params D = LogGp.Params.ns(2500, 1500, 1000, 6);
  /** The issue's: L=1184 o=100 g=100 G=0.8, run in ps (-L 1184000 -o 100000 -g 100000 -G 800). */
  static final LogGp.Params P2 = LogGp.Params.ns(1184, 100, 100, 0.8);

  static Schedule pattern(String id, int ranks, long size) {
    return Collectives.generate(Collectives.Pattern.of(id),
        new Collectives.Settings(ranks, size, 1, 0, List.of()));
  }

  /** LogGOPSim's own figures for Schedgen's files, with its defaults (D) and with L=1184 o=100 g=100 G=0.8 (P2), ns. */
  @ParameterizedTest(name = "{0} {1} ranks {2} B")
  @CsvSource({
      "broadcast, 16, 8, 22168, 5558.4",
      "broadcast, 64, 65536, 2392260, 322872",
      "barrier, 64, 8, 33252, 8337.6",
      "allreduce-recdoub, 16, 65536, 781232, 109369.6",
      "allreduce-recdoub, 64, 8, 65970, 16604",
      "alltoall-linear, 16, 65536, 5980650, 807180",
      "alltoall-linear, 64, 65536, 25118730, 3390156",
      // Its ring allreduce deadlocks from 9 ranks (an unstable sort); with a stable one, as here:
      "allreduce-ring, 16, 65536, 902100, 139800",
  })
  void givesLogGopSimsFigures(String pattern, int ranks, long size, double d, double p2) {
    Schedule s = pattern(pattern, ranks, size);
    assertEquals(d, LogGp.completionNs(s, D), 1e-9, "D");
    assertEquals(p2, LogGp.completionNs(s, P2), 1e-9, "P2");
  }

  @Test
  void givesLogGopSimsFiguresOnSchedgensGatherFile() throws Exception {
    // schedgen -p gather -s 64 -d 65536 -o gather64.goal
    Schedule s;
    try (Reader in = new InputStreamReader(
        LogGpTest.class.getResourceAsStream("/schedules/schedgen-gather-64-64KiB.goal"), StandardCharsets.US_ASCII)) {
      s = GoalParser.parse(in, "schedgen-gather-64-64KiB.goal");
    }
    assertEquals(24_870_730, LogGp.completionNs(s, D), 1e-9);
    assertEquals(3_310_548, LogGp.completionNs(s, P2), 1e-9);
  }

  /**
   * Run on the spot (LogGOPSim 76451de): calc, irequires, wildcards, a 0-byte message and a
   * rendezvous one (70,000 B over S), each rank's end.
   * <pre>
   * txt2bin -i mixed.goal -o mixed.bin
   * LogGOPSim -f mixed.bin                                -> Host 0: 436374, 1: 13638, 2: 436174
   * LogGOPSim -f mixed.bin -L 1184 -o 100 -g 100 -G 1 -S 1000 -> Host 0: 73505, 1: 3007, 2: 73305
   * </pre>
   */
  @Test
  void givesLogGopSimsPerRankEndsOnAMixedFile() throws Exception {
    Schedule s = GoalParser.parse(new java.io.StringReader("""
        num_ranks 3
        rank 0 {
        a: calc 500
        s1: send 1024b to 1 tag 7
        s2: send 0b to 2 tag 9
        s3: send 70000b to 2 tag 3
        c: calc 200
        s1 requires a
        s2 irequires s1
        s3 irequires s2
        c requires s3
        }
        rank 1 {
        r1: recv 1024b from -1 tag -1
        t: send 8b to 2 tag 5
        t requires r1
        }
        rank 2 {
        x: calc 3000
        r2: recv 0b from 0 tag 9
        r3: recv 8b from -1 tag 5
        r4: recv 70000b from 0 tag -1
        r2 requires x
        r3 requires x
        r4 requires r3
        }
        """), "mixed.goal");
    LogGp.Result d = LogGp.run(s, D);
    assertEquals(0, d.unmatched());
    assertArrayEquals(new long[] {436_374_000, 13_638_000, 436_174_000}, d.endPs());
    LogGp.Result small = LogGp.run(s, LogGp.Params.ns(1184, 100, 100, 1).eagerUpTo(1000));
    assertArrayEquals(new long[] {73_505_000, 3_007_000, 73_305_000}, small.endPs());
  }

  /**
   * Run on the spot: a 0-byte barrier (each message costs -G) and our pairwise alltoall, which
   * Schedgen has not, written by {@code bin/ringfabric schedule}.
   * <pre>
   * ringfabric schedule barrier --ranks 16 --size 0B --out bar0.goal
   * LogGOPSim -f bar0.bin -b -L 1184000 -o 100000 -g 100000 -G 800 -> 5532800 (ps)
   * ringfabric schedule alltoall --ranks 8 --size 4KiB --out pw8.goal
   * LogGOPSim -f pw8.bin -b                                          -> 210490
   * </pre>
   */
  @Test
  void givesLogGopSimsFiguresOnAZeroByteBarrierAndPairwiseAlltoall() {
    assertEquals(5_532.8, LogGp.completionNs(pattern("barrier", 16, 0), P2), 1e-9);
    assertEquals(210_490, LogGp.completionNs(pattern("alltoall", 8, 4096), D), 1e-9);
  }

  @Test
  void aReceiveNothingSendsToIsCountedUnmatched() throws Exception {
    Schedule s = GoalParser.parse(new java.io.StringReader("""
        num_ranks 2
        rank 0 {
        a: send 8b to 1 tag 1
        }
        rank 1 {
        b: recv 8b from 0 tag 2
        c: calc 10
        c requires b
        }
        """), "x.goal");
    LogGp.Result r = LogGp.run(s, D);
    assertEquals(2, r.unmatched());
    assertEquals(1, r.opsNotRun());
  }
}
