package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.ResultsJson;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.HashSet;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The same configuration and seed give the same results; anything else shows in the fingerprint. */
class DeterminismTest {

  /** A contended scenario whose course depends on the seed (uniform targets) and on every timing. */
  private static TestScenarios scenario(long seed) {
    return TestScenarios.torus(4, 4).seed(seed)
        .ring(NodeSet.all(), 0, 1024, 600)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 48, 30, 0)
        .putStream(NodeSet.all(), 2, Pattern.UNIFORM, 0, 0, 300, 30, 0)
        .putStream(NodeSet.all(), 3, Pattern.UNIFORM, 0, 0, 520, 30, 100_000);
  }

  private static RunResult run(TestScenarios t) {
    Scenario s = t.build();
    return Simulation.run(BuiltMachine.of(s), s.engine());
  }

  /** The result with its two wall-clock fields set to zero. */
  private static RunResult withoutWallClock(RunResult r) {
    return new RunResult(r.fingerprint(), r.engine(), r.build(), r.seed(), r.nodes(), r.scenario(), r.simulatedNs(),
        r.interrupted(), r.events(), 0, 0, r.ops(), r.latencyNs(), r.bytes(), r.throughput(), r.links(), r.rings(),
        r.cores(), r.module(), r.processes(), r.integrity(), r.series(), r.schedule(), r.latencies());
  }

  private static String json(RunResult r) {
    return ResultsJson.toJson(withoutWallClock(r));
  }

  @Test
  void theSameSeedTwiceGivesTheSameFingerprintAndTheSameResultsButWallTime() throws Exception {
    RunResult a = run(scenario(7));
    RunResult b = run(scenario(7));
    assertTrue(a.ops().get("put").errors().containsKey("FULL"), "a contended run: " + a.ops());
    assertEquals(32, a.fingerprint().length());
    assertEquals(a.fingerprint(), b.fingerprint());
    assertEquals(a.events(), b.events());
    assertEquals(withoutWallClock(a), withoutWallClock(b));
    String ja = json(a);
    assertEquals(ja, json(b));
    assertTrue(ja.contains("\"fingerprint\": \"" + a.fingerprint() + "\""), ja);
    assertTrue(ja.contains("\"elementsRemaining\""), ja);
  }

  @Test
  void anotherSeedGivesAnotherFingerprint() {
    RunResult a = run(scenario(7));
    RunResult b = run(scenario(8));
    assertNotEquals(a.fingerprint(), b.fingerprint());
    assertEquals(8, b.seed());
  }

  @Test
  void manySeedsGiveManyFingerprints() {
    Set<String> prints = new HashSet<>();
    for (long seed = 1; seed <= 6; seed++) {
      prints.add(run(scenario(seed)).fingerprint());
    }
    assertEquals(6, prints.size());
  }

  static Stream<Arguments> changes() {
    return Stream.<Arguments>of(
        Arguments.of("link-latency + 1 ps", (UnaryOperator<TestScenarios>) t -> t.linkLatency(20_001)),
        Arguments.of("switch-latency - 1 ns", (UnaryOperator<TestScenarios>) t -> t.switchLatency(159_000)),
        Arguments.of("mmio + 1 ns", (UnaryOperator<TestScenarios>) t -> t.mmio(51_000)),
        Arguments.of("memory-latency + 1 ns", (UnaryOperator<TestScenarios>) t -> t.memoryLatency(61_000)),
        Arguments.of("memory-bandwidth", (UnaryOperator<TestScenarios>) t -> t.memoryBandwidth(39_000_000_000L)),
        Arguments.of("module-latency + 1 ns", (UnaryOperator<TestScenarios>) t -> t.moduleLatency(21_000)),
        Arguments.of("link-bandwidth", (UnaryOperator<TestScenarios>) t -> t.bandwidth(11_000_000_000L)),
        Arguments.of("context-map + 1 ns", (UnaryOperator<TestScenarios>) t -> t.contextMap(2_001_000)),
        Arguments.of("poll-interval 10 ns", (UnaryOperator<TestScenarios>) t -> t.pollInterval(10_000)),
        Arguments.of("mtu 255", (UnaryOperator<TestScenarios>) t -> t.mtu(255)),
        Arguments.of("store-and-forward",
            (UnaryOperator<TestScenarios>) t -> t.switching(Switching.STORE_AND_FORWARD)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("changes")
  void changingOneTimingParameterChangesTheFingerprint(String what, UnaryOperator<TestScenarios> change) {
    RunResult base = run(scenario(3));
    RunResult changed = run(change.apply(scenario(3)));
    assertNotEquals(base.fingerprint(), changed.fingerprint(), what);
    assertEquals(base.fingerprint(), run(scenario(3)).fingerprint(), "the base run itself is stable");
  }

  @Test
  void theActorEngineGivesTheReferenceEnginesFingerprintAndResults() throws Exception {
    Scenario s = scenario(5).build();
    RunResult reference = Simulation.run(BuiltMachine.of(s), ReferenceEngine.NAME);
    RunResult actors = Simulation.run(BuiltMachine.of(s), "actors");
    assertEquals("actors", actors.engine());
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(json(reference).replace("\"engine\": \"reference\"", "\"engine\": \"actors\""), json(actors));
  }
}
