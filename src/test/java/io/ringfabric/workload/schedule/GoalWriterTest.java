package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.Collectives.Settings;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Written GOAL parses back to the same schedule, op by op. */
class GoalWriterTest {
  static String write(Schedule s) throws IOException {
    StringWriter out = new StringWriter();
    GoalWriter.write(s, out);
    return out.toString();
  }

  static Schedule reread(Schedule s) throws IOException {
    return GoalParser.parse(new StringReader(write(s)), "w.goal");
  }

  /** Everything GOAL holds of an op (not its source line, nor a motif's iteration index). */
  static List<String> describe(Schedule s) {
    List<String> ops = new ArrayList<>();
    for (int r = 0; r < s.numRanks(); r++) {
      RankSchedule rank = s.rank(r);
      for (int i = 0; i < rank.size(); i++) {
        StringBuilder d = new StringBuilder(r + " " + rank.label(i) + " " + rank.kind(i) + " " + rank.bytes(i) + " "
            + rank.calcNs(i) + " " + rank.peer(i) + " " + rank.tag(i) + " " + rank.cpu(i) + " " + rank.nic(i) + " <");
        for (int k = 0; k < rank.requiresCount(i); k++) {
          d.append(' ').append(rank.requires(i, k));
        }
        d.append(" <<");
        for (int k = 0; k < rank.irequiresCount(i); k++) {
          d.append(' ').append(rank.irequires(i, k));
        }
        ops.add(d.toString());
      }
    }
    return ops;
  }

  @ParameterizedTest
  @EnumSource(Pattern.class)
  void aGeneratedScheduleWrittenAndParsedIsTheSame(Pattern p) throws IOException {
    List<Integer> dims = p == Pattern.HALO2D ? List.of(4, 2) : p == Pattern.HALO3D ? List.of(2, 2, 2) : List.of();
    Schedule s = Collectives.generate(p, new Settings(8, 65536, 2, 1500, dims));
    Schedule back = reread(s);
    assertEquals(describe(s), describe(back));
    assertEquals(8, back.numRanks());
  }

  @Test
  void aParsedScheduleWithItsOwnLabelsAndOptionsIsWrittenAsTxt2binReadsIt() throws IOException {
    Schedule s = GoalParserTest.parse("""
        num_ranks 2
        rank 0 {
          start: calc 10 cpu 2
          go: send 8b to 1 nic 1 tag 5
          calc 3
          go irequires start
        }
        rank 1 {
          r: recv 8b from -1 tag -1 cpu 1
        }
        """);
    assertEquals("""
        num_ranks 2

        rank 0 {
        start: calc 10 cpu 2
        go: send 8b to 1 tag 5 nic 1
        calc 3
        go irequires start
        }

        rank 1 {
        r: recv 8b from -1 tag -1 cpu 1
        }
        """, write(s));
    assertEquals(describe(s), describe(reread(s)));
  }

  @Test
  void iterationsAreMarkedByAComment() throws IOException {
    Schedule s = Collectives.generate(Pattern.BARRIER, new Settings(2, 8, 2, 100, List.of()));
    assertEquals("""
        num_ranks 2

        rank 0 {
        // iteration 0
        l1: send 8b to 1 tag 0
        l2: recv 8b from 1 tag 0
        // iteration 1
        l3: calc 100
        l4: send 8b to 1 tag 0
        l5: recv 8b from 1 tag 0
        l3 requires l1
        l3 requires l2
        l4 requires l3
        l5 requires l3
        }
        """, write(s).substring(0, write(s).indexOf("\nrank 1")));
  }
}
