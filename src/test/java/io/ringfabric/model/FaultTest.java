package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import io.ringfabric.topology.Topologies;
import io.ringfabric.topology.Topology;
import io.ringfabric.topology.TopologyFile;
import io.ringfabric.topology.TopologySpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fabric.faults}: with packets lost and corrupted on every link, every PUT still ends DONE
 * once (its copies never applied twice, a lost answer given again from the target's record), no
 * acknowledged element is lost, none is duplicated or corrupted; and both engines agree. A down
 * link loses what is sent on it, except where adaptive routing goes round it.
 *
 * <p>Equivalent mutants left alive in MessagingModule: {@code p.count() > 1} as {@code >= 1} (line
 * 190) sends a one-packet message through a reassembly of one, which gives back the same bytes;
 * {@code first < 0} as {@code <= 0} (line 224) differs only for a packet starting at time 0, and
 * a module's packets start after its work, never at 0.
 */
class FaultTest {
  private static final FaultPlan.LinkFault LOSSY = new FaultPlan.LinkFault(-1, 0, 0, Long.MAX_VALUE, false, 1e-2, 1e-2);

  private static TestScenarios lossy(String shape, String routing, boolean credits) {
    String[] s = shape.split(" ");
    TestScenarios t;
    if (s[0].equals("file")) {
      t = TestScenarios.of("ring", 1).topology(TopologyFile.parse(TestScenarios.RING_AND_RELAY, "test.topo"));
    } else {
      Integer[] dims = new Integer[s.length - 1];
      for (int i = 1; i < s.length; i++) {
        dims[i - 1] = Integer.parseInt(s[i]);
      }
      t = TestScenarios.of(s[0], dims);
    }
    if (credits) {
      t.credits(4, 2 * 272);
    }
    return t.routing(routing).seed(shape.hashCode()).faults(LOSSY)
        .timeout(20_000_000, 10) // 20 us, ten resends: a PUT that loses all eleven copies is not to be expected
        .ring(NodeSet.all(), 0, 4096, 600)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 40, 60, 0)
        .putStream(NodeSet.all(), 2, Pattern.UNIFORM, 0, 0, 300, 60, 0);
  }

  @ParameterizedTest(name = "{0} {1} credits {2}")
  @CsvSource({"torus 4 4, dimension-order, true", "torus 4 4, minimal-adaptive, false", "mesh 4 3, valiant, true",
      "ring 8, minimal-adaptive, true", "star 6, auto, false", "fat-tree 2 3, auto, true", "file, auto, true"})
  void lossAndCorruptionNeverLoseNorDuplicateAnAcknowledgedElement(String shape, String routing, boolean credits) {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(lossy(shape, routing, credits));
    RunResult r = run.result();
    int nodes = r.nodes();
    assertTrue(r.links().dropped() > 0 && r.links().corruptDetected() > 0, r.links().toString());
    assertTrue(r.module().retries() > 0 && r.module().duplicatesSuppressed() > 0, r.module().toString());
    RunResult.Ops put = r.ops().get("put");
    assertEquals(nodes * 120L, put.ok() + put.errors().getOrDefault("FULL", 0L), "every PUT DONE or FULL: " + r.ops());
    assertEquals(put.ok(), r.ops().get("get").ok() + r.rings().elementsRemaining(), "nothing lost once acknowledged");
    long applied = 0;
    for (int n = 0; n < nodes; n++) {
      for (RingBuffer ring : run.machine().memory(n).rings()) {
        applied += ring.puts();
      }
    }
    assertEquals(put.ok(), applied, "each DONE PUT applied exactly once, its copies never");
    assertEquals(r.ops().get("get").ok(), r.integrity().checked());
    assertEquals(0, r.integrity().corrupt(), "corrupt");
    assertEquals(0, r.integrity().outOfOrder(), "out of order");
    if (credits) { // a lost packet took no room, a corrupted one gave its room back at once
      CreditFlowTest.assertCreditsAtRest(run.machine(), 2 * 272);
    }
  }

  @Test
  void bothEnginesSeeTheSameFaults() {
    TestScenarios t = lossy("torus 4 4", "minimal-adaptive", true);
    RunResult reference = new CustomPrograms().run(t, "reference").result();
    RunResult actors = new CustomPrograms().run(t, "actors").result();
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(reference.links(), actors.links());
    assertEquals(reference.module(), actors.module());
    TestScenarios other = lossy("torus 4 4", "minimal-adaptive", true).seed(99);
    assertNotEquals(reference.links().dropped() + "/" + reference.links().corruptDetected(),
        CustomPrograms.runBuiltIn(other).result().links().dropped() + "/"
            + CustomPrograms.runBuiltIn(other).result().links().corruptDetected(), "another seed, other faults");
  }

  /** Node 0's +x link down for the whole run; PUTs from node 0 only, to every other node of a 4x4 torus in turn, four times. */
  private static RunResult downLink(String routing) {
    TestScenarios t = TestScenarios.torus(4, 4).credits(3, 2 * 272).routing(routing)
        .faults(new FaultPlan.LinkFault(0, 1, 0, Long.MAX_VALUE, true, 0, 0))
        .timeout(5_000_000, 1).duration(20_000_000_000L) // a lost PUT ends 170 us after its doorbell
        .ring(NodeSet.all(), 0, 1 << 16, 600)
        .putStream(NodeSet.of(0), 1, Pattern.ALL_TO_ALL, 0, 0, 40, 60, 0);
    return CustomPrograms.runBuiltIn(t).result();
  }

  @Test
  void aDownLinkLosesWhatIsSentOnItUnlessAdaptiveRoutingGoesRound() {
    RunResult fixed = downLink("dimension-order");
    RunResult adaptive = downLink("minimal-adaptive");
    long fixedLost = fixed.ops().get("put").errors().getOrDefault("TIMEOUT", 0L);
    long adaptiveLost = adaptive.ops().get("put").errors().getOrDefault("TIMEOUT", 0L);
    // dimension-order sends +x first to the 4 x 2 nodes one or two hops +x of node 0 (x = 1, and the tie at x = 2 half the time)
    assertTrue(fixedLost > 0 && fixed.links().lostOnDownLinks() > 0, fixed.ops() + " " + fixed.links());
    // minimal-adaptive goes round by y wherever y is to be travelled too: only row 0's targets must take +x
    assertTrue(adaptiveLost < fixedLost / 2, adaptiveLost + " lost adaptively against " + fixedLost);
    assertEquals(60, fixed.ops().get("put").ok() + fixedLost);
    assertEquals(60, adaptive.ops().get("put").ok() + adaptiveLost);
    assertEquals(fixedLost, fixed.module().unanswered(), "nothing came back from them");
  }

  /** Two spines, 4 and 5, under the root 6; nodes 0 .. 3 each linked to both: two up ports from every node. */
  static final String TWO_SPINES = """
      nodes 4
      switches 7
      root 6
      link 0 4
      link 0 5
      link 1 4
      link 1 5
      link 2 4
      link 2 5
      link 3 4
      link 3 5
      link 4 6
      link 5 6
      """;

  private static TopologySpec shape(String shape) {
    return shape.equals("file") ? TopologyFile.parse(TWO_SPINES, "spines.topo")
        : new TopologySpec(Topologies.FAT_TREE, List.of(2, 2));
  }

  /** The link named as the report names it ("tree 0.0 up 0" or "node 0 to switch 4"), down for the whole run. */
  static FaultPlan.LinkFault down(TopologySpec spec, String name) {
    Topology t = Topologies.build(spec);
    for (Topology.Link l : t.links()) {
      if (l.name().equals(name) || name.equals(t.switchName(l.fromSwitch()) + " " + t.portName(l.fromSwitch(), l.fromPort()))) {
        return new FaultPlan.LinkFault(l.fromSwitch(), l.fromPort(), 0, Long.MAX_VALUE, true, 0, 0);
      }
    }
    throw new IllegalArgumentException("no link " + name);
  }

  /** Node 0 PUTs ten elements to node 2 with {@code link} down, timeout 5 us and one resend (issue 34's scenario). */
  private static CustomPrograms.Run upDown(String shape, String link, boolean credits) {
    TopologySpec spec = shape(shape);
    TestScenarios t = TestScenarios.of("ring", 1).topology(spec).faults(down(spec, link))
        .timeout(5_000_000, 1).ring(NodeSet.of(2), 0, 1 << 16, 1024)
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 2, 0, 64, 10, 0);
    if (credits) {
      t.credits(2, 2240);
    }
    return CustomPrograms.runBuiltIn(t);
  }

  /**
   * Up-down offers every up port toward an ancestor of the destination: with the one its route
   * takes down, the packet goes up by the next whose link is up, and nothing is lost.
   */
  @ParameterizedTest(name = "{0}: {1} down, credits {2}")
  @CsvSource({"fat-tree, tree 0.0 up 0, true", "fat-tree, tree 0.0 up 0, false",
      "file, node 0 to switch 4, true", "file, node 0 to switch 4, false"})
  void upDownGoesAroundADownLinkOnTheWayUp(String shape, String link, boolean credits) {
    CustomPrograms.Run run = upDown(shape, link, credits);
    RunResult r = run.result();
    assertEquals(10, r.ops().get("put").ok(), r.ops().toString());
    assertEquals(Map.of(), r.ops().get("put").errors());
    assertEquals(0, r.links().lostOnDownLinks(), r.links().toString());
    assertEquals(0, r.module().retries());
    if (credits) {
      CreditFlowTest.assertCreditsAtRest(run.machine(), 2240);
    }
  }

  /**
   * Below the last switch where up-down had a choice the way down is the only one: a link down
   * there loses every copy sent on it (each request, its resend and the confirmations), so each
   * PUT ends TIMEOUT unanswered and every copy is counted lost on a down link.
   */
  @ParameterizedTest(name = "{0}: {1} down")
  @CsvSource({"fat-tree, tree 1.0 down 1", "fat-tree, tree 0.1 down 0", "file, switch 4 to node 2"})
  void aDownLinkOnTheWayDownLosesWhatTakesIt(String shape, String link) {
    RunResult r = upDown(shape, link, true).result();
    assertEquals(Map.of("TIMEOUT", 10L), r.ops().get("put").errors(), r.ops().toString());
    assertEquals(10, r.module().unanswered());
    assertEquals(10, r.ops().get("put").unknown(), "no answer at all: whether applied is unknown");
    assertEquals("TIMEOUT 10 (10 outcome unknown)", io.ringfabric.stats.Report.operationRows(r).get(1)[4]);
    assertEquals(10 * 2 + r.module().confirmations(), r.links().lostOnDownLinks(), r.links().toString());
    assertEquals(10 * 4, r.module().confirmations(), "auto: 4 with faults");
  }

  /**
   * Nodes 0 and 1 PUT 4 KiB elements to node 2, both by leaf 0.0's up 0, which queues them there;
   * at 6 us that link goes down for the rest of the run. The heads that were routed to it while it
   * was up, and wait for it, are routed again when it is theirs: they go up by up 1, none is lost
   * and no PUT is resent. (Before, a head routed while the link was up was sent on it when down.)
   */
  @ParameterizedTest(name = "allocator {0}")
  @CsvSource({"MAXIMAL", "ISLIP"})
  void aHeadWaitingForALinkThatGoesDownGoesAround(SwitchAllocator allocator) {
    TopologySpec spec = shape("fat-tree");
    FaultPlan.LinkFault whole = down(spec, "tree 0.0 up 0");
    FaultPlan.LinkFault later = new FaultPlan.LinkFault(whole.switchId(), whole.port(), 6_000_000, Long.MAX_VALUE, true, 0, 0);
    TestScenarios t = TestScenarios.of("ring", 1).topology(spec).faults(later).credits(2, 2240).switchAllocator(allocator)
        .timeout(50_000_000, 1).ring(NodeSet.of(2), 0, 1 << 18, 4096)
        .putStream(NodeSet.of(0, 1), 1, Pattern.FIXED, 2, 0, 4096, 10, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(20, r.ops().get("put").ok(), r.ops().toString());
    assertEquals(0, r.links().lostOnDownLinks(), r.links().toString());
    assertEquals(0, r.module().retries());
    Switch leaf = run.machine().fabricSwitch(whole.switchId());
    assertTrue(leaf.ports()[whole.port()].packets() > 0, "up 0 carried packets before it went down");
    assertTrue(leaf.ports()[whole.port() + 1].packets() > 0, "and up 1 after");
    CreditFlowTest.assertCreditsAtRest(run.machine(), 2240);
  }

  /**
   * A link that damages every packet sent on it: each arrives with one bit flipped, so each fails
   * its checksum and is dropped where it arrives; nothing gets through, so every PUT times out, and
   * with credits each dropped frame gives its room back.
   */
  @ParameterizedTest(name = "credits {0}")
  @ValueSource(booleans = {false, true})
  void aLinkThatDamagesEveryPacketDeliversNone(boolean credits) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1)
        .faults(new FaultPlan.LinkFault(0, 1, 0, Long.MAX_VALUE, false, 0, 1.0))
        .timeout(5_000_000, 2).ring(NodeSet.all(), 0, 4096, 600)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 1, 0, 40, 5, 0);
    if (credits) {
      t.credits(2, 272);
    }
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(Map.of("TIMEOUT", 5L), r.ops().get("put").errors());
    assertEquals(0, r.module().requestsServed());
    assertEquals(10, r.module().retries(), "each PUT resent twice");
    // the three copies of each PUT, and the confirmation copies sent after its last deadline
    assertEquals(5 * 3 + r.module().confirmations(), r.links().packets(), r.links().toString());
    assertEquals(r.links().packets(), r.links().corruptDetected(), "every packet sent was found damaged");
    Switch receiver = run.machine().fabricSwitch(1);
    assertEquals(r.links().packets(), receiver.corruptDetected());
    long[] lost = receiver.lostSamples().upTo(Math.round(r.simulatedNs() * 1000), receiver.lostSamples().intervalPs());
    assertEquals(-r.links().packets(), lost[lost.length - 1], "each frame dropped there a packet fewer in the fabric");
    assertEquals(0, r.links().dropped() + r.links().lostOnDownLinks());
    MessagingModule sender = run.machine().module(0);
    assertEquals(List.of(0, 1), List.of(sender.node(), run.machine().module(1).node()));
    assertEquals(List.of(10L, 5L, r.module().confirmations()),
        List.of(sender.retries(), sender.unanswered(), sender.confirmations()), "the sender's own counts");
    assertTrue(sender.confirmations() > 0);
    if (credits) {
      CreditFlowTest.assertCreditsAtRest(run.machine(), 272);
    }
  }

  @Test
  void aFrameWithAnyOneBitFlippedFailsItsChecksum() {
    Packet.Header h = Packet.Header.putRequest(new Packet.ActionId(3, 7, 42), 9, 1, 5, 1_000_000, ElementOrigin.of(17, 2));
    Packet p = h.split(new byte[] {1, 2, 3, 4, 5}, 256)[0];
    byte[] frame = PacketFrame.bytes(p);
    Packet back = PacketFrame.read(ByteBuffer.wrap(frame));
    assertEquals(p.header(), back.header());
    assertEquals(List.of(p.index(), p.count(), p.totalLength()), List.of(back.index(), back.count(), back.totalLength()));
    assertEquals(Arrays.toString(p.chunk()), Arrays.toString(back.chunk()));
    int checksum = PacketFrame.checksum(frame);
    for (int bit = 0; bit < 8 * frame.length; bit++) {
      byte[] damaged = frame.clone();
      damaged[bit / 8] ^= (byte) (1 << bit % 8);
      assertNotEquals(checksum, PacketFrame.checksum(damaged), "bit " + bit);
    }
  }
}
