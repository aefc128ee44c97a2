package io.ringfabric.model;

import io.ringfabric.topology.Routing;
import io.ringfabric.topology.Topology;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A fabric switch: takes packets at its input ports, routes each to an output port after the
 * traversal latency, and sends it over that port's link.
 *
 * <p>With {@code fabric.flow-control = credit} the switch is input-queued: a packet waits in its
 * input's virtual channel ({@link VirtualChannels}) until it is the channel's head, its output
 * link is free, its input has a crossbar path free ({@code fabric.input-speedup}, 1 by default:
 * an input's channels take turns) and the next switch has room for it in a channel of its class.
 * Then the switch allocates the output to it, and it leaves a switch latency later. Heads that
 * want one output get it in turn (round-robin), and outputs that want one input take turns.
 * Its room here is counted free as it leaves, and the credit for it reaches the switch upstream
 * one link later: sent at the allocation, a switch and a link ahead, so credits keep to the
 * least delay between nodes and the windows stay as wide as without them. With {@code none}
 * every packet is booked as it arrives, behind the packets before it on its output (an ideal
 * output queue), without limit.
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
  private final Routing routing;
  private final int[] ways; // the ways of the head being routed: at most one per port
  private final VirtualChannels channels; // null without credit flow control
  private final Islip islip; // null but for credit flow control with the islip allocator
  private transient int candidateChannel; // what candidate() found: the channel behind the output
  private transient long candidateDue; // or, if none, when to look again (MAX_VALUE: a credit)
  private long watchAt = Long.MAX_VALUE; // the earliest deadlock check posted and not yet handled
  private long allocateAt = Long.MAX_VALUE; // the earliest allocation posted and not yet handled
  private final FaultPlan.Link[] faults; // by output port: the faults of its link, or null
  private final long[] dropped; // by output port: packets lost on its link, at random
  private final long[] lostOnDownLink; // and while it was down
  private long corruptDetected; // frames that arrived failing their checksum
  private final Samples lost; // minus the packets lost here: with the modules' counts, packets in the fabric

  public Switch(int switchId, Topology topology, Layout layout, FabricSpec fabric, long warmupPs) {
    this(switchId, topology, layout, fabric, warmupPs, Sampling.OFF, FaultPlan.NONE);
  }

  /** @param sampling when its links' busy time and the packets it loses are sampled */
  public Switch(int switchId, Topology topology, Layout layout, FabricSpec fabric, long warmupPs, Sampling sampling,
      FaultPlan plan) {
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
    this.ways = new int[2 * Math.max(Routing.MAX_WAYS, count)];
    boolean[] credited = new boolean[count];
    this.faults = new FaultPlan.Link[count];
    this.lost = Samples.level(sampling);
    this.dropped = new long[count];
    this.lostOnDownLink = new long[count];
    int links = 0;
    for (int p = 1; p < count; p++) {
      links += topology.linkAt(switchId, p) == null ? 0 : 1;
    }
    // its links share one series, until an engine puts them in one with all the links it runs
    SeriesRows busy = SeriesRows.kept(sampling) ? new SeriesRows(sampling, links) : SeriesRows.OFF;
    int column = 0;
    for (int p = 0; p < count; p++) {
      Topology.Link link = p == 0 ? null : topology.linkAt(switchId, p);
      ports[p] = link == null
          ? new OutputPort(p == 0 ? topology.switchName(switchId) + " switch -> module"
              : topology.switchName(switchId) + " " + topology.portName(switchId, p), warmupPs)
          : new OutputPort(link.name(), warmupPs, sampling, busy, column++);
      nextHop[p] = p == 0 ? (switchId < layout.nodes() ? layout.module(switchId) : -1)
          : link == null ? -1 : layout.switchComponent(link.toSwitch());
      backPort[p] = link == null ? -1 : link.toPort();
      credited[p] = link != null;
      faults[p] = link == null ? null : plan.on(switchId, p);
    }
    this.routing = Routing.of(fabric.routing(), topology, fabric.datelines());
    this.channels = fabric.flowControl() == FlowControl.CREDIT
        ? new VirtualChannels(count, fabric, routing, credited, warmupPs) : null;
    this.islip = channels != null && fabric.switchAllocator() == SwitchAllocator.ISLIP
        ? new Islip(count, channels.perPort(), Rates.transferPs(fabric.largestPacketBytes(),
            fabric.linkBandwidthBitsPerSecond()))
        : null;
  }

  /**
   * A packet reaches input port {@code inPort} (its head under cut-through, its tail otherwise),
   * into virtual channel {@code vc} (without credit flow control, which has no channels: the
   * routing class it travels in). It carries beside the packet what a switch needs of it, the
   * packet's {@link Packet#targetNode}, {@link Packet#spread} and payload bytes: a packet is out of
   * the cache by the time it reaches the next switch, and reading it there (it, its header, its
   * action, its payload) was up to four cache misses a hop.
   */
  public record PacketArrival(int inPort, int vc, Packet packet, int targetNode, int spread, int payloadBytes)
      implements Message {
    public PacketArrival(int inPort, int vc, Packet packet) {
      this(inPort, vc, packet, packet.targetNode(), packet.spread(), packet.chunk().length);
    }

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

  /**
   * A packet that a link damaged, as the {@link PacketFrame} bytes that arrived and the checksum
   * computed before it left; the receiver's check of the two drops it. It came into channel
   * {@code vc} of {@code inPort} and took {@code wireBytes} of its room.
   */
  public record CorruptFrame(int inPort, int vc, int checksum, int wireBytes, byte[] frame) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.CORRUPT_FRAME;
    }
  }

  /** To itself: a link or a crossbar path that heads wait for is free. */
  enum AllocationDue implements Message {
    INSTANCE;

    @Override
    public MessageKind kind() {
      return MessageKind.ALLOCATION_DUE;
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
  public record DeadlockProbe(int inPort, int channel, int routingClass, int[] path) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.DEADLOCK_PROBE;
    }
  }

  @Override
  protected void handle(Event event) {
    Message m = event.message();
    if (m instanceof PacketArrival arrival) {
      onArrival(arrival);
    } else if (m instanceof CreditReturn credit) {
      onCreditReturn(credit);
    } else if (m instanceof DeadlockProbe probe) {
      onDeadlockProbe(probe);
    } else if (m == AllocationDue.INSTANCE) {
      onAllocationDue();
    } else if (m instanceof CorruptFrame frame) {
      onCorruptFrame(frame);
    } else {
      onDeadlockCheck();
    }
  }

  private void onArrival(PacketArrival arrival) {
    if (channels == null) {
      onPacketArrival(arrival);
    } else {
      onCreditedArrival(arrival);
    }
  }

  // ---- without flow control: booked on arrival ----

  private void onPacketArrival(PacketArrival arrival) {
    Packet packet = arrival.packet();
    int way = soonestFree(arrival.inPort(), arrival.vc(), arrival.targetNode(), arrival.spread());
    int out = ways[2 * way];
    int cls = ways[2 * way + 1];
    OutputPort port = ports[out];
    int wire = fabric.wireBytes(arrival.payloadBytes());
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
    long arrives = start + fabric.linkLatencyPs() + (cutThrough ? 0 : serialization);
    sendOnLink(out, cls, packet, arrival.targetNode(), arrival.spread(), wire, start, arrives); // no channels: the vc field carries the class
  }

  /**
   * Sends {@code packet} over the link of {@code out} into channel {@code vc}, to arrive at {@code
   * arrives} (its target node and spread, {@code wire} bytes), as its faults decide: delivered, lost, or damaged; whether the next switch gets it
   * (a lost packet takes no room there).
   */
  private boolean sendOnLink(int out, int vc, Packet packet, int target, int spread, int wire, long start, long arrives) {
    FaultPlan.Fate fate = faults[out] == null ? FaultPlan.Fate.DELIVERED : faults[out].next(start);
    switch (fate) {
      case DELIVERED:
        send(nextHop[out], arrives - now(), new PacketArrival(backPort[out], vc, packet, target, spread,
            wire - fabric.wireBytes(0)));
        return true;
      case CORRUPTED:
        byte[] frame = PacketFrame.bytes(packet);
        int checksum = PacketFrame.checksum(frame);
        int bit = faults[out].flippedBit(8 * frame.length);
        frame[bit / 8] ^= (byte) (1 << bit % 8);
        send(nextHop[out], arrives - now(), new CorruptFrame(backPort[out], vc, checksum, wire, frame));
        return true;
      case DROPPED:
        dropped[out]++;
        lost.change(now(), -1);
        traceLoss(start, packet.action().toString(), wire, ports[out].name(), "lost on the wire, " + PacketTrace.describe(packet));
        return false;
      default:
        lostOnDownLink[out]++;
        lost.change(now(), -1);
        traceLoss(start, packet.action().toString(), wire, ports[out].name(),
            "lost: the link is down, " + PacketTrace.describe(packet));
        return false;
    }
  }

  private void traceLoss(long t, String op, int wire, String port, String why) {
    if (recorder != null && recorder.packets()) {
      recorder.packetLost(t, op, wire, port, why);
    }
  }

  /**
   * A frame that a link damaged arrives: its checksum fails, so it is dropped, and its room is
   * free at once (the credit gets upstream a switch and a link later). A frame whose checksum
   * holds goes on as the packet it is.
   */
  private void onCorruptFrame(CorruptFrame f) {
    if (PacketFrame.checksum(f.frame()) == f.checksum()) {
      onArrival(new PacketArrival(f.inPort(), f.vc(), PacketFrame.read(ByteBuffer.wrap(f.frame()))));
      return;
    }
    corruptDetected++;
    lost.change(now(), -1);
    // the damaged frame's header cannot be believed, so the record names no action
    traceLoss(now(), "", f.wireBytes(), name() + " input " + f.inPort(), "arrived damaged: its checksum failed, dropped");
    if (channels != null) {
      send(nextHop[f.inPort()], fabric.switchLatencyPs() + fabric.linkLatencyPs(),
          new CreditReturn(backPort[f.inPort()], f.vc(), f.wireBytes()));
    }
  }

  // ---- credit flow control ----

  private void onCreditedArrival(PacketArrival arrival) {
    Packet packet = arrival.packet();
    int wire = fabric.wireBytes(arrival.payloadBytes());
    int vc = arrival.inPort() == 0 ? channels.injectionChannel(packet) : arrival.vc();
    if (recorder != null && recorder.packets()) {
      recorder.packetReceived(now(), packet.action().toString(), previousHop(arrival.inPort()), wire,
          PacketTrace.describe(packet));
    }
    int b = arrival.inPort() * channels.perPort() + vc;
    if (channels.arrive(arrival.inPort(), vc, packet, arrival.targetNode(), arrival.spread(), wire, now())) {
      routeHead(b);
    }
    allocate();
  }

  private void onCreditReturn(CreditReturn c) {
    channels.credit(c.outPort(), c.vc(), c.bytes());
    allocate();
  }

  private void onAllocationDue() {
    if (now() >= allocateAt) {
      allocateAt = Long.MAX_VALUE;
    }
    allocate();
  }

  /** Routes the head of buffer {@code b}, if it has one: from now on it wants its output. */
  private void routeHead(int b) {
    if (channels.size(b) == 0) {
      return;
    }
    int inPort = b / channels.perPort();
    int inVc = b % channels.perPort();
    int n = routing.route(switchId, inPort, channels.classOf(inVc), channels.headTarget(b), channels.headSpread(b), ways);
    channels.route(b, ways, aroundDownLinks(n), now());
  }

  /**
   * Routes again every head that wants output {@code out}, whose link is down by the time a packet
   * given it now would leave: those whose routing has a way whose link is up take it, as if they
   * had been routed now; those that have none still want {@code out}, and what they send is lost.
   * (A head is routed as it becomes head, and may wait long for its output: the link may have
   * gone down meanwhile.) Heads that moved are looked at again at once.
   */
  private void routeAroundDown(int out) {
    boolean moved = false;
    for (int b = 0; b < channels.buffers(); b++) {
      if (channels.wants(out, b)) {
        int n = routing.route(switchId, b / channels.perPort(), channels.classOf(b % channels.perPort()),
            channels.headTarget(b), channels.headSpread(b), ways);
        moved |= channels.reroute(b, ways, aroundDownLinks(n), now());
      }
    }
    if (moved) {
      allocateBy(now());
    }
  }

  /** Whether the link behind {@code out} is down for a packet given it now: when it would start, a switch latency on. */
  private boolean downForNext(int out) {
    return faults[out] != null && faults[out].down(now() + fabric.switchLatencyPs());
  }

  /**
   * Switch allocation: each output whose link is free a switch latency from now goes to the first
   * head that wants it, in turn from the one after the last it served, whose input has a crossbar
   * path free and whose next switch has room; outputs take turns from the one after the last
   * granted. A head that must wait for a link or a path comes back when it is free.
   */
  private void allocate() {
    if (channels.wantsNothing()) {
      return; // no head to grant, so no grant, no turn moved and nothing to come back for: a credit to an empty switch
    }
    if (islip != null) {
      allocateByIslip();
      return;
    }
    long due = Long.MAX_VALUE;
    int n = ports.length;
    int first = channels.outputTurn() + 1;
    for (int i = 0; i < n; i++) {
      int out = (first + i) % n;
      if (!channels.wantsNone(out)) {
        due = Math.min(due, grant(out));
      }
    }
    if (due != Long.MAX_VALUE) {
      allocateBy(due);
    }
  }

  /** Gives output {@code out} to a head that can go now, if any; when to try again (MAX_VALUE: only a credit can help). */
  private long grant(int out) {
    long latency = fabric.switchLatencyPs();
    long linkFree = channels.linkFreeAt(out) - latency;
    if (linkFree > now()) {
      return linkFree;
    }
    int b = candidate(out);
    if (b < 0) {
      return candidateDue;
    }
    forward(b, out, candidateChannel);
    return channels.wantsNone(out) ? Long.MAX_VALUE : channels.linkFreeAt(out) - latency;
  }

  /**
   * iSLIP with one iteration: every output whose link is free (and that is not idle, its last grant
   * declined) grants the head {@link #candidate} finds, then each input accepts as many of its
   * grants as it has crossbar paths free, in turn ({@link Islip#next}), and those heads go; an
   * output declined idles for a cycle.
   */
  private void allocateByIslip() {
    long latency = fabric.switchLatencyPs();
    long due = Long.MAX_VALUE;
    int n = ports.length;
    int first = channels.outputTurn() + 1;
    islip.begin();
    for (int i = 0; i < n; i++) {
      int out = first + i < n ? first + i : first + i - n; // first <= n: no division
      if (channels.wantsNone(out)) {
        continue;
      }
      long free = Math.max(channels.linkFreeAt(out) - latency, islip.idleUntil(out));
      if (free > now()) {
        due = Math.min(due, free);
        continue;
      }
      int b = candidate(out);
      if (b < 0) {
        due = Math.min(due, candidateDue);
      } else {
        islip.grant(out, b, candidateChannel);
      }
    }
    for (int in = 0; in < n; in++) {
      if (!islip.hasGrant(in)) {
        continue; // most allocations grant one or two inputs: the others need no look through the grants
      }
      for (int out = islip.next(in); out >= 0 && channels.inputFreeAt(in) - latency <= now(); out = islip.next(in)) {
        int b = islip.granted(out);
        islip.take(in, out);
        forward(b, out, islip.grantedChannel(out));
      }
    }
    islip.declineRest(now());
    for (int out = 0; out < n; out++) {
      if (islip.granted(out) >= 0 && !channels.wantsNone(out)) {
        due = Math.min(due, Math.max(channels.linkFreeAt(out) - latency, islip.idleUntil(out)));
      }
    }
    if (due != Long.MAX_VALUE) {
      allocateBy(due);
    }
  }

  /**
   * The first head in turn, from the one after the last that {@code out} served, that can take
   * {@code out} now: its input has a crossbar path free and the next switch has room
   * ({@link #candidateChannel} is the channel there). -1 for none, and {@link #candidateDue} says
   * when a path is free again (MAX_VALUE: only a credit can help).
   */
  private int candidate(int out) {
    long latency = fabric.switchLatencyPs();
    candidateDue = Long.MAX_VALUE;
    if (downForNext(out)) {
      routeAroundDown(out);
    }
    int count = channels.wantCount(out);
    for (int i = 0, b = channels.nextWant(out, channels.turn(out)); i < count; i++, b = channels.nextWant(out, b)) {
      int inPort = b / channels.perPort();
      long pathFree = channels.inputFreeAt(inPort) - latency;
      if (inPort != 0) { // the injection queue is a source queue, not a channel of the switch's pipeline
        pathFree = Math.max(pathFree, channels.nextLeave(b, fabric.vcTurnaroundPs()) - latency);
      }
      if (pathFree > now()) {
        candidateDue = Math.min(candidateDue, pathFree);
        continue;
      }
      int vc = out == 0 ? 0 : channel(b, out);
      if (vc >= 0) {
        candidateChannel = vc;
        return b;
      }
    }
    return -1;
  }

  /**
   * The channel behind {@code out} with room for the head of buffer {@code b}, on the
   * first of its ways by {@code out} that has one; or -1, and if {@code out} is its last way (the
   * one it can always count on: the only one, or minimal-adaptive's escape), it waits for a credit.
   */
  private int channel(int b, int out) {
    int n = channels.wayCount(b);
    for (int i = 0; i < n; i++) {
      if (channels.wayPort(b, i) == out) {
        int vc = channels.pickFor(b, out, channels.wayClass(b, i));
        if (vc >= 0) {
          return vc;
        }
      }
    }
    if (channels.wayPort(b, n - 1) == out && channels.block(b, out, channels.wayClass(b, n - 1), now())) {
      watch(now() + fabric.deadlockTimeoutPs());
    }
    return -1;
  }

  /**
   * Without flow control: of the ways a packet to {@code target} (of {@code spread}) that arrived on
   * {@code inPort} in the routing's class {@code cls} may take, the one whose link is free soonest (the first of equals); its
   * index in {@link #ways}.
   */
  private int soonestFree(int inPort, int cls, int target, int spread) {
    int n = aroundDownLinks(routing.route(switchId, inPort, cls, target, spread, ways));
    int best = 0;
    for (int i = 1; i < n; i++) {
      if (ports[ways[2 * i]].freeAt() < ports[ways[2 * best]].freeAt()) {
        best = i;
      }
    }
    return best;
  }

  /**
   * Leaves out of the first {@code n} {@link #ways} those whose link is down when a packet given
   * it now would start on it (a switch latency on: when its fate is drawn), unless none
   * would be left (a routing with one way cannot go round a down link: its packets are lost
   * there); how many are left. A routing that is not adaptive keeps only the first left: its
   * other ways are only there to go around down links.
   */
  private int aroundDownLinks(int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) {
      int p = ways[2 * i];
      if (!downForNext(p)) {
        ways[2 * kept] = p;
        ways[2 * kept + 1] = ways[2 * i + 1];
        kept++;
      }
    }
    return !routing.adaptive() ? 1 : kept == 0 ? n : kept;
  }

  /** Sends the head of buffer {@code b} out of {@code out}, into channel {@code vc} of the next switch. */
  private void forward(int b, int out, int vc) {
    Packet packet = channels.head(b);
    int wire = channels.headWireBytes(b);
    int target = channels.headTarget(b);
    int spread = channels.headSpread(b);
    int inPort = b / channels.perPort();
    channels.served(out, b);
    long stalled = channels.unblock(b, now());
    OutputPort port = ports[out];
    long serialization = Rates.transferPs(wire, fabric.linkBandwidthBitsPerSecond());
    long start = now() + fabric.switchLatencyPs();
    port.transmitAt(now(), channels.headSince(b) + fabric.switchLatencyPs(), start, serialization, wire);
    channels.linkBooked(out, port.freeAt());
    channels.useInput(inPort, start + serialization);
    channels.depart(b, start, start);
    if (recorder != null && recorder.packets()) {
      // its wait for the link is the time between its arrival and this: a record of it from when it
      // began would come after records of later times (traces are in time order)
      PacketTrace.sent(recorder, packet, port.name(), start, start, serialization, wire);
      if (stalled > 0) {
        recorder.creditStall(now(), packet.action().toString(), wire, stalled, port.name(), vc,
            PacketTrace.describe(packet));
      }
    }
    if (inPort != 0) { // its room here is free as it leaves: the credit gets upstream a link later
      send(nextHop[inPort], start + fabric.linkLatencyPs() - now(),
          new CreditReturn(backPort[inPort], b % channels.perPort(), wire));
    }
    if (out == 0) {
      send(nextHop[0], start + serialization - now(), new MessagingModule.PacketDelivered(packet));
    } else {
      long arrives = start + fabric.linkLatencyPs() + (cutThrough ? 0 : serialization);
      if (sendOnLink(out, vc, packet, target, spread, wire, start, arrives)) {
        channels.take(out, vc, wire);
      }
    }
    routeHead(b);
    if (channels.head(b) != null) { // the next head may go when its input has a path free again
      long pathFree = channels.inputFreeAt(inPort);
      if (inPort != 0) {
        pathFree = Math.max(pathFree, channels.nextLeave(b, fabric.vcTurnaroundPs()));
      }
      allocateBy(Math.max(now(), pathFree - fabric.switchLatencyPs()));
    }
  }

  /** Makes sure the switch allocates again by {@code at}. */
  private void allocateBy(long at) {
    if (at < allocateAt) {
      allocateAt = at;
      send(id(), at - now(), AllocationDue.INSTANCE);
    }
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
   * Sends a probe after each head of a switch input that has waited the deadlock timeout, along
   * what it waits for; then watches the heads still waiting. The module's injection queue is
   * left out: nothing waits for room in it, so it is in no cycle. A head that waits that long
   * under heavy load but in no cycle costs a probe that dies where a channel moves.
   */
  private void onDeadlockCheck() {
    if (now() >= watchAt) {
      watchAt = Long.MAX_VALUE;
    }
    long timeout = fabric.deadlockTimeoutPs();
    boolean waiting = false;
    for (int b = 0; b < channels.buffers(); b++) {
      if (!channels.blocked(b)) {
        continue;
      }
      waiting = true;
      if (b >= channels.perPort() && channels.blockedSince(b) <= now() - timeout) {
        probe(b, new int[] {switchId, b / channels.perPort(), b % channels.perPort()});
      }
    }
    if (waiting) {
      watch(now() + timeout);
    }
  }

  /** Sends {@code path} on to the switch behind the output the head of buffer {@code b} waits on. */
  private void probe(int b, int[] path) {
    int out = channels.blockedOn(b);
    send(nextHop[out], fabric.switchLatencyPs() + fabric.linkLatencyPs(),
        new DeadlockProbe(backPort[out], b % channels.perPort(), channels.blockedClass(b), path));
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
      if (!channels.eligible(v, p.routingClass())) {
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

  /** Packets lost at random on the link behind port {@code p}. */
  public long dropped(int p) {
    return dropped[p];
  }

  /** Packets lost on the link behind port {@code p} while it was down. */
  public long lostOnDownLink(int p) {
    return lostOnDownLink[p];
  }

  /** Packets lost here (at random, on a down link, damaged), negated, over time: its share of the packets in the fabric. */
  public Samples lostSamples() {
    return lost;
  }

  /** Frames that arrived here failing their checksum, and were dropped. */
  public long corruptDetected() {
    return corruptDetected;
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

  /** Channels at each input port, of both message classes; 0 without credit flow control. */
  public int channelsPerPort() {
    return channels == null ? 0 : channels.perPort();
  }

  /** Packets waiting in channel {@code vc} of input port {@code inPort}. */
  public int waitingAt(int inPort, int vc) {
    return channels.size(inPort * channels.perPort() + vc);
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

  /** Its ports that drive a link to another switch, by port number (port 0, the module's, is not one). */
  public List<OutputPort> linkedPorts() {
    List<OutputPort> list = new ArrayList<>();
    for (int p = 1; p < ports.length; p++) {
      if (hasLink(p)) {
        list.add(ports[p]);
      }
    }
    return list;
  }
}
