package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.FaultPlan;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.SwitchAllocator;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.ResultsJson;
import io.ringfabric.stats.RunResult;
import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The actor engine gives the reference engine's results, byte for byte, on generated scenarios:
 * every topology kind (fat trees too), 1 to 64 nodes, several seeds, every built-in program, contention that
 * makes rings FULL and EMPTY, and credit flow control with buffers small enough to stall.
 */
public class EngineEquivalenceTest {

  /** A generated scenario and its name. */
  public record Case(String name, Scenario scenario) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** The generated scenarios: every topology and routing, credits, faults, every program; checkpoint tests use them too. */
  public static Stream<Case> scenarios() {
    List<Case> cases = new ArrayList<>();
    String[][] shapes = {
      {"ring", "1"}, {"ring", "2"}, {"ring", "5"}, {"ring", "8"},
      {"mesh", "2", "2"}, {"mesh", "4", "1"}, {"mesh", "3", "3"}, {"mesh", "4", "4"},
      {"torus", "2", "2"}, {"torus", "3", "2"}, {"torus", "4", "4"}, {"torus", "8", "8"},
      {"star", "1"}, {"star", "3"}, {"star", "6"}, {"star", "12"},
      {"torus", "5", "1"}, {"mesh", "8", "2"}, {"ring", "16"}, {"torus", "6", "6"},
      {"star", "16"}, {"mesh", "1", "5"}, {"fat-tree", "2", "3"}, {"fat-tree", "4", "2"}, {"file"},
      {"torus", "4", "4"}, {"mesh", "4", "3"}, {"ring", "6"}
    };
    SplittableRandom pick = new SplittableRandom(2026);
    for (int i = 0; i < shapes.length; i++) {
      String[] s = shapes[i];
      Integer[] dims = new Integer[s.length - 1];
      for (int d = 1; d < s.length; d++) {
        dims[d - 1] = Integer.parseInt(s[d]);
      }
      long seed = 1 + pick.nextInt(1000);
      cases.add(new Case(String.join("-", s) + " seed " + seed, generate(s[0], dims, seed, i, pick)));
    }
    return cases.stream();
  }

  /** A scenario of the given shape with a mix of programs that varies from case to case. */
  private static Scenario generate(String kind, Integer[] dims, long seed, int variant, SplittableRandom pick) {
    TestScenarios t = TestScenarios.of(kind.equals("file") ? "ring" : kind, kind.equals("file") ? new Integer[] {6} : dims)
        .seed(seed).cores(4);
    if (kind.equals("file")) {
      t.topology(TopologyFile.parse(TestScenarios.RING_AND_RELAY, "equivalence.topo"));
    }
    int nodes = t.topology().nodes();
    boolean grid = kind.equals("ring") || kind.equals("mesh") || kind.equals("torus");
    String[] routings = {Routing.DIMENSION_ORDER, Routing.MINIMAL_ADAPTIVE, Routing.VALIANT};
    t.routing(grid ? routings[(variant / 3 + variant) % 3] : Routing.AUTO);
    int capacity = 512 + 256 * pick.nextInt(4); // small rings: FULL is certain under three producers
    int size = variant % 3 == 0 ? 300 : 16 + 16 * pick.nextInt(6); // 300 B spans two packets
    t.ring(NodeSet.all(), 0, capacity, 400);
    t.getStream(NodeSet.all(), 0, -1, 0, 0, 8, 200_000 + 100_000 * pick.nextInt(3));
    Pattern[] patterns = Pattern.values();
    for (int core = 1; core <= 2; core++) {
      Pattern pattern = patterns[(variant + core) % patterns.length];
      t.putStream(NodeSet.all(), core, pattern, (variant * 7) % Math.max(1, nodes), 0, size,
          20 + pick.nextInt(30), pick.nextInt(3) * 150_000L);
    }
    if (nodes >= 2) {
      t.ring(NodeSet.all(), 1, 1024, 256);
      t.pingPong(0, nodes - 1, 1, 64, 5);
      if (variant % 2 == 0) { // a consumer draining a remote ring
        t.getStream(NodeSet.of(0), 3, nodes - 1, 0, 0, 5, 300_000);
      }
    }
    if (variant % 4 == 1) {
      t.timeout(2_000_000, 3); // tight enough that some requests are retried
    }
    if (variant % 5 == 2) {
      t.switching(Switching.STORE_AND_FORWARD);
    }
    if (variant % 4 == 3) { // packets lost and corrupted on every link
      t.faults(new FaultPlan.LinkFault(-1, 0, 0, Long.MAX_VALUE, false, 2e-3, 2e-3));
    }
    if (variant % 3 != 1) { // credit flow control, often with buffers of one or two packets that stall
      int[] vcs = {2, 3, 4};
      int[] room = {272, 2 * 272, 2048};
      int least = Routing.of(t.routing(), Topologies.build(t.topology()), true).leastChannels();
      t.credits(Math.max(least, vcs[variant % 3 == 0 ? variant / 3 % 3 : variant % 3]), room[variant / 2 % 3]);
      t.inputSpeedup(1 + variant % 2);
      if (variant % 5 != 1) { // most credited cases allocate as BookSim2 does, declined outputs idling
        t.switchAllocator(SwitchAllocator.ISLIP);
      }
    }
    return t.build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void actorsMatchReference(Case c) {
    RunResult reference = Simulation.run(BuiltMachine.of(c.scenario()), ReferenceEngine.NAME);
    RunResult actors = Simulation.run(BuiltMachine.of(c.scenario()), ActorEngine.NAME);
    assertTrue(reference.events() > 0);
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(comparable(reference), comparable(actors));
  }

  @Test
  void theGeneratedScenariosCoverContentionAndEveryProgram() {
    long full = 0;
    long empty = 0;
    long retries = 0;
    long lost = 0;
    long roundTrips = 0;
    for (Case c : scenarios().toList()) {
      RunResult r = Simulation.run(BuiltMachine.of(c.scenario()), ReferenceEngine.NAME);
      full += r.ops().get("put").errors().getOrDefault("FULL", 0L);
      empty += r.ops().get("get").errors().getOrDefault("EMPTY", 0L);
      retries += r.module().retries();
      lost += r.links().dropped() + r.links().corruptDetected();
      roundTrips += r.latencyNs().get("roundTrip").count();
    }
    assertTrue(full > 0, "no PUT met FULL");
    assertTrue(empty > 0, "no GET met EMPTY");
    assertTrue(retries > 0, "no request was retried");
    assertTrue(lost > 0, "no packet was lost or corrupted");
    assertTrue(roundTrips > 0, "no ping-pong round trip");
    assertTrue(scenarios().count() >= 20);
  }

  /** results.json without the fields that name the engine or measure the wall clock. */
  /**
   * As {@link #comparable}, less the events the engine delivered: the one figure a core working
   * out its reads in turn changes ({@code model.PollTurnsTest}), as listening to it does.
   */
  public static String withoutEvents(RunResult r) {
    return comparable(r).lines().filter(l -> !l.contains("\"events\"")).reduce("", (a, b) -> a + b + "\n");
  }

  public static String comparable(RunResult r) {
    return ResultsJson.toJson(r).lines()
        .filter(l -> !l.contains("\"engine\"") && !l.contains("\"wallSeconds\"")
            && !l.contains("\"eventsPerSecond\""))
        .reduce("", (a, b) -> a + b + "\n");
  }
}
