package io.ringfabric.model;

import io.ringfabric.topology.Routing;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;

/**
 * One switch's virtual channels under credit flow control: the packets waiting in each input
 * channel, first come first served, and the credits it holds for the channels of the switches
 * its output ports lead to.
 *
 * <p>Channels are numbered per port: message class (0 requests, 1 responses; one class when
 * classes are not kept apart) times {@code vcs}, plus the channel in the class; the routing sorts
 * the channels of a message class into its own classes ({@link Routing#classOf}: dateline
 * classes, Valiant's phases, escape channels). Input port 0,
 * from the node's own module, is the module's injection queue: without limit, as a source
 * queue is, so it takes no credits; a packet joins its class's channel there that holds the
 * fewest, so one head waiting for a busy output does not hold back those for idle ones.
 *
 * <p>Each head is routed as it becomes head and then wants the outputs of its ways ({@link
 * #wants}); the switch gives a free output to the heads that want it in turn. An input sends {@code
 * fabric.input-speedup} packets through the crossbar at once: its channels take turns.
 *
 * <p>A buffer holds a packet from its arrival until it leaves (the start of its sending): that is
 * when its room is counted free, and the credit for it reaches the switch upstream a link and a
 * switch later ({@link Switch}). Every arrival checks the buffer against its room, so a fault in
 * the credits ends the run instead of passing unseen.
 */
final class VirtualChannels implements Serializable {
  /** A time before any other, yet safe to subtract a latency from. */
  private static final long NEVER = Long.MIN_VALUE / 4;

  private final int perPort;
  private final int vcs;
  private final int room;
  private final Routing routing;
  private final ArrayDeque<Waiting>[] waiting; // by input port and channel
  private final int[] held; // bytes in each input buffer, departures not yet past included
  private final int[] maxHeld;
  private final long[][] departAt; // per input buffer: packets decided but not yet left
  private final int[][] departBytes;
  private final int[] departing;
  private final int[] credits; // by output port and channel: room left in the next switch's buffer
  private final int[] blockedOn; // by input buffer: the output its head waits to be credited on, or -1
  private final long[] blockedSince;
  private final int[] blockedClass;
  private final long[] lastReady; // by input buffer: when its last packet was ready to leave
  private final BitSet[] wants; // by output port: the input buffers whose heads are routed to it
  private final int[] ways; // by input buffer, MAX_WAYS pairs: the outputs its head may take, and the class it needs there
  private final int[] wayCount; // by input buffer: how many (0: no head routed)
  private final long[] headSince; // when it became head
  private final long[] inputFree; // by input port and crossbar path: when the path is free
  private final int speedup;
  private final int[] turn; // by output port: the input buffer served last, for round-robin
  private int outputTurn; // the output port granted last, so outputs take turns at a busy input
  private final long measuredFromPs; // the warm-up's end: stalls that end before it are not counted
  private final long[] stalls; // by output port: heads that waited for a credit on it, and how long
  private final long[] stallPs;

  /** A packet in an input buffer, and its bytes on the wire. */
  record Waiting(Packet packet, int wireBytes) implements Serializable {}

  @SuppressWarnings("unchecked")
  VirtualChannels(int ports, FabricSpec fabric, Routing routing, boolean[] creditedOutputs, long measuredFromPs) {
    this.measuredFromPs = measuredFromPs;
    this.stalls = new long[ports];
    this.stallPs = new long[ports];
    this.vcs = fabric.vcs();
    this.perPort = (fabric.separateClasses() ? 2 : 1) * vcs;
    this.room = fabric.vcBufferBytes();
    this.routing = routing;
    int buffers = ports * perPort;
    this.waiting = new ArrayDeque[buffers];
    this.held = new int[buffers];
    this.maxHeld = new int[buffers];
    this.departAt = new long[buffers][];
    this.departBytes = new int[buffers][];
    this.departing = new int[buffers];
    this.blockedOn = new int[buffers];
    this.blockedSince = new long[buffers];
    this.blockedClass = new int[buffers];
    this.lastReady = new long[buffers];
    Arrays.fill(lastReady, NEVER);
    Arrays.fill(blockedOn, -1);
    this.credits = new int[buffers];
    for (int p = 0; p < ports; p++) {
      if (creditedOutputs[p]) {
        Arrays.fill(credits, p * perPort, (p + 1) * perPort, room);
      }
    }
    this.turn = new int[ports];
    this.wants = new BitSet[ports];
    for (int p = 0; p < ports; p++) {
      wants[p] = new BitSet(buffers);
    }
    this.ways = new int[buffers * 2 * Routing.MAX_WAYS];
    this.wayCount = new int[buffers];
    this.headSince = new long[buffers];
    this.speedup = fabric.inputSpeedup();
    this.inputFree = new long[ports * speedup];
    Arrays.fill(inputFree, NEVER);
  }

