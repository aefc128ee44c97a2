package io.ringfabric.oracle;

import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.FabricSpec;
import io.ringfabric.model.FlowControl;
import io.ringfabric.model.Switching;
import io.ringfabric.model.TimingSpec;
import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topologies;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.PutStreamSpec;

/**
 * An upper bound, from the settings alone, on how long any operation of a lossless run can take
 * from its request leaving the module to its answer: rule (f) holds where the timeout is above it.
 * It is generous on purpose (four times a sum of worst cases), so that only a timer that runs from
 * the wrong moment, or a lost operation, can break the rule.
 *
 * <p>What can delay an operation once its request has left: every operation of the other nodes'
 * processes (at most one each in flight), at each hop of its way, and on its own node only the
 * answers to its neighbours' operations, which share its ejection link (requests that left before
 * it went ahead on the same link at the same rate, so they hold it up only as far as other
 * traffic holds them up). With {@code ring-full = hold}, every PUT may be held a hold limit.
 */
final class Bounds {
  private Bounds() {}

  static long longestPs(Scenario s, int node) {
    FabricSpec f = s.fabric();
    TimingSpec t = s.timing();
    int largest = 16;
    boolean bigAnswers = false; // whether a process of this node gets elements back
    long others = 0;
    long own = 0;
    long all = 0;
    int nodes = s.nodes();
    for (ProcessGroupSpec g : s.processes()) {
      int size = g.spec() instanceof PutStreamSpec p ? p.payload().largest()
          : g.spec() instanceof PingPongSpec pp ? pp.size() : 0;
      largest = Math.max(largest, size);
      for (int n : g.nodes().members(nodes)) {
        all += g.count();
        if (n == node) {
          own += g.count();
          bigAnswers |= g.spec() instanceof GetStreamSpec || g.spec() instanceof PingPongSpec;
        } else {
          others += g.count();
        }
      }
    }
    long perByte = 8_000_000_000_000L / f.linkBandwidthBitsPerSecond(); // ps per byte on a link
    long packets = (largest + f.mtu() - 1) / f.mtu() + 1;
    long wire = largest + packets * (f.packetHeaderBytes() + f.packetOverheadBytes());
    long serial = wire * perByte;
    long packet = (long) f.largestPacketBytes() * perByte;
    boolean valiant = Routing.of(f.routing(), Topologies.build(s.topology()), true).kind().equals(Routing.VALIANT);
    long hops = (long) Topologies.build(s.topology()).switches() * (valiant ? 2 : 1) + 1;
    long hop = f.switchLatencyPs() + f.linkLatencyPs() + f.vcTurnaroundPs()
        + (f.switching() == Switching.STORE_AND_FORWARD || f.flowControl() == FlowControl.CREDIT ? packet : 0);
    long memory = 4 * (t.memoryLatencyPs() + largest * 8_000_000_000_000L / t.memoryBandwidthBitsPerSecond());
    long one = 2 * serial + 2 * hops * hop + memory + 20 * t.moduleLatencyPs() + 4 * t.mmioPs() + 2_000_000;
    long answer = bigAnswers ? serial : packet;
    long bound = 4 * (one * (1 + others) * hops + own * answer);
    if (s.module().holdWhenFull()) {
      bound = io.ringfabric.model.SimTime.later(bound, all + 1, s.module().holdLimitPs()); // a huge limit: no bound
    }
    return bound;
  }
}
