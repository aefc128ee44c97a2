package io.ringfabric.model;

import io.ringfabric.topology.Topology;

/**
 * A fabric switch: takes packets at its input ports, routes each to an output port after the
 * traversal latency, and sends it over that port's link.
 *
 * <p>With {@code fabric.flow-control = credit} a packet waits in its input's virtual channel
 * ({@link VirtualChannels}) until it is the channel's head and the next switch has room for it
 * in a channel of its class; the switch then books the output link, and the packet leaves a
 * switch latency later (or when the link is free). Its room here is counted free as it leaves,
 * and the credit for it reaches the switch upstream one link later: sent as the packet is
 * booked, a switch and a link ahead, so credits keep to the least delay between nodes and the
 * windows stay as wide as without them. A head without a credit waits; credits for an output go
 * to the inputs waiting on it in turn (round-robin). With {@code none} every packet is booked
 * as it arrives, behind the packets before it on its output, without limit.
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
  private final int[] backPort; // by port: the port its link reaches, whose own link leads back here
  private final VirtualChannels channels; // null without credit flow control

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
    this.backPort = new int[count];
    boolean[] credited = new boolean[count];
    for (int p = 0; p < count; p++) {
      Topology.Link link = p == 0 ? null : topology.linkAt(switchId, p);
      ports[p] = new OutputPort(p == 0 ? topology.switchName(switchId) + " switch -> module"
          : link == null ? topology.switchName(switchId) + " " + topology.portName(switchId, p)
          : link.name(), warmupPs);
      nextHop[p] = p == 0 ? (switchId < layout.nodes() ? layout.module(switchId) : -1)
          : link == null ? -1 : layout.switchComponent(link.toSwitch());
      backPort[p] = link == null ? -1 : link.toPort();
      credited[p] = link != null;
    }
    this.channels = fabric.flowControl() == FlowControl.CREDIT
        ? new VirtualChannels(count, fabric, credited) : null;
  }

  /**
   * A packet reaches input port {@code inPort} (its head under cut-through, its tail otherwise),
   * into virtual channel {@code vc} (0 without credit flow control).
   */
  public record PacketArrival(int inPort, int vc, Packet packet) implements Message {
    public PacketArrival(int inPort, Packet packet) {
      this(inPort, 0, packet);
    }

    @Override
    public MessageKind kind() {
      return MessageKind.PACKET_ARRIVAL;
    }
  }

  /** Room for {@code bytes} more in channel {@code vc} of the switch behind output {@code outPort}. */
  public record CreditReturn(int outPort, int vc, int bytes) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.CREDIT_RETURN;
    }
  }

  @Override
  protected void handle(Event event) {
    Message m = event.message();
    if (m instanceof PacketArrival arrival) {
      if (channels == null) {
        onPacketArrival(arrival);
      } else {
        onCreditedArrival(arrival);
      }
    } else {
      onCreditReturn((CreditReturn) m);
    }
  }

  // ---- without flow control: booked on arrival ----

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

  // ---- credit flow control ----

  private void onCreditedArrival(PacketArrival arrival) {
    Packet packet = arrival.packet();
    int wire = packet.wireBytes(fabric.packetHeaderBytes());
    int vc = arrival.inPort() == 0 ? channels.classBase(packet) : arrival.vc();
    if (recorder != null && recorder.packets()) {
      recorder.packetReceived(now(), packet.action().toString(), previousHop(arrival.inPort()), wire,
          PacketTrace.describe(packet));
    }
    if (channels.arrive(arrival.inPort(), vc, packet, wire, now())) {
      forwardHeads(arrival.inPort() * channels.perPort() + vc);
    }
  }

  private void onCreditReturn(CreditReturn c) {
    channels.credit(c.outPort(), c.vc(), c.bytes());
    for (int b : channels.waitingFor(c.outPort())) {
      forwardHeads(b);
    }
  }

  /** Sends on the heads of input buffer {@code b}, one after another, until one must wait. */
  private void forwardHeads(int b) {
    VirtualChannels.Waiting w;
    while ((w = channels.head(b)) != null && forward(b, w)) {
      // the next packet in the buffer is its head now
    }
  }

  /** Sends the head {@code w} of buffer {@code b} on, if the next switch has room; whether it went. */
  private boolean forward(int b, VirtualChannels.Waiting w) {
    Packet packet = w.packet();
    int inPort = b / channels.perPort();
    int inVc = b % channels.perPort();
    int out = topology.route(switchId, packet.targetNode(), packet.spread());
    int vc = 0;
    if (out != 0) {
      int dateline = topology.datelineClass(switchId, inPort, channels.datelineClass(inVc), out);
      vc = channels.pick(out, packet, dateline, w.wireBytes());
      if (vc < 0) {
        channels.block(b, out, now());
        return false;
      }
      channels.take(out, vc, w.wireBytes());
      channels.served(out, b);
    }
    long stalled = channels.unblock(b, now());
    OutputPort port = ports[out];
    long serialization = Rates.transferPs(w.wireBytes(), fabric.linkBandwidthBitsPerSecond());
    long ready = now() + fabric.switchLatencyPs();
    long start = port.transmit(now(), ready, serialization, w.wireBytes());
    channels.depart(b, start);
    if (recorder != null && recorder.packets()) {
      PacketTrace.sent(recorder, packet, port.name(), ready, start, serialization, w.wireBytes());
      if (stalled > 0) {
        recorder.creditStall(now(), packet.action().toString(), w.wireBytes(), stalled, port.name(), vc,
            PacketTrace.describe(packet));
      }
    }
    if (inPort != 0) { // its room here is free as it leaves: the credit gets upstream a link later
      send(nextHop[inPort], start + fabric.linkLatencyPs() - now(),
          new CreditReturn(backPort[inPort], inVc, w.wireBytes()));
    }
    if (out == 0) {
      send(nextHop[0], start + serialization - now(), new MessagingModule.PacketDelivered(packet));
    } else {
      long arrives = start + fabric.linkLatencyPs() + (cutThrough ? 0 : serialization);
      send(nextHop[out], arrives - now(), new PacketArrival(backPort[out], vc, packet));
    }
    return true;
  }

  /** What this switch's virtual channels hold (tests and the deadlock watch); null without credits. */
  VirtualChannels channels() {
    return channels;
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
