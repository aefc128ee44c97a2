package io.ringfabric.model;

import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's local memory: the processes' buffers and the node's ring buffers.
 *
 * <p>Every access costs the memory latency plus its bytes at the memory bandwidth; accesses
 * share the bandwidth one after another, so a busy memory delays the next access. The accesses
 * are the modules': a PUT's payload read, ring writes and reads, a GET's element written to the
 * initiator's buffer. A process's own stores into its buffer are its core's time, before the
 * doorbell. Ring actions
 * are applied here one at a time, in event order, which is what serialises concurrent PUTs and
 * GETs from many nodes on one ring.
 */
public final class Memory extends Component {
  private final int node;
  private final TimingSpec timing;
  private final Map<Integer, RingBuffer> rings = new TreeMap<>();
  private final Map<Integer, SharedSamples> occupancy = new TreeMap<>(); // by ring
  private final Sampling sampling;
  // Per ring, the processes its arrivals notify, in the order they registered.
  private final Map<Integer, List<Listener>> listeners = new TreeMap<>();
  // Buffers by address; only looked up, never iterated. Keyed by the long itself: a PUT's store
  // and read then box nothing and reach no map node.
  private final LongKeyedMap<byte[]> buffers = new LongKeyedMap<>();
  // Per ring, when each stored element's PUT rang its doorbell, oldest first, like the ring.
  private final Map<Integer, ArrayDeque<ElementOrigin>> born = new HashMap<>(); // by ring, in element order
  private long freeAt;
  private long accesses;
  private long bytesMoved;

  public Memory(int id, int node, TimingSpec timing, Sampling sampling) {
    super(id, "node " + node + " memory");
    this.node = node;
    this.timing = timing;
    this.sampling = sampling;
  }

  /** The node's OS creates a ring in this memory and registers it (setup, before the run). */
  public void addRing(RingBuffer ring) {
    if (rings.putIfAbsent(ring.id(), ring) != null) {
      throw new IllegalArgumentException("node " + node + " already has ring " + ring.id());
    }
    occupancy.put(ring.id(), SharedSamples.level(sampling));
  }

  /**
   * Registers the process to notify when an element arrives in a ring with notification on: the
   * {@code process}-th of core {@code coreComponent}, which drains the ring through its module
   * context {@code context}. Any number of processes may register for one ring; an arrival
   * notifies, at one moment, every one whose last GET found the ring EMPTY: the processes of one
   * core then take the core in the order of their positions on it, and separate cores run at once.
   */
  public void registerArrivalNotification(int ringId, int coreComponent, int process, int context) {
    listeners.computeIfAbsent(ringId, r -> new ArrayList<>()).add(new Listener(coreComponent, process, context));
  }

  /**
   * A process registered for a ring's arrivals. It is armed when one of its GETs finds the ring
   * EMPTY, and the next arrival notifies it and disarms it: an element that comes while the
   * process is still draining the ring is one its own GETs will find, so it raises nothing that
   * could later wake the process into an empty ring. For the same reason, the process's first
   * GET to reach the ring after a notification (one it made for another reason, a wait's limit
   * or a TIMEOUT) spends that notification, if the process has not waited for it yet.
   */
  private static final class Listener implements Serializable {
    final int core;
    final int process;
    final int context;
    boolean armed;
    boolean notified; // since its last GET reached the ring

    Listener(int core, int process, int context) {
      this.core = core;
      this.process = process;
      this.context = context;
    }
  }

  /** The time series of ring {@code ringId}'s bytes in use. */
  public SharedSamples occupancy(int ringId) {
    return occupancy.get(ringId);
  }

  /** Its rings' series, by ring, in the order the rows they share take them ({@link Machine#shareSeries}). */
  Collection<SharedSamples> series() {
    return occupancy.values();
  }

  /** The node's rings, by id. */
  public List<RingBuffer> rings() {
    return Collections.unmodifiableList(new ArrayList<>(rings.values()));
  }

  // ---- protocol ----

