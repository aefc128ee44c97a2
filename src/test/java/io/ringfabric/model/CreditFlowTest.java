package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Credit flow control: buffers that never overflow, credits that all come home, latency at rest unchanged.
 *
 * <p>Switch's mutants left alive are argued in SwitchTest.
 */
class CreditFlowTest {
  private static final int PACKET = 256 + 16; // a full MTU and the header

  /** Two senders into the middle node of a line of three: its module link is the bottleneck. */
  private static TestScenarios incast(int vcs, int buffer) {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).credits(vcs, buffer).ring(NodeSet.all(), 0, 1 << 20, 256);
    for (int core = 0; core < 4; core++) {
      t.putStream(NodeSet.of(0, 2), core, Pattern.FIXED, 1, 0, 256, 200, 0);
    }
    return t;
  }

  @Test
  void aLineWithOnePacketBuffersNeverHoldsMoreThanOneAndEveryCreditComesHome() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(incast(1, PACKET));
    RunResult r = run.result();
    assertEquals(2 * 4 * 200, r.ops().get("put").ok(), r.ops().toString());
    long stalls = 0;
    for (int s = 0; s < 3; s++) {
      VirtualChannels ch = run.machine().fabricSwitch(s).channels();
      for (int port = 1; port < 5; port++) {
        for (int vc = 0; vc < ch.perPort(); vc++) {
          assertTrue(ch.maxHeld(port, vc) <= PACKET, "switch " + s + " port " + port + " vc " + vc
              + " held " + ch.maxHeld(port, vc));
        }
      }
      stalls += ch.stalls();
    }
    assertTrue(stalls > 0, "the senders had to wait for room in the middle switch");
    assertEquals(stalls, r.links().creditStalls(), "results.json counts every stall, on the links they waited behind");
    assertTrue(r.links().meanCreditStallNs() > 0, r.links().toString());
    assertTrue(run.machine().fabricSwitch(1).channels().maxHeld(2, 0) == PACKET,
        "the middle switch's input from node 0 was full at times");
    assertCreditsAtRest(run.machine(), PACKET);
  }

  @Test
  void biggerBuffersStallLess() {
    long small = stalls(CustomPrograms.runBuiltIn(incast(1, PACKET)).machine());
    long big = stalls(CustomPrograms.runBuiltIn(incast(1, 16 * PACKET)).machine());
    assertTrue(big < small, big + " stalls with 16 packets of room against " + small + " with one");
  }

  @Test
  void aChannelsTurnaroundSpacesItsPacketsAndCostsNothingAtRest() {
    // One channel per class: every request from node 0 queues in the same input channel of node 1's switch.
    TestScenarios t = incast(1, 8 * PACKET).duration(20_000_000);
    RunResult pipelined = CustomPrograms.runBuiltIn(t).result();
    t.vcTurnaround = 2_000_000; // 2 us between two packets of one channel
    RunResult slow = CustomPrograms.runBuiltIn(t).result();
    long fast = pipelined.ops().get("put").ok();
    long spaced = slow.ops().get("put").ok();
    // node 1's switch passes each of its two inputs a packet every 2 us at most: 20 in 20 us
    assertTrue(spaced <= 2 * 10 + 2, spaced + " PUTs in 20 us through channels of one packet per 2 us");
    assertTrue(fast > 4 * spaced, fast + " against " + spaced);
    TestScenarios idle = TestScenarios.torus(4, 4).credits(2, 2048).ring(NodeSet.all(), 0, 1 << 20, 1024)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 10, 0, 64, 5, 0);
    RunResult before = CustomPrograms.runBuiltIn(idle).result();
    idle.vcTurnaround = 100_000;
    assertEquals(before.latencyNs(), CustomPrograms.runBuiltIn(idle).result().latencyNs(),
        "one packet at a time never meets the turnaround");
  }

  @Test
  void withoutLoadCreditsChangeNoLatency() {
    // One PUT at a time over 2 + 2 hops of a 4x4 torus: nothing ever waits for room.
    TestScenarios t = TestScenarios.torus(4, 4).ring(NodeSet.all(), 0, 1 << 20, 1024)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 10, 0, 1024, 20, 0);
    RunResult none = CustomPrograms.runBuiltIn(t).result();
    CustomPrograms.Run credited = CustomPrograms.runBuiltIn(t.credits(2, 2048));
    RunResult credit = credited.result();
    assertEquals(none.latencyNs(), credit.latencyNs());
    assertEquals(none.links(), credit.links());
    assertEquals(none.simulatedNs(), credit.simulatedNs());
    assertEquals(0, stalls(credited.machine()));
    assertNotEquals(none.events(), credit.events(), "credits are events of their own");
    assertCreditsAtRest(credited.machine(), 2048);
  }

  /**
   * Two senders into the middle node of a line, one-packet PUTs: their packets meet at the middle
   * switch's port to its module, and one waits for the other. With room enough in every buffer
   * the input-queued switch must send the waiting one the moment the link is free, as the ideal
   * output queue does: the same latencies, link use and end, and the switches' accessors agree.
   */
  @Test
  void withRoomEnoughAHeadWaitingForTheLinkGoesTheMomentItIsFree() {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 1 << 20, 1024);
    t.group("put-stream", NodeSet.of(0, 2), 0, 2, new PutStreamSpec(Pattern.FIXED, 1, 0, 200, 30, 0));
    CustomPrograms.Run ideal = CustomPrograms.runBuiltIn(t);
    assertTrue(ideal.machine().fabricSwitch(1).ports()[0].waited() > 0, "packets met at the module's port");
    assertEquals(0, ideal.machine().fabricSwitch(1).channelsPerPort());
    CustomPrograms.Run credited = CustomPrograms.runBuiltIn(t.credits(2, 1 << 16));
    assertEquals(ideal.result().latencyNs(), credited.result().latencyNs());
    assertEquals(ideal.result().links(), credited.result().links());
    assertEquals(ideal.result().simulatedNs(), credited.result().simulatedNs());
    Switch middle = credited.machine().fabricSwitch(1);
    assertEquals(1, middle.switchId());
    assertEquals(4, middle.channelsPerPort());
    assertEquals(0, middle.waitingAt(2, 1), "all gone at the end");
    assertCreditsAtRest(credited.machine(), 1 << 16);
  }

  @Test
  void aLoadedTorusWithDatelinesDeliversEverythingOnBothEngines() {
    TestScenarios t = TestScenarios.torus(4, 4).credits(2, PACKET).ring(NodeSet.all(), 0, 1 << 20, 1024);
    t.group("put-stream", NodeSet.all(), 0, 4, new PutStreamSpec(Pattern.UNIFORM, 0, 0, 1024, 40, 0));
    CustomPrograms.Run ref = new CustomPrograms().run(t, "reference");
    CustomPrograms.Run actors = new CustomPrograms().run(t, "actors");
    assertEquals(16 * 4 * 40, ref.result().ops().get("put").ok(), ref.result().ops().toString());
    assertTrue(stalls(ref.machine()) > 0, "the load made packets wait for room");
    assertEquals(ref.result().fingerprint(), actors.result().fingerprint());
    assertEquals(ref.result().latencyNs(), actors.result().latencyNs());
    assertCreditsAtRest(ref.machine(), PACKET);
    assertCreditsAtRest(actors.machine(), PACKET);
  }

  private static long stalls(Machine m) {
    long n = 0;
    for (int s = 0; s < m.topology().switches(); s++) {
      n += m.fabricSwitch(s).channels().stalls();
    }
    return n;
  }

  /** After a run every buffer is empty again: each output holds credit for all the room behind it. */
  static void assertCreditsAtRest(Machine m, int room) {
    for (int s = 0; s < m.topology().switches(); s++) {
      Switch sw = m.fabricSwitch(s);
      VirtualChannels ch = sw.channels();
      for (int port = 1; port < m.topology().ports(s); port++) {
        if (!sw.hasLink(port)) {
          continue;
        }
        for (int vc = 0; vc < ch.perPort(); vc++) {
          assertEquals(room, ch.credits(port, vc), "switch " + s + " port " + port + " vc " + vc);
        }
      }
    }
  }

  /** The switch keeps its own copy of each output link's free time for its allocation: after a run it is still the link's. */
  @Test
  void eachSwitchsCopyOfItsLinksFreeTimesIsTheLinksOwn() {
    Machine m = CustomPrograms.runBuiltIn(incast(2, 4 * PACKET)).machine();
    int booked = 0;
    for (int s = 0; s < m.topology().switches(); s++) {
      Switch sw = m.fabricSwitch(s);
      OutputPort[] ports = sw.ports();
      for (int p = 0; p < ports.length; p++) {
        assertEquals(ports[p].freeAt(), sw.channels().linkFreeAt(p), "switch " + s + " port " + p);
        booked += ports[p].freeAt() > 0 ? 1 : 0;
      }
    }
    assertTrue(booked >= 4, booked + " links carried packets");
  }
}
