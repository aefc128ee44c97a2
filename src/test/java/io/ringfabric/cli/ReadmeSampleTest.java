package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's sample report is what {@code bin/ringfabric run} prints: a newcomer's first run
 * must show what the front page promised, so a model change that moves any figure of the default
 * scenario fails here until the sample is printed anew.
 */
class ReadmeSampleTest {
  private static final String OPENING = "ringfabric run: ";

  @TempDir Path dir;

  @Test
  void theSampleReportIsWhatTheDefaultScenarioPrints() throws Exception {
    List<String> sample = sample(Files.readAllLines(Path.of("README.md")));
    MainTest.Outcome o = MainTest.run("run", "conf/ringfabric.conf", "--out", dir.resolve("out").toString());
    assertEquals(0, o.code(), o.err());
    List<String> printed = o.out().lines().toList();
    int fingerprint = indexStartingWith(printed, "fingerprint ");
    assertTrue(fingerprint > 0, o.out());
    assertEquals(String.join("\n", steady(sample)), String.join("\n", steady(printed.subList(0, fingerprint + 1))));
  }

  /** The README's block that opens with the run's first line, to its closing fence. */
  private static List<String> sample(List<String> readme) {
    int from = indexStartingWith(readme, OPENING);
    assertTrue(from > 0 && readme.get(from - 1).equals("```"), "no sample report in README.md");
    int to = from;
    while (!readme.get(to).equals("```")) {
      to++;
    }
    return readme.subList(from, to);
  }

  /** Without the lines that depend on the machine's speed. */
  private static List<String> steady(List<String> report) {
    return report.stream()
        .filter(l -> !l.startsWith("  wall time ") && !l.startsWith("  events per second "))
        .toList();
  }

  private static int indexStartingWith(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }
}
