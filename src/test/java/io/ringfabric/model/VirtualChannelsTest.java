package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.TopologySpec;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A switch's input channels and output credits on their own, without a switch: where the credits
 * start, which channel a packet joins, how a head's wait for a credit is counted, and how an
 * input's crossbar paths are shared. Here a 4x4 torus switch (5 ports), 2 channels of each of the
 * two message classes per port (4 per port), 1,000 bytes of room each, dimension-order routing
 * with dateline classes (channel v serves class v mod 2), warm-up until 500 ps.
 *
 * <p>Equivalent mutants left alive: in useInput, {@code inputFree[j] < inputFree[k]} as {@code <=}
 * gives a tie between two paths free at the same time to the later one; the paths are alike and
 * only the times they are free at are ever read, so which one takes the packet changes nothing.
 * A buffer's numbers at offset 0 of its stretch ({@code HELD}, {@code BLOCKED_SINCE}): {@code i +
 * HELD} as {@code i - HELD} is the same index. In pick, {@code credit > bestRoom} as {@code >=}
 * differs only between two channels of one routing class, which dimension-order routing with
 * dateline classes never has (CreditFlowTest's minimal-adaptive runs have them). In nextWant,
 * {@code pass < 2} as {@code <= 2}: a third pass, from 0 as the second, finds nothing it did not.
 */
class VirtualChannelsTest {
  private static final int ROOM = 1_000;
  private static final long WARM_UP = 500;

  private static VirtualChannels channels(int speedup, boolean... credited) {
    FabricSpec fabric = new FabricSpec(10_000_000_000L, 1_000, 1_000, 256, 16, Switching.CUT_THROUGH,
        FlowControl.CREDIT, 2, ROOM, true, true, FabricSpec.DEADLOCK_TIMEOUT_PS, 0, 0, speedup, SwitchAllocator.MAXIMAL, "auto",
        FaultPlan.NONE);
    Routing routing = Routing.of(Routing.DIMENSION_ORDER,
        Topologies.build(new TopologySpec("torus", List.of(4, 4))), true);
    return new VirtualChannels(credited.length, fabric, routing, credited, WARM_UP);
  }

  private static VirtualChannels channels() {
    return channels(1, false, true, true, false, true);
  }

  private static Packet packet(Packet.Type type, long sequence) {
    Packet.ActionId action = new Packet.ActionId(1, 0, sequence);
    Packet.Header header = type.isRequest()
        ? Packet.Header.putRequest(action, 5, 0, 0, Long.MAX_VALUE, ElementOrigin.NONE)
        : Packet.Header.response(type, action, 0, Status.DONE, ElementOrigin.NONE);
    return header.split(null, 256)[0];
  }

  @Test
  void onlyOutputsWithALinkStartWithCreditForEveryChannel() {
    VirtualChannels ch = channels();
    assertEquals(4, ch.perPort());
    assertEquals(20, ch.buffers());
    boolean[] linked = {false, true, true, false, true};
    for (int out = 0; out < 5; out++) {
      for (int vc = 0; vc < 4; vc++) {
        assertEquals(linked[out] ? ROOM : 0, ch.credits(out, vc), "output " + out + " vc " + vc);
      }
    }
  }

  @Test
  void requestsAndResponsesHaveChannelsOfTheirOwn() {
    VirtualChannels ch = channels();
    Packet request = packet(Packet.Type.PUT_REQUEST, 1);
    Packet response = packet(Packet.Type.GET_RESPONSE, 1);
    assertEquals(0, ch.classBase(request));
    assertEquals(2, ch.classBase(response));
    assertEquals(List.of(0, 1, 0, 1), List.of(ch.classOf(0), ch.classOf(1), ch.classOf(2), ch.classOf(3)));
    // the credit pick keeps to the packet's message class: vc 2 or 3 for a response
    assertEquals(3, ch.pick(1, response, 1, 100));
    assertEquals(-1, ch.pick(3, response, 1, 100), "no credit behind an output without a link");
  }

  /** A packet from the module joins the channel of its class holding fewest, the lowest of equals. */
  @Test
  void anInjectedPacketJoinsItsClassesShortestChannel() {
    VirtualChannels ch = channels();
    Packet response = packet(Packet.Type.PUT_RESPONSE, 1);
    assertEquals(2, ch.injectionChannel(response));
    assertTrue(ch.arrive(0, 2, response, 50, 0));
    assertEquals(1, ch.size(2));
    assertEquals(0, ch.size(3));
    assertEquals(3, ch.injectionChannel(response));
    assertFalse(ch.arrive(0, 2, response, 50, 0), "the second packet of a channel is not its head");
    assertTrue(ch.arrive(0, 3, response, 50, 0));
    assertEquals(3, ch.injectionChannel(response));
    assertEquals(0, ch.injectionChannel(packet(Packet.Type.GET_REQUEST, 2)));
  }

  /** A head waits on one output at a time; its wait counts as a stall from the warm-up's end on. */
  @Test
  void aHeadsWaitForACreditIsCountedOnTheOutputItWaitedOn() {
    VirtualChannels ch = channels();
    int b = 4 + 1; // port 1, vc 1
    assertFalse(ch.blocked(b));
    assertEquals(0, ch.unblock(b, 100), "a head that did not wait waited 0");
    assertTrue(ch.block(b, 0, 1, 200)); // on the module's port, the lowest output
    assertTrue(ch.blocked(b));
    assertFalse(ch.block(b, 2, 0, 300), "already waiting: the first wait stands");
    assertEquals(0, ch.blockedOn(b));
    assertEquals(1, ch.blockedClass(b));
    assertEquals(200, ch.blockedSince(b));
    assertEquals(300, ch.unblock(b, 500)); // ends at the warm-up's end: counted
    assertFalse(ch.blocked(b));
    assertEquals(1, ch.stalls(0));
    assertEquals(300, ch.stallPs(0));
    assertTrue(ch.block(b, 4, 0, 100));
    assertEquals(4, ch.blockedOn(b));
    assertEquals(399, ch.unblock(b, 499)); // ends before it: not counted
    assertEquals(0, ch.stalls(4));
    assertEquals(1, ch.stalls());
  }

  /**
   * A head waiting for a credit on an output, routed again around a down link: if the output it
   * waits on is still among its ways the wait goes on as one stall from when it began (the
   * deadlock watch judges by that time); if not, the wait ends there and is counted.
   */
  @Test
  void aHeadRoutedAgainKeepsItsWaitOnAnOutputItStillWants() {
    VirtualChannels ch = channels();
    int b = 4 + 1;
    ch.route(b, new int[] {2, 0, 4, 1}, 2, 600);
    assertTrue(ch.block(b, 4, 1, 700));
    assertTrue(ch.reroute(b, new int[] {4, 1}, 1, 900)); // output 2 went down; 4 is still a way
    assertTrue(ch.blocked(b));
    assertEquals(700, ch.blockedSince(b));
    assertEquals(0, ch.stalls(4), "still one wait, not yet over");
    assertEquals(400, ch.unblock(b, 1_100));
    assertEquals(1, ch.stalls(4));
    ch.route(b, new int[] {2, 0, 4, 1}, 2, 1_200);
    assertTrue(ch.block(b, 4, 1, 1_300));
    assertTrue(ch.reroute(b, new int[] {2, 0}, 1, 1_500)); // 4 went down: the wait on it ends
    assertFalse(ch.blocked(b));
    assertEquals(2, ch.stalls(4));
    assertEquals(400 + 200, ch.stallPs(4));
  }

  @Test
  void theLastOutputGrantedAndEachOutputsLastBufferAreRemembered() {
    VirtualChannels ch = channels();
    ch.served(3, 7);
    ch.served(1, 9);
    assertEquals(1, ch.outputTurn());
    assertEquals(7, ch.turn(3));
    assertEquals(9, ch.turn(1));
  }

  /** With an input speedup of 2 an input has two crossbar paths; a packet takes the one free soonest. */
  @Test
  void anInputsPacketsTakeItsPathFreeSoonest() {
    VirtualChannels ch = channels(2, false, true, true, true, true);
    ch.useInput(4, 1_000);
    assertEquals(Long.MIN_VALUE / 4, ch.inputFreeAt(4), "one path of input 4 is still free");
    ch.useInput(4, 3_000);
    assertEquals(1_000, ch.inputFreeAt(4));
    ch.useInput(4, 2_000); // the path free at 1,000
    assertEquals(2_000, ch.inputFreeAt(4));
    ch.useInput(4, 4_000);
    assertEquals(3_000, ch.inputFreeAt(4));
    assertEquals(Long.MIN_VALUE / 4, ch.inputFreeAt(3), "input 3's paths are its own");
  }

  /** Room taken by arrivals is counted per input buffer, and freed as each departure leaves. */
  @Test
  void anInputBuffersRoomIsFreedAsItsPacketsLeave() {
    VirtualChannels ch = channels();
    Packet p = packet(Packet.Type.PUT_REQUEST, 1);
    int b = 4; // port 1, vc 0: the first buffer that counts its room
    assertEquals(Long.MIN_VALUE / 4, ch.nextLeave(b, 7), "nothing has left yet");
    ch.arrive(1, 0, p, 400, 0);
    ch.arrive(1, 0, p, 400, 0);
    ch.depart(b, 100, 100);
    assertEquals(1, ch.size(b));
    ch.arrive(1, 0, p, 600, 100); // the first has left by 100: 400 + 600 held
    ch.arrive(1, 1, p, 300, 100);
    assertEquals(1_000, ch.maxHeld(1, 0));
    assertEquals(300, ch.maxHeld(1, 1));
    assertEquals(0, ch.maxHeld(0, 1));
    assertEquals(100 + 7, ch.nextLeave(b, 7));
  }

  /** The last buffer's head can have all five ways; leaving, it stops wanting each of them. */
  @Test
  void aHeadWithEveryWayStopsWantingThemAllAsItLeaves() {
    VirtualChannels ch = channels();
    int last = ch.buffers() - 1;
    ch.arrive(4, 3, packet(Packet.Type.GET_RESPONSE, 1), 100, 0);
    ch.route(last, new int[] {1, 0, 2, 0, 4, 1, 0, 0, 3, 1}, Routing.MAX_WAYS, 10);
    assertEquals(5, ch.wayCount(last));
    assertEquals(4, ch.wayPort(last, 2));
    assertEquals(1, ch.wayClass(last, 2));
    assertEquals(10, ch.headSince(last));
    assertTrue(ch.wants(3, last));
    assertFalse(ch.wantsNothing());
    ch.depart(last, 20, 20);
    for (int out = 0; out < 5; out++) {
      assertTrue(ch.wantsNone(out), "output " + out);
    }
    assertTrue(ch.wantsNothing());
    assertEquals(0, ch.wayCount(last));
  }

  /**
   * A switch of 17 ports has 68 buffers, more than one word of wants: each output's heads are
   * kept apart from every other output's, across both words, and found going round.
   */
  @Test
  void theWantsOfAManyPortedSwitchSpanTwoWordsPerOutput() {
    boolean[] credited = new boolean[17];
    Arrays.fill(credited, true);
    credited[0] = false;
    VirtualChannels ch = channels(1, credited);
    assertEquals(68, ch.buffers());
    assertTrue(ch.wantsNothing());
    int high = 16 * 4 + 2; // port 16 vc 2: in the second word
    int low = 4 + 1; // port 1 vc 1
    ch.arrive(16, 2, packet(Packet.Type.GET_RESPONSE, 1), 100, 0);
    ch.route(high, new int[] {3, 0, 15, 1}, 2, 0);
    ch.arrive(1, 1, packet(Packet.Type.PUT_REQUEST, 2), 100, 0);
    ch.route(low, new int[] {15, 0}, 1, 0);
    assertTrue(ch.wants(3, high));
    assertFalse(ch.wants(3, low));
    assertFalse(ch.wants(2, high));
    assertFalse(ch.wants(4, high));
    assertTrue(ch.wants(15, high) && ch.wants(15, low));
    assertFalse(ch.wants(16, high));
    assertEquals(List.of(0, 1, 2, 0), List.of(ch.wantCount(0), ch.wantCount(3), ch.wantCount(15), ch.wantCount(16)));
    for (int out = 0; out < 17; out++) {
      assertEquals(out != 3 && out != 15, ch.wantsNone(out), "output " + out);
    }
    assertEquals(low, ch.nextWant(15, 0));
    assertEquals(high, ch.nextWant(15, low));
    assertEquals(low, ch.nextWant(15, high), "going round");
    assertEquals(high, ch.nextWant(3, high), "the one head, found again");
    assertEquals(-1, ch.nextWant(16, 0));
    ch.depart(high, 10, 10);
    assertTrue(ch.wantsNone(3));
    assertEquals(1, ch.wantCount(15));
    assertFalse(ch.wantsNothing(), "the low head, in the first word of output 15's wants");
    assertEquals(low, ch.nextWant(15, low));
  }

  /**
   * Departures leave in order: an arrival frees the room of those gone by then and keeps the
   * rest; the most a buffer held stays when it holds less again.
   */
  @Test
  void anArrivalFreesOnlyTheDeparturesGoneByThenAndTheMostHeldStays() {
    VirtualChannels ch = channels();
    Packet p = packet(Packet.Type.PUT_REQUEST, 1);
    int b = 4; // port 1, vc 0
    ch.arrive(1, 0, p, 400, 0);
    ch.arrive(1, 0, p, 400, 0);
    ch.depart(b, 100, 100);
    ch.depart(b, 300, 300);
    ch.arrive(1, 0, p, 600, 200); // the first has left, the second not: 400 + 600
    assertEquals(1_000, ch.maxHeld(1, 0));
    ch.depart(b, 400, 400);
    ch.arrive(1, 0, p, 100, 500); // all three have left
    assertEquals(1_000, ch.maxHeld(1, 0), "the most it held");
    assertEquals(1, ch.size(b));
    assertEquals(p, ch.head(b));
    assertEquals(100, ch.headWireBytes(b));
  }

  /**
   * A waiting packet's target node and spread are kept beside it, so its switch routes it as head
   * without reading the packet; they follow their packet through a ring that grows, and a
   * departure's leaving time takes their place only once it is decided.
   */
  @Test
  void aWaitingPacketsTargetAndSpreadAreKeptBesideIt() {
    VirtualChannels ch = channels();
    int b = 4; // port 1, vc 0
    Packet[] sent = new Packet[6];
    for (long seq = 0, i = 0; i < sent.length; seq++) { // the last with a spread whose top bit is set
      Packet.ActionId action = new Packet.ActionId((int) i, 3, 1L << 40 | seq);
      Packet p = Packet.Header.putRequest(action, 10 + (int) i, 0, 0, Long.MAX_VALUE, ElementOrigin.NONE).split(null, 256)[0];
      if (i < sent.length - 1 || p.spread() < 0) {
        sent[(int) i] = p;
        ch.arrive(1, 0, p, 100, 0);
        i++;
      }
    }
    for (int i = 0; i < sent.length; i++) {
      assertEquals(sent[i], ch.head(b));
      assertEquals(10 + i, ch.headTarget(b), "head " + i);
      assertEquals(sent[i].spread(), ch.headSpread(b), "head " + i);
      assertEquals(100, ch.headWireBytes(b));
      ch.depart(b, 1_000 + i, 1_000 + i);
    }
    ch.arrive(1, 0, sent[0], 100, 1_002); // frees the room of the three gone by then, not the rest
    assertEquals(10, ch.headTarget(b));
    assertEquals(sent[0].spread(), ch.headSpread(b));
    ch.arrive(1, 0, sent[1], 900 - 4 * 100, 1_002);
    assertEquals(900, ch.maxHeld(1, 0), "three departures still hold their room");
  }

  /** A head takes a channel of its own message class behind an output: its buffer says which, without its packet. */
  @Test
  void aHeadsCreditPickKeepsToTheMessageClassOfItsBuffer() {
    VirtualChannels ch = channels();
    Packet response = packet(Packet.Type.GET_RESPONSE, 1);
    Packet request = packet(Packet.Type.PUT_REQUEST, 1);
    ch.arrive(2, 3, response, 100, 0); // port 2, vc 3: the responses' second channel
    ch.arrive(2, 0, request, 100, 0);
    assertEquals(3, ch.pickFor(2 * 4 + 3, 1, 1));
    assertEquals(2, ch.pickFor(2 * 4 + 3, 1, 0));
    assertEquals(1, ch.pickFor(2 * 4, 1, 1));
    assertEquals(0, ch.pickFor(2 * 4, 1, 0));
    ch.take(1, 2, ROOM - 99);
    assertEquals(-1, ch.pickFor(2 * 4 + 3, 1, 0), "99 bytes of room left: not enough for 100");
    assertEquals(-1, ch.pickFor(2 * 4 + 3, 3, 1), "no credit behind an output without a link");
  }

  /** Each output's link time is its own, from 0 until a packet books it. */
  @Test
  void eachOutputsLinkIsFreeFromWhenItWasLastBookedUntil() {
    VirtualChannels ch = channels(2, false, true, true, true, true);
    for (int out = 0; out < 5; out++) {
      assertEquals(0, ch.linkFreeAt(out));
    }
    ch.linkBooked(3, 7_000);
    ch.linkBooked(0, 5_000);
    ch.useInput(4, 9_000);
    assertEquals(List.of(5_000L, 0L, 0L, 7_000L, 0L),
        List.of(ch.linkFreeAt(0), ch.linkFreeAt(1), ch.linkFreeAt(2), ch.linkFreeAt(3), ch.linkFreeAt(4)));
    assertEquals(Long.MIN_VALUE / 4, ch.inputFreeAt(4), "a crossbar path is not a link");
  }
}
