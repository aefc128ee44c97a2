package io.ringfabric.model;

import io.ringfabric.topology.Routing;
import java.io.Serializable;
import java.util.Arrays;

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

  // A switch's channel state sits in one int[] and one long[], each in stretches: first what every
  // packet's allocation reads across the switch (turns, credits, counts; wants, crossbar paths and
  // link times), then each buffer's own numbers side by side. A big machine's switches are out of
  // the cache by the time their next packet comes, and each array or object a packet touches is a
  // cache miss: with an array per number every packet touched some twenty of them.
  private static final int HELD = 0; // bytes in the buffer, departures not yet past included
  private static final int MAX_HELD = 1;
  private static final int FIRST = 2; // ring index of its oldest entry: the departures first, then the waiting
  private static final int DEPARTING = 3; // packets decided but not yet left
  private static final int BLOCKED_ON = 4; // the output its head waits to be credited on, or -1
  private static final int BLOCKED_CLASS = 5;
  private static final int WAY_COUNT = 6; // how many ways its head has (0: no head routed)
  // The ring index mask of its rings of packets and entries (their length less one; -1 before it
  // has any): here, not read off the ring, whose header is one more cache miss a packet in a big machine.
  private static final int MASK = 7;
  private static final int WAYS = 8; // MAX_WAYS pairs: the outputs its head may take, and the class it needs there
  private static final int INTS = WAYS + 2 * Routing.MAX_WAYS;
  private static final int BLOCKED_SINCE = 0;
  private static final int LAST_READY = 1; // when its last packet was ready to leave
  private static final int HEAD_SINCE = 2; // when its head became head
  private static final int TIMES = 3;
  // A ring entry is two longs: while waiting, the packet's target node and spread (what routing it
  // needs, so a head is routed without reaching into its packet); once decided, when it leaves.
  // The second is its bytes on the wire.
  private static final long LOW = 0xFFFF_FFFFL;

  private final int perPort;
  private final int vcs;
  private final int room;
  private final int buffers;
  private final Routing routing;
  // ints: by output port the input buffer served last (round-robin), the output port granted last
  // (so outputs take turns at a busy input), by output port and channel the room left in the next
  // switch's buffer, by input buffer the packets waiting, then by input buffer INTS each.
  private final int[] ints;
  private final int outputTurnAt;
  private final int creditsAt;
  private final int countAt;
  private final int buffersAt;
  // times: by output port, words each, a bit set of the input buffers whose heads are routed to it;
  // by input port and crossbar path when the path is free; by output port when its link is free
  // (the output port's own, kept here beside the rest); then by input buffer TIMES each.
  private final long[] times;
  private final int words;
  private final int pathsAt;
  private final int linksAt;
  private final int bufferTimesAt;
  // By input buffer, rings of the same length: the packets waiting, and two longs per entry.
  // Made on a buffer's first packet.
  private final Packet[][] packets;
  private final long[][] entries;
  private final int speedup;
  private final long measuredFromPs; // the warm-up's end: stalls that end before it are not counted
  private final long[] stalls; // by output port: heads that waited for a credit on it, and how long
  private final long[] stallPs;

  VirtualChannels(int ports, FabricSpec fabric, Routing routing, boolean[] creditedOutputs, long measuredFromPs) {
    this.measuredFromPs = measuredFromPs;
    this.stalls = new long[ports];
    this.stallPs = new long[ports];
    this.vcs = fabric.vcs();
    this.perPort = (fabric.separateClasses() ? 2 : 1) * vcs;
    this.room = fabric.vcBufferBytes();
    this.routing = routing;
    this.buffers = ports * perPort;
    this.speedup = fabric.inputSpeedup();
    this.outputTurnAt = ports;
    this.creditsAt = outputTurnAt + 1;
    this.countAt = creditsAt + buffers;
    this.buffersAt = countAt + buffers;
    this.ints = new int[buffersAt + buffers * INTS];
    this.words = (buffers + 63) / 64;
    this.pathsAt = ports * words;
    this.linksAt = pathsAt + ports * speedup;
    this.bufferTimesAt = linksAt + ports;
    this.times = new long[bufferTimesAt + buffers * TIMES];
    this.packets = new Packet[buffers][];
    this.entries = new long[buffers][];
    for (int b = 0; b < buffers; b++) {
      ints[buffersAt + b * INTS + BLOCKED_ON] = -1;
      ints[buffersAt + b * INTS + MASK] = -1;
      times[bufferTimesAt + b * TIMES + LAST_READY] = NEVER;
      if (creditedOutputs[b / perPort]) {
        ints[creditsAt + b] = room;
      }
    }
    Arrays.fill(times, pathsAt, linksAt, NEVER);
  }

  /** Channels per port. */
  int perPort() {
    return perPort;
  }

  /** The first channel of {@code packet}'s message class; what an injected packet enters. */
  int classBase(Packet packet) {
    return perPort == vcs || packet.type().isRequest() ? 0 : vcs;
  }

  /** The first channel of the message class of input buffer {@code b}'s packets: a packet keeps to its class's channels. */
  private int classBaseOf(int b) {
    return b % perPort < vcs ? 0 : vcs;
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
    return ints[countAt + b];
  }

  /** The routing's class of channel {@code vc} of a port. */
  int classOf(int vc) {
    return routing.classOf(vc % vcs, vcs);
  }

  /** Puts an arriving packet in its input buffer; whether it is the buffer's head. */
  boolean arrive(int inPort, int vc, Packet packet, int wireBytes, long now) {
    return arrive(inPort, vc, packet, packet.targetNode(), packet.spread(), wireBytes, now);
  }

  /** {@link #arrive}, with the packet's target node and spread as its arrival carried them. */
  boolean arrive(int inPort, int vc, Packet packet, int target, int spread, int wireBytes, long now) {
    int b = inPort * perPort + vc;
    int i = buffersAt + b * INTS;
    if (inPort != 0) {
      release(b, now);
      int held = ints[i + HELD] += wireBytes;
      if (held > room) {
        throw new IllegalStateException("input buffer " + vc + " of port " + inPort + " holds "
            + held + " bytes, more than its " + room + ": a packet came without a credit");
      }
      ints[i + MAX_HELD] = Math.max(ints[i + MAX_HELD], held);
    }
    int used = ints[i + DEPARTING] + ints[countAt + b];
    if (used == ints[i + MASK] + 1) {
      grow(b);
    }
    int k = (ints[i + FIRST] + used) & ints[i + MASK];
    packets[b][k] = packet;
    entries[b][2 * k] = (long) target << 32 | spread & LOW;
    entries[b][2 * k + 1] = wireBytes;
    return ++ints[countAt + b] == 1;
  }

  /** Doubles the rings of buffer {@code b} (or makes them), its oldest entry first. */
  private void grow(int b) {
    Packet[] old = packets[b];
    int n = old == null ? 0 : old.length;
    Packet[] p = new Packet[n == 0 ? 4 : 2 * n];
    long[] e = new long[2 * p.length];
    int first = ints[buffersAt + b * INTS + FIRST];
    for (int k = 0; k < n; k++) {
      int from = (first + k) & (n - 1);
      p[k] = old[from];
      e[2 * k] = entries[b][2 * from];
      e[2 * k + 1] = entries[b][2 * from + 1];
    }
    packets[b] = p;
    entries[b] = e;
    ints[buffersAt + b * INTS + FIRST] = 0;
    ints[buffersAt + b * INTS + MASK] = p.length - 1;
  }

  /** Ring index of the head of buffer {@code b}. */
  private int headIndex(int b) {
    int i = buffersAt + b * INTS;
    return (ints[i + FIRST] + ints[i + DEPARTING]) & ints[i + MASK];
  }

  /** The head of input buffer {@code b}, or null. */
  Packet head(int b) {
    return size(b) == 0 ? null : packets[b][headIndex(b)];
  }

  /** The head's bytes on the wire (buffer {@code b} has a head). */
  int headWireBytes(int b) {
    return (int) entries[b][2 * headIndex(b) + 1];
  }

  /** The node the head of buffer {@code b} travels to (it has a head). */
  int headTarget(int b) {
    return (int) (entries[b][2 * headIndex(b)] >>> 32);
  }

  /** The head's {@link Packet#spread}. */
  int headSpread(int b) {
    return (int) entries[b][2 * headIndex(b)];
  }

  /**
   * The earliest the next head of buffer {@code b} may be ready to leave: {@code turnaround} after
   * the last one was (its allocation, not its start on a busy link, which is the output's queue).
   */
  long nextLeave(int b, long turnaround) {
    long last = times[bufferTimesAt + b * TIMES + LAST_READY];
    return last == NEVER ? NEVER : last + turnaround;
  }

  /**
   * The head of buffer {@code b} is on its way, ready at {@code ready} and leaving at {@code
   * leavesAt}; the next is head now. A switch's packets leave a fixed latency after they are
   * decided, so each buffer's departures leave in the order they were decided.
   */
  void depart(int b, long leavesAt, long ready) {
    times[bufferTimesAt + b * TIMES + LAST_READY] = ready;
    int i = buffersAt + b * INTS;
    for (int w = 0; w < ints[i + WAY_COUNT]; w++) {
      clearWant(ints[i + WAYS + 2 * w], b);
    }
    ints[i + WAY_COUNT] = 0;
    int k = headIndex(b);
    packets[b][k] = null;
    ints[countAt + b]--;
    if (b >= perPort) { // the injection queue keeps no count of room
      entries[b][2 * k] = leavesAt;
      ints[i + DEPARTING]++;
    } else {
      ints[i + FIRST] = (k + 1) & ints[i + MASK];
    }
  }

  /** Counts free the room of the packets that have left buffer {@code b} by {@code now}. */
  private void release(int b, long now) {
    int i = buffersAt + b * INTS;
    long[] e = entries[b];
    while (ints[i + DEPARTING] > 0 && e[2 * ints[i + FIRST]] <= now) {
      int k = ints[i + FIRST];
      ints[i + HELD] -= (int) e[2 * k + 1];
      ints[i + FIRST] = (k + 1) & ints[i + MASK];
      ints[i + DEPARTING]--;
    }
  }

  /**
   * The channel of output {@code out} with the most room among those of {@code packet}'s message
   * class and the routing's class {@code cls} that can take {@code wireBytes} (the lowest of
   * equals), or -1.
   */
  int pick(int out, Packet packet, int cls, int wireBytes) {
    return pick(out, classBase(packet), cls, wireBytes);
  }

  /** {@link #pick} for the head of input buffer {@code b}, whose message class its buffer tells. */
  int pickFor(int b, int out, int cls) {
    return pick(out, classBaseOf(b), cls, headWireBytes(b));
  }

  private int pick(int out, int classBase, int cls, int wireBytes) {
    int base = creditsAt + out * perPort + classBase;
    int best = -1;
    int bestRoom = wireBytes - 1;
    for (int v = 0; v < vcs; v++) {
      if (!eligible(v, cls)) {
        continue;
      }
      int credit = ints[base + v];
      if (credit > bestRoom) {
        best = v;
        bestRoom = credit;
      }
    }
    return best < 0 ? -1 : classBase + best;
  }

  /** Whether channel {@code v} of a message class serves the routing's class {@code cls}. */
  boolean eligible(int v, int cls) {
    return routing.classOf(v, vcs) == cls;
  }

  void take(int out, int vc, int bytes) {
    ints[creditsAt + out * perPort + vc] -= bytes;
  }

  void credit(int out, int vc, int bytes) {
    int c = creditsAt + out * perPort + vc;
    ints[c] += bytes;
    if (ints[c] > room) {
      throw new IllegalStateException("output " + out + " holds " + ints[c] + " bytes of credit for"
          + " channel " + vc + ", more than its " + room + ": a credit came twice");
    }
  }

  /**
   * The head of buffer {@code b} waits for a credit on output {@code out}, for a channel of the
   * routing's class {@code cls}, from {@code now}; whether it only now began to wait.
   */
  boolean block(int b, int out, int cls, long now) {
    int i = buffersAt + b * INTS;
    if (ints[i + BLOCKED_ON] >= 0) {
      return false;
    }
    ints[i + BLOCKED_ON] = out;
    ints[i + BLOCKED_CLASS] = cls;
    times[bufferTimesAt + b * TIMES + BLOCKED_SINCE] = now;
    return true;
  }

  /** The output the head of buffer {@code b} waits on, or -1. */
  int blockedOn(int b) {
    return ints[buffersAt + b * INTS + BLOCKED_ON];
  }

  int blockedClass(int b) {
    return ints[buffersAt + b * INTS + BLOCKED_CLASS];
  }

  long blockedSince(int b) {
    return times[bufferTimesAt + b * TIMES + BLOCKED_SINCE];
  }

  /** The head of buffer {@code b} no longer waits; how long it waited for a credit (0 if it did not). */
  long unblock(int b, long now) {
    int out = blockedOn(b);
    if (out < 0) {
      return 0;
    }
    ints[buffersAt + b * INTS + BLOCKED_ON] = -1;
    long waited = now - blockedSince(b);
    long counts = Measured.counts(now, measuredFromPs);
    stalls[out] += counts;
    stallPs[out] += counts * waited;
    return waited;
  }

  boolean blocked(int b) {
    return blockedOn(b) >= 0;
  }

  /**
   * The head of buffer {@code b}, which became head at {@code now}, may take the {@code count}
   * ways of {@code routed} (output and class pairs, the preferred first): it wants their outputs.
   */
  void route(int b, int[] routed, int count, long now) {
    int i = buffersAt + b * INTS;
    System.arraycopy(routed, 0, ints, i + WAYS, 2 * count);
    ints[i + WAY_COUNT] = count;
    times[bufferTimesAt + b * TIMES + HEAD_SINCE] = now;
    for (int w = 0; w < count; w++) {
      times[routed[2 * w] * words + (b >>> 6)] |= 1L << b;
    }
  }

  /**
   * The head of buffer {@code b}, routed again, may now take the {@code count} ways of {@code
   * routed} instead of those it had; it stays head since it did, and no longer waits for a credit
   * on an output it may have left. Whether its ways changed.
   */
  boolean reroute(int b, int[] routed, int count, long now) {
    int i = buffersAt + b * INTS;
    if (ints[i + WAY_COUNT] == count && Arrays.equals(ints, i + WAYS, i + WAYS + 2 * count, routed, 0, 2 * count)) {
      return false;
    }
    for (int w = 0; w < ints[i + WAY_COUNT]; w++) {
      clearWant(ints[i + WAYS + 2 * w], b);
    }
    if (!keeps(routed, count, ints[i + BLOCKED_ON], ints[i + BLOCKED_CLASS])) {
      unblock(b, now); // a wait for a credit it no longer wants ends; one it still wants goes on, as one stall
    }
    route(b, routed, count, headSince(b));
    return true;
  }

  private static boolean keeps(int[] routed, int count, int out, int cls) {
    for (int w = 0; w < count; w++) {
      if (routed[2 * w] == out && routed[2 * w + 1] == cls) {
        return true;
      }
    }
    return false;
  }

  private void clearWant(int out, int b) {
    times[out * words + (b >>> 6)] &= ~(1L << b);
  }

  /** Whether no head wants output {@code out}. */
  boolean wantsNone(int out) {
    for (int w = out * words; w < (out + 1) * words; w++) {
      if (times[w] != 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether no head wants any output: the want bits of all outputs lie first in {@code times}. */
  boolean wantsNothing() {
    for (int w = 0; w < pathsAt; w++) {
      if (times[w] != 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether the head of buffer {@code b} wants output {@code out}. */
  boolean wants(int out, int b) {
    return (times[out * words + (b >>> 6)] & 1L << b) != 0;
  }

  /** How many heads want output {@code out}. */
  int wantCount(int out) {
    int n = 0;
    for (int w = out * words; w < (out + 1) * words; w++) {
      n += Long.bitCount(times[w]);
    }
    return n;
  }

  /** The buffer after {@code b} whose head wants output {@code out}, going round; -1 if none does. */
  int nextWant(int out, int b) {
    int from = b + 1;
    for (int pass = 0; pass < 2; pass++) {
      for (int w = from >>> 6; w < words; w++) {
        long bits = times[out * words + w] & (w == from >>> 6 ? -1L << from : -1L);
        if (bits != 0) {
          return w * 64 + Long.numberOfTrailingZeros(bits);
        }
      }
      from = 0;
    }
    return -1;
  }

  /** How many ways the head of buffer {@code b} has. */
  int wayCount(int b) {
    return ints[buffersAt + b * INTS + WAY_COUNT];
  }

  /** Way {@code i} of the head of buffer {@code b}: its output port. */
  int wayPort(int b, int i) {
    return ints[buffersAt + b * INTS + WAYS + 2 * i];
  }

  /** Way {@code i} of the head of buffer {@code b}: the class of channel it needs. */
  int wayClass(int b, int i) {
    return ints[buffersAt + b * INTS + WAYS + 2 * i + 1];
  }

  long headSince(int b) {
    return times[bufferTimesAt + b * TIMES + HEAD_SINCE];
  }

  /** The input buffer served last on {@code out}: the turn goes on from the one after it. */
  int turn(int out) {
    return ints[out];
  }

  int outputTurn() {
    return ints[outputTurnAt];
  }

  /** When input port {@code inPort} has a crossbar path free. */
  long inputFreeAt(int inPort) {
    long free = Long.MAX_VALUE;
    for (int k = pathsAt + inPort * speedup; k < pathsAt + (inPort + 1) * speedup; k++) {
      free = Math.min(free, times[k]);
    }
    return free;
  }

  /** A packet of input port {@code inPort} takes a crossbar path until {@code until}. */
  void useInput(int inPort, long until) {
    int first = pathsAt + inPort * speedup;
    int k = first;
    for (int j = first + 1; j < first + speedup; j++) {
      k = times[j] < times[k] ? j : k;
    }
    times[k] = until;
  }

  /** When the link of output {@code out} has sent everything booked on it: its {@link OutputPort#freeAt}, kept here. */
  long linkFreeAt(int out) {
    return times[linksAt + out];
  }

  /** The link of output {@code out} is booked until {@code t}. */
  void linkBooked(int out, long t) {
    times[linksAt + out] = t;
  }

  void served(int out, int b) {
    ints[out] = b;
    ints[outputTurnAt] = out;
  }

  // ---- what a test or the deadlock watch looks at ----

  int buffers() {
    return buffers;
  }

  /** Bytes of credit output {@code out} holds for channel {@code vc}. */
  int credits(int out, int vc) {
    return ints[creditsAt + out * perPort + vc];
  }

  /** The most bytes input buffer {@code vc} of {@code inPort} ever held. */
  int maxHeld(int inPort, int vc) {
    return ints[buffersAt + (inPort * perPort + vc) * INTS + MAX_HELD];
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
