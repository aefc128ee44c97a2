package io.ringfabric.workload;

import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.hocon.ConfigException;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every form of a put-stream's target, size and arrival keys, and every way to get them wrong. */
class PutStreamConfigTest {
  /** The path of the first process group. */
  private static final String P = "test.conf:2: ringfabric.workload.processes[0].";

  /** A 12-node ring (neither square nor a power of two) running one put-stream with {@code keys}. */
  private static String scenario(String keys) {
    return scenario(12, keys);
  }

  private static String scenario(int nodes, String keys) {
    return "ringfabric.topology { kind = ring, dims = [" + nodes + "] }\n"
        + "ringfabric.workload.processes = [ { program = put-stream, " + keys + " } ]";
  }

  private static PutStreamSpec spec(String hocon) {
    Scenario s = ScenarioLoader.parse(hocon, "test.conf", List.of());
    return (PutStreamSpec) s.processes().get(0).spec();
  }

  private static List<String> problems(String hocon) {
    return assertThrows(ConfigException.class,
        () -> ScenarioLoader.parse(hocon, "test.conf", List.of())).problems();
  }

  // --- defaults and the old forms ---------------------------------------------------------------

  @Test
  void theDefaultsAreAClosedLoopOfUniformTargetsAndOneSize() {
    PutStreamSpec s = spec(scenario(""));
    assertEquals(new PutStreamSpec(Pattern.UNIFORM, 0, 0, 64, 100, 0), s);
    assertEquals(new TargetPattern.Uniform(), s.target());
    assertEquals(PayloadSize.fixed(64), s.payload());
    assertEquals(ArrivalModel.CLOSED, s.arrival());
    assertEquals(64, s.size());
    assertEquals(Pattern.UNIFORM, s.pattern());
  }

  @Test
  void theExistingFormsMeanWhatTheyMeant() {
    assertEquals(new PutStreamSpec(Pattern.FIXED, 3, 2, 1024, 10, 500_000),
        spec(scenario("target { pattern = fixed, node = 3, ring = 2 }, size = 1KiB, ops = 10,"
            + " think = 500ns")));
    assertEquals(new PutStreamSpec(Pattern.NEIGHBOR, 0, 0, 64, 100, 0),
        spec(scenario("target.pattern = neighbor, size = 64")));
    assertEquals(3, spec(scenario("target { pattern = fixed, node = 3 }")).fixedNode());
    assertEquals(-1, spec(scenario("target.pattern = tornado")).fixedNode());
  }

  // --- patterns ---------------------------------------------------------------------------------

  @ParameterizedTest
  @CsvSource({
      "uniform, 16", "neighbor, 12", "fixed, 12", "transpose, 16", "transpose, 64",
      "bit-reverse, 16", "bit-reverse, 64", "tornado, 12", "incast, 12", "all-to-all, 12"})
  void everyPatternByName(String name, int nodes) {
    PutStreamSpec s = spec(scenario(nodes, "target { pattern = " + name + ", node = 5 }"));
    assertEquals(Pattern.fromConfigName(name), s.pattern());
    assertEquals(name, s.pattern().configName());
  }

  @Test
  void hotspotTakesANodeAndAFraction() {
    assertEquals(new TargetPattern.Hotspot(3, 0.25),
        spec(scenario("target { pattern = hotspot, node = 3, fraction = 0.25 }")).target());
    assertEquals(new TargetPattern.Hotspot(0, 0.1),
        spec(scenario("target.pattern = hotspot")).target(), "node 0 and fraction 0.1 by default");
    assertEquals(new TargetPattern.Incast(7),
        spec(scenario("target { pattern = incast, node = 7 }")).target());
  }

  @Test
  void transposeNeedsASquareNodeCount() {
    assertEquals(List.of(P + "target.pattern: transpose needs a square number of nodes"
            + " (4, 9, 16, 25, ...) to lay them out as a k x k grid, but the machine has 12"),
        problems(scenario("target { pattern = transpose }")));
  }

  @Test
  void bitReverseNeedsAPowerOfTwoNodeCount() {
    assertEquals(List.of(P + "target.pattern: bit-reverse needs a power-of-two number of nodes"
            + " (2, 4, 8, 16, ...), but the machine has 12"),
        problems(scenario("target { pattern = bit-reverse }")));
  }

  @Test
  void anUnknownPatternNamesTheKnownOnes() {
    assertEquals(List.of(P + "target.pattern: must be one of uniform, neighbor, fixed, transpose,"
            + " bit-reverse, tornado, hotspot, incast, all-to-all, not 'torus' (closest: 'tornado')"),
        problems(scenario("target { pattern = torus }")));
    assertEquals(List.of(P + "target.fractoin: unknown key; closest valid key: 'fraction'"),
        problems(scenario("target { pattern = hotspot, fractoin = 0.5 }")));
  }

