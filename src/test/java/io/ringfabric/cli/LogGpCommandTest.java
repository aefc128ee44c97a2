package io.ringfabric.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ringfabric.cli.MainTest.Outcome;
import io.ringfabric.run.LogGpFitTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ringfabric loggp}: the fit LogGpFit makes of the ring of 2 (LogGpFitTest pins the same
 * figures), LogGOPSim's arguments, the schedules' times side by side; bad input found before the
 * fit, in one line.
 */
class LogGpCommandTest {
  /** A send of 64 KiB and its answer. */
  private static final String PING_PONG = """
      num_ranks 2
      rank 0 {
      l1: send 65536b to 1 tag 0
      l2: recv 65536b from 1 tag 0
      l2 requires l1
      }
      rank 1 {
      l1: recv 65536b from 0 tag 0
      l2: send 65536b to 0 tag 0
      l2 requires l1
      }
      """;

  @TempDir Path dir;

  private Path ringOf2() throws Exception {
    return Files.writeString(dir.resolve("ring2.conf"), LogGpFitTest.RING_OF_2);
  }

  /** What the fit of the ring of 2 prints, its figures those of LogGpFitTest.RING_OF_2_PS. */
  private static String fit(Path scenario) {
    long[] ps = LogGpFitTest.RING_OF_2_PS;
    String logGp = String.format(Locale.ROOT, "-L %d -o %d -g %d -G %d", ps[0], ps[1], ps[2], ps[3]);
    return String.join("\n",
        "LogGP measured on " + scenario + " (ranks 0 and 1 on nodes 0 and 1):",
        "  parameter  value         measured from",
        "  T(1)       1,734.250 ns  one 1-byte message, rank 0's start to rank 1's end: mean of 8 starts over the"
            + " receiver's polling (1,325.0 to 2,094.0 ns)",
        "  G            6.785 ns/B  slope of T(s) from 16 to 256 elements: 1,601.2 ns an element of 236 B",
        "  g          1,290.825 ns  slope of the time of 1 and of 9 back-to-back 1-byte sends",
        "  o          1,127.100 ns  mean of a 1-byte send's time to the sender (1,304.2 ns) and a GET of a message"
            + " already there (950.0 ns)",
        "  L           -519.950 ns  T(1) - 2o",
        "  O            4.584 ns/B  a GET's cost per byte of a message of 8 elements already there (LogGOPS; LogGP"
            + " has none)",
        "",
        "LogGOPSim's arguments (ps; every message eager; its times / 1000 are ns):",
        "  LogGP:  " + logGp + " -S 2147483647",
        "  with O: " + logGp + " -O " + ps[4] + " -S 2147483647",
        "");
  }

  private static String text(String printed) {
    return printed.replace(System.lineSeparator(), "\n");
  }

  @Test
  void printsTheFitAndEachSchedulesTimeBesideLogGps() throws Exception {
    Path conf = ringOf2();
    Path pingPong = Files.writeString(dir.resolve("ping-pong.goal"), PING_PONG);
    Outcome o = MainTest.run("loggp", conf.toString(), "broadcast:2:8", pingPong.toString(), "broadcast:2:64KiB");
    assertEquals(0, o.code(), o.err());
    assertEquals("", o.err());
    String out = text(o.out());
    String fit = fit(conf);
    assertEquals(fit, out.substring(0, Math.min(fit.length(), out.length())));
    List<String> table = out.substring(fit.length()).lines().toList();
    assertEquals(List.of("", "Times in ns, one rank a node; difference = (LogGP - ringfabric) / ringfabric:"),
        table.subList(0, 2));
    assertEquals(List.of("schedule", "ringfabric", "LogGP", "difference", "with O", "difference"), cells(table.get(2)));
    // ringfabric's times and LogGp's as docs/schedules.md has them; the ping-pong within 0.3%
    assertEquals(List.of("broadcast (2 ranks, 8 B)", "1,900.000", "1,781.745", "-6.2%", "1,781.745", "-6.2%"),
        cells(table.get(3)));
    assertEquals(List.of(pingPong.toString(), "890,369.200", "892,778.450", "+0.3%", "892,778.450", "+0.3%"),
        cells(table.get(4)));
    assertEquals(List.of("broadcast (2 ranks, 65536 B)", "445,200.000", "446,389.225", "+0.3%", "446,389.225",
        "+0.3%"), cells(table.get(5)));
    assertEquals(6, table.size(), out);
  }