  /** A process has stored a payload into its buffer before a PUT (booked on its core, not here). */
  public record BufferStore(long address, byte[] data) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.BUFFER_STORE;
    }
  }

  /** The module reads a PUT's payload from the initiating process's buffer. */
  public record PayloadRead(int context, long sequence, long address, int length) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PAYLOAD_READ;
    }
  }

  /** The module writes a GET's element into the initiating process's buffer. */
  public record PayloadWrite(int context, long sequence, long address, byte[] data) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.PAYLOAD_WRITE;
    }
  }

  /** The target module applies a PUT to one of this node's rings. */
  public record RingPut(Packet.ActionId action, int ring, byte[] payload, ElementOrigin origin)
      implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.RING_PUT;
    }
  }

  /**
   * The target module asks whether a PUT of {@code length} bytes would be refused for a reason
   * other than room (no such ring, access denied, too large), without applying it: the PUT waits
   * behind others held for room in that ring, and must not wait for an answer that room cannot
   * change. The answer is a {@link MessagingModule.RingResult} whose status is {@link Status#DONE}
   * or {@link Status#FULL} when nothing but room stands in the way.
   */
  public record RingCheck(Packet.ActionId action, int ring, int length) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.RING_CHECK;
    }
  }

  /** The target module applies a GET to one of this node's rings. */
  public record RingGet(Packet.ActionId action, int ring, int maxLength) implements Message {
    @Override
    public MessageKind kind() {
      return MessageKind.RING_GET;
    }
  }

  @Override
  protected void handle(Event event) {
    Message m = event.message();
    if (m instanceof RingPut put) {
      onRingPut(event.source(), put);
    } else if (m instanceof RingGet get) {
      onRingGet(event.source(), get);
    } else if (m instanceof RingCheck check) {
      onRingCheck(event.source(), check);
    } else if (m instanceof PayloadRead read) {
      onPayloadRead(event.source(), read);
    } else if (m instanceof PayloadWrite write) {
      onPayloadWrite(event.source(), write);
    } else if (m instanceof BufferStore store) {
      onBufferStore(store);
    } else {
      throw new IllegalStateException(name() + " cannot handle " + m.kind());
    }
  }

  /**
   * The process's stores, which its core paid for before the doorbell (length / memory bandwidth):
   * they take no turn on the memory here, so a PUT's payload crosses the memory once, when the
   * module reads it after the doorbell.
   */
  private void onBufferStore(BufferStore store) {
    buffers.put(store.address(), store.data());
  }

  private void onPayloadRead(int module, PayloadRead read) {
    byte[] stored = buffers.get(read.address());
    byte[] data = new byte[read.length()];
    if (stored != null) {
      System.arraycopy(stored, 0, data, 0, Math.min(stored.length, data.length));
    }
    long done = access(read.length());
    send(module, done - now(), new MessagingModule.PayloadReady(read.context(), read.sequence(), data));
  }

  private void onPayloadWrite(int module, PayloadWrite write) {
    buffers.put(write.address(), write.data());
    long done = access(write.data().length);
    send(module, done - now(), new MessagingModule.PayloadWritten(write.context(), write.sequence()));
  }

  private void onRingPut(int module, RingPut put) {
    RingBuffer ring = rings.get(put.ring());
    Status status;
    long done;
    if (ring == null) {
      status = Status.NO_SUCH_RING;
      done = access(0);
    } else {
      status = ring.put(put.action().node(), put.payload());
      if (status == Status.DONE) {
        occupancy.get(put.ring()).set(now(), ring.usedBytes());
        born.computeIfAbsent(put.ring(), r -> new ArrayDeque<>())
            .addLast(put.origin());
      }
      done = access(status == Status.DONE ? RingBuffer.HEADER_BYTES + put.payload().length : 0);
    }
    send(module, done - now(), result(put.action(), put.ring(), status, null, ElementOrigin.NONE, ring));
    if (status == Status.DONE) {
      for (Listener l : listeners.getOrDefault(put.ring(), List.of())) {
        if (l.armed) {
          l.armed = false;
          l.notified = true;
          send(l.core, done - now(), new Core.ArrivalNotification(node, put.ring(), l.process, false));
        }
      }
    }
  }

  private void onRingCheck(int module, RingCheck check) {
    RingBuffer ring = rings.get(check.ring());
    Status status = ring == null ? Status.NO_SUCH_RING : ring.checkPut(check.action().node(), check.length());
    long done = access(0);
    send(module, done - now(), result(check.action(), check.ring(), status, null, ElementOrigin.NONE, ring));
  }

  private void onRingGet(int module, RingGet get) {
    RingBuffer ring = rings.get(get.ring());
    Status status;
    byte[] element = null;
    if (ring == null) {
      status = Status.NO_SUCH_RING;
    } else {
      status = ring.checkGet(get.action().node());
      if (status == Status.DONE && ring.headLength() > get.maxLength()) {
        status = Status.TOO_LARGE; // never return part of an element: leave it in the ring
      } else if (status == Status.DONE) {
        element = ring.take(get.action().node());
        occupancy.get(get.ring()).set(now(), ring.usedBytes());
      }
    }
    long done = access(element == null ? 0 : RingBuffer.HEADER_BYTES + element.length);
    if (get.action().node() == node) {
      reached(get.ring(), get.action().context(), status == Status.EMPTY, done);
    }
    ElementOrigin origin = element == null ? ElementOrigin.NONE : born.get(get.ring()).pollFirst();
    send(module, done - now(), result(get.action(), get.ring(), status, element, origin, ring));
  }

  /**
   * A GET of this node's {@code context} reached ring {@code ringId}, done at {@code done}: if
   * that context's process is registered for the ring, it spends the notification sent since its
   * last GET, and if the ring was EMPTY the next arrival notifies the process.
   */
  private void reached(int ringId, int context, boolean empty, long done) {
    for (Listener l : listeners.getOrDefault(ringId, List.of())) {
      if (l.context != context) {
        continue;
      }
      if (l.notified) {
        l.notified = false;
        send(l.core, done - now(), new Core.ArrivalNotification(node, ringId, l.process, true));
      }
      l.armed = empty;
    }
  }

  private static MessagingModule.RingResult result(Packet.ActionId action, int ringId,
      Status status, byte[] element, ElementOrigin origin, RingBuffer ring) {
    return ring == null
        ? new MessagingModule.RingResult(action, ringId, status, element)
        : new MessagingModule.RingResult(action, ringId, status, element, origin,
            ring.elements(), ring.usedBytes(), ring.capacity());
  }

  /** Books one access of {@code bytes}; returns when it completes. */
  private long access(int bytes) {
    long transfer = Rates.transferPs(bytes, timing.memoryBandwidthBitsPerSecond());
    long start = Math.max(now(), freeAt);
    freeAt = start + transfer;
    accesses++;
    bytesMoved += bytes;
    return start + transfer + timing.memoryLatencyPs();
  }

  public int node() {
    return node;
  }

  public long accesses() {
    return accesses;
  }

  public long bytesMoved() {
    return bytesMoved;
  }
}
