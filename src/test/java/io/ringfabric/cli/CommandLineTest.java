package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.cli.MainTest.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line as people expect it: suggestions for slips, whole words in help, every choice completed. */
class CommandLineTest {

  private static Outcome run(String... args) {
    return MainTest.run(args);
  }

  private static void assertOneLine(Outcome o, String expected) {
    assertEquals(2, o.code(), o.err());
    assertEquals(expected + System.lineSeparator(), o.err());
  }

  @Test
  void aMistypedCommandGetsTheNearestOneInOneLine() {
    assertOneLine(run("rnu"), "ringfabric: unknown command 'rnu'; did you mean run?");
    assertOneLine(run("cluster", "lcoal"), "ringfabric cluster: unknown command 'lcoal'; did you mean local?");
    assertOneLine(run("trace", "t.gz", "summry"), "ringfabric: unknown trace command 'summry'; did you mean summary?");
  }

  @Test
  void aMistypedOptionGetsTheNearestOneInOneLine() {
    assertOneLine(run("run", "--egnine", "actors"), "ringfabric run: unknown option '--egnine'; did you mean --engine?");
    assertOneLine(run("run", "--egnine=actors"), "ringfabric run: unknown option '--egnine'; did you mean --engine?");
    assertOneLine(run("run", "--no-progres"), "ringfabric run: unknown option '--no-progres'; did you mean --no-progress?");
    assertOneLine(run("cluster", "local", "--placment", "blocks"),
        "ringfabric cluster local: unknown option '--placment'; did you mean --placement?");
  }

  @Test
  void withNothingNearTheLineSaysWhereTheRealOnesAreListed() {
    assertOneLine(run("xyzzy"), "ringfabric: unknown command 'xyzzy'; 'ringfabric --help' lists the commands");
    assertOneLine(run("run", "--frobnicate"),
        "ringfabric run: unknown option '--frobnicate'; 'ringfabric run --help' lists the options");
  }

  @Test
  void noCommandListsEveryCommand() {
    Outcome o = run();
    assertEquals(2, o.code());
    assertTrue(o.err().startsWith("ringfabric: Missing command: give one of run, validate, bench, sweep, trace,"
        + " inspect, schedule, loggp, cluster, completion, help" + System.lineSeparator()), o.err());
    assertTrue(run("cluster").err().startsWith("ringfabric: Missing command: give one of member, local"),
        run("cluster").err());
  }

  @Test
  void aNegativeSeedIsASeedLikeAnyOtherAndTheHelpSaysSo() {
    CommandLine.ParseResult parsed = new CommandLine(new Main(Map.of())).parseArgs("run", "--seed", "-3");
    RunCommand run = parsed.subcommand().commandSpec().commandLine().getCommand();
    assertEquals(List.of("seed=-3"), run.overrides());
    assertEquals(0, run("validate", "--seed", "-3").code());
    assertTrue(run("run", "--help").out().replaceAll("\\s+", " ").contains("negative ones too, each its own run"));
    Outcome tooBig = run("validate", "--seed", "9223372036854775808");
    assertEquals(2, tooBig.code());
    assertTrue(tooBig.err().startsWith("ringfabric: Invalid value for option '--seed': '9223372036854775808' is not"
        + " a seed: give any whole number from -9223372036854775808 to 9223372036854775807"), tooBig.err());
  }

  @Test
  void clusterHelpListsEachSubcommandOnce() {
    String help = run("cluster", "--help").out();
    for (String sub : List.of("member", "local")) {
      long rows = help.lines().filter(l -> l.startsWith("  " + sub + " ")).count();
      assertEquals(1, rows, help);
    }
  }

  /** Every command's help, as --help prints it, or ({@code wrapped} false) laid out on lines too long to wrap. */
  private static List<String> everyHelp(boolean wrapped) {
    CommandLine root = new CommandLine(new Main(Map.of()));
    if (wrapped) {
      HelpWrap.apply(root);
    } else {
      root.setUsageHelpWidth(1000);
    }
    List<String> helps = new ArrayList<>();
    collect(root, helps);
    return helps;
  }

  private static void collect(CommandLine command, List<String> helps) {
    helps.add(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
    command.getSubcommands().values().forEach(sub -> collect(sub, helps));
  }

  @Test
  void helpBreaksLinesOnlyAtSpacesAndWithinEightyColumns() {
    List<String> wrapped = everyHelp(true);
    List<String> whole = everyHelp(false);
    for (int i = 0; i < wrapped.size(); i++) {
      assertEquals(List.of(whole.get(i).split("\\s+")), List.of(wrapped.get(i).split("\\s+")),
          "the same words, none cut");
      for (String line : wrapped.get(i).lines().toList()) {
        assertTrue(line.length() <= HelpWrap.WIDTH, line);
      }
    }
    String all = String.join("\n", wrapped);
    for (String word : List.of("https://ui.perfetto.dev", "DIR/results.json,", "report.html", "docs/booksim.md")) {
      assertTrue(all.contains(word), word);
    }
  }

  @Test
  void wrappingKeepsATableRowsTextUnderItsColumn() {
    String row = "      --out=DIR           Directory for results.json, report.txt and report.html, created if"
        + " needed. Default: out";
    assertEquals("      --out=DIR           Directory for results.json, report.txt and\n"
        + "                            report.html, created if needed. Default: out",
        HelpWrap.wrap(row, true, -1));
    String word = "x".repeat(90) + " y";
    assertEquals(word.replace(" ", "\n"), HelpWrap.wrap(word, false, -1), "a word longer than the line runs over");
  }

  @Test
  void completionOffersEveryChoiceOfEveryOption() {
    String script = run("completion").out();
    for (String values : List.of("(\"blocks\" \"round-robin\") # --placement values",
        "(\"reference\" \"actors\") # --engine values", "(\"reference\" \"actors\") # --engines values",
        "(\"ops\" \"packets\" \"all\") # --trace-level values", "(\"pftrace\" \"json\") # --format values")) {
      assertTrue(script.contains(values), values);
    }
    assertTrue(script.matches("(?s).*\\(\"doorbell\" .*\"packet-queued\" .*\"message\"\\) # --kind values.*"),
        "every kind of record for trace filter --kind");
  }
}
