package io.ringfabric.workload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each GOAL mistake ends in one line, {@code file:line: what is wrong}. */
class GoalParserErrorTest {
  @TempDir Path dir;

  private static void assertError(String message, String text) {
    ScheduleFormatException e = assertThrows(ScheduleFormatException.class, () -> GoalParserTest.parse(text));
    assertEquals(message, e.getMessage());
  }

  /** One rank's block of {@code body} lines, after {@code num_ranks 2} and before an empty rank 1. */
  private static String rank0(String body) {
    return "num_ranks 2\nrank 0 {\n" + body + "}\nrank 1 {\n}\n";
  }

  @Test
  void anUnknownOperationIsNamedWithTheKnownOnes() {
    assertError("t.goal:3: unknown operation 'sned' (known: send, recv, calc)", rank0("l1: sned 8b to 1\n"));
    assertError("t.goal:3: unknown operation 'sned' (known: send, recv, calc)", rank0("sned 8b to 1\n"));
  }

  @Test
  void aSizeNeedsTheUnitB() {
    assertError("t.goal:3: size 1024 needs the unit b (GOAL sizes are bytes): write 1024b",
        rank0("l1: send 1024 to 1\n"));
    assertError("t.goal:3: size '64KiB' is not GOAL: sizes are whole bytes with the unit b, e.g. 1024b",
        rank0("l1: send 64KiB to 1\n"));
  }

  @Test
  void aLabelUsedBeforeItIsDefinedIsNamedWithBothLines() {
    assertError("t.goal:4: label 'b' is used before it is defined (on line 5); define a label before a"
        + " dependency names it", rank0("a: calc 1\na requires b\nb: calc 2\n"));
  }

  @Test
  void aLabelNotDefinedAtAllIsNamed() {
    assertError("t.goal:4: label 'zz' is not defined in rank 0", rank0("a: calc 1\nzz requires a\n"));
  }

  @Test
  void aDependencyOnALabelOfAnotherRankNamesThatRank() {
    assertError("t.goal:7: label 'a' belongs to rank 0, not rank 1: a dependency links operations of one rank"
        + " (messages link ranks)", "num_ranks 2\nrank 0 {\na: calc 1\n}\nrank 1 {\nb: calc 1\nb requires a\n}\n");
  }

  @Test
  void aDependencyCycleNamesItsLabelsFromTheLineThatClosedIt() {
    assertError("t.goal:8: dependency cycle in rank 0: c requires a, a requires b, b irequires c (none of them"
        + " can start)", rank0("a: calc 1\nb: calc 1\nc: calc 1\na requires b\nb irequires c\nc requires a\n"));
    assertError("t.goal:4: dependency cycle in rank 0: a requires a (none of them can start)",
        rank0("a: calc 1\na requires a\n"));
  }

  @Test
  void ranksOutOfOrderMissingOrRepeatedAreNamed() {
    assertError("t.goal:2: rank 1 where rank 0 was expected: rank 0 is missing (rank blocks go in order 0..2)",
        "num_ranks 3\nrank 1 {\n}\nrank 0 {\n}\n");
    assertError("t.goal:4: rank 2 where rank 1 was expected: rank 1 is missing (rank blocks go in order 0..2)",
        "num_ranks 3\nrank 0 {\n}\nrank 2 {\n}\n");
    assertError("t.goal:6: rank 1 appears twice (first on line 4)",
        "num_ranks 3\nrank 0 {\n}\nrank 1 {\n}\nrank 1 {\n}\n");
  }

  @Test
  void moreOrFewerRankBlocksThanNumRanks() {
    assertError("t.goal:6: rank 2 is beyond num_ranks 2 (ranks 0..1)", rank0("") + "rank 2 {\n}\n");
    assertError("t.goal:1: num_ranks is 3 but the file has 1 rank block (rank 1 and later are missing)",
        "num_ranks 3\nrank 0 {\n}\n");
    assertError("t.goal:1: num_ranks is 2 but the file has 1 rank block (rank 1 is missing)",
        "num_ranks 2\nrank 0 {\n}\n");
  }

  @Test
  void aPeerMustBeARank() {
    assertError("t.goal:3: send to 2: no such rank (num_ranks 2: ranks 0..1)", rank0("a: send 8b to 2\n"));
    assertError("t.goal:3: send to -1: a send needs one destination rank (only recv takes -1, any source)",
        rank0("a: send 8b to -1\n"));
    assertError("t.goal:3: recv from -2: no such rank (num_ranks 2: ranks 0..1, or -1 for any source)",
        rank0("a: recv 8b from -2\n"));
  }

