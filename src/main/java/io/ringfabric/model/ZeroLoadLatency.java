package io.ringfabric.model;

import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topology;

/**
 * The latency of one PUT or one GET on an idle machine, worked out from the settings alone: from
 * the doorbell to the module setting the status, where the {@code put} and {@code get} rows of a
 * report stop. It follows the model's rules stage by stage (docs/model.md) and must agree with a
 * run of that one operation to the picosecond (ZeroLoadLatencyTest).
 *
 * <p>A PUT of {@code s} bytes: the module's work on the doorbell (module-latency), the payload
 * read from the process's buffer (memory-latency + s at memory-bandwidth), the module's work
 * building the request, the request's packets to the target's module ({@link #messagePs}), the
 * target's work, the ring write (memory-latency + 8 + s at memory-bandwidth: the element header
 * and its payload), the target's work, the response (a header-only packet) back, and the
 * initiator's work that sets the status: five pieces of module work, two memory accesses, two
 * messages. A GET of an element of {@code s} bytes costs the same pieces in another order: a
 * header-only request, the ring read (8 + s), the element in the response, and its write into
 * the process's buffer (s). The register writes before the doorbell (6 x mmio, after the
 * process's own stores into its buffer, s at memory-bandwidth) come before the latency starts.
 *
 * <p>Credits change nothing at rest as long as a virtual channel has room for every packet sent
 * into it before the credit of an earlier one is back; where that fails, or where the routing
 * picks a random way (Valiant), the figure is marked not exact.
 */
public final class ZeroLoadLatency {
  private final FabricSpec fabric;
  private final TimingSpec timing;
  private final ModuleSpec module;
  private final Topology topology;
  private final Routing routing;
  private final int[] ways; // the routing's answer at one switch: up-down offers a way per legal port

  public ZeroLoadLatency(MachineSpec spec, Topology topology) {
    this.fabric = spec.fabric();
    this.timing = spec.timing();
    this.module = spec.module();
    this.topology = topology;
    this.routing = Routing.of(fabric.routing(), topology, fabric.datelines());
    int ports = Routing.MAX_WAYS;
    for (int s = 0; s < topology.switches(); s++) {
      ports = Math.max(ports, topology.ports(s));
    }
    this.ways = new int[2 * ports];
  }

  /**
   * One operation's latency in ps, the switch-to-switch links its messages cross each way, and
   * why the figure may not be what a run gives (null: it is exact).
   */
  public record Latency(long ps, int hops, String caveat) {
    public boolean exact() {
      return caveat == null;
    }
  }

  /** A PUT of {@code size} bytes from node {@code source} into a ring on node {@code target}. */
  public Latency put(int source, int target, int size) {
    return operation(source, target, size, size, 0);
  }

  /** A GET by node {@code source} of an element of {@code size} bytes from a ring on node {@code target}. */
  public Latency get(int source, int target, int size) {
    return operation(source, target, size, 0, size);
  }

  private Latency operation(int source, int target, int size, int requestPayload, int responsePayload) {
    int hops = hops(source, target);
    boolean direct = hops < 0;
    Message request = message(Math.max(hops, 0), direct, requestPayload);
    Message response = message(Math.max(hops, 0), direct, responsePayload);
    long ps = 5 * timing.moduleLatencyPs()
        + memoryPs(size) // the PUT's payload read, or the GET's element written to the buffer
        + memoryPs(RingBuffer.HEADER_BYTES + size) // the ring's write or read: header and payload
        + request.ps + response.ps;
    String caveat = request.caveat != null ? request.caveat : response.caveat;
    if (caveat == null && routing.kind().equals(Routing.VALIANT)) {
      caveat = "valiant routing goes by a random node, a way of its own for each action";
    } else if (caveat == null && routing.kind().equals(Routing.MINIMAL_ADAPTIVE) && hops > 0
        && fabric.switching() == Switching.STORE_AND_FORWARD && Math.max(requestPayload, responsePayload) > fabric.mtu()) {
      // a short last packet may go another way, not waiting behind the one ahead (cut-through keeps them a packet apart)
      caveat = "minimal-adaptive may send a store-and-forward message's packets different ways: at most this";
    }
    return new Latency(ps, Math.max(hops, 0), caveat);
  }

  /** One memory access of {@code bytes}: its latency and its bytes at the memory bandwidth. */
  private long memoryPs(int bytes) {
    return timing.memoryLatencyPs() + Rates.transferPs(bytes, timing.memoryBandwidthBitsPerSecond());
  }

  /**
   * Switch-to-switch links a message from {@code source} to {@code target} crosses, following
   * the routing's first way at every switch; -1 for a node's own ring on the direct local path.
   */
  public int hops(int source, int target) {
    if (source == target && module.directLocalPath()) {
      return -1;
    }

    int at = source;
    int inPort = Topology.LOCAL_PORT;
    int cls = 0;
    int hops = 0;
    for (int limit = 4 * topology.switches() + 4; limit > 0; limit--) {
      routing.route(at, inPort, cls, target, 0, ways);
      if (ways[0] == Topology.LOCAL_PORT) {
        return hops;
      }
      Topology.Link link = topology.linkAt(at, ways[0]);
      cls = ways[1];
      at = link.toSwitch();
      inPort = link.toPort();
      hops++;
    }
    throw new IllegalStateException("the routing from node " + source + " to node " + target + " does not arrive");
  }

