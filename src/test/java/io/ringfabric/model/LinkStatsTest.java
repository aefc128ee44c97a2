package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.api.Test;

/** Link statistics in the report: packets, busy time, utilisation, queueing. */
class LinkStatsTest {

  private static double round6(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  @Test
  void oneIdlePutBusiesEachLinkOnItsPathForExactlyOnePacketTime() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 2, 0, 64, 1, 0));
    RunResult.Links links = run.result().links();
    assertEquals(4, links.count(), "0->1, 1->0, 1->2, 2->1");
    assertEquals(4, links.packets(), "the request over two links, the response over two");
    assertEquals(0, links.packetsQueued());
    assertEquals(0.0, links.maxWaitNs());
    double simulatedPs = run.result().simulatedNs() * 1000;
    // request: 16 + 64 bytes = 64 ns on each link out; response: 16 bytes = 12.8 ns on each link back
    assertEquals(round6(64_000 / simulatedPs), links.maxUtilisation());
    assertEquals(round6((2 * 64_000 + 2 * 12_800) / simulatedPs / 4), links.meanUtilisation());
    assertEquals("node 0 +x -> node 1", links.maxLink());
    OutputPort[] ports = run.machine().fabricSwitch(1).ports();
    long busy = 0;
    for (int p = 1; p < ports.length; p++) {
      busy += ports[p].busyPs();
    }
    assertEquals(64_000 + 12_800, busy, "switch 1 forwards the request to 2 and the response to 0");
  }

  @Test
  void twoSendersIntoOneLinkMakePacketsWait() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1)
        .ring(NodeSet.all(), 0, 1 << 20, 4096)
        .group("put-stream", NodeSet.of(1, 2), 0, 2, new PutStreamSpec(Pattern.FIXED, 0, 0, 4096, 10, 0)));
    RunResult.Links links = run.result().links();
    assertTrue(links.packetsQueued() > 0, links.toString());
    assertTrue(links.maxWaitNs() > 0, links.toString());
    assertTrue(links.maxQueueDepth() > 0, links.toString());
    assertEquals("node 1 -x -> node 0", links.maxLink(), "every request crosses 1 -> 0");
  }


  @Test
  void anIdleFabricHasNoQueue() {
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 2, 0, 64, 1, 0));
    assertEquals(0, run.result().links().packetsQueued());
    assertEquals(0, run.result().links().maxQueueDepth(), "no packet ever waited behind another");
  }


  @Test
  void noLinkIsBusyMoreThanAllTheTime() {
    // Four processes on each of nodes 1 and 2 PUT 8 KiB elements to node 0: twice what link
    // 1 -> 0 carries. The run is cut at 40 us with a long queue in front of that link.
    TestScenarios t = TestScenarios.of("mesh", 3, 1).duration(40_000_000).ring(NodeSet.all(), 0, 1 << 20, 8192);
    for (int core = 0; core < 4; core++) {
      t.putStream(NodeSet.of(1, 2), core, Pattern.FIXED, 0, 0, 8192, 100, 0);
    }
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(40_000.0, r.simulatedNs());
    assertTrue(r.links().maxUtilisation() <= 1.0,
        "max utilisation " + r.links().maxUtilisation() + " on " + r.links().maxLink());
  }

  @Test
  void aWarmUpIsLeftOutOfBothTheCountsAndTheTimeTheyAreDividedBy() {
    // Two processes on each of nodes 1 and 2 PUT 1 KiB elements to node 0, all through link 1 -> 0.
    TestScenarios t = TestScenarios.of("mesh", 3, 1).duration(40_000_000).ring(NodeSet.all(), 0, 1 << 20, 1024);
    for (int core = 0; core < 2; core++) {
      t.putStream(NodeSet.of(1, 2), core, Pattern.FIXED, 0, 0, 1024, 10_000, 0);
    }
    RunResult whole = CustomPrograms.runBuiltIn(t).result();
    t.warmup = 20_000_000;
    RunResult warm = CustomPrograms.runBuiltIn(t).result();
    assertEquals(40_000.0, warm.simulatedNs());
    long ok = warm.ops().get("put").ok();
    assertTrue(ok > 0 && ok < whole.ops().get("put").ok(), ok + " of " + whole.ops());
    assertEquals(round6(ok / 20.0), warm.throughput().opsPerUs(), "DONE PUTs over the 20 us after the warm-up");
    assertEquals(round6(ok * 1024 / 20_000.0), warm.throughput().payloadGBps());
    // In steady state the rate after the warm-up is about the whole run's; divided by the whole
    // run, it would be half.
    double ratio = warm.throughput().opsPerUs() / whole.throughput().opsPerUs();
    assertTrue(ratio > 0.9 && ratio < 1.1, warm.throughput() + " against " + whole.throughput());
    assertEquals("node 1 -x -> node 0", warm.links().maxLink());
    double busiest = warm.links().maxUtilisation() / whole.links().maxUtilisation();
    assertTrue(busiest > 0.9 && busiest < 1.1, warm.links() + " against " + whole.links());
    assertTrue(warm.links().packets() < whole.links().packets(),
        "packets that started before the warm-up's end are not counted: " + warm.links().packets()
            + " of " + whole.links().packets());
  }
}
