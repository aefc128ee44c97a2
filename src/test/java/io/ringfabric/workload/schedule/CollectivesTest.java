package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.Collectives.Settings;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Each generated pattern's operations, sizes, peers and dependencies, and that it runs through. */
class CollectivesTest {
  static Schedule generate(Pattern p, int ranks, long size, List<Integer> dims) {
    return Collectives.generate(p, new Settings(ranks, size, 1, 0, dims));
  }

  static Schedule generate(Pattern p, int ranks, long size) {
    return generate(p, ranks, size, List.of());
  }

  /** {kind peer bytes} of each op of a rank, e.g. "send 2 8". */
  static List<String> ops(RankSchedule r) {
    List<String> ops = new ArrayList<>();
    for (int i = 0; i < r.size(); i++) {
      ops.add(r.kind(i).word() + " " + r.peer(i) + " " + (r.kind(i) == OpKind.CALC ? r.calcNs(i) : r.bytes(i)));
    }
    return ops;
  }

  /** What op i requires, by label. */
  static List<String> requires(RankSchedule r, int i) {
    List<String> labels = new ArrayList<>();
    for (int k = 0; k < r.requiresCount(i); k++) {
      labels.add(r.label(r.requires(i, k)));
    }
    return labels;
  }

  @ParameterizedTest
  @EnumSource(Pattern.class)
  void everyPatternRunsThroughWithEverySendReceived(Pattern p) {
    for (int ranks : new int[] {1, 2, 8, 9, 16}) {
      if (p == Pattern.ALLREDUCE_RECDOUB && Integer.bitCount(ranks) != 1) {
        continue;
      }
      List<Integer> dims = switch (p) {
        case HALO2D -> List.of(ranks, 1);
        case HALO3D -> ranks == 8 ? List.of(2, 2, 2) : ranks == 16 ? List.of(4, 2, 2) : List.of(1, ranks, 1);
        default -> List.of();
      };
      Schedule s = Collectives.generate(p, new Settings(ranks, 4096, 3, 500, dims));
      assertEquals(List.of(), ScheduleReplay.leftOver(s), p.id() + " on " + ranks);
    }
  }

  /** The sizes of the notes' Schedgen files: the same lines, so the same ops and dependencies. */
  @ParameterizedTest
  @CsvSource({"broadcast, 376", "barrier, 1281", "allreduce-recdoub, 2433", "alltoall-linear, 8257",
      "allreduce-ring, 24321"})
  void writesAsManyLinesAsSchedgenAt64Ranks(String pattern, long lines) throws IOException {
    StringWriter out = new StringWriter();
    GoalWriter.write(generate(Pattern.of(pattern), 64, 65536), out);
    assertEquals(lines, out.toString().lines().count());
  }

  @Test
  void broadcastIsABinomialTreeFromRankZero() {
    Schedule s = generate(Pattern.BROADCAST, 16, 8);
    assertEquals(List.of("send 1 8", "send 2 8", "send 4 8", "send 8 8"), ops(s.rank(0)));
    assertEquals(List.of("recv 0 8", "send 3 8", "send 5 8", "send 9 8"), ops(s.rank(1)));
    assertEquals(List.of("recv 1 8", "send 13 8"), ops(s.rank(5)));
    assertEquals(List.of("l1"), requires(s.rank(5), 1));
    assertEquals(List.of("recv 7 8"), ops(s.rank(15)));
    assertEquals(30, s.size());
  }

  @Test
  void broadcastWritesEachDependencyOnceWhereSchedgenRepeatsIt() {
    RankSchedule r1 = generate(Pattern.BROADCAST, 5, 8).rank(1);
    assertEquals(List.of("recv 0 8", "send 3 8"), ops(r1));
    assertEquals(1, r1.dependencyCount());
  }

  @Test
  void barrierIsDissemination() {
    RankSchedule r = generate(Pattern.BARRIER, 6, 8).rank(1);
    assertEquals(List.of("send 2 8", "recv 0 8", "send 3 8", "recv 5 8", "send 5 8", "recv 3 8"), ops(r));
    assertEquals(List.of(List.of(), List.of("l2"), List.of("l4")),
        List.of(requires(r, 0), requires(r, 2), requires(r, 4)));
  }

  @Test
  void recursiveDoublingHalvesThenDoublesWithSchedgensZeroByteMessages() {
    RankSchedule r = generate(Pattern.ALLREDUCE_RECDOUB, 8, 65536).rank(3);
    assertEquals(List.of("send 2 32768", "recv 2 32768", "send 1 16384", "recv 1 16384", "send 7 8192",
        "recv 7 8192", "send 7 8192", "recv 7 8192", "send 1 16384", "recv 1 16384", "send 2 32768",
        "recv 2 32768"), ops(r));
    assertEquals(List.of("l4"), requires(r, 4));
    List<Long> sizes = new ArrayList<>();
    RankSchedule small = generate(Pattern.ALLREDUCE_RECDOUB, 64, 8).rank(0);
    for (int i = 0; i < small.size(); i += 2) {
      sizes.add(small.bytes(i));
    }
    assertEquals(List.of(4L, 2L, 1L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L), sizes); // 0 doubled is 0
  }

