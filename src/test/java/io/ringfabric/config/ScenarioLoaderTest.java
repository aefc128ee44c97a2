package io.ringfabric.config;

import io.ringfabric.hocon.ConfigException;
import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.FaultPlan;
import io.ringfabric.model.FlowControl;
import io.ringfabric.model.Sampling;
import io.ringfabric.model.ModuleSpec;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.NodeSpec;
import io.ringfabric.model.SwitchAllocator;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TimingSpec;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.PutStreamSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class ScenarioLoaderTest {
  private static final String GOOD = """
      ringfabric {
        seed = 7
        engine = actors
        duration = 2ms
        topology { kind = mesh, dims = [4, 2] }
        node { cores = 2, contexts = 8 }
        fabric {
          link-bandwidth = 10Gbps
          link-latency = 20ns
          switch-latency = 0.5ns
          mtu = 512
          packet-header = 8
          switching = store-and-forward
        }
        timing { memory-bandwidth = 5GB/s, mmio = 1.25ns }
        module { timeout = 50us, retries = 3 }
        rings = [
          { id = 1, nodes = [0, 1], capacity = 8KiB, max-element = 512, alignment = 64,
            put-access = [2, 3], notify = true }
          { id = 2 }
        ]
        workload.processes = [
          { program = put-stream, nodes = [2, 3], count = 2, core = 1, size = 128
            target { pattern = fixed, node = 0, ring = 1 } }
          { program = get-stream, nodes = [0], source.ring = 1 }
          { program = ping-pong, nodes = [4, 5] }
        ]
      }
      pekko.loglevel = DEBUG
      """;

  private static Scenario parse(String hocon, String... overrides) {
    return ScenarioLoader.parse(hocon, "test.conf", List.of(overrides));
  }

  /** The problems of a scenario that must not load. */
  private static List<String> problems(String hocon, String... overrides) {
    return assertThrows(ConfigException.class, () -> parse(hocon, overrides)).problems();
  }

  // --- good scenarios ------------------------------------------------------------------------------

  @Test
  void referenceDefaultsLoad() {
    Scenario s = ScenarioLoader.loadDefaults(List.of());
    assertEquals("(defaults)", s.source());
    assertEquals(1, s.seed());
    assertEquals("actors", s.engine());
    assertEquals(10_000_000_000L, s.durationPs());
    assertEquals("torus", s.topology().kind());
    assertEquals(List.of(4, 4), s.topology().dims());
    assertEquals(16, s.nodes());
    assertEquals(new NodeSpec(4, 64), s.node());
    assertEquals(new FabricSpec(10_000_000_000L, 20_000, 160_000, 256, 16,
        Switching.CUT_THROUGH, FlowControl.CREDIT, 2, 8 * 280, true, true, 1_000_000_000L, 8, 0, 1, SwitchAllocator.MAXIMAL, "auto",
        FaultPlan.NONE), s.fabric());
    assertEquals(new TimingSpec(50_000, 60_000, 40_000_000_000L, 20_000, 2_000_000, 0),
        s.timing());
    assertEquals(new ModuleSpec(100_000_000, 2, false, 2_000_000), s.module());
    assertEquals(180_000, s.lookaheadPs());
    assertEquals(List.of(), s.rings());
    assertEquals(List.of(), s.processes());
  }

  @Test
  void goodScenarioLoadsInModelUnits() {
    Scenario s = parse(GOOD);
    assertEquals("test.conf", s.source());
    assertEquals(7, s.seed());
    assertEquals("actors", s.engine());
    assertEquals(2_000_000_000L, s.durationPs());
    assertEquals(List.of(4, 2), s.topology().dims());
    assertEquals(8, s.nodes());
    assertEquals(new NodeSpec(2, 8), s.node());
    assertEquals(new FabricSpec(10_000_000_000L, 20_000, 500, 512, 8,
        Switching.STORE_AND_FORWARD, FlowControl.CREDIT, 2, 8 * 528, true, true, 1_000_000_000L, 8, 0, 1, SwitchAllocator.MAXIMAL, "auto",
        FaultPlan.NONE), s.fabric());
    assertEquals(40_000_000_000L, s.timing().memoryBandwidthBitsPerSecond());
    assertEquals(1_250, s.timing().mmioPs());
    assertEquals(60_000, s.timing().memoryLatencyPs()); // from reference.conf
    assertEquals(new ModuleSpec(50_000_000, 3, false, 2_000_000), s.module());
    assertEquals(List.of(
        new RingSpec(NodeSet.of(0, 1), 1, 8192, 512, 64, NodeSet.of(2, 3), NodeSet.all(), true),
        new RingSpec(NodeSet.all(), 2, 4096, 256, 8, NodeSet.all(), NodeSet.all(), false)),
        s.rings());
    assertEquals(List.of(
        new ProcessGroupSpec(0, "put-stream", NodeSet.of(2, 3), 1, 2,
            new PutStreamSpec(PutStreamSpec.Pattern.FIXED, 0, 1, 128, 100, 0)),
        new ProcessGroupSpec(1, "get-stream", NodeSet.of(0), 0, 1,
            new GetStreamSpec(-1, 1, 0, 20, 500_000, 0)),
        new ProcessGroupSpec(2, "ping-pong", NodeSet.of(4, 5), 0, 1,
            new PingPongSpec(1, 64, 100, 100_000))),
        s.processes());
  }

  @Test
  void loadsAFileAndNamesItAsTheSource(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("scenario.conf");
    Files.writeString(file, GOOD);
    Scenario s = ScenarioLoader.load(file, List.of());
    assertEquals(file.toString(), s.source());
    assertEquals(512, s.fabric().mtu());
  }

  @Test
  void theShippedDefaultScenarioIsValid() {
    // Surefire runs in the project directory.
    Scenario s = ScenarioLoader.load(Path.of("conf", "ringfabric.conf"), List.of());
    assertEquals(16, s.nodes());
    assertEquals(1, s.rings().size());
    assertEquals(List.of("get-stream", "put-stream", "put-stream", "put-stream"),
        s.processes().stream().map(ProcessGroupSpec::program).toList());
  }

  @Test
  void userDefaultsApplyToEveryEntry() {
    Scenario s = parse("""
        ringfabric.defaults.ring.capacity = 8KiB
        ringfabric.defaults.group.count = 3
        ringfabric.defaults.put-stream.size = 32
        ringfabric.rings = [ { id = 1 }, { id = 2, capacity = 1KiB } ]
        ringfabric.workload.processes = [ { program = put-stream } ]
        """);
    assertEquals(8192, s.rings().get(0).capacity());
    assertEquals(1024, s.rings().get(1).capacity());
    assertEquals(3, s.processes().get(0).count());
    assertEquals(32, ((PutStreamSpec) s.processes().get(0).spec()).size());
  }

  @Test
  void substitutionsResolveAgainstTheDefaults() {
    Scenario s = parse("ringfabric.fabric.mtu = ${ringfabric.fabric.packet-header}\n"
        + "ringfabric.rings += { id = 4 }");
    assertEquals(16, s.fabric().mtu());
    assertEquals(4, s.rings().get(0).id());
  }

  @Test
  void aRingOrTorusDimensionOfTwoIsFine() {
    assertEquals(4, parse("ringfabric.topology { kind = torus, dims = [2, 2] }").nodes());
    assertEquals(2, parse("ringfabric.topology { kind = ring, dims = [2] }").nodes());
    assertEquals(1, parse("ringfabric.topology { kind = star, dims = [1] }").nodes());
  }

  // --- overrides --------------------------------------------------------------------------------------

  @Test
  void overridesWinOverTheFileAndLaterOverridesWin() {
    Scenario s = parse(GOOD,
        "fabric.mtu=1024",
        "ringfabric.node.cores=8",
        "topology.dims=[8,8]",
        "topology.kind=torus",
        "fabric.switching=cut-through",
        "fabric.link-bandwidth=2.5 Gbps",
        "fabric.mtu=2048");
    assertEquals(2048, s.fabric().mtu());
    assertEquals(8, s.node().cores());
    assertEquals(List.of(8, 8), s.topology().dims());
    assertEquals(Switching.CUT_THROUGH, s.fabric().switching());
    assertEquals(2_500_000_000L, s.fabric().linkBandwidthBitsPerSecond());
    assertEquals(s.fabric().linkLatencyPs(), 20_000); // untouched file value
  }

  @Test
  void aFatTreeIsGivenByItsArityAndLevels() {
    Scenario s = parse(GOOD, "topology.kind=fat-tree", "topology.arity=4", "topology.levels=3");
    assertEquals(64, s.nodes());
    assertEquals(List.of(4, 3), s.topology().dims());
    assertTrue(Describe.scenario(s).startsWith("64 nodes on a 4-ary 3-tree (fat tree)"), Describe.scenario(s));
    List<String> big = problems(GOOD, "topology.kind=fat-tree", "topology.arity=16", "topology.levels=5");
    assertEquals(1, big.size(), big.toString());
    assertTrue(big.get(0).contains("ringfabric.topology.levels") && big.get(0).contains("16 bits"), big.get(0));
    assertEquals(1, problems(GOOD, "topology.kind=fat-tree", "topology.arity=1").size());
  }

  @Test
  void aVirtualChannelBufferIsBytesOrACountOfPackets() {
    assertEquals(3 * 280, parse(GOOD, "fabric.mtu=256", "fabric.packet-header=16", "fabric.vc-buffer=3 packets")
        .fabric().vcBufferBytes());
    assertEquals(4096, parse(GOOD, "fabric.vc-buffer=4KiB").fabric().vcBufferBytes());
    assertEquals(FlowControl.NONE, parse(GOOD, "fabric.flow-control=none").fabric().flowControl());
  }

  @Test
  void theSwitchAllocatorIsMaximalOrIslipWhichNeedsCredits() {
    assertEquals(SwitchAllocator.MAXIMAL, parse(GOOD).fabric().switchAllocator());
    assertEquals(SwitchAllocator.ISLIP, parse(GOOD, "fabric.switch-allocator=islip").fabric().switchAllocator());
    assertEquals(List.of("--set fabric.switch-allocator=islip: ringfabric.fabric.switch-allocator: islip matches the"
        + " heads of input channels to outputs, and flow-control = none has no input channels (ideal output queues):"
        + " use flow-control = credit, or leave switch-allocator at maximal"),
        problems(GOOD, "fabric.flow-control=none", "fabric.switch-allocator=islip"));
    List<String> unknown = problems(GOOD, "fabric.switch-allocator=wavefront");
    assertEquals(1, unknown.size(), unknown.toString());
    assertTrue(unknown.get(0).contains("maximal") && unknown.get(0).contains("islip"), unknown.get(0));
  }

  @Test
  void aDurationBeyondTheModelsClockIsRefused() {
    assertEquals(List.of("--set duration=30d: ringfabric.duration: is beyond the model's clock of about 26.7 days,"
        + " not '30d'"), problems(GOOD, "duration=30d"));
    // past the picoseconds a long holds: the same limit, not "must be greater than 0"
    assertEquals(List.of("--set duration=200d: ringfabric.duration: is beyond the model's clock of about 26.7 days,"
        + " not '200d'"), problems(GOOD, "duration=200d"));
    assertEquals(List.of("--set module.timeout=200d: ringfabric.module.timeout: is beyond the model's clock of about"
        + " 106 days, not '200d'"), problems(GOOD, "module.timeout=200d"));
    assertEquals(List.of("--set duration=-5ns: ringfabric.duration: must be greater than 0, not '-5ns'"),
        problems(GOOD, "duration=-5ns"));
    assertEquals(26 * 86_400_000_000_000_000L, parse(GOOD, "duration=26d").durationPs());
  }

  @Test
  void noConfirmationsOnAFabricThatLosesPacketsIsRefused() {
    String lossy = "fabric.faults=[{links=all, drop-rate=1e-3}]";
    assertEquals(List.of("--set module.confirmations=0: ringfabric.module.confirmations: 0 with fabric.faults set"
        + " would leave an action whose request or answers were all lost waiting for ever: use auto (4) or a count"
        + " from 1 to 30"), problems(GOOD, lossy, "module.confirmations=0"));
    assertEquals(0, parse(GOOD, "module.confirmations=0").module().confirmations(), "lossless: the answer always comes");
    assertEquals(1, parse(GOOD, lossy, "module.confirmations=1").module().confirmations());
    assertEquals(4, parse(GOOD, lossy).module().confirmations(), "auto");
  }

  @Test
  void aSizeTooLargeForItsFieldNamesTheLargestAllowed() {
    assertEquals(List.of("--set rings=[{id=0, nodes=all, capacity=8GiB, max-element=256}]:"
        + " ringfabric.rings[0].capacity: is too large: at most 2147483647 bytes, not '8GiB'"),
        problems(GOOD, "rings=[{id=0, nodes=all, capacity=8GiB, max-element=256}]"));
  }

  @Test
  void theSampleIntervalIsAutoOffOrAPositiveDurationOfBoundedSamples() {
    assertEquals(Sampling.automatic(), parse(GOOD).sampling());
    assertEquals(Sampling.OFF.keeping(Sampling.RINGS_AND_LINKS), parse(GOOD, "stats.sample-interval=off").sampling());
    Sampling every = parse(GOOD, "duration=1ms", "stats.sample-interval=2us", "stats.series-most=8").sampling();
    assertEquals(new Sampling(2_000_000, false, 500, 8), every);
    assertEquals(List.of("--set stats.sample-interval=0: ringfabric.stats.sample-interval: must be greater than 0, not 0"),
        problems(GOOD, "stats.sample-interval=0"));
    assertEquals(List.of("--set stats.sample-interval=-1us: ringfabric.stats.sample-interval: must be greater than 0,"
        + " not '-1us'"), problems(GOOD, "stats.sample-interval=-1us"));
    List<String> many = problems(GOOD, "duration=10ms", "stats.sample-interval=1ns");
    assertEquals(List.of("--set stats.sample-interval=1ns: ringfabric.stats.sample-interval: gives 10000000"
        + " samples of a run of 10 ms; at most 100000: a longer interval, or auto"), many);
  }

  @Test
  void creditsThatCannotWorkAreRefusedWithTheReason() {
    List<String> tooFew = problems(GOOD, "topology.kind=torus", "topology.dims=[8,8]", "fabric.vcs=1");
    assertEquals(1, tooFew.size(), tooFew.toString());
    assertTrue(tooFew.get(0).contains("ringfabric.fabric.vcs") && tooFew.get(0).contains("deadlock-free")
        && tooFew.get(0).contains("torus [8, 8]"), tooFew.get(0));
    // a mesh's dimension-order routes have no cycle, and neither do a small torus's
    assertEquals(1, parse(GOOD, "topology.kind=mesh", "topology.dims=[8,8]", "fabric.vcs=1").fabric().vcs());
    assertEquals(1, parse(GOOD, "topology.kind=torus", "topology.dims=[3,3]", "fabric.vcs=1").fabric().vcs());
    assertEquals(1, parse(GOOD, "topology.kind=torus", "topology.dims=[8,8]", "fabric.vcs=1",
        "fabric.flow-control=none").fabric().vcs());
    List<String> small = problems(GOOD, "fabric.vc-buffer=100");
    assertEquals(1, small.size(), small.toString());
    assertTrue(small.get(0).contains("ringfabric.fabric.vc-buffer") && small.get(0).contains("cannot hold one packet"),
        small.get(0));
    assertEquals(1, problems(GOOD, "fabric.vc-buffer=lots").size());
  }

  @Test
  void aRoutingNeedsItsChannelsAndATopologyItAppliesTo() {
    assertEquals("valiant", parse(GOOD, "topology.dims=[8,8]", "fabric.routing=valiant", "fabric.vcs=4").fabric().routing());
    List<String> valiant = problems(GOOD, "topology.kind=torus", "topology.dims=[8,8]", "fabric.routing=valiant");
    // vcs is the default here: the problem points at what the user wrote
    assertEquals(List.of("--set fabric.routing=valiant: ringfabric.fabric.routing: 2 virtual channels per class cannot be deadlock-free with"
        + " valiant routing on a torus [8, 8]: it needs 4 (its two phases each need their own, one per dateline class"
        + " on a loop of 4 or more switches), or packets can wait on each other in a cycle; give vcs = 4 or more, or"
        + " flow-control = none"), valiant);
    List<String> adaptive = problems(GOOD, "topology.kind=torus", "topology.dims=[8,8]", "fabric.routing=minimal-adaptive");
    assertEquals(1, adaptive.size(), adaptive.toString());
    assertTrue(adaptive.get(0).contains("it needs 3 (an escape channel per dateline class"), adaptive.get(0));
    assertEquals(2, parse(GOOD, "topology.kind=mesh", "fabric.routing=minimal-adaptive").fabric().vcs());
    List<String> upDown = problems(GOOD, "topology.kind=torus", "fabric.routing=up-down");
    assertEquals(1, upDown.size(), upDown.toString());
    assertTrue(upDown.get(0).endsWith("ringfabric.fabric.routing: routing up-down does not apply to a torus; it takes"
        + " dimension-order or minimal-adaptive or valiant"), upDown.get(0));
    assertEquals(1, problems(GOOD, "fabric.routing=random").size());
  }

  @Test
  void aFileTopologyIsReadFromBesideTheScenario(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("line.topo"), "nodes 3\nswitches 4\nlink 0 3\nlink 1 3\nlink 2 3\n");
    Path conf = dir.resolve("line.conf");
    Files.writeString(conf, "ringfabric.topology { kind = file, file = line.topo }\n");
    Scenario s = ScenarioLoader.load(conf, List.of());
    assertEquals(3, s.nodes());
    assertEquals(List.of(3, 4, -1), s.topology().dims());
    assertEquals(List.of(0, 3, 1, 3, 2, 3), s.topology().links());
    assertTrue(Describe.scenario(s).startsWith("3 nodes on a fabric of 4 switches from " + dir.resolve("line.topo")),
        Describe.scenario(s));
    assertTrue(Describe.scenario(s).contains("up-down routing"), Describe.scenario(s));
    Files.writeString(dir.resolve("bad.topo"), "nodes 3\nlink 0 9 9\n");
    ConfigException e = assertThrows(ConfigException.class, () -> ScenarioLoader.load(conf, List.of("topology.file=" + dir.resolve("bad.topo"))));
    assertEquals(List.of("--set topology.file=" + dir.resolve("bad.topo") + ": ringfabric.topology.file: " + dir.resolve("bad.topo")
        + ":2: a link is 'link A B' (two switch ids), not 'link 0 9 9'"), e.problems());
    List<String> missing = assertThrows(ConfigException.class,
        () -> ScenarioLoader.load(conf, List.of("topology.file=nowhere.topo"))).problems();
    assertEquals(List.of("--set topology.file=nowhere.topo: ringfabric.topology.file: nowhere.topo: cannot read it: no such file"), missing);
    List<String> none = problems(GOOD, "topology.kind=file");
    assertEquals(1, none.size(), none.toString());
    assertTrue(none.get(0).contains("needs topology.file"), none.get(0));
  }

  @Test
  void faultsNameLinksAsTheReportDoesAndGetConfirmations() {
    Scenario s = parse(GOOD, "topology.kind=torus", "topology.dims=[4,4]",
        "fabric.faults=[{ link = \"node 0 +x\", from = 1us, to = 2us }, { links = all, drop-rate = 1e-3 },"
            + " { link = \"node 5 -y -> node 1\", corrupt-rate = 0.5 }]");
    assertEquals(new FaultPlan(7, List.of(
        new FaultPlan.LinkFault(0, 1, 1_000_000, 2_000_000, true, 0, 0),
        new FaultPlan.LinkFault(-1, 0, 0, Long.MAX_VALUE, false, 1e-3, 0),
        new FaultPlan.LinkFault(5, 4, 0, Long.MAX_VALUE, false, 0, 0.5))), s.fabric().faults());
    assertEquals(ModuleSpec.AUTO_CONFIRMATIONS, s.module().confirmations(), "auto: faults can lose packets");
    assertEquals(0, parse(GOOD).module().confirmations(), "auto: nothing is lost");
    assertEquals(2, parse(GOOD, "module.confirmations=2").module().confirmations());
    String[][] bad = {
        {"{ link = \"node 0 +z\" }", "ringfabric.fabric.faults[0].link: no link 'node 0 +z': name it as the report"
            + " does, by its switch and port (\"node 0 +x\") or whole (\"node 0 +x -> node 1\")"},
        {"{ link = \"node 0 +x\", links = all }", "ringfabric.fabric.faults[0].links: a fault names one link"},
        {"{ links = some, drop-rate = 0.1 }", "ringfabric.fabric.faults[0].links: must be all"},
        {"{ links = all }", "ringfabric.fabric.faults[0].links: every link down would carry nothing"},
        {"{ links = all, drop-rate = 0.7, corrupt-rate = 0.6 }", "ringfabric.fabric.faults[0].corrupt-rate: drop-rate"
            + " + corrupt-rate is 1.3, more than 1"},
        {"{ link = \"node 0 +x\", from = 2us, to = 1us }", "ringfabric.fabric.faults[0].to: must come after from"},
        {"{ link = \"node 0 +x\", wobble = 1 }", "ringfabric.fabric.faults[0].wobble"},
        {"7", "ringfabric.fabric.faults[0]: must be a block such as"}};
    for (String[] b : bad) {
      List<String> p = problems(GOOD, "topology.kind=torus", "topology.dims=[4,4]", "fabric.faults=[" + b[0] + "]");
      assertEquals(1, p.size(), b[0] + ": " + p);
      assertTrue(p.get(0).contains(b[1]), b[0] + ": " + p.get(0));
    }
    List<String> lots = problems(GOOD, "module.confirmations=lots");
    assertTrue(lots.get(0).endsWith("ringfabric.module.confirmations: must be auto or a count from 0 to 30, not 'lots'"),
        lots.toString());
  }

  @Test
  void overridesApplyToTheDefaults() {
    Scenario s = ScenarioLoader.loadDefaults(List.of("fabric.switching=store-and-forward"));
    assertEquals(Switching.STORE_AND_FORWARD, s.fabric().switching());
    assertEquals("(defaults)", s.source());
  }

  @Test
  void badOverridesAreReportedByTheirText() {
    assertEquals(List.of(
        "--set fabric.mtu: expected key=value, e.g. --set fabric.mtu=512",
        "--set fabric.mtu=: ringfabric.fabric.mtu: cannot parse the value:"
            + " Expecting a value but got wrong token: end of file",
        "--set fabric.mtuu=5: ringfabric.fabric.mtuu: unknown key; closest valid key: 'mtu'",
        "--set fabric.link-latency=20: ringfabric.fabric.link-latency: a duration needs a unit"
            + " (ns, us, ms, s, m, h, d), e.g. 20ns, not 20"),
        problems("", "fabric.mtu", "fabric.mtu=", "fabric.mtuu=5", "fabric.link-latency=20"));
  }

  @Test
  void anOverrideCannotIndexIntoAList() {
    assertEquals(List.of("--set workload.processes.0.ops=10: ringfabric.workload.processes:"
            + " must be a list such as [ { program = put-stream, nodes = all } ], not a block { ... }"
            + " (a path cannot pick one entry of a list, as in processes.1.ops: write the whole"
            + " list, or set the value for every entry in ringfabric.defaults)"),
        problems(GOOD, "workload.processes.0.ops=10"));
  }

  // --- unknown keys -----------------------------------------------------------------------------------

  @Test
  void unknownKeyNamesThePathAndTheClosestKey() {
    assertEquals(
        List.of("test.conf:3: ringfabric.fabric.mtuu: unknown key; closest valid key: 'mtu'"),
        problems("""
            ringfabric {
              fabric {
                mtuu = 512
              }
            }
            """));
  }

  @Test
  void unknownKeysInDefaultsAreReportedOnceNotInEveryEntry() {
    assertEquals(List.of("test.conf:1: ringfabric.defaults.ring.capacityy: unknown key;"
            + " closest valid key: 'capacity'"),
        problems("ringfabric.defaults.ring.capacityy = 1\n"
            + "ringfabric.rings = [ { id = 1 }, { id = 2 } ]"));
  }

  @Test
  void unknownKeyInARingEntry() {
    assertEquals(List.of("test.conf:4: ringfabric.rings[1].capacityy: unknown key;"
            + " closest valid key: 'capacity'"),
        problems("""
            ringfabric.rings = [
              { id = 1 }
              { id = 2
                capacityy = 8KiB }
            ]
            """));
  }

  @Test
  void unknownKeyInAProcessGroup() {
    assertEquals(List.of(
        "test.conf:2: ringfabric.workload.processes[0].sizee: unknown key; closest valid key: 'size'",
        "test.conf:3: ringfabric.workload.processes[0].target.patern: unknown key;"
            + " closest valid key: 'pattern'"),
        problems("""
            ringfabric.workload.processes = [
              { program = put-stream, sizee = 64
                target.patern = fixed }
            ]
            """));
  }

  @Test
  void keysOutsideTheRootAreUnknownButPekkoIsAllowed() {
    assertEquals(List.of(
        "test.conf:1: fabric: unknown key outside the ringfabric root;"
            + " closest valid key: 'ringfabric.fabric'",
        "test.conf:2: ringfabrik: unknown key outside the ringfabric root;"
            + " closest valid key: 'ringfabric'"),
        problems("fabric.mtu = 1\nringfabrik.seed = 2\npekko.loglevel = DEBUG"));
  }

  // --- wrong values -----------------------------------------------------------------------------------

  @Test
  void wrongType() {
    assertEquals(List.of("test.conf:1: ringfabric.fabric.mtu: must be a size in bytes such as 256,"
            + " 256B, 4KiB or 4kB, not 'big'"),
        problems("ringfabric.fabric.mtu = \"big\""));
  }

  @Test
  void badDurationUnit() {
    assertEquals(List.of("test.conf:1: ringfabric.fabric.link-latency: must be a duration such as"
            + " 20ns, 1.5us or 2ms (units ns, us, ms, s, m, h, d), not '20 parsecs'"),
        problems("ringfabric.fabric.link-latency = 20 parsecs"));
  }

  @Test
  void badRate() {
    assertEquals(List.of("test.conf:1: ringfabric.timing.memory-bandwidth: must be a rate such as"
            + " 10Gbps, 2.5 Gbps, 100Mbps, 1e10bps, 5GB/s or 800MB/s (bits: bps or b/s, Kbps, Mbps, Gbps,"
            + " Tbps; bytes: B/s, KB/s, MB/s, GB/s, TB/s), not '5 GiB/s'"),
        problems("ringfabric.timing.memory-bandwidth = 5 GiB/s"));
  }

  @Test
  void aRunAheadOutOfRange() {
    assertEquals(List.of("test.conf:1: ringfabric.reference.run-ahead: must be between 1 and 64, not 0"),
        problems("ringfabric.reference.run-ahead = 0"));
    assertEquals(Scenario.ReferenceSpec.defaults(), parse("").reference(), "reference.conf's default");
  }

  @Test
  void outOfRangeAndEnumerations() {
    assertEquals(List.of(
        "test.conf:1: ringfabric.engine: must be one of reference, actors, not 'actor'"
            + " (closest: 'actors')",
        "test.conf:2: ringfabric.duration: must be greater than 0, not 0",
        "test.conf:3: ringfabric.topology.kind: must be one of ring, mesh, torus, star, fat-tree,"
            + " file, not 'hypercube' (closest: 'torus')",
        "test.conf:4: ringfabric.node.cores: must be between 1 and 1024, not 0",
        "test.conf:5: ringfabric.node.contexts: must be between 1 and 65536, not 70000",
        "test.conf:6: ringfabric.fabric.link-bandwidth: must be greater than 0, not '0Gbps'",
        "test.conf:7: ringfabric.fabric.mtu: must be between 1 byte and 65536 bytes, not '128KiB'",
        "test.conf:8: ringfabric.fabric.packet-header: must be between 0 bytes and 4096 bytes,"
            + " not 5000",
        "test.conf:9: ringfabric.fabric.switching: must be one of cut-through, store-and-forward,"
            + " not 'wormhole' (closest: 'cut-through')",
        "test.conf:10: ringfabric.module.timeout: must be greater than 0, not '0us'",
        "test.conf:11: ringfabric.module.retries: must be between 0 and 100, not 101"),
        problems("""
            ringfabric.engine = actor
            ringfabric.duration = 0
            ringfabric.topology.kind = hypercube
            ringfabric.node.cores = 0
            ringfabric.node.contexts = 70000
            ringfabric.fabric.link-bandwidth = 0Gbps
            ringfabric.fabric.mtu = 128KiB
            ringfabric.fabric.packet-header = 5000
            ringfabric.fabric.switching = wormhole
            ringfabric.module.timeout = 0us
            ringfabric.module.retries = 101
            """));
  }

  @Test
  void moreContextsThanProcessBuffersFitBelowTheRingsAreRefused() {
    assertEquals(List.of("test.conf:1: ringfabric.node.contexts: must be at most 28672, not 28673: each"
            + " context's process has a buffer of 64 KiB in its node's memory, and 28672 of them fill the"
            + " room below the rings"),
        problems("ringfabric.node.contexts = 28673\n"));
    assertEquals(28672, parse("ringfabric.node.contexts = 28672\n").node().contexts());
  }

  @Test
  void zeroLookahead() {
    assertEquals(List.of("test.conf:3: ringfabric.fabric.switch-latency: the lookahead"
            + " (switch-latency + link-latency) is zero; every step between nodes must take time,"
            + " because the simulation advances in windows one hop wide: give switch-latency or"
            + " link-latency a positive duration"),
        problems("""
            ringfabric.fabric {
              link-latency = 0ns
              switch-latency = 0
            }
            """));
  }

  @Test
  void severalProblemsInOneFileAreAllReported() {
    assertEquals(List.of(
        "test.conf:2: ringfabric.fabric.mtuu: unknown key; closest valid key: 'mtu'",
        "test.conf:1: ringfabric.engine: must be one of reference, actors, not 'fast'"
            + " (closest: 'actors')",
        "test.conf:3: ringfabric.timing.mmio: a duration needs a unit (ns, us, ms, s, m, h, d),"
            + " e.g. 20ns, not 50",
        "test.conf:4: ringfabric.rings[0].capacity: 4100 bytes is not a multiple of the"
            + " alignment (8 bytes)"),
        problems("""
            ringfabric.engine = fast
            ringfabric.fabric.mtuu = 1
            ringfabric.timing.mmio = 50
            ringfabric.rings = [ { id = 1, capacity = 4100 } ]
            """));
  }

  // --- topology ---------------------------------------------------------------------------------------

  @Test
  void dimsThatDoNotMatchTheKind() {
    assertEquals(List.of("test.conf:1: ringfabric.topology.dims: a torus takes 2 dimensions,"
            + " [x, y] (a line is [n, 1]), not 1 [16]"),
        problems("ringfabric.topology.dims = [16]"));
    assertEquals(List.of("test.conf:1: ringfabric.topology.dims: a ring takes 1 dimension, [n],"
            + " not 2 [4, 4]"),
        problems("ringfabric.topology { kind = ring, dims = [4, 4] }"));
  }

  @Test
  void changingTheKindButNotTheDefaultDimsPointsAtTheKind() {
    assertEquals(List.of("test.conf:1: ringfabric.topology.kind: a star takes 1 dimension, [n],"
            + " but topology.dims is the default 2 [4, 4]; set topology.dims as well"),
        problems("ringfabric.topology.kind = star"));
  }

  @Test
  void anInvalidTopologySkipsTheChecksThatNeedTheNodeCount() {
    assertEquals(List.of("test.conf:1: ringfabric.topology: must be a block { ... },"
            + " not a list [1,2]"),
        problems("ringfabric.topology = [1, 2]\nringfabric.rings = [ { id = 1, nodes = [3] } ]"));
  }

  @Test
  void badDims() {
    assertEquals(List.of("test.conf:1: ringfabric.topology.dims: must be a list of whole numbers"
            + " between 1 and 65536 such as [4, 4], but it holds 0"),
        problems("ringfabric.topology.dims = [4, 0]"));
    assertEquals(List.of("test.conf:1: ringfabric.topology.dims: a 300 x 300 torus has more than"
            + " 65536 nodes (node ids are 16 bits)"),
        problems("ringfabric.topology.dims = [300, 300]"));
    assertEquals(List.of("test.conf:1: ringfabric.topology.dims: must be a list such as [ 4, 4 ],"
            + " not 16"),
        problems("ringfabric.topology.dims = 16"));
  }

  // --- rings ----------------------------------------------------------------------------------------

  @Test
  void ringOnANodeThatDoesNotExist() {
    assertEquals(List.of("test.conf:1: ringfabric.rings[0].nodes: node 20 does not exist"
            + " (nodes are 0..15)"),
        problems("ringfabric.rings = [ { id = 1, nodes = [20] } ]"));
  }

  @Test
  void accessListsNameExistingNodes() {
    assertEquals(List.of(
        "test.conf:2: ringfabric.rings[0].put-access: nodes 16, 17 do not exist (nodes are 0..15)",
        "test.conf:3: ringfabric.rings[0].get-access: must be all or a list of node ids such as"
            + " [0, 3], not 'none'"),
        problems("""
            ringfabric.rings = [ { id = 1
              put-access = [1, 16, 17]
              get-access = none } ]
            """));
  }

  @Test
  void ringLayoutChecks() {
    assertEquals(List.of(
        "test.conf:2: ringfabric.rings[0].id: missing; every ring needs an id, 0..65535",
        "test.conf:2: ringfabric.rings[0].alignment: must be a power of two between 8 and 4096,"
            + " not 24",
        "test.conf:3: ringfabric.rings[1].id: must be between 0 and 65535, not 70000",
        "test.conf:3: ringfabric.rings[1].max-element: an element of 4096 bytes takes 4104 bytes"
            + " with its 8-byte header and padding, more than the ring's capacity of 4096 bytes",
        "test.conf:4: ringfabric.rings[2].max-element: must be greater than 0, not 0",
        "test.conf:5: ringfabric.rings[3].capacity: 1000 bytes is not a multiple of the alignment"
            + " (16 bytes)"),
        problems("""
            ringfabric.rings = [
              { alignment = 24 }
              { id = 70000, max-element = 4096 }
              { id = 3, max-element = 0 }
              { id = 4, alignment = 16, capacity = 1000 }
              { id = 5, alignment = 64, capacity = 4KiB, max-element = 4032 }
            ]
            """));
  }

  @Test
  void twoEntriesCreatingTheSameRingOnOneNode() {
    assertEquals(List.of(
        "test.conf:4: ringfabric.rings[2].id: ring 1 is created twice on nodes 2..4, 9:"
            + " by ringfabric.rings[0] and by ringfabric.rings[2]"),
        problems("""
            ringfabric.rings = [
              { id = 1, nodes = [0, 1, 2, 3, 4, 9] }
              { id = 1, nodes = [5, 6] }
              { id = 1, nodes = [2, 3, 4, 9, 10] }
            ]
            """));
  }

  @Test
  void listEntriesMustBeBlocks() {
    assertEquals(List.of(
        "test.conf:1: ringfabric.rings[0]: must be a block such as { id = 1 }, not 5",
        "test.conf:2: ringfabric.workload.processes: must be a list such as"
            + " [ { program = put-stream, nodes = all } ], not 'put-stream'"),
        problems("ringfabric.rings = [ 5 ]\nringfabric.workload.processes = put-stream"));
  }

  // --- process groups ---------------------------------------------------------------------------------

  @Test
  void tooManyProcessesForTheContexts() {
    assertEquals(List.of("test.conf:1: ringfabric.workload.processes: node 3 runs 70 processes"
            + " but has 64 contexts (node.contexts; every process needs one context)"),
        problems("""
            ringfabric.workload.processes = [
              { program = get-stream, nodes = [3], count = 60 }
              { program = get-stream, nodes = [2, 3], count = 10 }
            ]
            """));
  }

  @Test
  void tooManyProcessesOnSeveralNodesIsOneLine() {
    assertEquals(List.of("test.conf:1: ringfabric.workload.processes: nodes 0..15 each run 65"
            + " processes but have 64 contexts (node.contexts; every process needs one context)"),
        problems("ringfabric.workload.processes = [ { program = get-stream, count = 65 } ]"));
  }

  @Test
  void processGroupChecks() {
    assertEquals(List.of(
        "test.conf:2: ringfabric.workload.processes[0].program: missing; every process group"
            + " names its program (put-stream, get-stream, ping-pong)",
        "test.conf:3: ringfabric.workload.processes[1].nodes: node 16 does not exist"
            + " (nodes are 0..15)",
        "test.conf:3: ringfabric.workload.processes[1].count: must be between 1 and 65536, not 0",
        "test.conf:3: ringfabric.workload.processes[1].core: core 4 does not exist:"
            + " node.cores is 4 (cores are 0..3)",
        "test.conf:4: ringfabric.workload.processes[2].program: unknown program 'put-streem';"
            + " closest valid program: 'put-stream' (known: put-stream, get-stream, ping-pong)"),
        problems("""
            ringfabric.workload.processes = [
              { nodes = [1] }
              { program = get-stream, nodes = [16], core = 4, count = 0 }
              { program = put-streem }
            ]
            """));
  }

  // --- unreadable input -------------------------------------------------------------------------------

  @Test
  void syntaxErrorNamesTheSourceAndLine() {
    List<String> problems = problems("ringfabric {\n  fabric { mtu = = 5 }\n}\n");
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("test.conf:2: syntax error: "), problems.get(0));
  }

  @Test
  void aMissingCloseBraceIsReportedAsOneAtTheBraceItLeavesOpen() {
    assertEquals(List.of("test.conf:1: syntax error: missing '}' for this '{': the file ends before it is closed"),
        problems("ringfabric {\n  fabric { mtu = 5\n}\n"));
    assertEquals(List.of("test.conf:3: syntax error: missing '}' for this '{': the file ends before it is closed"),
        problems("ringfabric {\n  seed = 1 # a } in a comment\n  fabric { mtu = 256, x = \"}\"\n"));
    assertEquals(List.of("test.conf:2: syntax error: missing ']' for this '[': a '}' on line 3 comes first"),
        problems("ringfabric {\n  rings = [ { id = 0 }\n}\n"));
  }

  @Test
  void anEarlierSyntaxErrorIsReportedAsItIs() {
    List<String> problems = problems("ringfabric {\n  seed = = 1\n  fabric {\n");
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("test.conf:2: syntax error: Expecting a value"), problems.get(0));
  }

  @Test
  void syntaxErrorInAFileNamesTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("broken.conf");
    Files.writeString(file, "ringfabric {\n  fabric.mtu = = 5\n}\n");
    ConfigException e =
        assertThrows(ConfigException.class, () -> ScenarioLoader.load(file, List.of()));
    assertEquals(1, e.problems().size());
    assertTrue(e.problems().get(0).startsWith(file + ":2: syntax error: "), e.problems().get(0));
  }

  @Test
  void aMissingCloseBraceInAFileNamesTheFileAndTheLineOfTheOpenBrace(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("open.conf");
    Files.writeString(file, "ringfabric {\n  seed = 1\n  fabric {\n    mtu = 256\n\n");
    ConfigException e = assertThrows(ConfigException.class, () -> ScenarioLoader.load(file, List.of()));
    assertEquals(List.of(file + ":3: syntax error: missing '}' for this '{': the file ends before it is closed"),
        e.problems());
  }

  @Test
  void missingFileIsAProblemNotAnIoError(@TempDir Path dir) {
    Path file = dir.resolve("nope.conf");
    ConfigException e =
        assertThrows(ConfigException.class, () -> ScenarioLoader.load(file, List.of("fabric.mtu")));
    assertEquals(List.of(
        file + ": cannot read the scenario: no such file",
        "--set fabric.mtu: expected key=value, e.g. --set fabric.mtu=512"), e.problems());
    assertEquals(List.of(dir + ": cannot read the scenario: it is a directory"),
        assertThrows(ConfigException.class, () -> ScenarioLoader.load(dir, List.of())).problems());
  }

  @Test
  void unresolvedSubstitutionIsAProblem() {
    assertEquals(List.of("test.conf:1: Could not resolve substitution to a value: ${nowhere}"),
        problems("ringfabric.fabric.mtu = ${nowhere}"));
    assertEquals(List.of("test.conf:1: Could not resolve substitution to a value: ${fabric.mtu} (a substitution"
        + " names the whole path: ${ringfabric.fabric.mtu})"), problems("ringfabric.fabric.packet-header = ${fabric.mtu}"));
  }

  @Test
  void aSizeTooLargeForALongIsTooLargeNotNoSize() {
    assertEquals(List.of("--set rings=[{id=0, capacity=1e30}]: ringfabric.rings[0].capacity: is too large: at most"
        + " 2147483647 bytes, not 1.0E30"), problems(GOOD, "rings=[{id=0, capacity=1e30}]"));
  }

  /** Odd shapes must end in a ConfigException or a scenario, never in another exception. */
  @ParameterizedTest
  @ValueSource(strings = {
      "ringfabric = 5",
      "ringfabric = null",
      "ringfabric.fabric = 5",
      "ringfabric.fabric = null",
      "ringfabric.node.cores = null",
      "ringfabric.defaults = 1\nringfabric.rings = [ { id = 1 } ]",
      "ringfabric.defaults.ring = 1\nringfabric.rings = [ { id = 1 } ]",
      "ringfabric.defaults.put-stream.target = 1\n"
          + "ringfabric.workload.processes = [ { program = put-stream } ]",
      "ringfabric.workload = 3",
      "ringfabric.workload.processes = [ { program = [1] } ]",
      "ringfabric.workload.processes = [ { program = put-stream, target = 5 } ]",
      "ringfabric.workload.processes = [ { program = ping-pong, nodes = all } ]",
      "ringfabric.workload.processes = [ { program = get-stream, source = null } ]",
      "ringfabric.topology = [1, 2]",
      "ringfabric.topology.dims = []",
      "ringfabric.topology { kind = nope, dims = [0] }\nringfabric.rings = [ { id = 1, nodes = [99] } ]",
      "ringfabric.rings = [ { id = 1, nodes = [0], notify = maybe, alignment = 3, capacity = -1 } ]",
      "ringfabric.rings = {}",
      "ringfabric.rings = [ [ ] ]",
      "\"a.b\" = 1",
      "ringfabric.\"odd.key\" = 1",
      "include \"nowhere.conf\"",
      ""})
  void oddInputNeverThrowsAnythingElse(String hocon) {
    try {
      parse(hocon);
    } catch (ConfigException e) {
      assertFalse(e.problems().isEmpty());
      for (String line : e.problems()) {
        assertFalse(line.contains("Exception"), line);
      }
    } catch (RuntimeException e) {
      fail("unexpected " + e, e);
    }
  }
}