  /** Channels per port. */
  int perPort() {
    return perPort;
  }

  /** The first channel of {@code packet}'s message class; what an injected packet enters. */
  int classBase(Packet packet) {
    return perPort == vcs || packet.type().isRequest() ? 0 : vcs;
  }

  /** The channel of input port 0 a packet from the module joins: of its class, the one holding fewest (the lowest of equals). */
  int injectionChannel(Packet packet) {
    int base = classBase(packet);
    int best = base;
    for (int v = base + 1; v < base + vcs; v++) {
      if (size(v) < size(best)) {
        best = v;
      }
    }
    return best;
  }

  /** Packets waiting in input buffer {@code b}. */
  int size(int b) {
    return waiting[b] == null ? 0 : waiting[b].size();
  }

  /** The routing's class of channel {@code vc} of a port. */
  int classOf(int vc) {
    return routing.classOf(vc % vcs, vcs);
  }

  /** Puts an arriving packet in its input buffer; whether it is the buffer's head. */
  boolean arrive(int inPort, int vc, Packet packet, int wireBytes, long now) {
    int b = inPort * perPort + vc;
    if (inPort != 0) {
      release(b, now);
      held[b] += wireBytes;
      if (held[b] > room) {
        throw new IllegalStateException("input buffer " + vc + " of port " + inPort + " holds "
            + held[b] + " bytes, more than its " + room + ": a packet came without a credit");
      }
      maxHeld[b] = Math.max(maxHeld[b], held[b]);
    }
    ArrayDeque<Waiting> q = waiting[b];
    if (q == null) {
      q = waiting[b] = new ArrayDeque<>(4);
    }
    q.addLast(new Waiting(packet, wireBytes));
    return q.size() == 1;
  }

  /** The head of input buffer {@code b}, or null. */
  Waiting head(int b) {
    ArrayDeque<Waiting> q = waiting[b];
    return q == null ? null : q.peekFirst();
  }

  /**
   * The earliest the next head of buffer {@code b} may be ready to leave: {@code turnaround} after
   * the last one was (its allocation, not its start on a busy link, which is the output's queue).
   */
  long nextLeave(int b, long turnaround) {
    return lastReady[b] == NEVER ? NEVER : lastReady[b] + turnaround;
  }

  /**
   * The head of buffer {@code b} is on its way, ready at {@code ready} and leaving at {@code
   * leavesAt}; the next is head now.
   */
  void depart(int b, long leavesAt, long ready) {
    lastReady[b] = ready;
    for (int i = 0; i < wayCount[b]; i++) {
      wants[ways[(b * Routing.MAX_WAYS + i) * 2]].clear(b);
    }
    wayCount[b] = 0;
    Waiting w = waiting[b].pollFirst();
    if (b >= perPort) { // the injection queue keeps no count of room
      int n = departing[b];
      if (departAt[b] == null || n == departAt[b].length) {
        departAt[b] = departAt[b] == null ? new long[4] : Arrays.copyOf(departAt[b], 2 * n);
        departBytes[b] = departBytes[b] == null ? new int[4] : Arrays.copyOf(departBytes[b], 2 * n);
      }
      departAt[b][n] = leavesAt;
      departBytes[b][n] = w.wireBytes();
      departing[b] = n + 1;
    }
  }