  @Test
  void negativeSizesTimesAndTagsAreRefused() {
    assertError("t.goal:3: size -8b must not be negative", rank0("a: send -8b to 1\n"));
    assertError("t.goal:3: calc -5 must not be negative (it is a time in ns)", rank0("a: calc -5\n"));
    assertError("t.goal:3: tag -2 is not a tag: 0 or more, or -1 for any tag", rank0("a: recv 8b from 1 tag -2\n"));
    assertError("t.goal:3: cpu -1 must not be negative", rank0("a: calc 5 cpu -1\n"));
  }

  @Test
  void numbersThatOverflowAreRefused() {
    assertError("t.goal:3: number 99999999999999999999 is too large (at most 9223372036854775807)",
        rank0("a: send 99999999999999999999b to 1\n"));
    assertError("t.goal:3: tag 4294967295 is too large (at most 2147483647)", rank0("a: send 8b to 1 tag 4294967295\n"));
    assertError("t.goal:3: nic 256 is too large (at most 255)", rank0("a: send 8b to 1 nic 256\n"));
    assertError("t.goal:3: calc 9223372036854775807 is beyond the model's clock (at most 2305843009213693 ns)",
        rank0("a: calc 9223372036854775807\n"));
    assertError("t.goal:1: num_ranks 4294967296 is too large (at most 2147483647)", "num_ranks 4294967296\n");
  }

  @Test
  void aBinaryFileIsRefusedBeforeReadingItWhole() throws Exception {
    Path f = dir.resolve("x.bin");
    Files.write(f, new byte[] {'n', 'u', 'm', 0, 1, 2});
    ScheduleFormatException e = assertThrows(ScheduleFormatException.class, () -> GoalParser.parse(f));
    assertEquals(f + ": not a text file (byte 0x00 at offset 3): a GOAL schedule is text, such as Schedgen's"
        + " .goal files; LogGOPSim's binary schedules (txt2bin's output) cannot be read", e.getMessage());
  }

  @Test
  void anUnclosedCommentOrBlockNamesWhereItOpened() {
    assertError("t.goal:3: /* is never closed (no */ before the end of the file)",
        "num_ranks 1\nrank 0 {\n/* a\nb\n");
    assertError("t.goal:2: rank 0's block is never closed (no } before the end of the file)",
        "num_ranks 1\nrank 0 {\na: calc 1\n");
    assertError("t.goal:4: rank 1 inside rank 0's block (opened on line 2): close that with } first",
        "num_ranks 2\nrank 0 {\na: calc 1\nrank 1 {\n}\n");
  }

  @Test
  void statementsOutsideTheirPlaceAreNamed() {
    assertError("t.goal:1: rank 0 before num_ranks (a GOAL schedule starts with num_ranks N)", "rank 0 {\n}\n");
    assertError("t.goal:2: calc outside a rank block (operations go inside rank R { ... })",
        "num_ranks 1\na: calc 1\n");
    assertError("t.goal:2: } without a rank block to close", "num_ranks 1\n}\n");
    assertError("t.goal:3: num_ranks is given again (first on line 1)", "num_ranks 1\n\nnum_ranks 2\n");
    assertError("t.goal:1: no num_ranks line: not a GOAL schedule (it starts with num_ranks N)", "");
    assertError("t.goal:1: num_ranks must be at least 1, not 0", "num_ranks 0\n");
  }

  @Test
  void syntaxErrorsSayWhatWasExpectedAndFound() {
    assertError("t.goal:3: expected 'to' after send 8b, found 'from'", rank0("a: send 8b from 1\n"));
    assertError("t.goal:3: expected 'tag', 'cpu', 'nic' or the end of the line in send, found 'flags'",
        rank0("a: send 8b to 1 flags 3\n"));
    assertError("t.goal:3: expected 'cpu' or the end of the line in calc, found 'nic'", rank0("a: calc 1 nic 3\n"));
    assertError("t.goal:3: tag is given twice", rank0("a: send 8b to 1 tag 1 tag 2\n"));
    assertError("t.goal:4: expected ':', 'requires' or 'irequires' after label 'a', found 'needs'",
        rank0("a: calc 1\na needs a\n"));
    assertError("t.goal:2: expected { after rank 0, found the end of the line", "num_ranks 1\nrank 0\n{\n}\n");
    assertError("t.goal:3: expected num_ranks, rank, an operation (send, recv, calc), a label or }, found '#'",
        rank0("# hash\n"));
  }

  @Test
  void anErrorAfterAnUndefinedLabelReportsTheEarlierOne() {
    assertError("t.goal:3: label 'q' is not defined in rank 0", rank0("q requires p\nsned\n"));
  }
}
