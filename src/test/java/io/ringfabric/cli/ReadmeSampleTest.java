package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's samples are what the commands above them print: a newcomer's first run must show
 * what the front page promised, so a model change that moves any figure of the default scenario
 * fails here until the samples are printed anew.
 */
class ReadmeSampleTest {
  @TempDir Path dir;

  @Test
  void theSampleReportIsWhatTheDefaultScenarioPrints() throws Exception {
    List<String> sample = sample("ringfabric run: ");
    MainTest.Outcome o = MainTest.run("run", "conf/ringfabric.conf", "--out", dir.resolve("out").toString());
    assertEquals(0, o.code(), o.err());
    List<String> printed = o.out().lines().toList();
    int fingerprint = indexStartingWith(printed, "fingerprint ");
    assertTrue(fingerprint > 0, o.out());
    assertEquals(String.join("\n", steady(sample)), String.join("\n", steady(printed.subList(0, fingerprint + 1))));
  }

  /** {@code inspect m.ckpt --node 3} after {@code run --checkpoint-at 40us --checkpoint m.ckpt}, as the README shows it. */
  @Test
  void theInspectSampleIsWhatInspectPrintsOfTheDefaultScenarioAt40us() throws Exception {
    List<String> sample = sample("the machine at ");
    String file = dir.resolve("m.ckpt").toString();
    MainTest.Outcome saved = MainTest.run("run", "conf/ringfabric.conf", "--checkpoint-at", "40us", "--checkpoint", file,
        "--out", dir.resolve("out").toString());
    assertEquals(0, saved.code(), saved.err());
    MainTest.Outcome o = MainTest.run("inspect", file, "--node", "3");
    assertEquals(0, o.code(), o.err());
    List<String> printed = o.out().lines().map(ReadmeSampleTest::withoutCommit).toList();
    assertEquals(sample.size(), printed.size(), o.out());
    for (int i = 0; i < sample.size(); i++) {
      String shown = withoutCommit(sample.get(i));
      boolean cut = shown.endsWith("...");
      assertTrue(cut ? printed.get(i).startsWith(shown.substring(0, shown.length() - 3)) : printed.get(i).equals(shown),
          "line " + (i + 1) + " of the sample: " + shown + "\nprinted: " + printed.get(i));
    }
  }

  /** The build a checkpoint names is the jar's, not the sample's. */
  private static String withoutCommit(String line) {
    return line.replaceFirst("\\(commit [^)]*\\)", "(commit)");
  }

  /** The README's block that opens with a line starting {@code opening}, to its closing fence. */
  private static List<String> sample(String opening) throws Exception {
    List<String> readme = Files.readAllLines(Path.of("README.md"));
    int from = indexStartingWith(readme, opening);
    assertTrue(from > 0 && readme.get(from - 1).equals("```"), "no sample opening with " + opening + " in README.md");
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
