package io.ringfabric.model;

import io.ringfabric.topology.Topology;

/**
 * A fabric switch: takes packets at its input ports, routes each to an output port after the
 * traversal latency, and sends it over that port's link.
 *
 * <p>Under cut-through a packet's arrival is its head's arrival and it is forwarded as soon as
 * the head has crossed the switch; under store-and-forward its arrival is its tail's, so each
 * hop adds the packet's serialisation time. Either way the delay to the next switch is at least
 * switch latency plus link latency: the lookahead between nodes.
 */
public final class Switch extends Component {
  private final int switchId;
  private final Topology topology;
  private final Layout layout;
  private final FabricSpec fabric;
  private final boolean cutThrough;
  private final OutputPort[] ports;
  private final int[] nextHop; // component id behind each port (module for port 0 of a node switch)

  public Switch(int switchId, Topology topology, Layout layout, FabricSpec fabric, long warmupPs) {
    super(layout.switchComponent(switchId), topology.switchName(switchId) + " switch");
    this.switchId = switchId;
    this.topology = topology;
    this.layout = layout;
    this.fabric = fabric;
    this.cutThrough = fabric.switching() == Switching.CUT_THROUGH;
    int count = topology.ports(switchId);
    this.ports = new OutputPort[count];
    this.nextHop = new int[count];
    for (int p = 0; p < count; p++) {
      Topology.Link link = p == 0 ? null : topology.linkAt(switchId, p);
      ports[p] = new OutputPort(p == 0 ? topology.switchName(switchId) + " switch -> module"
          : link == null ? topology.switchName(switchId) + " " + topology.portName(switchId, p)
          : link.name(), warmupPs);
      nextHop[p] = p == 0 ? (switchId < layout.nodes() ? layout.module(switchId) : -1)
          : link == null ? -1 : layout.switchComponent(link.toSwitch());
    }
  }

  /** A packet reaches input port {@code inPort} (its head under cut-through, its tail otherwise). */
  public record PacketArrival(int inPort, Packet packet) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PACKET_ARRIVAL;
    }
  }

  @Override
  protected void handle(Event event) {
    onPacketArrival((PacketArrival) event.message());
  }

  private void onPacketArrival(PacketArrival arrival) {
    Packet packet = arrival.packet();
    int out = topology.route(switchId, packet.targetNode(), packet.spread());
    OutputPort port = ports[out];
    int wire = packet.wireBytes(fabric.packetHeaderBytes());
    long serialization = Rates.transferPs(wire, fabric.linkBandwidthBitsPerSecond());
    long ready = now() + fabric.switchLatencyPs();
    long start = port.transmit(now(), ready, serialization, wire);
    if (recorder != null && recorder.packets()) {
      recorder.packetReceived(now(), packet.action().toString(), previousHop(arrival.inPort()), wire,
          PacketTrace.describe(packet));
      PacketTrace.sent(recorder, packet, port.name(), ready, start, serialization, wire);
    }
    if (out == 0) {
      send(nextHop[0], start + serialization - now(), new MessagingModule.PacketDelivered(packet));
      return;
    }
    Topology.Link link = topology.linkAt(switchId, out);
    long arrives = start + fabric.linkLatencyPs() + (cutThrough ? 0 : serialization);
    send(nextHop[out], arrives - now(), new PacketArrival(link.toPort(), packet));
  }

  /** The component a packet arriving on {@code inPort} came from. */
  private int previousHop(int inPort) {
    return inPort == 0 ? layout.module(switchId)
        : layout.switchComponent(topology.linkAt(switchId, inPort).toSwitch());
  }

  public int switchId() {
    return switchId;
  }

  /** Output ports by port number; port 0 leads to the node's module (unused on a standalone switch). */
  public OutputPort[] ports() {
    return ports.clone();
  }

  /** Whether port {@code p} drives a link (port 0 of a node switch counts: it feeds the module). */
  public boolean hasLink(int p) {
    return nextHop[p] >= 0;
  }
}
