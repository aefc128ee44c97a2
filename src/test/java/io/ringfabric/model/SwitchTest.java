package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.topology.Routing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The switches driven by hand: request packets handed to a node's switch by its module at chosen
 * times, with no process running and every module's events kept, so each delivery is seen at its
 * exact time. With the TestScenarios defaults a switch takes 160 ns, a link 20 ns, and a 64-byte
 * PUT's packet (80 bytes with its header) 64 ns to send.
 *
 * <p>Mutants of Switch left alive (PIT with this class, IslipTest, CreditFlowTest, DeadlockTest,
 * FaultTest, LinkStatsTest, TieSharingTest and ZeroLoadLatencyTest; the line numbers are
 * Switch.java's at 5ed4144, and the methods are named too), all equivalent: the call that reads a
 * damaged frame whose checksum still holds (onCorruptFrame, line 259) is unreachable, any one
 * flipped bit fails it (FaultTest.aFrameWithAnyOneBitFlippedFailsItsChecksum); in onDeadlockProbe
 * {@code follow < 0} as {@code <= 0} (597, 599): follow is -1 or a buffer of a link's input, port 1
 * or more, never 0; candidate's {@code i < count} as {@code <=} (410) looks again at the pass's
 * first head, and a pass that looks again has forwarded nothing: that head is skipped again for
 * the same reason (blocking a blocked head changes nothing); likewise allocateByIslip's {@code i <
 * n} as {@code <=} (365) looks at the first output twice in its grant pass, which changes nothing
 * between the two looks, so it grants the same head again. In some runs also hasLink's {@code
 * nextHop[p] >= 0} as {@code > 0} (693): component 0 is node 0's core 0, behind no port. With
 * these tests, at 5ed4144, 310 of 315 were killed or timed out (43 by timing out, on a host busy
 * with other work; which of them time out varies with the load).
 *
 * <p>Two that were not equivalent are killed by tests of their own: allocate's {@code i < n} as
 * {@code <=} (327), which looks at the first output twice in a pass and so serves a head that
 * became head during the pass before one that arrives at the same instant
 * (aHeadThatBecomesHeadDuringAnAllocationWaitsForTheAllocationPostedForIt), and channel's {@code
 * i < n} as {@code <=} (436), which reads a way past the head's own, left there by an earlier head
 * of the buffer (aHeadRoutedRoundADownLinkTakesOnlyItsOwnWaysAndNotOnesLeftByAnEarlierHead).
 *
 * <p>The deadlock watch (watch, onDeadlockCheck, probe, onDeadlockProbe, describeCycle) is driven
 * by hand at the end: rings of five whose channels fill at once, of each kind (requests,
 * responses, Valiant's routing class 1, classes together, either way round), found at an exact
 * time and named channel by channel; a head probed when it has waited exactly the timeout and
 * not a picosecond before, one check posted at a time; a probe that goes on through a head that
 * has waited exactly the timeout and dies at one a picosecond short of it.
 */
class SwitchTest {
  private static final long SWITCH = 160_000;
  private static final long LINK = 20_000;
  private static final long SEND = 64_000; // 16 + 64 bytes at 10 Gb/s
  private static final int PLUS_X = 1;
  private static final int MINUS_X = 2;

  private Machine machine;
  private EventHarness harness;
  private long sequence;

  private void build(TestScenarios t) {
    machine = BuiltMachine.of(t.build()).machine();
    sequence = 0;
    Integer[] modules = new Integer[machine.nodes()];
    for (int n = 0; n < modules.length; n++) {
      modules[n] = machine.layout().module(n);
    }
    harness = new EventHarness(machine, modules);
  }

  /** Node {@code from}'s module hands its switch, at {@code at}, a one-packet 64-byte PUT to node {@code to}. */
  private void inject(long at, int from, int to) {
    inject(at, from, to, 64);
  }

  /** The same, of {@code bytes} (at most 256: one packet). */
  private void inject(long at, int from, int to, int bytes) {
    sequence++;
    Packet p = Packet.Header.putRequest(new Packet.ActionId(from, 0, sequence), to, 0, bytes, Long.MAX_VALUE,
        ElementOrigin.NONE).split(new byte[bytes], 256)[0];
    Layout l = machine.layout();
    harness.add(new Event(at, l.module(from), sequence, l.switchComponent(from), new Switch.PacketArrival(0, p)));
  }

  /**
   * A switch goes by what a packet's arrival carries beside it (its target node, spread and payload
   * bytes), never reading the packet on the way: an arrival made from the packet carries the
   * packet's own, and one that says node 2 takes it to node 2 whatever the packet says.
   */
  @Test
  void aSwitchRoutesAPacketByWhatItsArrivalCarries() {
    for (boolean credits : new boolean[] {true, false}) {
      TestScenarios t = TestScenarios.of("mesh", 3, 1);
      build(credits ? t.credits(1, 2048) : t);
      Packet p = Packet.Header.putRequest(new Packet.ActionId(1, 0, 1), 0, 0, 64, Long.MAX_VALUE,
          ElementOrigin.NONE).split(new byte[64], 256)[0];
      Switch.PacketArrival made = new Switch.PacketArrival(0, p);
      assertEquals(List.of(0, p.spread(), 64), List.of(made.targetNode(), made.spread(), made.payloadBytes()));
      Layout l = machine.layout();
      harness.add(new Event(1_000_000, l.module(1), 1, l.switchComponent(1),
          new Switch.PacketArrival(0, 0, p, 2, p.spread(), 64)));
      assertEquals(List.of("#1 at node 2, " + (1_000_000 + 2 * SWITCH + LINK + SEND) / 1000.0 + " ns"),
          delivered(), credits ? "credits" : "no flow control");
    }
  }

  /** Runs to the end; the packets the modules got, in order: "#sequence at node n, t ns". */
  private List<String> delivered() {
    harness.runToEnd();
    List<String> out = new ArrayList<>();
    for (Event e : harness.keptEvents) {
      Packet p = ((MessagingModule.PacketDelivered) e.message()).packet();
      out.add("#" + p.sequence() + " at node " + machine.layout().nodeOf(e.target()) + ", " + e.time() / 1000.0 + " ns");
    }
    return out;
  }

  /** Attaches one recorder to every switch. */
  private TraceLines record() {
    TraceLines r = new TraceLines();
    for (int s = 0; s < machine.switchCount(); s++) {
      machine.fabricSwitch(s).attachRecorder(r);
    }
    return r;
  }

  /** The events of {@code kind} switch {@code s} posted to itself (allocations, deadlock checks): their times in ns. */
  private List<Double> selfPosted(int s, MessageKind kind) {
    List<Double> at = new ArrayList<>();
    for (Event e : harness.posted) {
      if (e.kind() == kind && e.target() == machine.layout().switchComponent(s)) {
        at.add(e.time() / 1000.0);
      }
    }
    return at;
  }

  @Test
  void aStandaloneSwitchFeedsNoModuleAndANodeSwitchDoes() {
    build(TestScenarios.of("star", 4)); // nodes 0 to 3 round switch 4
    assertTrue(machine.fabricSwitch(3).hasLink(0), "node 3's switch feeds its module");
    assertFalse(machine.fabricSwitch(4).hasLink(0), "the hub has no module behind its port 0");
    assertTrue(machine.fabricSwitch(4).hasLink(1));
  }

  /**
   * Nodes 0 and 2 send to node 1 at once: the heads meet at node 1's port to its module, one takes
   * it, and the other goes the moment the link is free (the allocation that served the first says
   * when to try again); with credits as with the ideal output queue.
   */
  @ParameterizedTest(name = "credits {0}")
  @ValueSource(booleans = {false, true})
  void twoHeadsForOneOutputGoOneAfterTheOtherWithoutAGap(boolean credits) {
    TestScenarios t = TestScenarios.of("mesh", 3, 1);
    build(credits ? t.credits(2, 2048) : t);
    inject(1_000_000, 0, 1);
    inject(1_000_000, 2, 1);
    // a switch and a link to node 1's switch, a switch, then 64 ns into the module; the second 64 ns later
    assertEquals(1_000_000 + 2 * SWITCH + LINK + SEND, 1_404_000);
    assertEquals(List.of("#1 at node 1, 1404.0 ns", "#2 at node 1, 1468.0 ns"), delivered());
  }

  /**
   * Node 1's module hands its switch three packets at once, into the one request channel of its
   * injection queue: two for node 0, then one for node 2. The second waits at the head for the
   * link to node 0 (an allocation 64 ns later, when the link is free a switch latency ahead); once
   * it has gone, the third is head and wants the link to node 2, free, but the input's crossbar
   * path is busy sending the second: the switch allocates again when that path is free, 64 ns
   * later. Asking twice for an allocation at one time posts one. With one channel an input has one
   * head at a time, so iSLIP allocates as the maximal allocator does, to the picosecond.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"MAXIMAL", "ISLIP"})
  void theNextHeadOfAChannelGoesWhenItsInputsPathIsFree(String allocator) {
    build(TestScenarios.of("mesh", 3, 1).credits(1, 2048).switchAllocator(SwitchAllocator.valueOf(allocator)));
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 2);
    assertEquals(List.of("#1 at node 0, 1404.0 ns", "#2 at node 0, 1468.0 ns", "#3 at node 2, 1532.0 ns"),
        delivered());
    assertEquals(List.of(1064.0, 1128.0), selfPosted(1, MessageKind.ALLOCATION_DUE));
  }

  /**
   * Two heads of one input that want two outputs and become free to go at one instant. Node 1's
   * module hands its switch a packet for node 0, which goes at once and holds the input's crossbar
   * path for 64 ns; then one for node 0 and one for node 2, in the two request channels of its
   * injection queue, which both wait for that path. The maximal allocator then sends the one for
   * node 2 (+x, the output after -x in turn) and the other as soon as the path is free again, 64 ns
   * later. Under iSLIP both outputs grant the input in that one allocation; it accepts +x, the first
   * output after -x, which it accepted last, and -x, its grant declined, idles for a cycle: the
   * 217.6 ns its link takes to send the largest packet (256 + 16 bytes), though the path was free
   * after 64. (Heads that arrive one by one are allocated one by one and never collide.)
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"MAXIMAL", "ISLIP"})
  void twoHeadsOfOneInputFreeAtOnceForTwoOutputs(String allocator) {
    build(TestScenarios.of("mesh", 3, 1).credits(2, 2048).switchAllocator(SwitchAllocator.valueOf(allocator)));
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 2);
    String last = allocator.equals("ISLIP") ? "1685.6" : "1532.0"; // 1,064 + 217.6 or + 64, + 404
    assertEquals(List.of("#1 at node 0, 1404.0 ns", "#3 at node 2, 1468.0 ns", "#2 at node 0, " + last + " ns"),
        delivered());
  }

  /**
   * The same with a turnaround of 1 us between two packets of one channel: the injection queue is a
   * source queue, not a channel of the switch, so node 1's switch sends as before; node 0's switch
   * holds the second packet in its input channel from node 1 until 1 us after the first left it.
   */
  @Test
  void aTurnaroundSpacesTheSwitchsChannelsButNotTheModulesInjectionQueue() {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).credits(1, 2048);
    t.vcTurnaround = 1_000_000;
    build(t);
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 0);
    inject(1_000_000, 1, 2);
    // the second leaves node 0's switch at 1,340 + 1,000 ns
    assertEquals(List.of("#1 at node 0, 1404.0 ns", "#3 at node 2, 1532.0 ns", "#2 at node 0, 2404.0 ns"),
        delivered());
  }

  /**
   * Node 0's link {@code port} of a 4x4 torus is down for the whole run; minimal-adaptive routing
   * goes round it where the packet has another way (to node 5, one step in x and one in y), and
   * where it has none (one step along the down link) the packet is lost on it.
   */
  @ParameterizedTest(name = "port {0}")
  @ValueSource(ints = {PLUS_X, 3})
  void aDownLinkIsLeftOutOfThePacketsWaysUnlessItIsTheOnlyOne(int port) {
    for (boolean credits : new boolean[] {false, true}) {
      TestScenarios t = TestScenarios.torus(4, 4).routing("minimal-adaptive")
          .faults(new FaultPlan.LinkFault(0, port, 0, Long.MAX_VALUE, true, 0, 0));
      build(credits ? t.credits(3, 2048) : t);
      inject(1_000_000, 0, 5);
      inject(2_000_000, 0, port == PLUS_X ? 1 : 4);
      assertEquals(List.of("#1 at node 5, " + (1_000_000 + 3 * SWITCH + 2 * LINK + SEND) / 1000.0 + " ns"),
          delivered(), "credits " + credits);
      Switch first = machine.fabricSwitch(0);
      assertEquals(1, first.lostOnDownLink(port));
      assertEquals(0, first.dropped(port));
      if (credits) { // the lost packet took no room behind the down link
        CreditFlowTest.assertCreditsAtRest(machine, 2048);
      }
    }
  }

  /**
   * Without flow control, on a down link and one that loses every packet: node 1's switch loses
   * the packet for node 2 on its +x link (down) and the one for node 0 on its -x link (dropped at
   * random, at a rate of 1), each counted on its link and a packet fewer in the fabric, and both
   * in the trace; node 0's packet for node 1 goes through, traced at both switches.
   */
  @Test
  void withoutFlowControlLostPacketsAreCountedAndTracedWhereTheyWereLost() {
    build(TestScenarios.of("mesh", 3, 1).faults(new FaultPlan.LinkFault(1, PLUS_X, 0, Long.MAX_VALUE, true, 0, 0),
        new FaultPlan.LinkFault(1, MINUS_X, 0, Long.MAX_VALUE, false, 1.0, 0)));
    TraceLines trace = record();
    inject(1_000_000, 1, 2);
    inject(2_000_000, 1, 0);
    inject(3_000_000, 0, 1);
    assertEquals(List.of("#3 at node 1, 3404.0 ns"), delivered());
    Layout l = machine.layout();
    assertEquals(List.of(
        "1000.0 received 1.0.1 from " + l.module(1) + ", 80 B packet 1/1 put-request",
        "1160.0 sent 1.0.1 on node 1 +x -> node 2 after 0.0 ns, 64.0 ns long",
        "1160.0 lost '1.0.1' 80 B on node 1 +x -> node 2: lost: the link is down, packet 1/1 put-request",
        "2000.0 received 1.0.2 from " + l.module(1) + ", 80 B packet 1/1 put-request",
        "2160.0 sent 1.0.2 on node 1 -x -> node 0 after 0.0 ns, 64.0 ns long",
        "2160.0 lost '1.0.2' 80 B on node 1 -x -> node 0: lost on the wire, packet 1/1 put-request",
        "3000.0 received 0.0.3 from " + l.module(0) + ", 80 B packet 1/1 put-request",
        "3160.0 sent 0.0.3 on node 0 +x -> node 1 after 0.0 ns, 64.0 ns long",
        "3180.0 received 0.0.3 from " + l.switchComponent(0) + ", 80 B packet 1/1 put-request",
        "3340.0 sent 0.0.3 on node 1 switch -> module after 0.0 ns, 64.0 ns long"), trace.lines);
    Switch middle = machine.fabricSwitch(1);
    assertEquals(List.of(1L, 0L, 0L, 1L), List.of(middle.lostOnDownLink(PLUS_X), middle.dropped(PLUS_X),
        middle.lostOnDownLink(MINUS_X), middle.dropped(MINUS_X)));
    long[] inFabric = middle.lostSamples().upTo(4_000_000, middle.lostSamples().intervalPs());
    assertEquals(-2, inFabric[inFabric.length - 1], "two packets fewer in the fabric");
  }

  /**
   * One-packet channels (272 bytes, a packet of 256 and its header): node 1's module hands its
   * switch two such packets for node 2. The second is head once the first has gone, and waits for
   * the input's path until 217.6 ns (the first's sending); then for room in node 2's switch, which
   * the first leaves at 340 ns, its credit back a link later, at 360 ns: a stall of 142.4 ns,
   * counted on the link and traced with the packet sent.
   */
  @Test
  void aHeadWaitingForRoomDownstreamStallsUntilTheCreditComesBack() {
    build(TestScenarios.of("mesh", 3, 1).credits(1, 272));
    TraceLines trace = record();
    inject(0, 1, 2, 256);
    inject(0, 1, 2, 256);
    assertEquals(List.of("#1 at node 2, 557.6 ns", "#2 at node 2, 917.6 ns"), delivered());
    Layout l = machine.layout();
    assertEquals(List.of(
        "0.0 received 1.0.1 from " + l.module(1) + ", 272 B packet 1/1 put-request",
        "160.0 sent 1.0.1 on node 1 +x -> node 2 after 0.0 ns, 217.6 ns long",
        "0.0 received 1.0.2 from " + l.module(1) + ", 272 B packet 1/1 put-request",
        "180.0 received 1.0.1 from " + l.switchComponent(1) + ", 272 B packet 1/1 put-request",
        "340.0 sent 1.0.1 on node 2 switch -> module after 0.0 ns, 217.6 ns long",
        "520.0 sent 1.0.2 on node 1 +x -> node 2 after 0.0 ns, 217.6 ns long",
        "360.0 stalled 1.0.2 142.4 ns for node 1 +x -> node 2 vc 0",
        "540.0 received 1.0.2 from " + l.switchComponent(1) + ", 272 B packet 1/1 put-request",
        "700.0 sent 1.0.2 on node 2 switch -> module after 0.0 ns, 217.6 ns long"), trace.lines);
    Switch middle = machine.fabricSwitch(1);
    assertEquals(1, middle.creditStalls(PLUS_X));
    assertEquals(142_400, middle.creditStallPs(PLUS_X));
    assertEquals(0, middle.creditStalls(MINUS_X));
    CreditFlowTest.assertCreditsAtRest(machine, 272);
  }

  /**
   * Without flow control, minimal-adaptive routing sends a packet the way whose link is free
   * soonest, the first of equals: node 0's first packet for node 5 (one step in x, one in y) takes
   * the first way, x. Of two more at once, the first takes y, free for longer than x, and the
   * second x, free before y is again.
   */
  @Test
  void withoutFlowControlAPacketTakesTheWayFreeSoonest() {
    build(TestScenarios.torus(4, 4).routing("minimal-adaptive"));
    inject(1_000_000, 0, 5);
    assertEquals(List.of("#1 at node 5, 1584.0 ns"), delivered());
    OutputPort[] ports = machine.fabricSwitch(0).ports();
    assertEquals(List.of(1L, 0L), List.of(ports[PLUS_X].packets(), ports[3].packets()), "x is the first way");
    inject(2_000_000, 0, 5);
    inject(2_000_000, 0, 5);
    // both reach node 5's switch at 2,360 ns, by y then x and by x then y; the one from node 1's
    // switch is handled first (the lower sender) and takes the module's port first
    assertEquals(List.of("#3 at node 5, 2584.0 ns", "#2 at node 5, 2648.0 ns"), delivered().subList(1, 3));
    assertEquals(List.of(2L, 1L), List.of(ports[PLUS_X].packets(), ports[3].packets()));
  }

  /**
   * Without flow control the class a packet is sent in goes with it: node 0's packet for node 8
   * of a 3x3 mesh may take x or y adaptively, or x in the escape channels (dimension-order from
   * then on). All free, it takes the first of equals, x adaptively, so at node 1's switch, where x
   * is busy with node 1's own 256-byte packet for node 2 until 477.6 ns, it turns to y, free.
   */
  @Test
  void withoutFlowControlATieGoesToTheFirstWayAndThePacketStaysAdaptive() {
    build(TestScenarios.of("mesh", 3, 3).routing("minimal-adaptive"));
    inject(1_000_000, 0, 8);
    inject(1_100_000, 1, 2, 256);
    // x, then y, x, y: five switches and four links, then node 8's module port
    assertEquals(1_000_000 + 5 * SWITCH + 4 * LINK + SEND, 1_944_000);
    assertEquals(List.of("#2 at node 2, 1657.6 ns", "#1 at node 8, 1944.0 ns"), delivered());
  }

  /**
   * Of three ways, the one free soonest: node 0's packet for node 5 of a 4x4 torus may take x or y
   * adaptively, or x in the escape channels. x is busy with a 256-byte packet for node 1 until
   * 377.6 ns, y with a 64-byte one for node 4 until 224 ns: it takes y, then x at node 4.
   */
  @Test
  void withoutFlowControlAPacketTakesTheSoonestFreeOfAllItsWays() {
    build(TestScenarios.torus(4, 4).routing("minimal-adaptive"));
    inject(1_000_000, 0, 1, 256);
    inject(1_000_000, 0, 4);
    inject(1_000_000, 0, 5);
    // y free at 224 ns, then x at node 4's switch at 404 ns, and node 5's module port at 584 ns
    assertEquals(List.of("#2 at node 4, 1404.0 ns", "#1 at node 1, 1557.6 ns", "#3 at node 5, 1648.0 ns"),
        delivered());
  }

  /**
   * A head that becomes head during an allocation, with a crossbar path free (input speedup 3),
   * goes in the allocation that forward posts for it at that instant, not in the one under way:
   * what arrives meanwhile at that instant competes with it in turn. Node 1 of a 3x1 mesh: a
   * request to node 2 at 0 gives +x's turn to the injection queue's request channel; a 256-byte
   * request to node 0 holds -x from 1,260 to 1,477.6 ns; two requests handed in at 1,200 ns, R1 for
   * node 0 and R2 for node 2, wait behind it in that channel; node 2's packet for node 1, delivered
   * at 1,390 ns, makes the module's port the output granted last. At 1,317.6 ns (-x free a switch
   * latency ahead) node 0's packet for node 1 arrives, and its allocation sends R1 on -x and that
   * packet to the module; R2 is head, wanting +x. Then, at that instant, node 1's module hands in a
   * GET response for node 2 (the response channel), which +x's turn puts before the request
   * channel: the response goes first (delivered at 1,875.2 ns) and R2 after it (1,939.2 ns).
   */
  @Test
  void aHeadThatBecomesHeadDuringAnAllocationWaitsForTheAllocationPostedForIt() {
    build(TestScenarios.of("mesh", 3, 1).credits(1, 2048).inputSpeedup(3));
    inject(0, 1, 2);
    inject(1_100_000, 1, 0, 256);
    inject(1_200_000, 1, 0); // R1
    inject(1_200_000, 1, 2); // R2
    inject(1_050_000, 2, 1);
    inject(1_137_600, 0, 1); // arrives at node 1's switch at 1,317.6 ns
    inject256(1_317_600, 1, 2, true, false);
    assertEquals(List.of("#1 at node 2, 404.0 ns", "#5 at node 1, 1454.0 ns", "#6 at node 1, 1541.6 ns",
        "#2 at node 0, 1657.6 ns", "#3 at node 0, 1721.6 ns", "#7 at node 2, 1875.2 ns", "#4 at node 2, 1939.2 ns"),
        delivered());
  }

  /**
   * A head routed round a down link may take only the ways left to it, not ones an earlier head of
   * its buffer had. A 3x3 mesh under minimal-adaptive routing, two channels per message class
   * (escape, adaptive) of two 64-byte packets each; node 0's +y and node 1's +x links are down.
   * Node 1's packet for node 4 and node 0's, through node 1 (+x adaptively, its +y down), fill
   * node 4's adaptive channel from node 1; node 0's packet for node 5 behind it in the same channel
   * at node 1 could go +x or +y adaptively or +x in the escape channels, but +x is down: only +y
   * adaptively is left, and it waits 116 ns for node 4's credit, though +y's escape channel has
   * room (the packet before it, for node 4, could have taken it; dimension order forbids it this one).
   */
  @Test
  void aHeadRoutedRoundADownLinkTakesOnlyItsOwnWaysAndNotOnesLeftByAnEarlierHead() {
    build(TestScenarios.of("mesh", 3, 3).routing("minimal-adaptive").credits(2, 160)
        .faults(new FaultPlan.LinkFault(1, PLUS_X, 0, Long.MAX_VALUE, true, 0, 0),
            new FaultPlan.LinkFault(0, 3, 0, Long.MAX_VALUE, true, 0, 0)));
    inject(1_000_000, 1, 4);
    inject(1_000_000, 0, 4);
    inject(1_000_000, 0, 5);
    assertEquals(List.of("#1 at node 4, 1404.0 ns", "#2 at node 4, 1584.0 ns", "#3 at node 5, 1944.0 ns"),
        delivered());
    Switch middle = machine.fabricSwitch(1);
    assertEquals(1, middle.creditStalls(3));
    assertEquals(116_000, middle.creditStallPs(3));
    CreditFlowTest.assertCreditsAtRest(machine, 160);
  }

  /** A frame damaged on node 0's +x link is dropped where it arrives, and traced there naming no action (its header cannot be believed). */
  @Test
  void aDamagedFrameIsDroppedAndTracedWhereItArrives() {
    build(TestScenarios.of("mesh", 2, 1).faults(new FaultPlan.LinkFault(0, PLUS_X, 0, Long.MAX_VALUE, false, 0, 1.0)));
    TraceLines trace = record();
    inject(1_000_000, 0, 1);
    assertEquals(List.of(), delivered());
    assertEquals("1180.0 lost '' 80 B on node 1 switch input 2: arrived damaged: its checksum failed, dropped",
        trace.lines.get(trace.lines.size() - 1));
    assertEquals(1, machine.fabricSwitch(1).corruptDetected());
  }

  // ---- the deadlock watch ----

  private static final int CCW = 2; // a ring's port that the packets going cw (port 1) arrive on

  /**
   * A ring of five without dateline classes, its channels of one 256-byte packet (272
   * bytes with the header), watched with a deadlock timeout of 1 us.
   */
  private static TestScenarios deadlockingRing(int vcs) {
    TestScenarios t = TestScenarios.of("ring", 5).credits(vcs, 272);
    t.datelines = false;
    t.deadlockTimeout = 1_000_000;
    return t;
  }

  /**
   * Node {@code from}'s module hands its switch at {@code at} a 256-byte packet for node {@code
   * to}: a PUT's request, or a GET's response (whose action is the initiator's, node {@code to}'s).
   * Under Valiant routing the packet's action is one whose intermediate node is {@code from}
   * itself: it starts in the second phase, in the channels of routing class 1.
   */
  private void inject256(long at, int from, int to, boolean response, boolean valiant) {
    Packet p;
    do {
      sequence++;
      Packet.Header h = response
          ? Packet.Header.response(Packet.Type.GET_RESPONSE, new Packet.ActionId(to, 0, sequence), 0, Status.DONE,
              ElementOrigin.NONE)
          : Packet.Header.putRequest(new Packet.ActionId(from, 0, sequence), to, 0, 256, Long.MAX_VALUE,
              ElementOrigin.NONE);
      p = h.split(new byte[256], 256)[0];
    } while (valiant && !startsInClassOne(from, to, p));
    Layout l = machine.layout();
    harness.add(new Event(at, l.module(from), sequence, l.switchComponent(from), new Switch.PacketArrival(0, p)));
  }

  /** Whether Valiant routing sends {@code p}, handed to node {@code from}'s switch by its module, on in class 1. */
  private boolean startsInClassOne(int from, int to, Packet p) {
    int[] ways = new int[2 * Routing.MAX_WAYS];
    Routing.of(Routing.VALIANT, machine.topology(), false).route(from, 0, 0, to, p.spread(), ways);
    return ways[1] == 1;
  }

  /**
   * Runs to the deadlock, which must end the run: its message, and when it was found (in ns, as
   * "found at t ns", the time of the event that found it).
   */
  private List<String> deadlock() {
    String m = assertThrows(FabricDeadlock.class, harness::runToEnd).getMessage();
    return List.of(m, "found at " + harness.last.time() / 1000.0 + " ns");
  }

  /**
   * The deadlock message naming the cycle round the ring of five from node {@code first}, each
   * channel waiting for the one at the node {@code step} on: "deadlock at {@code at}: node 1
   * switch input ccw vc 0 (requests) waits for node 2 switch input ccw vc 0 (requests) waits for
   * ... waits for the first: 5 channels, each full and none able to move".
   */
  private static String cycle(String at, int first, int step, String channel) {
    StringBuilder b = new StringBuilder("deadlock at " + at + ": ");
    for (int i = 0; i < 5; i++) {
      int node = Math.floorMod(first + i * step, 5);
      b.append(i == 0 ? "" : " waits for ").append("node ").append(node).append(" switch input ")
          .append(step > 0 ? "ccw " : "cw ").append(channel);
    }
    return b.append(" waits for the first: 5 channels, each full and none able to move").toString();
  }

  /** The deadlock probes posted, in order: "t ns: node a -> node b, input p channel c class k, path [...]". */
  private List<String> probes() {
    List<String> out = new ArrayList<>();
    Layout l = machine.layout();
    for (Event e : harness.posted) {
      if (e.message() instanceof Switch.DeadlockProbe p) {
        out.add(e.time() / 1000.0 + " ns: node " + l.nodeOf(e.source()) + " -> node " + l.nodeOf(e.target())
            + ", input " + p.inPort() + " channel " + p.channel() + " class " + p.routingClass() + ", path "
            + Arrays.toString(p.path()));
      }
    }
    return out;
  }

  /**
   * Every node of a ring of five hands its switch at 0 a packet for the node two steps on. Each
   * switch sends its own at once, and the one from upstream, there at 180 ns, finds the link busy
   * with it, then, at 217.6 ns, no room downstream, which holds the next switch's own: every
   * channel on the way round is full and its head waits for the next. A timeout later (1 us)
   * each switch probes along what its head waits for, a switch and a link (180 ns) a hop, and
   * five hops on, at 2117.6 ns, the probe from node 1's channel is back (the first of five to
   * arrive at that instant: its sender, node 0's switch, comes first): the cycle is named from
   * there. Each kind of channel: requests (vc 0), responses (vc 1, after the one request
   * channel), Valiant's second phase (routing class 1: vc 1 of two, and vc 3 for responses, the
   * second of the second message class), and the message classes not kept apart (no class named);
   * and going the other way round, to the node two steps back: the cycle of the cw inputs (port 1,
   * its first channel the first buffer after the module's).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "requests,                 1, true,  false, false,  1, 1, vc 0 (requests)",
      "requests the other way,   1, true,  false, false, -1, 4, vc 0 (requests)",
      "responses,                1, true,  true,  false,  1, 1, vc 1 (responses)",
      "valiant requests,         2, true,  false, true,   1, 1, vc 1 (requests)",
      "valiant responses,        2, true,  true,  true,   1, 1, vc 3 (responses)",
      "valiant classes together, 2, false, false, true,   1, 1, vc 1"})
  void aRingOfFullChannelsIsFoundATimeoutAfterItsHeadsBlockedAndNamedChannelByChannel(String kind, int vcs,
      boolean separate, boolean response, boolean valiant, int step, int first, String channel) {
    TestScenarios t = deadlockingRing(vcs).routing(valiant ? Routing.VALIANT : Routing.DIMENSION_ORDER);
    t.separateClasses = separate;
    build(t);
    for (int n = 0; n < 5; n++) {
      inject256(0, n, Math.floorMod(n + 2 * step, 5), response, valiant);
    }
    assertEquals(List.of(cycle("2.118 us", first, step, channel), "found at 2117.6 ns"), deadlock());
  }

  /**
   * Both ways round: every node of the ring sends a packet two steps on (cw) at 0 and one two
   * steps back (ccw) {@code laterPs} later, and with an input speedup of 2 both leave at once. So
   * each switch has two full channels: the head of its ccw input (from the cw packets) waits from
   * 217.6 ns, that of its cw input from {@code laterPs} later. The first to wait posts the switch's
   * deadlock check, for a timeout (1 us) later; the second posts none, one being due as soon or
   * sooner. At the check the first head has waited exactly the timeout, and is probed; the
   * second, sent a picosecond later, has waited a picosecond less, and is not (not before the
   * next check, 1 us later, which the run does not reach: the cycle of the ccw inputs ends it at
   * 2117.6 ns). Sent at one instant, both are probed, the two cycles are found at one instant,
   * and the first named is the one of the cw inputs from node 4 (node 0's switch sent that probe
   * first, as it came from node 1's switch, which comes before node 4's).
   */
  @ParameterizedTest(name = "the second {0} ps later")
  @ValueSource(longs = {1, 0})
  void aHeadIsProbedOnceItHasWaitedTheTimeoutAndASwitchPostsOneCheckAtATime(long laterPs) {
    build(deadlockingRing(1).inputSpeedup(2));
    for (int n = 0; n < 5; n++) {
      inject256(0, n, (n + 2) % 5, false, false);
      inject256(laterPs, n, (n + 3) % 5, false, false);
    }
    List<String> found = deadlock();
    List<String> first = new ArrayList<>(); // a check looks at its inputs in turn: cw (port 1), then ccw (2)
    for (int n = 0; n < 5; n++) {
      if (laterPs == 0) {
        first.add("1397.6 ns: node " + n + " -> node " + (n + 4) % 5 + ", input 1 channel 0 class 0, path [" + n + ", 1, 0]");
      }
      first.add("1397.6 ns: node " + n + " -> node " + (n + 1) % 5 + ", input 2 channel 0 class 0, path [" + n + ", 2, 0]");
    }
    List<String> probes = probes();
    assertEquals(first, probes.subList(0, first.size()), "the probes of the first check");
    // four hops more, each probe followed on by the switch it reaches, and the fifth back where it began
    assertEquals(5 * first.size(), probes.size());
    String cycle = laterPs == 0 ? cycle("2.118 us", 4, -1, "vc 0 (requests)")
        : cycle("2.118 us", 1, 1, "vc 0 (requests)");
    assertEquals(List.of(cycle, "found at 2117.6 ns"), found);
    for (int s = 0; s < 5; s++) {
      assertEquals(List.of(1217.6, 2217.6), selfPosted(s, MessageKind.DEADLOCK_CHECK), "switch " + s + ": a check, and the next one a timeout later");
    }
  }

  /**
   * A probe reaching a full channel goes on only if its head has waited the timeout itself. In the
   * ring of full request channels above, whose heads wait from 217.6 ns, node 2's switch is handed
   * a probe from node 1's switch, as it sends them, when its own head has waited exactly the
   * timeout (1 us): it goes on, round the ring in four hops of 180 ns, and finds the cycle back at
   * node 1 at 1937.6 ns, before the switches' own probes (2117.6 ns). A picosecond sooner, it dies
   * there, and the switches' own probes find the cycle.
   */
  @ParameterizedTest(name = "after {0} ps")
  @ValueSource(longs = {1_000_000, 999_999})
  void aProbeGoesOnThroughAChannelWhoseHeadHasWaitedTheTimeoutAndDiesAtOneThatHasNot(long waitedPs) {
    build(deadlockingRing(1));
    for (int n = 0; n < 5; n++) {
      inject256(0, n, (n + 2) % 5, false, false);
    }
    long at = 217_600 + waitedPs;
    Layout l = machine.layout();
    harness.add(new Event(at, l.switchComponent(1), Long.MAX_VALUE, l.switchComponent(2),
        new Switch.DeadlockProbe(CCW, 0, 0, new int[] {1, CCW, 0})));
    List<String> found = deadlock();
    String passed = (at + 180_000) / 1000.0 + " ns: node 2 -> node 3, input 2 channel 0 class 0, path [1, 2, 0, 2, 2, 0]";
    boolean goesOn = waitedPs == 1_000_000;
    assertEquals(goesOn, probes().contains(passed), passed);
    assertEquals(goesOn ? List.of(cycle("1.938 us", 1, 1, "vc 0 (requests)"), "found at 1937.6 ns")
        : List.of(cycle("2.118 us", 1, 1, "vc 0 (requests)"), "found at 2117.6 ns"), found);
  }
}
