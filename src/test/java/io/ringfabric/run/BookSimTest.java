package io.ringfabric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookSimTest {
  @TempDir Path dir;

  /** BookSim2's whole standard output of the 8x8 torus at 0.3 with 8 VCs, built from its public source. */
  private static String captured() throws IOException {
    try (InputStream in = BookSimTest.class.getResourceAsStream("/booksim/torus88-8vcs.out")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void parseReadsTheOverallRateTheCyclesAndTheRunTime() throws IOException {
    BookSim.Output o = BookSim.parse(captured());
    // the sample's own "Accepted flit rate average= 0.299035" is not counted a second time
    assertEquals(new BookSim.Output(0.299035, 20_050, 5.45695), o);
    assertEquals(383_722, o.delivered(64)); // 0.299035 x 64 x 20,050
  }

  @Test
  void parseSaysWhatIsMissing() throws IOException {
    String text = captured();
    String unstable = text.substring(0, text.indexOf("====== Overall")) + "Simulation unstable, ending ...\n";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BookSim.parse(unstable));
    assertEquals("BookSim2's output has no overall statistics (====== Overall Traffic Statistics ======);"
        + " its last line: Simulation unstable, ending ...", e.getMessage());
    String cut = text.substring(0, text.indexOf("Total run time"));
    e = assertThrows(IllegalArgumentException.class, () -> BookSim.parse(cut));
    assertEquals("BookSim2's output lacks 'Total run time'; its last line: Hops average = 4.99554 (1 samples)",
        e.getMessage());
    String noCycles = text.replace("Time taken is", "Time was");
    e = assertThrows(IllegalArgumentException.class, () -> BookSim.parse(noCycles));
    assertTrue(e.getMessage().startsWith("BookSim2's output lacks 'Time taken is N cycles'"), e.getMessage());
  }

  @Test
  void parseAddsTheTrafficClasses() throws IOException {
    String text = captured();
    int overall = text.indexOf("====== Overall");
    String twoClasses = text.substring(0, overall) + text.substring(overall).replace(
        "Accepted flit rate average = 0.299035 (1 samples)",
        "Accepted flit rate average = 0.299035 (1 samples)\nAccepted flit rate average = 0.1 (1 samples)");
    assertEquals(0.399035, BookSim.parse(twoClasses).acceptedFlitRate(), 1e-12);
  }

  /** The configuration written is, setting for setting, the one that produced the captured output. */
  @Test
  void theConfigurationIsTheOneBehindTheCapturedRun() throws IOException {
    String text = captured();
    String echoed = text.substring(text.indexOf('\n', text.indexOf("BEGIN Configuration File")) + 1,
        text.indexOf("END Configuration File"));
    assertEquals(settings(echoed), settings(BookSim.SetUp.TORUS_8.config()));
  }

  @Test
  void theBigSetUpChangesOnlyTheSideTheRateAndTheSample() {
    List<String> small = settings(BookSim.SetUp.TORUS_8.config());
    List<String> big = settings(BookSim.SetUp.TORUS_64.config());
    assertEquals(small.size(), big.size());
    for (int i = 0; i < small.size(); i++) {
      if (!small.get(i).equals(big.get(i))) {
        assertTrue(List.of("k = 64;", "injection_rate = 0.03;", "sample_period = 2000;").contains(big.get(i)),
            big.get(i));
      }
    }
    assertEquals(0.3, BookSim.SetUp.TORUS_8.fractionOfBound(), 1e-12);
    assertEquals(0.24, BookSim.SetUp.TORUS_64.fractionOfBound(), 1e-12);
    assertEquals(BookSim.SetUp.TORUS_64, BookSim.SetUp.ofSide(64));
    assertNull(BookSim.SetUp.ofSide(16));
  }

  @Test
  void ringfabricsMatchingRunIsTheSampleScenarioAtTheSameLoad() {
    Scenario small = ScenarioLoader.load(Path.of("conf/booksim.conf"), BookSim.SetUp.TORUS_8.overrides());
    assertEquals(64, small.nodes());
    assertEquals(8, small.fabric().vcs());
    assertEquals("actors", small.engine(), "the engine is bench's choice: the scenario's own is the default");
    // as long in simulated time as BookSim2's sample period, a cycle the time of one packet on a link
    assertEquals(BookSim.PACKET_TIME_NS * 1000, small.fabric().linkLatencyPs());
    assertEquals(20_000 * BookSim.PACKET_TIME_NS * 1000, small.durationPs());
    assertEquals(List.of("topology.dims=[64,64]", "fabric.vcs=8", "defaults.put-stream.arrival.interval=1977us",
        "duration=448000ns"), BookSim.SetUp.TORUS_64.overrides());
  }

  @Test
  void theBinaryIsFoundInTheSourceTreeOrGivenItself() throws IOException {
    Path src = Files.createDirectories(dir.resolve("booksim2/src"));
    assertNull(BookSim.binary(dir.resolve("booksim2")));
    Path binary = Files.writeString(src.resolve("booksim"), "#!/bin/sh\n");
    assertNull(BookSim.binary(dir.resolve("booksim2"))); // not executable: not built by make
    Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertEquals(binary, BookSim.binary(dir.resolve("booksim2")));
    assertEquals(binary, BookSim.binary(src));
    assertEquals(binary, BookSim.binary(binary));
    assertNull(BookSim.binary(dir.resolve("elsewhere")));
  }

  /** The settings of a BookSim2 configuration, comments and blank lines left out. */
  private static List<String> settings(String config) {
    return config.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("//")).toList();
  }
}