  @Test
  void hotspotAndIncastNeedANodeOfTheMachineAndAFractionFrom0To1() {
    assertEquals(List.of(
            P + "target.fraction: must be between 0.0 and 1.0, not 1.5",
            P + "target.node: node 12 does not exist (nodes are 0..11); hotspot needs a node of"
                + " the machine"),
        problems(scenario("target { pattern = hotspot, node = 12, fraction = 1.5 }")));
    assertEquals(List.of(P + "target.fraction: must be between 0.0 and 1.0, not -0.1"),
        problems(scenario("target { pattern = hotspot, fraction = -0.1 }")));
    assertEquals(List.of(P + "target.node: node 40 does not exist (nodes are 0..11); incast needs"
            + " a node of the machine"),
        problems(scenario("target { pattern = incast, node = 40 }")));
    // fixed may name a missing node on purpose: its PUTs end in NO_SUCH_NODE
    assertEquals(new TargetPattern.Fixed(400),
        spec(scenario("target { pattern = fixed, node = 400 }")).target());
  }

  // --- sizes ------------------------------------------------------------------------------------

  @Test
  void everySizeForm() {
    assertEquals(PayloadSize.fixed(1024), spec(scenario("size = 1KiB")).payload());
    assertEquals(new PayloadSize.Uniform(64, 512),
        spec(scenario("size { kind = uniform, min = 64, max = 512 }")).payload());
    assertEquals(new PayloadSize.Uniform(100, 100),
        spec(scenario("size { kind = uniform, min = 100, max = 100 }")).payload());
    assertEquals(new PayloadSize.Bimodal(64, 4096, 0.1),
        spec(scenario("size { kind = bimodal, small = 64, large = 4KiB, large-fraction = 0.1 }"))
            .payload());
    PutStreamSpec list = spec(scenario("size { kind = list, values = [64, 128, 1KiB] }"));
    assertEquals(new PayloadSize.Listed(List.of(64, 128, 1024)), list.payload());
    assertEquals(1024, list.size(), "size() is the largest");
  }

  @Test
  void sizeDefaultsCanBeBlocksAndEntriesOverrideThem() {
    String defaults = "ringfabric.defaults.put-stream {\n"
        + "  size { kind = uniform, min = 64, max = 128 }\n"
        + "  arrival { model = poisson, interval = 1us }\n"
        + "  target.fraction = 0.3\n"
        + "}\n";
    Scenario s = ScenarioLoader.parse(defaults + "ringfabric.workload.processes = [\n"
        + "  { program = put-stream }\n"
        + "  { program = put-stream, size.max = 256, arrival.interval = 2us, target.pattern = hotspot }\n"
        + "  { program = put-stream, size = 32, arrival = closed }\n"
        + "]", "test.conf", List.of());
    List<PutStreamSpec> specs =
        s.processes().stream().map(g -> (PutStreamSpec) g.spec()).toList();
    assertEquals(new PayloadSize.Uniform(64, 128), specs.get(0).payload());
    assertEquals(new ArrivalModel.Poisson(1_000_000), specs.get(0).arrival());
    assertEquals(new PayloadSize.Uniform(64, 256), specs.get(1).payload());
    assertEquals(new ArrivalModel.Poisson(2_000_000), specs.get(1).arrival());
    assertEquals(new TargetPattern.Hotspot(0, 0.3), specs.get(1).target());
    assertEquals(PayloadSize.fixed(32), specs.get(2).payload());
    assertEquals(ArrivalModel.CLOSED, specs.get(2).arrival());
  }