  /** A row's cells: columns are two or more spaces apart. */
  private static List<String> cells(String row) {
    return Arrays.asList(row.strip().split(" {2,}"));
  }

  @Test
  void withNoScheduleOnlyTheFit() throws Exception {
    Path conf = ringOf2();
    Outcome o = MainTest.run("loggp", conf.toString(), "--engine", "reference");
    assertEquals(0, o.code(), o.err());
    assertEquals(fit(conf), text(o.out()));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "bcast:2:8 | bcast:2:8: unknown pattern 'bcast'; known: broadcast, barrier, allreduce-recdoub, allreduce-ring,"
          + " alltoall, alltoall-linear, halo2d, halo3d",
      "broadcast:two:8 | broadcast:two:8: RANKS: 'two' is not a whole number of ranks",
      "broadcast:0:8 | broadcast:0:8: broadcast needs at least 1 rank, not 0",
      "broadcast:2:3tons | broadcast:2:3tons: SIZE: '3tons' is not a size in bytes; write e.g. 8, 64KiB or 1MiB",
      "allreduce-recdoub:3:8 | allreduce-recdoub:3:8: allreduce-recdoub needs a power-of-two number of ranks"
          + " (Schedgen's sends to ranks that do not exist otherwise), not 3: try 2 or 4, or allreduce-ring",
      "broadcast:2 | broadcast:2: a SCHEDULE is a GOAL file or PATTERN:RANKS:SIZE such as broadcast:16:8",
      "DIR/nowhere.goal | no GOAL file DIR/nowhere.goal (a SCHEDULE is a GOAL file or PATTERN:RANKS:SIZE such as"
          + " broadcast:16:8)",
      "DIR | DIR is a directory, not a GOAL file",
      "DIR/no-unit.goal | DIR/no-unit.goal:3: size 8 needs the unit b (GOAL sizes are bytes): write 8b",
      "DIR/unmatched.goal | DIR/unmatched.goal: 2 sends and receives that nothing matches: it would never end (each"
          + " send needs a receive from its rank with its tag)",
      "broadcast:2:8 broadcast:16:8 | broadcast:16:8: 16 ranks, one a node, need 16 nodes; the machine of"
          + " DIR/ring2.conf has 2",
      "--set duration=1us broadcast:2:8 | the fit: get did not finish: 0 of 2 ranks ended within the scenario's"
          + " duration (1us) (rank 0 l1: send to 1 tag 0 did not complete; rank 1 l1: recv from 0 tag 0 did not"
          + " complete; ...); give it more, e.g. --set duration=1s",
  })
  void badInputEndsInOneLineBeforeTheFit(String args, String message) throws Exception {
    Path conf = ringOf2();
    Files.writeString(dir.resolve("no-unit.goal"), "num_ranks 2\nrank 0 {\nl1: send 8 to 1\n}\nrank 1 {\n"
        + "l1: recv 8b from 0\n}\n");
    Files.writeString(dir.resolve("unmatched.goal"), "num_ranks 2\nrank 0 {\nl1: send 8b to 1 tag 3\n}\n"
        + "rank 1 {\nl1: recv 8b from 0 tag 4\n}\n");
    String[] words = args.strip().replace("DIR", dir.toString()).split(" ");
    String[] full = new String[words.length + 2];
    full[0] = "loggp";
    full[1] = conf.toString();
    System.arraycopy(words, 0, full, 2, words.length);
    Outcome o = MainTest.run(full);
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: " + message.replace("DIR", dir.toString()) + "\n", text(o.err()));
    assertEquals("", o.out());
  }

  @Test
  void aScheduleWhereTheScenarioGoesIsCalledSo() {
    Outcome o = MainTest.run("loggp", "broadcast:2:8");
    assertEquals(2, o.code(), o.err());
    assertEquals("ringfabric: the scenario comes first: ringfabric loggp CONFIG SCHEDULE..., and 'broadcast:2:8' is"
        + " a SCHEDULE (conf/ringfabric.conf is the default machine)\n", text(o.err()));
  }
}