  /** Counts free the room of the packets that have left buffer {@code b} by {@code now}. */
  private void release(int b, long now) {
    int n = departing[b];
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (departAt[b][i] <= now) {
        held[b] -= departBytes[b][i];
      } else {
        departAt[b][kept] = departAt[b][i];
        departBytes[b][kept] = departBytes[b][i];
        kept++;
      }
    }
    departing[b] = kept;
  }

  /**
   * The channel of output {@code out} with the most room among those of {@code packet}'s message
   * class and the routing's class {@code cls} that can take {@code wireBytes} (the lowest of
   * equals), or -1.
   */
  int pick(int out, Packet packet, int cls, int wireBytes) {
    int base = out * perPort + classBase(packet);
    int best = -1;
    int bestRoom = wireBytes - 1;
    for (int v = 0; v < vcs; v++) {
      if (!eligible(v, cls)) {
        continue;
      }
      if (credits[base + v] > bestRoom) {
        best = v;
        bestRoom = credits[base + v];
      }
    }
    return best < 0 ? -1 : classBase(packet) + best;
  }

  /** Whether channel {@code v} of a message class serves the routing's class {@code cls}. */
  boolean eligible(int v, int cls) {
    return routing.classOf(v, vcs) == cls;
  }

  void take(int out, int vc, int bytes) {
    credits[out * perPort + vc] -= bytes;
  }

  void credit(int out, int vc, int bytes) {
    int c = out * perPort + vc;
    credits[c] += bytes;
    if (credits[c] > room) {
      throw new IllegalStateException("output " + out + " holds " + credits[c] + " bytes of credit for"
          + " channel " + vc + ", more than its " + room + ": a credit came twice");
    }
  }

  /**
   * The head of buffer {@code b} waits for a credit on output {@code out}, for a channel of the
   * routing's class {@code cls}, from {@code now}; whether it only now began to wait.
   */
  boolean block(int b, int out, int cls, long now) {
    if (blockedOn[b] >= 0) {
      return false;
    }
    blockedOn[b] = out;
    blockedClass[b] = cls;
    blockedSince[b] = now;
    return true;
  }

  /** The output the head of buffer {@code b} waits on, or -1. */
  int blockedOn(int b) {
    return blockedOn[b];
  }

  int blockedClass(int b) {
    return blockedClass[b];
  }

  long blockedSince(int b) {
    return blockedSince[b];
  }

  /** The head of buffer {@code b} no longer waits; how long it waited for a credit (0 if it did not). */
  long unblock(int b, long now) {
    if (blockedOn[b] < 0) {
      return 0;
    }
    int out = blockedOn[b];
    blockedOn[b] = -1;
    long waited = now - blockedSince[b];
    if (now >= measuredFromPs) {
      stalls[out]++;
      stallPs[out] += waited;
    }
    return waited;
  }

  boolean blocked(int b) {
    return blockedOn[b] >= 0;
  }

  /**
   * The head of buffer {@code b}, which became head at {@code now}, may take the {@code count}
   * ways of {@code routed} (output and class pairs, the preferred first): it wants their outputs.
   */
  void route(int b, int[] routed, int count, long now) {
    System.arraycopy(routed, 0, ways, b * 2 * Routing.MAX_WAYS, 2 * count);
    wayCount[b] = count;
    headSince[b] = now;
    for (int i = 0; i < count; i++) {
      wants[routed[2 * i]].set(b);
    }
  }

  /** The input buffers whose heads may take {@code out}; read only. */
  BitSet wants(int out) {
    return wants[out];
  }

  /** How many ways the head of buffer {@code b} has. */
  int wayCount(int b) {
    return wayCount[b];
  }

  /** Way {@code i} of the head of buffer {@code b}: its output port. */
  int wayPort(int b, int i) {
    return ways[(b * Routing.MAX_WAYS + i) * 2];
  }

  /** Way {@code i} of the head of buffer {@code b}: the class of channel it needs. */
  int wayClass(int b, int i) {
    return ways[(b * Routing.MAX_WAYS + i) * 2 + 1];
  }

  long headSince(int b) {
    return headSince[b];
  }

  /** The input buffer served last on {@code out}: the turn goes on from the one after it. */
  int turn(int out) {
    return turn[out];
  }

  int outputTurn() {
    return outputTurn;
  }

  /** When input port {@code inPort} has a crossbar path free. */
  long inputFreeAt(int inPort) {
    long free = Long.MAX_VALUE;
    for (int k = inPort * speedup; k < (inPort + 1) * speedup; k++) {
      free = Math.min(free, inputFree[k]);
    }
    return free;
  }

  /** A packet of input port {@code inPort} takes a crossbar path until {@code until}. */
  void useInput(int inPort, long until) {
    int first = inPort * speedup;
    int k = first;
    for (int j = first + 1; j < first + speedup; j++) {
      k = inputFree[j] < inputFree[k] ? j : k;
    }
    inputFree[k] = until;
  }

  void served(int out, int b) {
    turn[out] = b;
    outputTurn = out;
  }

  // ---- what a test or the deadlock watch looks at ----

  int buffers() {
    return blockedOn.length;
  }

  /** Bytes of credit output {@code out} holds for channel {@code vc}. */
  int credits(int out, int vc) {
    return credits[out * perPort + vc];
  }

  /** The most bytes input buffer {@code vc} of {@code inPort} ever held. */
  int maxHeld(int inPort, int vc) {
    return maxHeld[inPort * perPort + vc];
  }

  /** Heads that had to wait for a credit, on any output (after the warm-up). */
  long stalls() {
    long n = 0;
    for (long x : stalls) {
      n += x;
    }
    return n;
  }

  /** Heads that waited for a credit on output {@code out} after the warm-up, and their waits added up. */
  long stalls(int out) {
    return stalls[out];
  }

  long stallPs(int out) {
    return stallPs[out];
  }
}