  @Test
  void sizeProblemsNameTheExactPath() {
    assertEquals(List.of(P + "size.max: must be at least min (512 bytes), not 64 bytes"),
        problems(scenario("size { kind = uniform, min = 512, max = 64 }")));
    assertEquals(List.of(P + "size.max: must be between 0 bytes and 65536 bytes, not '1MiB'"),
        problems(scenario("size { kind = uniform, min = 64, max = 1MiB }")));
    assertEquals(List.of(P + "size.max: missing"),
        problems(scenario("size { kind = uniform, min = 64 }")));
    assertEquals(List.of(P + "size.kind: must be one of uniform, bimodal, list, not 'uniformm'"
            + " (closest: 'uniform')"),
        problems(scenario("size { kind = uniformm, min = 64 }")));
    assertEquals(List.of(P + "size.kind: missing"), problems(scenario("size { min = 64 }")));
    assertEquals(List.of(
            P + "size.small: must be between 0 bytes and 65536 bytes, not -1",
            P + "size.large: must be between 0 bytes and 65536 bytes, not 100000",
            P + "size.large-fraction: must be between 0.0 and 1.0, not 2"),
        problems(scenario("size { kind = bimodal, small = -1, large = 100000, large-fraction = 2 }")));
    assertEquals(List.of(P + "size.values: must hold at least one size, such as [64, 128, 1KiB]"),
        problems(scenario("size { kind = list, values = [] }")));
    assertEquals(List.of(P + "size.values: must be a list of sizes between 0 and 65536 bytes such"
            + " as [64, 128, 1KiB], but it holds 'big'"),
        problems(scenario("size { kind = list, values = [64, big, 128] }")));
    assertEquals(List.of(P + "size.values: must be a list of sizes between 0 and 65536 bytes such"
            + " as [64, 128, 1KiB], but it holds 70000"),
        problems(scenario("size { kind = list, values = [64, 70000] }")));
    assertEquals(List.of(P + "size.values: must be a list of sizes between 0 and 65536 bytes such"
            + " as [64, 128, 1KiB], but it holds 1.5"),
        problems(scenario("size { kind = list, values = [1.5] }")));
    assertEquals(List.of(P + "size.values: must be a list such as [ 64, 128, 1KiB ], not 64"),
        problems(scenario("size { kind = list, values = 64 }")));
    assertEquals(List.of(P + "size.min: is a key of kind = uniform, not of kind = list (its keys:"
            + " values)"),
        problems(scenario("size { kind = list, values = [64], min = 3 }")));
    assertEquals(List.of(P + "size.maxx: unknown key; closest valid key: 'max'"),
        problems(scenario("size { kind = uniform, min = 3, max = 4, maxx = 5 }")));
    assertEquals(List.of(P + "size: must be a size such as 64 or 1KiB, or a block such as"
            + " { kind = uniform, min = 64, max = 512 }, not a list (a list of sizes is written"
            + " { kind = list, values = [64, 128] })"),
        problems(scenario("size = [64, 128]")));
    assertEquals(List.of(P + "size: must be a size in bytes such as 256, 256B, 4KiB or 4kB,"
            + " not 'big'"),
        problems(scenario("size = big")));
  }

  // --- arrivals ---------------------------------------------------------------------------------

  @Test
  void everyArrivalForm() {
    assertEquals(ArrivalModel.CLOSED, spec(scenario("arrival = closed")).arrival());
    assertEquals(ArrivalModel.CLOSED, spec(scenario("arrival { model = closed }")).arrival());
    assertEquals(new ArrivalModel.Poisson(500_000),
        spec(scenario("arrival { model = poisson, interval = 500ns }")).arrival());
    assertEquals(new ArrivalModel.Poisson(1_500),
        spec(scenario("arrival { model = poisson, interval = 1.5ns }")).arrival());
  }

  @Test
  void arrivalProblemsNameTheExactPath() {
    assertEquals(List.of(P + "arrival: poisson needs its mean interval between arrivals: write"
            + " arrival { model = poisson, interval = 500ns }"),
        problems(scenario("arrival = poisson")));
    assertEquals(List.of(P + "arrival: must be closed or a block such as"
            + " { model = poisson, interval = 500ns }, not 'open'"),
        problems(scenario("arrival = open")));
    assertEquals(List.of(P + "arrival: must be closed or a block such as"
            + " { model = poisson, interval = 500ns }, not a list"),
        problems(scenario("arrival = [1]")));
    assertEquals(List.of(P + "arrival.interval: missing"),
        problems(scenario("arrival { model = poisson }")));
    assertEquals(List.of(P + "arrival.interval: must be greater than 0, not '0ns'"),
        problems(scenario("arrival { model = poisson, interval = 0ns }")));
    assertEquals(List.of(P + "arrival.interval: a duration needs a unit (ns, us, ms, s, m, h, d),"
            + " e.g. 20ns, not 5"),
        problems(scenario("arrival { model = poisson, interval = 5 }")));
    assertEquals(List.of(P + "arrival.interval: applies only to model = poisson, not to model ="
            + " closed"),
        problems(scenario("arrival { model = closed, interval = 5ns }")));
    assertEquals(List.of(P + "arrival.model: must be one of closed, poisson, not 'poison'"
            + " (closest: 'poisson')"),
        problems(scenario("arrival { model = poison, interval = 5ns }")));
    assertEquals(List.of(P + "arrival.model: missing"),
        problems(scenario("arrival.interval = 5ns")));
    assertEquals(List.of(P + "arrival.rate: unknown key; closest valid key: 'model'"),
        problems(scenario("arrival { model = poisson, interval = 5ns, rate = 3 }")));
  }

  @Test
  void unknownKeysOfAPutStreamNameTheNewOnes() {
    assertEquals(List.of(P + "arival: unknown key; closest valid key: 'arrival'"),
        problems(scenario("arival = closed")));
  }
}
