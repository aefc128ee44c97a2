package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.topology.Topologies;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PUT and GET latency (doorbell to completion status) on an idle line of nodes, against a formula
 * derived from the model's rules, with the TestScenarios defaults: 10 Gb/s links (0.8 ns a byte),
 * 20 ns wire, 160 ns switch, 16-byte packet header, memory 60 ns + 0.2 ns a byte (40 Gb/s),
 * module 20 ns per piece of work, MTU 256.
 *
 * <p>A PUT of {@code s} bytes (s <= MTU, one packet) to a node {@code d} hops away, cut-through:
 *
 * <pre>
 *   initiator module: doorbell work                      20
 *   initiator memory: read payload                       60 + mem(s)
 *   initiator module: build the request                  20
 *   request: injection link (cut-through: head leaves at once)  0
 *            d switch-to-switch hops                     d * (160 + 20)
 *            target switch to its module port            160 + ser(16 + s)  (the module takes the whole packet)
 *   target module: request work                          20
 *   target memory: write header + payload into the ring  60 + mem(8 + s)
 *   target module: response work                         20
 *   response (16-byte header only)                       d * (160 + 20) + 160 + ser(16)
 *   initiator module: response work, status = DONE       20
 * </pre>
 *
 * A GET of an element of {@code s} bytes costs exactly the same: its request is header-only
 * (ser(16)), the target reads header + element (60 + mem(8 + s)), the response carries the
 * element (ser(16 + s)), and the initiator writes it to local memory (60 + mem(s)) before DONE.
 *
 * <p>Store-and-forward waits for each packet's tail before sending it on, on the injection link
 * and on each of the d links, so it adds (d + 1) * (ser(request) + ser(response)).
 *
 * <p>{@link ZeroLoadLatency} works the same out for any size, fabric and pair of nodes; the tests
 * below hold it to runs of one operation. Equivalent mutants left alive in it: the guard on the
 * routing's walk ({@code limit > 0} as {@code >= 0}, {@code + 4} as {@code - 4}: a routing always
 * arrives), and in {@code extremePairs} {@code nodes > 1024} as {@code >=} and {@code nodes - 1} as
 * {@code + 1} (a mesh's farthest pair starts at node 0 too).
 */
class ZeroLoadLatencyTest {
  private static final long SWITCH = 160_000;
  private static final long LINK = 20_000;
  private static final long MODULE = 20_000;
  private static final long MEMORY = 60_000;
  private static final int HEADER = 16;
  private static final int RING_HEADER = RingBuffer.HEADER_BYTES;
  private static final long GET_AT = 30_000_000; // 30 us: long after the PUT completed

  /** Serialisation on a 10 Gb/s link: 800 ps a byte. */
  private static long ser(int bytes) {
    return bytes * 800L;
  }

  /** Streaming at 40 Gb/s memory bandwidth: 200 ps a byte. */
  private static long mem(int bytes) {
    return bytes * 200L;
  }

  /** The formula in the class comment, cut-through, one-packet messages. */
  static long cutThroughPs(int hops, int size) {
    long oneWay = hops * (SWITCH + LINK) + SWITCH;
    return 5 * MODULE + 2 * MEMORY + mem(size) + mem(RING_HEADER + size)
        + 2 * oneWay + ser(HEADER + size) + ser(HEADER);
  }

  static long storeAndForwardPs(int hops, int size) {
    return cutThroughPs(hops, size) + (hops + 1L) * (ser(HEADER + size) + ser(HEADER));
  }

  /** Latencies in ps of one PUT from node 0 to node {@code hops}, and of one GET of it back. */
  private record Measured(long put, long get) {}

  private static Measured measure(int hops, int size, Switching switching) {
    return measure(TestScenarios.of("mesh", 7, 1).switching(switching), hops, size);
  }

  private static Measured measure(TestScenarios t, int hops, int size) {
    t.ring(NodeSet.all(), 0, 4096, 1024)
        .putStream(NodeSet.of(0), 0, PutStreamSpec.Pattern.FIXED, hops, 0, size, 1, 0);
    int getter = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    Script get = Script.of().sleepUntil(GET_AT).get(hops, 0);
    CustomPrograms.Run run = new CustomPrograms().on(getter, (n, k) -> get).run(t);
    var r = run.result();
    assertEquals(1, r.latencyNs().get("put").count(), "one PUT completed DONE");
    assertEquals(1, r.latencyNs().get("get").count(), "one GET completed DONE");
    assertEquals(Status.DONE, get.log().get(0).status());
    assertEquals(size, get.log().get(0).data().length);
    assertEquals(0, run.ring(hops, 0).elements());
    return new Measured(ps(r.latencyNs().get("put").max()), ps(r.latencyNs().get("get").max()));
  }

  private static long ps(double ns) {
    return Math.round(ns * 1000);
  }

  @Test
  void oneHopPutUnderCutThroughMatchesTheFormulaExactly() {
    // 100 + 120 + 12.8 + 14.4 + 2 * 340 + 64 + 12.8 = 1004 ns for 64 bytes
    assertEquals(1_004_000, cutThroughPs(1, 64));
    Measured m = measure(1, 64, Switching.CUT_THROUGH);
    assertEquals(1_004_000, m.put());
    assertEquals(1_004_000, m.get(), "a GET of the same element costs the same as the PUT");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 64, 200, 256})
  void everyDistanceAndOnePacketSizeMatchesTheFormula(int size) {
    for (int d = 1; d <= 5; d++) {
      Measured ct = measure(d, size, Switching.CUT_THROUGH);
      assertEquals(cutThroughPs(d, size), ct.put(), "cut-through PUT, " + d + " hops, " + size + " B");
      assertEquals(cutThroughPs(d, size), ct.get(), "cut-through GET, " + d + " hops, " + size + " B");
      Measured sf = measure(d, size, Switching.STORE_AND_FORWARD);
      assertEquals(storeAndForwardPs(d, size), sf.put(), "store-and-forward PUT, " + d + " hops");
      assertEquals(storeAndForwardPs(d, size), sf.get(), "store-and-forward GET, " + d + " hops");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 64, 256})
  void creditsChangeNoLatencyAtRestWhateverTheBuffer(int size) {
    for (int d = 1; d <= 5; d++) {
      for (int room : new int[] {HEADER + 256, 2048}) {
        Measured ct = measure(TestScenarios.of("mesh", 7, 1).credits(2, room), d, size);
        assertEquals(cutThroughPs(d, size), ct.put(), "credits, cut-through PUT, " + d + " hops");
        assertEquals(cutThroughPs(d, size), ct.get(), "credits, cut-through GET, " + d + " hops");
        Measured sf = measure(TestScenarios.of("mesh", 7, 1).credits(1, room)
            .switching(Switching.STORE_AND_FORWARD), d, size);
        assertEquals(storeAndForwardPs(d, size), sf.put(), "credits, store-and-forward PUT, " + d + " hops");
      }
    }
  }

  @Test
  void onAFatTreeEveryHopCostsASwitchAndAWireToo() {
    // 4-ary 2-tree: node 0 to 1 shares a leaf (2 links), to 5 goes over the top (4 links)
    for (int[] c : new int[][] {{1, 2}, {5, 4}, {15, 4}}) {
      for (TestScenarios t : new TestScenarios[] {TestScenarios.of("fat-tree", 4, 2),
          TestScenarios.of("fat-tree", 4, 2).credits(2, HEADER + 256)}) {
        Measured m = measure(t, c[0], 64);
        assertEquals(cutThroughPs(c[1], 64), m.put(), "PUT to node " + c[0]);
        assertEquals(cutThroughPs(c[1], 64), m.get(), "GET from node " + c[0]);
      }
    }
  }

  @Test
  void onAFileTopologyEveryHopCostsASwitchAndAWireToo() {
    // the 4-ary 2-tree above, written as a file: nodes 0..15, leaves 16..19, tops 20..23
    StringBuilder file = new StringBuilder("nodes 16\n");
    for (int p = 0; p < 16; p++) {
      file.append("link ").append(p).append(' ').append(16 + p / 4).append('\n');
    }
    for (int leaf = 16; leaf < 20; leaf++) {
      for (int top = 20; top < 24; top++) {
        file.append("link ").append(leaf).append(' ').append(top).append('\n');
      }
    }
    for (int[] c : new int[][] {{1, 2}, {5, 4}, {15, 4}}) {
      for (boolean credits : new boolean[] {false, true}) {
        TestScenarios t = credits ? TestScenarios.of("ring", 1).credits(2, HEADER + 256) : TestScenarios.of("ring", 1);
        t.topology = TopologyFile.parse(file.toString(), "tree.topo");
        Measured m = measure(t, c[0], 64);
        assertEquals(cutThroughPs(c[1], 64), m.put(), "PUT to node " + c[0]);
        assertEquals(cutThroughPs(c[1], 64), m.get(), "GET from node " + c[0]);
      }
    }
  }

  @Test
  void packetOverheadIsSerialisedWithEveryPacket() {
    TestScenarios t = TestScenarios.of("mesh", 7, 1);
    t.packetOverhead = 8;
    // cut-through serialises each packet once, into the target's module: the request and the response
    assertEquals(cutThroughPs(3, 64) + ser(8) + ser(8), measure(t, 3, 64).put());
    TestScenarios sf = TestScenarios.of("mesh", 7, 1).switching(Switching.STORE_AND_FORWARD);
    sf.packetOverhead = 8;
    assertEquals(storeAndForwardPs(3, 64) + (3 + 2) * 2 * ser(8), measure(sf, 3, 64).put());
  }

  @Test
  void aDirectLocalPathServesTheNodesOwnRingWithoutTheSwitch() {
    long viaSwitch = measure(TestScenarios.of("mesh", 7, 1), 0, 64).put();
    assertEquals(cutThroughPs(0, 64), viaSwitch, "through the node's own switch and back");
    TestScenarios t = TestScenarios.of("mesh", 7, 1);
    t.directLocalPath = true;
    long direct = measure(t, 0, 64).put();
    assertEquals(5 * MODULE + 2 * MEMORY + mem(64) + mem(RING_HEADER + 64), direct);
    assertEquals(2 * SWITCH + ser(HEADER + 64) + ser(HEADER), viaSwitch - direct);
  }

  /**
   * A request is sent the moment it is built, its first packet starting on the injection link (or
   * handed to the module itself on the direct local path): the doorbell at 2,312.8 ns (the
   * context mapped in 2 us, 64 bytes stored and six register writes), the module's work, the
   * payload read (60 ns + 12.8 ns), the module's work again. The module traces both packets as it
   * gets them, and through the switch as they leave on the injection link (the response a header
   * only, 12.8 ns); either way both have left the fabric at the end.
   */
  @ParameterizedTest(name = "direct {0}")
  @ValueSource(booleans = {false, true})
  void aRequestIsSentTheMomentItIsBuilt(boolean direct) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 1024)
        .putStream(NodeSet.of(0), 0, PutStreamSpec.Pattern.FIXED, 0, 0, 64, 1, 0);
    t.directLocalPath = direct;
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms());
    MessagingModule module = built.machine().module(0);
    TraceLines trace = new TraceLines();
    module.attachRecorder(trace);
    Simulation.run(built, "reference");
    assertEquals(2_312_800 + MODULE + MEMORY + mem(64) + MODULE, 2_425_600);
    Layout l = built.machine().layout();
    String request = "2425.6 request 0.0.1 to " + l.module(0) + ", 64 B, attempt 1";
    String from = " from " + l.switchComponent(0) + ", "; // the module names its switch either way
    List<String> want = direct // the target's work, the ring write (60 + 14.4 ns), its work again
        ? List.of(request, "2425.6 received 0.0.1" + from + "80 B packet 1/1 put-request",
            "2540.0 received 0.0.1" + from + "16 B packet 1/1 put-response")
        : List.of("2425.6 sent 0.0.1 on node 0 module -> switch after 0.0 ns, 64.0 ns long", request,
            "2649.6 received 0.0.1" + from + "80 B packet 1/1 put-request", // the switch, then 64 ns
            "2764.0 sent 0.0.1 on node 0 module -> switch after 0.0 ns, 12.8 ns long",
            "2936.8 received 0.0.1" + from + "16 B packet 1/1 put-response");
    assertEquals(want, trace.lines.stream()
        .filter(line -> line.contains(" request ") || line.contains(" sent ") || line.contains(" received ")).toList());
    long[] inFabric = module.inFabric().upTo(10_000_000, module.inFabric().intervalPs());
    assertEquals(0, inFabric[inFabric.length - 1], "both packets in, and out again");
    assertTrue(Arrays.stream(inFabric).anyMatch(n -> n == 1), "one at a time");
  }

  /**
   * A PUT's payload crosses the memory once: its process stored it into its buffer before the
   * doorbell, on its core's time; from the doorbell the module works (20 ns), reads the payload
   * (60 ns + s at 5 GB/s) and works again (20 ns) before the request leaves: 4 KiB 919.2 ns, 32 KiB
   * 6,653.6 ns. The memory has one access to show for it, the read.
   */
  @ParameterizedTest(name = "{0} B")
  @ValueSource(ints = {64, 4096, 32768, 65536})
  void aPutsPayloadIsReadFromMemoryOnceAfterItsDoorbell(int size) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.of(1), 0, 1 << 17, 1 << 16)
        .putStream(NodeSet.of(0), 0, PutStreamSpec.Pattern.FIXED, 1, 0, size, 1, 0);
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms());
    TraceLines trace = new TraceLines();
    built.machine().module(0).attachRecorder(trace);
    var r = Simulation.run(built, "reference");
    assertEquals(1, r.ops().get("put").ok());
    long doorbell = at(trace, " doorbell 0.0.1 ");
    long sent = at(trace, " request 0.0.1 ");
    assertEquals(MODULE + MEMORY + mem(size) + MODULE, sent - doorbell);
    if (size == 4096) {
      assertEquals(919_200, sent - doorbell);
    }
    assertEquals(1, built.machine().memory(0).accesses(), "the module's read, and no store booked before it");
  }

  private static long at(TraceLines trace, String what) {
    String line = trace.lines.stream().filter(l -> l.contains(what)).findFirst().orElseThrow();
    return ps(Double.parseDouble(line.substring(0, line.indexOf(' '))));
  }

  @Test
  void oneMoreHopAddsSwitchPlusLinkPerDirectionUnderCutThrough() {
    Measured before = measure(1, 64, Switching.CUT_THROUGH);
    for (int d = 2; d <= 5; d++) {
      Measured m = measure(d, 64, Switching.CUT_THROUGH);
      assertEquals(2 * (SWITCH + LINK), m.put() - before.put(), "PUT, hop " + d);
      assertEquals(360_000, m.put() - before.put());
      assertEquals(2 * (SWITCH + LINK), m.get() - before.get(), "GET, hop " + d);
      before = m;
    }
  }

  @Test
  void oneMoreHopAlsoAddsBothPacketsSerialisationUnderStoreAndForward() {
    int size = 64;
    long perHop = 2 * (SWITCH + LINK) + ser(HEADER + size) + ser(HEADER); // 360 + 64 + 12.8 ns
    assertEquals(436_800, perHop);
    Measured before = measure(1, size, Switching.STORE_AND_FORWARD);
    for (int d = 2; d <= 5; d++) {
      Measured m = measure(d, size, Switching.STORE_AND_FORWARD);
      assertEquals(perHop, m.put() - before.put(), "PUT, hop " + d);
      assertEquals(perHop, m.get() - before.get(), "GET, hop " + d);
      before = m;
    }
  }

  @Test
  void multiPacketMessagesStillAddExactlyOneHopPerDirectionUnderCutThrough() {
    // 600 bytes: 3 packets of 256 + 256 + 88 payload bytes; they follow each other hop by hop.
    Measured before = measure(1, 600, Switching.CUT_THROUGH);
    for (int d = 2; d <= 4; d++) {
      Measured m = measure(d, 600, Switching.CUT_THROUGH);
      assertEquals(360_000, m.put() - before.put(), "PUT, hop " + d);
      assertEquals(360_000, m.get() - before.get(), "GET, hop " + d);
      before = m;
    }
  }

  @Test
  void multiPacketMessagesUnderStoreAndForwardAddTheLargestPacketPerHop() {
    // The later, smaller packets queue behind the first (full-MTU) one at every output port, so
    // each extra hop adds switch + link + ser(first packet) per direction.
    Measured before = measure(1, 600, Switching.STORE_AND_FORWARD);
    Measured after = measure(2, 600, Switching.STORE_AND_FORWARD);
    assertEquals(2 * (SWITCH + LINK) + ser(HEADER + 256) + ser(HEADER), after.put() - before.put());
    assertEquals(2 * (SWITCH + LINK) + ser(HEADER) + ser(HEADER + 256), after.get() - before.get());
  }
  // ---- the calculator, ZeroLoadLatency, against runs of one operation ----

  private static final int[] SIZES = {8, 64, 256, 257, 1024, 4096, 16384, 65536};
  private static final long SPACING = 600_000_000; // 600 us between PUTs: each op alone in the machine

  static Stream<Arguments> fabrics() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (String[] shape : new String[][] {{"ring", "8"}, {"mesh", "4", "3"}, {"torus", "4", "4"}, {"fat-tree", "4", "2"}}) {
      for (Switching switching : Switching.values()) {
        for (boolean credits : new boolean[] {false, true}) {
          b.add(Arguments.of(shape[0], Arrays.stream(shape).skip(1).map(Integer::valueOf).toArray(Integer[]::new),
              switching, credits));
        }
      }
    }
    return b.build();
  }

  /** A scenario with reference.conf's fabric: packet overhead 8 B, credits for 8 packets a channel. */
  private static TestScenarios scenario(String kind, Integer[] dims, Switching switching, boolean credits) {
    TestScenarios t = TestScenarios.of(kind, dims).switching(switching).timeout(10_000_000_000L, 2);
    t.packetOverhead = 8;
    if (credits) {
      t.credits(2, 8 * (256 + 16 + 8));
    }
    return t.ring(NodeSet.all(), 0, 1 << 17, 1 << 16);
  }

  /**
   * For every size, one PUT from {@code source} into {@code target}'s ring and, half a spacing
   * later, one GET of it back: the latencies of the completions, PUT and GET in turn.
   */
  private static List<Long> run(TestScenarios t, int source, int target) {
    int group = t.nextGroup();
    t.custom(NodeSet.of(source), 0, 1);
    Script script = Script.of();
    for (int i = 0; i < SIZES.length; i++) {
      script.sleepUntil((i + 1) * SPACING).put(target, 0, new byte[SIZES[i]])
          .sleepUntil((i + 1) * SPACING + SPACING / 2).get(target, 0);
    }
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms().on(group, (n, k) -> script));
    TraceLines trace = new TraceLines();
    built.machine().module(source).attachRecorder(trace);
    Simulation.run(built, "reference");
    List<Long> latencies = trace.lines.stream().filter(l -> l.contains(" completed ")).map(l -> {
      assertTrue(l.contains(" DONE, "), l);
      String since = l.substring(l.indexOf(" B, ") + 4, l.indexOf(" ns after"));
      return ps(Double.parseDouble(since));
    }).toList();
    assertEquals(2 * SIZES.length, latencies.size(), "every PUT and GET completed");
    return latencies;
  }

  @ParameterizedTest(name = "{0} {1} {2} credits {3}")
  @MethodSource("fabrics")
  void theCalculatorGivesWhatARunOfOneOperationTakesToThePicosecond(String kind, Integer[] dims,
      Switching switching, boolean credits) {
    TestScenarios t = scenario(kind, dims, switching, credits);
    ZeroLoadLatency calculator = new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology()));
    int[] pairs = calculator.extremePairs();
    assertTrue(calculator.hops(pairs[0], pairs[1]) < calculator.hops(pairs[2], pairs[3]), "nearest, farthest");
    for (int[] pair : new int[][] {{pairs[0], pairs[1]}, {pairs[2], pairs[3]}, {1, 1}}) {
      List<Long> measured = run(scenario(kind, dims, switching, credits), pair[0], pair[1]);
      for (int i = 0; i < SIZES.length; i++) {
        String what = " of " + SIZES[i] + " B, node " + pair[0] + " to " + pair[1];
        ZeroLoadLatency.Latency put = calculator.put(pair[0], pair[1], SIZES[i]);
        ZeroLoadLatency.Latency get = calculator.get(pair[0], pair[1], SIZES[i]);
        assertTrue(put.exact() && get.exact(), put + " " + get);
        assertEquals(put.ps(), measured.get(2 * i), "PUT" + what);
        assertEquals(get.ps(), measured.get(2 * i + 1), "GET" + what);
      }
    }
  }

  @Test
  void theCalculatorAgreesWithTheFormulasWrittenOutAbove() {
    for (Switching switching : Switching.values()) {
      TestScenarios t = TestScenarios.of("mesh", 7, 1).switching(switching);
      ZeroLoadLatency calculator = new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology()));
      for (int d = 0; d <= 5; d++) {
        for (int size : new int[] {0, 1, 64, 256}) {
          long formula = switching == Switching.CUT_THROUGH ? cutThroughPs(d, size) : storeAndForwardPs(d, size);
          assertEquals(new ZeroLoadLatency.Latency(formula, d, null), calculator.put(0, d, size));
          assertEquals(formula, calculator.get(0, d, size).ps());
        }
      }
    }
    TestScenarios direct = TestScenarios.of("mesh", 7, 1);
    direct.directLocalPath = true;
    ZeroLoadLatency calculator = new ZeroLoadLatency(direct.build().machine(), Topologies.build(direct.topology()));
    assertEquals(5 * MODULE + 2 * MEMORY + mem(64) + mem(RING_HEADER + 64), calculator.put(3, 3, 64).ps());
    assertEquals(measure(direct, 0, 64).put(), calculator.put(0, 0, 64).ps());
  }

  /**
   * A channel with room for one packet cannot take the next before the credit of the one ahead is
   * back (a switch and a link each way, 360 ns, longer than a packet's 224 ns on the wire): the
   * figure for a message of several packets is marked, one of a single packet is not.
   */
  @Test
  void aChannelTooSmallForTheCreditRoundTripIsMarkedNotExact() {
    TestScenarios t = TestScenarios.of("torus", 4, 4).credits(2, 256 + 16 + 8);
    t.packetOverhead = 8;
    ZeroLoadLatency calculator = new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology()));
    assertTrue(calculator.put(0, 5, 256).exact());
    ZeroLoadLatency.Latency put = calculator.put(0, 5, 4096);
    assertEquals("a virtual channel's room (280 B) is less than the packets in flight before their credits return",
        put.caveat());
    assertEquals(put.caveat(), calculator.get(0, 5, 4096).caveat());
    assertTrue(calculator.put(0, 0, 4096).exact(), "its own switch only: no channel to fill");
    TestScenarios valiant = TestScenarios.of("torus", 4, 4).routing("valiant");
    assertEquals("valiant routing goes by a random node, a way of its own for each action",
        new ZeroLoadLatency(valiant.build().machine(), Topologies.build(valiant.topology())).put(0, 5, 64).caveat());
  }
  /** The first pair found of the fewest and of the most links, sources and targets in id order. */
  @Test
  void theNearestAndFarthestPairsAreTheFirstFound() {
    TestScenarios t = TestScenarios.of("torus", 4, 4);
    assertArrayEquals(new int[] {0, 1, 0, 10},
        new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology())).extremePairs());
    TestScenarios mesh = TestScenarios.of("mesh", 4, 3);
    assertArrayEquals(new int[] {0, 1, 0, 11},
        new ZeroLoadLatency(mesh.build().machine(), Topologies.build(mesh.topology())).extremePairs());
    TestScenarios big = TestScenarios.of("mesh", 40, 40); // beyond 1,024 nodes: from node 0 and the last
    ZeroLoadLatency calculator = new ZeroLoadLatency(big.build().machine(), Topologies.build(big.topology()));
    assertArrayEquals(new int[] {0, 1, 0, 1599}, calculator.extremePairs());
    assertEquals(78, calculator.hops(0, 1599));
    // up-down offers a way per up port: six on a 6-ary tree, more than adaptive routings' five
    TestScenarios tree = TestScenarios.of("fat-tree", 6, 2);
    ZeroLoadLatency wide = new ZeroLoadLatency(tree.build().machine(), Topologies.build(tree.topology()));
    assertArrayEquals(new int[] {0, 1, 0, 6}, wide.extremePairs());
    assertEquals(4, wide.hops(0, 35));
  }

  /**
   * With credits, a channel of room for two packets of 280 B is enough at rest: the credit of a
   * packet is back (a switch and a link ahead, a link back: 200 ns after it started) before the
   * packet two behind it is decided (448 - 160 ns after). One byte less is marked. So is a tie
   * (packets of 225 B, 180 ns, a credit back at the very moment), which the figure does not count
   * on. A vc-turnaround up to a packet's time changes nothing, one above is marked, but not on a
   * node's own switch, whose input is the module's injection queue.
   */
  @Test
  void creditsAndTurnaroundAreMarkedWhereTheyCouldHoldAMessageBack() {
    TestScenarios two = scenario("torus", new Integer[] {4, 4}, Switching.CUT_THROUGH, true).credits(2, 560);
    ZeroLoadLatency calculator = new ZeroLoadLatency(two.build().machine(), Topologies.build(two.topology()));
    ZeroLoadLatency.Latency put = calculator.put(0, 10, 4096);
    assertTrue(put.exact(), put.caveat());
    List<Long> measured = run(two, 0, 10);
    assertEquals(put.ps(), measured.get(10));
    assertEquals(calculator.get(0, 10, 65536).ps(), measured.get(15));
    TestScenarios less = scenario("torus", new Integer[] {4, 4}, Switching.CUT_THROUGH, true).credits(2, 559);
    assertEquals("a virtual channel's room (559 B) is less than the packets in flight before their credits return",
        new ZeroLoadLatency(less.build().machine(), Topologies.build(less.topology())).put(0, 10, 4096).caveat());
    TestScenarios tie = scenario("torus", new Integer[] {4, 4}, Switching.CUT_THROUGH, true).mtu(201).credits(2, 450);
    assertEquals("a virtual channel's room (450 B) is less than the packets in flight before their credits return",
        new ZeroLoadLatency(tie.build().machine(), Topologies.build(tie.topology())).put(0, 10, 4096).caveat());
    for (long turnaround : new long[] {224_000, 224_001}) {
      TestScenarios t = scenario("torus", new Integer[] {4, 4}, Switching.CUT_THROUGH, true);
      t.vcTurnaround = turnaround;
      ZeroLoadLatency paced = new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology()));
      assertEquals(turnaround == 224_000 ? null : "vc-turnaround is longer than a packet's time on the wire",
          paced.put(0, 10, 4096).caveat());
      assertTrue(paced.put(0, 0, 4096).exact(), "its own switch only");
      assertTrue(paced.put(0, 10, 256).exact(), "one packet");
      List<Long> own = run(t, 0, turnaround == 224_000 ? 10 : 0);
      assertEquals(paced.put(0, turnaround == 224_000 ? 10 : 0, 4096).ps(), own.get(10));
    }
  }

  /**
   * Minimal-adaptive routing may send each packet of a message its own shortest way: under
   * cut-through they still follow each other a packet time apart, so the latency is the same; under
   * store-and-forward a short last packet that goes another way may arrive sooner (257 B from a
   * torus's node 0 to 10, 20 ns), so there the figure is marked as an upper bound.
   */
  @ParameterizedTest(name = "{0} credits {1}")
  @CsvSource({"mesh, false", "mesh, true", "torus, false", "torus, true"})
  void minimalAdaptiveRoutingTakesAsLongAsOneWayUnderCutThrough(String kind, boolean credits) {
    Integer[] dims = kind.equals("mesh") ? new Integer[] {4, 3} : new Integer[] {4, 4};
    TestScenarios t = scenario(kind, dims, Switching.CUT_THROUGH, credits).routing("minimal-adaptive");
    ZeroLoadLatency calculator = new ZeroLoadLatency(t.build().machine(), Topologies.build(t.topology()));
    int[] pairs = calculator.extremePairs();
    List<Long> measured = run(scenario(kind, dims, Switching.CUT_THROUGH, credits).routing("minimal-adaptive"),
        pairs[2], pairs[3]);
    for (int i = 0; i < SIZES.length; i++) {
      assertEquals(calculator.put(pairs[2], pairs[3], SIZES[i]), new ZeroLoadLatency.Latency(measured.get(2 * i),
          calculator.hops(pairs[2], pairs[3]), null), "PUT of " + SIZES[i] + " B");
      assertEquals(calculator.get(pairs[2], pairs[3], SIZES[i]).ps(), measured.get(2 * i + 1), "GET of " + SIZES[i] + " B");
    }
    TestScenarios sf = scenario(kind, dims, Switching.STORE_AND_FORWARD, credits).routing("minimal-adaptive");
    ZeroLoadLatency stored = new ZeroLoadLatency(sf.build().machine(), Topologies.build(sf.topology()));
    assertTrue(stored.put(pairs[2], pairs[3], 256).exact(), "one packet");
    assertTrue(stored.put(pairs[2], pairs[2], 257).exact(), "its own switch: one way");
    List<Long> sent = run(sf, pairs[2], pairs[3]);
    assertEquals("minimal-adaptive may send a store-and-forward message's packets different ways: at most this",
        stored.put(pairs[2], pairs[3], 257).caveat());
    for (int i = 0; i < SIZES.length; i++) {
      assertTrue(sent.get(2 * i) <= stored.put(pairs[2], pairs[3], SIZES[i]).ps(), "PUT of " + SIZES[i] + " B");
      assertTrue(sent.get(2 * i + 1) <= stored.get(pairs[2], pairs[3], SIZES[i]).ps(), "GET of " + SIZES[i] + " B");
    }
  }
}
