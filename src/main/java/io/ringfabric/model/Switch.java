package io.ringfabric.model;

import io.ringfabric.topology.Topology;
import java.util.Arrays;

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
  private long watchAt = Long.MAX_VALUE; // the earliest deadlock check posted and not yet handled

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
        ? new VirtualChannels(count, fabric, credited, warmupPs) : null;
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

  /** To itself: the head of a channel may have waited for a credit longer than the deadlock timeout. */
  enum DeadlockCheck implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.DEADLOCK_CHECK;
    }
  }

  /**
   * Following the channels that wait on each other: the heads of {@code path}'s channels (switch,
   * input port and channel, three numbers each, the first where the probe began) each wait for
   * room in the next; the last waits for room in a channel of {@code dateline} class of the
   * message class of {@code channel} at input {@code inPort} of the switch it is sent to.
   */
  public record DeadlockProbe(int inPort, int channel, int dateline, int[] path) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.DEADLOCK_PROBE;
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
    } else if (m instanceof CreditReturn credit) {
      onCreditReturn(credit);
    } else if (m instanceof DeadlockProbe probe) {
      onDeadlockProbe(probe);
    } else {
      onDeadlockCheck();
    }
  }

  // ---- without flow control: booked on arrival ----

  private void onPacketArrival(PacketArrival arrival) {
    Packet packet = arrival.packet();
    int out = topology.route(switchId, packet.targetNode(), packet.spread());
    OutputPort port = ports[out];
    int wire = fabric.wireBytes(packet);
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
    int wire = fabric.wireBytes(packet);
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
        if (channels.block(b, out, dateline, now())) {
          watch(now() + fabric.deadlockTimeoutPs());
        }
        return false;
      }
      channels.take(out, vc, w.wireBytes());
      channels.served(out, b);
    }
    long stalled = channels.unblock(b, now());
    OutputPort port = ports[out];
    long serialization = Rates.transferPs(w.wireBytes(), fabric.linkBandwidthBitsPerSecond());
    long ready = now() + fabric.switchLatencyPs();
    if (inPort != 0) { // the module's injection queue is a source queue, not a channel of the switch's pipeline
      ready = Math.max(ready, channels.nextLeave(b, fabric.vcTurnaroundPs()));
    }
    long start = port.transmit(now(), ready, serialization, w.wireBytes());
    channels.depart(b, start, ready);
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

  // ---- the deadlock watch ----

  /** Makes sure a deadlock check comes by {@code at}. */
  private void watch(long at) {
    if (at < watchAt) {
      watchAt = at;
      send(id(), at - now(), DeadlockCheck.INSTANCE);
    }
  }

  /**
   * Sends a probe after the first head that has waited the deadlock timeout, along what it waits
   * for; then watches the heads still waiting. A head that waits that long under heavy load but
   * in no cycle costs a probe that dies where a channel moves.
   */
  private void onDeadlockCheck() {
    if (now() >= watchAt) {
      watchAt = Long.MAX_VALUE;
    }
    long timeout = fabric.deadlockTimeoutPs();
    boolean waiting = false;
    boolean probed = false;
    for (int b = 0; b < channels.buffers(); b++) {
      if (!channels.blocked(b)) {
        continue;
      }
      waiting = true;
      if (!probed && channels.blockedSince(b) <= now() - timeout) {
        probe(b, new int[] {switchId, b / channels.perPort(), b % channels.perPort()});
        probed = true;
      }
    }
    if (waiting) {
      watch(now() + timeout); // never sooner: the timeout is the least delay the watch promises (LeastDelays)
    }
  }

  /** Sends {@code path} on to the switch behind the output the head of buffer {@code b} waits on. */
  private void probe(int b, int[] path) {
    int out = channels.blockedOn(b);
    send(nextHop[out], fabric.switchLatencyPs() + fabric.linkLatencyPs(),
        new DeadlockProbe(backPort[out], b % channels.perPort(), channels.blockedDateline(b), path));
  }

  /**
   * The probe's last channel waits for room in one of this switch's channels; if all of them are
   * held by heads that have waited the timeout themselves, it follows the first. Back where it
   * began, it has found a cycle.
   */
  private void onDeadlockProbe(DeadlockProbe p) {
    long timeout = fabric.deadlockTimeoutPs();
    int perPort = channels.perPort();
    int classBase = p.channel() / fabric.vcs() * fabric.vcs();
    int follow = -1;
    for (int v = 0; v < fabric.vcs(); v++) {
      if (!channels.eligible(v, p.dateline())) {
        continue;
      }
      int b = p.inPort() * perPort + classBase + v;
      if (!channels.blocked(b) || channels.blockedSince(b) > now() - timeout) {
        return; // this channel moves, or may soon: no cycle through here
      }
      follow = follow < 0 ? b : follow;
    }
    if (follow < 0) {
      return;
    }
    int[] path = p.path();
    for (int i = 0; i < path.length; i += 3) {
      if (path[i] == switchId && path[i + 1] * perPort + path[i + 2] == follow) {
        if (i == 0) {
          throw new FabricDeadlock("deadlock at " + SimTime.scaled(SimTime.toNs(now())) + ": " + describeCycle(path));
        }
        return; // a cycle that does not pass where this probe began: its own switches will find it
      }
    }
    int[] longer = Arrays.copyOf(path, path.length + 3);
    longer[path.length] = switchId;
    longer[path.length + 1] = follow / perPort;
    longer[path.length + 2] = follow % perPort;
    probe(follow, longer);
  }

  /** {@code "node 0 switch input -x vc 0 (requests) waits for node 1 switch input -x vc 0 (requests) ... waits for the first"}. */
  private String describeCycle(int[] path) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < path.length; i += 3) {
      int vc = path[i + 2];
      String cls = !fabric.separateClasses() ? "" : vc < fabric.vcs() ? " (requests)" : " (responses)";
      b.append(i == 0 ? "" : " waits for ").append(topology.switchName(path[i])).append(" switch input ")
          .append(topology.portName(path[i], path[i + 1])).append(" vc ").append(vc).append(cls);
    }
    return b.append(" waits for the first: ").append(path.length / 3)
        .append(" channels, each full and none able to move").toString();
  }

  /** Heads that waited for room behind port {@code p} after the warm-up (0 without credit flow control). */
  public long creditStalls(int p) {
    return channels == null ? 0 : channels.stalls(p);
  }

  /** How long they waited, added up. */
  public long creditStallPs(int p) {
    return channels == null ? 0 : channels.stallPs(p);
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
