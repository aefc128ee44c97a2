package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the parser takes, and what it reads from it. Its refusals are in GoalParserErrorTest. */
class GoalParserTest {
  /** The notes' example of the grammar as LogGOPSim's txt2bin takes it. */
  static final String NOTES_EXAMPLE = """
      num_ranks 3
      rank 0 {
      a: calc 500
      s1: send 1024b to 1 tag 7
      s2: send 8b to 2 tag 9 cpu 0 nic 0
      s1 requires a
      s2 irequires s1
      }
      rank 1 {
      r1: recv 1024b from 0 tag 7
      }
      rank 2 {
      x: recv 8b from -1 tag -1
      }
      """;

  @TempDir Path dir;

  static Schedule parse(String text) {
    try {
      return GoalParser.parse(new StringReader(text), "t.goal");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void readsEveryFieldOfTheNotesExample() {
    Schedule s = parse(NOTES_EXAMPLE);
    assertEquals(3, s.numRanks());
    assertEquals(5, s.size());
    RankSchedule r0 = s.rank(0);
    assertEquals(3, r0.size());
    assertEquals(OpKind.CALC, r0.kind(0));
    assertEquals(500, r0.calcNs(0));
    assertEquals(0, r0.bytes(0));
    assertEquals("a", r0.label(0));
    assertEquals(3, r0.line(0));
    assertEquals(OpKind.SEND, r0.kind(1));
    assertEquals(1024, r0.bytes(1));
    assertEquals(1, r0.peer(1));
    assertEquals(7, r0.tag(1));
    assertEquals(-1, r0.iteration(1));
    assertEquals(List.of(1, 0), List.of(r0.requiresCount(1), r0.irequiresCount(1)));
    assertEquals(0, r0.requires(1, 0));
    assertEquals(List.of(0, 1), List.of(r0.requiresCount(2), r0.irequiresCount(2)));
    assertEquals(1, r0.irequires(2, 0));
    assertEquals(2, r0.indexOf("s2"));
    assertEquals(-1, r0.indexOf("nope"));
    RankSchedule r2 = s.rank(2);
    assertEquals(OpKind.RECV, r2.kind(0));
    assertEquals(List.of(-1, -1), List.of(r2.peer(0), r2.tag(0)));
    assertEquals(List.of(), s.warnings());
  }

  @Test
  void takesTxt2binsLooseSpellings() {
    // No space before b, around the colon or after keywords; a label-less op; default tag 0;
    // comments at a statement's start, a block comment over lines and before a statement.
    Schedule s = parse("""
        // a comment
        num_ranks 2
        /* a comment
           over lines */ rank 0 {
        l1:send 16 b to 1
        calc 5 cpu 3
        l2: send 16b to1 tag7 cpu 1 nic 2
        }
        rank 1 {
        l1 : recv 16b from 0
        l2: recv 16b from 0 tag 7 cpu 1 nic 2
        }""");
    RankSchedule r0 = s.rank(0);
    assertEquals(3, r0.size());
    assertEquals(List.of(16L, 1, 0), List.of(r0.bytes(0), r0.peer(0), r0.tag(0)));
    assertNull(r0.label(1));
    assertEquals(List.of(5L, 3), List.of(r0.calcNs(1), r0.cpu(1)));
    assertEquals(List.of(1, 7, 1, 2), List.of(r0.peer(2), r0.tag(2), r0.cpu(2), r0.nic(2)));
    assertEquals(2, s.rank(1).size());
  }

  @Test
  void takesIndentedLinesCrLfLoneCrOptionsInAnyOrderAndTrailingComments() {
    Schedule s = parse("num_ranks 1\r\n  rank 0 {\r\n\ta: calc 1 // one\r\n"
        + "    b: send 8b to 0 nic 1 tag 3\rb requires a\r\n}");
    RankSchedule r = s.rank(0);
    assertEquals(2, r.size());
    assertEquals(List.of(1, 3, 0), List.of(r.nic(1), r.tag(1), r.peer(1)));
    assertEquals(1, r.requiresCount(1));
    assertEquals(4, r.line(1)); // a lone CR ends it
  }

  @Test
  void takesStatementsOnOneLineWhereTxt2binDoes() {
    Schedule s = parse("num_ranks 2 rank 0 { a: calc 1\n} rank 1 {\n}\n");
    assertEquals(List.of(1, 0), List.of(s.rank(0).size(), s.rank(1).size()));
  }

  @Test
  void aSendToItselfIsTakenAsLogGopSimTakesIt() {
    Schedule s = parse("num_ranks 1\nrank 0 {\na: send 8b to 0\nb: recv 8b from 0\n}\n");
    assertEquals(0, s.rank(0).peer(0));
  }

  @Test
  void aRepeatedLabelKeepsBothOpsAndDependenciesNameTheFirstWithAWarning() {
    Schedule s = parse("num_ranks 1\nrank 0 {\na: calc 1\na: calc 2\nb: calc 3\nb requires a\n}\n");
    RankSchedule r = s.rank(0);
    assertEquals(3, r.size());
    assertEquals("a", r.label(1));
    assertEquals(0, r.requires(2, 0));
    assertEquals(List.of("t.goal:4: label 'a' is defined again in rank 0 (first on line 3); dependencies"
        + " name the first, as LogGOPSim does"), s.warnings());
  }

  @Test
  void listsTwentyRepeatedLabelsAndCountsTheRest() {
    StringBuilder text = new StringBuilder("num_ranks 1\nrank 0 {\n");
    for (int i = 0; i < 26; i++) {
      text.append("a: calc 1\n");
    }
    Schedule s = parse(text.append("}\n").toString());
    assertEquals(21, s.warnings().size());
    assertEquals("t.goal: 5 more labels defined again, not listed", s.warnings().get(20));
  }

  @Test
  void schedgenLabelsAreNotKeptButBuiltOnDemand() throws IOException {
    Path f = dir.resolve("x.goal");
    Files.writeString(f, "num_ranks 2\n\nrank 0 {\nl1: send 8b to 1 tag 0\nl2: calc 4\nl2 requires l1\n}\n"
        + "\nrank 1 {\nl1: recv 8b from 0 tag 0\n}\n");
    List<Integer> blocks = new java.util.ArrayList<>();
    Schedule s = GoalParser.parse(f, blocks::add);
    assertEquals(List.of(1, 2), blocks);
    assertEquals(f.toString(), s.source());
    assertEquals("l2", s.rank(0).label(1));
    assertEquals(1, s.rank(0).indexOf("l2"));
    assertEquals(5, s.rank(0).line(1));
  }

  @Test
  void aFileWithAByteOrderMarkAndNoFinalNewlineIsRead() throws IOException {
    Path f = dir.resolve("bom.goal");
    byte[] text = "num_ranks 1\r\nrank 0 {\r\na: calc 7\r\n}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] withBom = new byte[text.length + 3];
    withBom[0] = (byte) 0xef;
    withBom[1] = (byte) 0xbb;
    withBom[2] = (byte) 0xbf;
    System.arraycopy(text, 0, withBom, 3, text.length);
    Files.write(f, withBom);
    assertEquals(7, GoalParser.parse(f).rank(0).calcNs(0));
  }

  @Test
  void aLongChainOfDependenciesNeedsNoDeepStack() {
    int n = 100_000;
    StringBuilder text = new StringBuilder("num_ranks 1\nrank 0 {\n");
    for (int i = 1; i <= n; i++) {
      text.append('l').append(i).append(": calc 1\n");
    }
    for (int i = 2; i <= n; i++) {
      text.append('l').append(i).append(" requires l").append(i - 1).append('\n');
    }
    assertEquals(n, parse(text.append("}\n").toString()).rank(0).size());
    text.setLength(text.length() - 2);
    String cycle = text.append("l1 requires l").append(n).append("\n}\n").toString();
    ScheduleFormatException e = assertThrows(ScheduleFormatException.class, () -> parse(cycle));
    assertEquals("t.goal:" + (2 * n + 2) + ": dependency cycle in rank 0: l1 requires l" + n,
        e.getMessage().substring(0, e.getMessage().indexOf(',')));
  }
}