  @Test
  void recursiveDoublingRefusesRanksThatAreNoPowerOfTwo() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> generate(Pattern.ALLREDUCE_RECDOUB, 12, 8));
    assertEquals("allreduce-recdoub needs a power-of-two number of ranks (Schedgen's sends to ranks that do not"
        + " exist otherwise), not 12: try 8 or 16, or allreduce-ring", e.getMessage());
  }

  @Test
  void ringAllreduceSendsASliceRightEachOfItsSteps() {
    RankSchedule r = generate(Pattern.ALLREDUCE_RING, 4, 65536).rank(0);
    assertEquals(12, r.size());
    for (int i = 0; i < 12; i += 2) {
      assertEquals(List.of("send 1 16384", "recv 3 16384"), ops(r).subList(i, i + 2));
    }
    assertEquals(List.of("l10"), requires(r, 10));
    assertEquals(0, generate(Pattern.ALLREDUCE_RING, 16, 8).rank(3).bytes(0));
  }

  @Test
  void pairwiseAlltoallExchangesWithOnePartnerAStep() {
    RankSchedule xor = generate(Pattern.ALLTOALL, 8, 100).rank(5);
    assertEquals(List.of("send 4 100", "recv 4 100", "send 7 100", "recv 7 100"), ops(xor).subList(0, 4));
    assertEquals(List.of("l1", "l2"), requires(xor, 2));
    assertEquals(List.of("l1", "l2"), requires(xor, 3));
    RankSchedule shift = generate(Pattern.ALLTOALL, 6, 100).rank(1);
    assertEquals(List.of("send 2 100", "recv 0 100", "send 3 100", "recv 5 100"), ops(shift).subList(0, 4));
    assertEquals(10, shift.size());
  }

  @Test
  void linearAlltoallPostsEverythingAtOnce() {
    RankSchedule r = generate(Pattern.ALLTOALL_LINEAR, 4, 100).rank(1);
    assertEquals(List.of("send 2 100", "recv 0 100", "send 3 100", "recv 3 100", "send 0 100", "recv 2 100"), ops(r));
    assertEquals(0, r.dependencyCount());
  }

  @Test
  void halo2dExchangesWithFourTorusNeighboursXFirst() {
    RankSchedule r = generate(Pattern.HALO2D, 16, 512, List.of(4, 4)).rank(5);
    assertEquals(List.of("recv 4 512", "recv 6 512", "recv 1 512", "recv 9 512",
        "send 6 512", "send 4 512", "send 9 512", "send 1 512"), ops(r));
    assertEquals(List.of(0, 1, 2, 3, 0, 1, 2, 3), List.of(r.tag(0), r.tag(1), r.tag(2), r.tag(3), r.tag(4),
        r.tag(5), r.tag(6), r.tag(7)));
    assertEquals(16, generate(Pattern.HALO2D, 16, 512).numRanks()); // 4 x 4 from the ranks
    assertEquals(List.of("recv 3 8", "recv 1 8", "send 1 8", "send 3 8"),
        ops(generate(Pattern.HALO2D, 0, 8, List.of(4, 1)).rank(0)));
  }

  @Test
  void halo3dExchangesWithSixNeighbours() {
    RankSchedule r = generate(Pattern.HALO3D, 27, 64).rank(13); // the middle of 3 x 3 x 3
    assertEquals(List.of("recv 12 64", "recv 14 64", "recv 10 64", "recv 16 64", "recv 4 64", "recv 22 64"),
        ops(r).subList(0, 6));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> generate(Pattern.HALO3D, 12, 64));
    assertEquals("halo3d needs --dims X,Y,Z: 12 ranks make no cube", e.getMessage());
  }

  @Test
  void iterationsAreJoinedByTheComputeBetweenThem() {
    Schedule s = Collectives.generate(Pattern.ALLTOALL_LINEAR, new Settings(3, 8, 3, 1000, List.of()));
    RankSchedule r = s.rank(0);
    assertEquals(List.of("send 1 8", "recv 2 8", "send 2 8", "recv 1 8", "calc -1 1000"), ops(r).subList(0, 5));
    assertEquals(14, r.size());
    assertEquals(3, s.iterationCount());
    assertEquals(List.of(0, 1, 1, 2), List.of(r.iteration(3), r.iteration(4), r.iteration(5), r.iteration(13)));
    assertEquals(List.of("l1", "l2", "l3", "l4"), requires(r, 4));
    assertEquals(List.of("l5"), requires(r, 5));
  }
}
