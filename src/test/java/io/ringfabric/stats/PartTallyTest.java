package io.ringfabric.stats;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.model.Core;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.OutputPort;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.Switch;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Results merged from per-part tallies, each sent through JSON as a cluster member would send it,
 * are the results of the whole machine, byte for byte, and so is the fingerprint.
 */
class PartTallyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MIX = """
      ringfabric {
        topology { kind = star, dims = [6] }
        rings = [ { id = 0, capacity = 2KiB, max-element = 512 } ]
        workload.processes = [
          { program = get-stream, core = 0, empty-backoff = 200ns }
          { program = put-stream, core = 1, target { pattern = neighbor }, size = 64, ops = 40 }
          { program = put-stream, core = 2, target { pattern = tornado }, size = 256, ops = 40 }
          { program = put-stream, core = 3, target { pattern = uniform }, ops = 40,
            size = { kind = list, values = [64, 128, 512] } }
        ]
      }
      """;

  record Case(String name, Scenario scenario) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> scenarios() {
    return Stream.of(
        new Case("shipped default: torus, FULL errors, the request measure",
            ScenarioLoader.load(Path.of("conf/ringfabric.conf"), List.of())),
        new Case("shipped request-reply: custom programs, breakdown by program",
            ScenarioLoader.load(Path.of("conf/request-reply.conf"), List.of())),
        new Case("star: a standalone switch, mixed patterns and sizes",
            ScenarioLoader.parse(MIX, "mix.conf", List.of())),
        new Case("star cut short by the time limit: links busy past the end",
            ScenarioLoader.parse(MIX, "mix.conf", List.of("ringfabric.duration = 3us"))),
        new Case("mesh: processes that cannot start, on two cores of every node",
            TestScenarios.of("mesh", 3, 2).contexts(2).ring(NodeSet.all(), 0, 1024, 256)
                .getStream(NodeSet.all(), 0, -1, 0, 30, 50, 200_000)
                .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 128, 30, 0)
                .putStream(NodeSet.all(), 2, Pattern.NEIGHBOR, 0, 0, 64, 30, 0)
                .putStream(NodeSet.all(), 3, Pattern.TORNADO, 0, 0, 64, 30, 0)
                .build()),
        new Case("ring: ping-pong round trips beside streams",
            TestScenarios.of("ring", 4).ring(NodeSet.all(), 0, 4096, 256)
                .ring(NodeSet.all(), 1, 1024, 128).pingPong(0, 2, 1, 64, 50)
                .putStream(NodeSet.of(1), 1, Pattern.NEIGHBOR, 0, 0, 128, 20, 0)
                .getStream(NodeSet.of(2), 2, -1, 0, 20, 50, 200_000)
                .build()));
  }

  /** A machine after a reference run. */
  private record Ran(Scenario scenario, BuiltMachine built, EngineRun run) {
    static Ran of(Scenario s) {
      BuiltMachine built = BuiltMachine.of(s);
      Machine m = built.machine();
      PartLatencies.attach(m);
      return new Ran(s, built, ReferenceEngine.run(m, s.durationPs()));
    }

    Machine machine() {
      return built.machine();
    }

    int parts() {
      return machine().layout().parts();
    }

    List<PartTally> tallies() {
      List<PartTally> tallies = new ArrayList<>();
      for (int part = 0; part < parts(); part++) {
        tallies.add(viaJson(PartTally.of(built, part), PartTally.class));
      }
      return tallies;
    }

    List<LinkBusy> busy(List<PartTally> tallies, long simulatedPs) {
      long intervalPs = Results.sampleIntervalPs(scenario, tallies, simulatedPs);
      List<LinkBusy> busy = new ArrayList<>();
      for (int part = 0; part < parts(); part++) {
        busy.add(viaJson(LinkBusy.of(machine(), part, simulatedPs, intervalPs), LinkBusy.class));
      }
      return busy;
    }

    RunResult merged(List<PartTally> tallies) {
      return Results.from(scenario, tallies, busy(tallies, Results.simulatedPs(scenario, tallies, run)), run);
    }
  }

  private static <T> T viaJson(T value, Class<T> type) {
    try {
      return JSON.readValue(JSON.writeValueAsBytes(value), type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void talliesSentThroughJsonMergeIntoTheWholeMachinesResults(Case c) {
    Ran ran = Ran.of(c.scenario());
    RunResult whole = Results.collect(ran.built(), ran.run());
    List<PartTally> tallies = ran.tallies();
    assertEquals(ResultsJson.toJson(whole), ResultsJson.toJson(ran.merged(tallies)));
    assertEquals(Fingerprint.of(ran.machine()), Fingerprint.of(tallies));
    assertEquals(whole.fingerprint(), Fingerprint.of(tallies));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void theMergeDoesNotDependOnTheOrderTalliesArriveIn(Case c) {
    Ran ran = Ran.of(c.scenario());
    List<PartTally> tallies = ran.tallies();
    String inOrder = ResultsJson.toJson(ran.merged(tallies));
    long simulatedPs = Results.simulatedPs(c.scenario(), tallies, ran.run());
    Random random = new Random(7);
    for (int i = 0; i < 3; i++) {
      List<PartTally> shuffled = new ArrayList<>(tallies);
      List<LinkBusy> busy = ran.busy(tallies, simulatedPs);
      Collections.shuffle(shuffled, random);
      Collections.shuffle(busy, random);
      assertEquals(simulatedPs, Results.simulatedPs(c.scenario(), shuffled, ran.run()));
      assertEquals(inOrder, ResultsJson.toJson(Results.from(c.scenario(), shuffled, busy, ran.run())));
      assertEquals(Fingerprint.of(tallies), Fingerprint.of(shuffled));
    }
  }

  /**
   * Where order decides the outcome (the first of equal rings or links is named, failures are
   * listed node by node), the merge agrees with a plain walk over the whole machine.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void theMergeVisitsTheMachineInIdOrder(Case c) {
    Ran ran = Ran.of(c.scenario());
    Machine m = ran.machine();
    RunResult merged = ran.merged(ran.tallies());
    long simulatedPs = Math.round(merged.simulatedNs() * 1000);
    assertEquals(fullestRing(m), merged.rings().peakRing());
    assertEquals(busiestLink(m, simulatedPs), merged.links().maxLink());
    assertEquals(failures(m), merged.processes().failures());
  }

  private static String fullestRing(Machine m) {
    double peak = 0;
    String name = "";
    for (int n = 0; n < m.nodes(); n++) {
      for (RingBuffer r : m.memory(n).rings()) {
        double occupancy = (double) r.peakUsedBytes() / r.capacity();
        if (occupancy > peak) {
          peak = occupancy;
          name = "node " + n + " ring " + r.id();
        }
      }
    }
    return name;
  }

  private static String busiestLink(Machine m, long simulatedPs) {
    double max = 0;
    String name = "";
    for (int sw = 0; sw < m.switchCount(); sw++) {
      Switch s = m.fabricSwitch(sw);
      OutputPort[] ports = s.ports();
      for (int p = 1; p < ports.length; p++) {
        double u = s.hasLink(p) ? (double) ports[p].busyPsUntil(simulatedPs) / simulatedPs : 0;
        if (u > max) {
          max = u;
          name = ports[p].name();
        }
      }
    }
    return name;
  }

  private static List<String> failures(Machine m) {
    List<String> failures = new ArrayList<>();
    for (int n = 0; n < m.nodes(); n++) {
      for (int c = 0; c < m.layout().cores(); c++) {
        for (Core.ProcessOutcome p : m.core(n, c).outcomes()) {
          if (p.failure() != null) {
            failures.add(p.failure());
          }
        }
      }
    }
    return failures;
  }

  /** Each case reaches what it is there for, so the equalities above test something. */
  @Test
  void theScenariosReachWhatTheyAreThereFor() {
    List<Case> cases = scenarios().toList();
    RunResult shipped = merged(cases.get(0));
    assertTrue(shipped.ops().get("put").errors().get("FULL") > 0);
    assertTrue(shipped.latencyNs().containsKey("request"));
    RunResult mix = merged(cases.get(2));
    assertTrue(mix.latencyNs().containsKey("message/pattern=tornado"));
    assertTrue(mix.latencyNs().containsKey("message/size=512"));
    assertTrue(mix.links().maxLink().contains("star centre"), mix.links().maxLink());
    RunResult cut = merged(cases.get(3));
    assertTrue(cut.processes().unfinished() > 0);
    assertEquals(3000.0, cut.simulatedNs());
    RunResult failing = merged(cases.get(4));
    assertEquals(12, failing.processes().failures().size());
    assertTrue(failing.ops().get("put").ok() > 0, "the processes that started moved elements");
    assertEquals(50, merged(cases.get(5)).latencyNs().get("roundTrip").count());
  }

  private static RunResult merged(Case c) {
    Ran ran = Ran.of(c.scenario());
    return ran.merged(ran.tallies());
  }

  @Test
  void aStandaloneSwitchIsAPartOfItsOwn() {
    Ran ran = Ran.of(scenarios().toList().get(2).scenario());
    List<PartTally> tallies = ran.tallies();
    assertEquals(7, tallies.size(), "six nodes and the star's centre");
    PartTally centre = tallies.get(6);
    assertEquals(6, centre.links().size(), "a link to every node");
    assertTrue(centre.links().get(0).name().startsWith("star centre"), centre.links().get(0).name());
    assertEquals(List.of(), centre.rings());
    assertEquals(List.of(), centre.processes());
    assertEquals(1, centre.components().size());
  }

  @Test
  void missingDuplicateOrMismatchedPartsAreRefused() {
    Ran ran = Ran.of(scenarios().toList().get(2).scenario());
    List<PartTally> tallies = ran.tallies();
    Scenario s = ran.scenario();
    List<LinkBusy> busy = ran.busy(tallies, Results.simulatedPs(s, tallies, ran.run()));
    List<PartTally> missing = new ArrayList<>(tallies.subList(1, tallies.size()));
    assertThrows(IllegalArgumentException.class, () -> Results.from(s, missing, busy, ran.run()));
    List<PartTally> twice = new ArrayList<>(tallies);
    twice.set(1, tallies.get(0));
    assertThrows(IllegalArgumentException.class, () -> Fingerprint.of(twice));
    List<LinkBusy> short1 = new ArrayList<>(busy.subList(0, busy.size() - 1));
    assertThrows(IllegalArgumentException.class, () -> Results.from(s, tallies, short1, ran.run()));
    List<LinkBusy> wrongLength = new ArrayList<>(busy);
    wrongLength.set(6, new LinkBusy(6, new long[2], -1, -1, null));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Results.from(s, tallies, wrongLength, ran.run()));
    assertTrue(e.getMessage().contains("part 6 has 6 links but 2 busy times"), e.getMessage());
  }

  @Test
  void differentRunsGiveDifferentFingerprints() {
    Scenario s = scenarios().toList().get(2).scenario();
    Scenario reseeded = ScenarioLoader.parse(MIX, "mix.conf", List.of("ringfabric.seed = 2"));
    assertNotEquals(Fingerprint.of(Ran.of(s).tallies()), Fingerprint.of(Ran.of(reseeded).tallies()));
  }
}