  /**
   * Two different nodes whose messages cross the fewest links, then two whose messages cross the
   * most (the first found of equals, sources and targets in id order): {@code {a, b, c, d}}. A
   * machine of one node gives {@code {0, 0, 0, 0}}. Beyond 1,024 nodes only nodes 0 and the last
   * send: every kind but a file topology looks the same from them, a mesh's corners included.
   */
  public int[] extremePairs() {
    int nodes = topology.nodes();
    int[] pairs = {0, 0, 0, 0};
    int least = Integer.MAX_VALUE;
    int most = -1;
    for (int source = 0; source < nodes; source++) {
      if (nodes > 1024 && source != 0 && source != nodes - 1) {
        continue;
      }
      for (int target = 0; target < nodes; target++) {
        if (target == source) {
          continue;
        }
        int h = hops(source, target);
        if (h < least) {
          least = h;
          pairs[0] = source;
          pairs[1] = target;
        }
        if (h > most) {
          most = h;
          pairs[2] = source;
          pairs[3] = target;
        }
      }
    }
    return pairs;
  }

  private record Message(long ps, String caveat) {}

  /**
   * From the moment a message is ready in the sending module to its last packet in the receiving
   * module: its packets (the payload split at the MTU, each with header and overhead on the wire)
   * leave one after another on the injection link and follow each other through {@code hops + 1}
   * switches. Under cut-through a switch sends a packet on a switch latency after its head came
   * in, under store-and-forward after its tail; either way not before the packet ahead of it on
   * that link has gone. A link between switches adds its latency, and the module takes a packet
   * once it is whole. Worked out, with {@code ser} a packet's wire bytes at the link bandwidth:
   * cut-through, the sum of the packets' ser + switch + hops x (switch + link); store-and-forward
   * adds (hops + 1) x the first (largest) packet's ser.
   */
  private Message message(int hops, boolean direct, int payload) {
    if (direct) {
      return new Message(0, null); // handed to its own module as it is ready
    }
    int mtu = fabric.mtu();
    int count = Math.max(1, (payload + mtu - 1) / mtu);
    boolean cutThrough = fabric.switching() == Switching.CUT_THROUGH;
    long[] ser = new long[count];
    int[] wire = new int[count];
    for (int k = 0; k < count; k++) {
      wire[k] = Math.min(mtu, payload - k * mtu) + fabric.packetHeaderBytes() + fabric.packetOverheadBytes();
      ser[k] = Rates.transferPs(wire[k], fabric.linkBandwidthBitsPerSecond());
    }
    // start[p][k]: when packet k starts on link p: 0 the injection link, p the output of the p-th
    // switch on the way (the last leads to the target's module)
    int links = hops + 2;
    long[][] start = new long[links][count];
    for (int k = 0; k < count; k++) {
      long arrives = 0;
      for (int p = 0; p < links; p++) {
        long s = arrives + (p == 0 ? 0 : fabric.switchLatencyPs());
        if (k > 0) {
          s = Math.max(s, start[p][k - 1] + ser[k - 1]); // the link is busy with the packet ahead
        }
        start[p][k] = s;
        arrives = s + (p == 0 ? 0 : fabric.linkLatencyPs()) + (cutThrough ? 0 : ser[k]);
      }
    }
    long delivered = start[links - 1][count - 1] + ser[count - 1];
    return new Message(delivered, flowControlCaveat(links, count, start, wire));
  }

  /**
   * Why credits or a switch's pacing could hold this message back where the figure assumes they do
   * not; null when they cannot. The channel a packet goes into at the next switch has room for it
   * when the bytes sent into it whose credit may not be back (taken a switch latency before the
   * packet starts, back a link after it starts from the next switch; back at the very moment
   * counted as not back) fit; with one channel counted, of all those a message may spread over, so
   * this errs on the safe side. A switch fed by a link sends a channel's packets no closer together
   * than vc-turnaround; its module's injection queue has no such limit.
   */
  private String flowControlCaveat(int links, int count, long[][] start, int[] wire) {
    if (fabric.flowControl() != FlowControl.CREDIT || count == 1) {
      return null; // one packet always fits a channel, which holds the largest packet at least
    }
    for (int p = 2; p < links; p++) {
      for (int k = 1; k < count; k++) {
        if (start[p][k] - start[p][k - 1] < fabric.vcTurnaroundPs()) {
          return "vc-turnaround is longer than a packet's time on the wire";
        }
      }
    }
    for (int p = 1; p < links - 1; p++) {
      for (int k = 0; k < count; k++) {
        long decided = start[p][k] - fabric.switchLatencyPs();
        long held = wire[k];
        for (int j = 0; j < k; j++) {
          if (start[p + 1][j] + fabric.linkLatencyPs() >= decided) {
            held += wire[j];
          }
        }
        if (held > fabric.vcBufferBytes()) {
          return "a virtual channel's room (" + fabric.vcBufferBytes() + " B) is less than the packets"
              + " in flight before their credits return";
        }
      }
    }
    return null;
  }
}
