package io.ringfabric.trace;

import com.google.protobuf.CodedOutputStream;
import io.ringfabric.trace.PerfettoProtoFields.DebugAnnotation;
import io.ringfabric.trace.PerfettoProtoFields.InternedData;
import io.ringfabric.trace.PerfettoProtoFields.ProcessDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.ThreadDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.Trace;
import io.ringfabric.trace.PerfettoProtoFields.TracePacket;
import io.ringfabric.trace.PerfettoProtoFields.TrackDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.TrackEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;

/**
 * The timeline as a Perfetto protobuf trace: a {@code Trace} whose packets, streamed as they come,
 * are track descriptors (a process track per process, a thread track per thread, a counter track
 * per process counter, named {@code name + " " + key} as Perfetto names JSON counters) and track
 * events (a slice is a SLICE_BEGIN and a SLICE_END, at whole nanoseconds of the default clock).
 *
 * <p>Packets are written as Perfetto's service writes a compressed trace: bundled, each bundle of
 * about {@link #BUNDLE} bytes deflated (zlib) into the {@code compressed_packets} of one outer
 * packet, which Perfetto unpacks as it reads. Plain, the packets would be over a third of the JSON;
 * deflated, a few percent.
 *
 * <p>All packets are on one sequence. Event names, categories, argument names and string
 * arguments are interned: each is defined once, in the packet that first uses it, and referred to
 * by its iid after; the first packet clears the sequence's state. Past {@code maxInterned} entries
 * the dictionaries start anew (the next packet clears the state again), so memory stays bounded
 * however long the trace. Perfetto sorts events by time and keeps the file's order between equal
 * times, which is the order the export tells them in.
 */
final class PerfettoProto extends PerfettoEvents {
  /** Interned entries kept at most before the dictionaries start anew. */
  static final int MAX_INTERNED = 1 << 18;

  /** Packet bytes deflated together; Perfetto wants each compressed packet under 512 KiB. */
  static final int BUNDLE = 128 * 1024;

  private static final int SEQUENCE = 1;

  private final CodedOutputStream file;
  private final Bytes bundle = new Bytes();
  private final CodedOutputStream packets = CodedOutputStream.newInstance(bundle, 4096);
  private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
  private final Bytes deflated = new Bytes();
  private final byte[] chunk = new byte[1 << 16];
  private final Message outer = new Message();
  private final int maxInterned;
  private final Message packet = new Message();
  private final Message event = new Message();
  private final Message interned = new Message();
  private final Message part = new Message();
  private final Message entry = new Message();
  private final List<Dictionary> dictionaries = new ArrayList<>();
  private final Dictionary names = dictionary(InternedData.EVENT_NAMES);
  private final Dictionary categories = dictionary(InternedData.EVENT_CATEGORIES);
  private final Dictionary argNames = dictionary(InternedData.DEBUG_ANNOTATION_NAMES);
  private final Dictionary strings = dictionary(InternedData.DEBUG_ANNOTATION_STRING_VALUES);
  private int internedCount;
  private boolean clearState = true;
  // Track uuids: by pid, by tid (unique over the file) and by "pid|counter name".
  private final Map<Integer, Long> processTracks = new HashMap<>();
  private final Map<Integer, Long> threadTracks = new HashMap<>();
  private final Map<String, Long> counterTracks = new HashMap<>();
  private long nextUuid = 1;
  private long written;

  private PerfettoProto(OutputStream out, int maxInterned) {
    this.file = CodedOutputStream.newInstance(out, 1 << 16);
    this.maxInterned = maxInterned;
  }

  /**
   * Starts the trace on {@code out} with the root track's descriptor, which asks for processes and
   * threads in the order of their sort index.
   */
  static PerfettoProto open(OutputStream out) throws IOException {
    return open(out, MAX_INTERNED);
  }

  static PerfettoProto open(OutputStream out, int maxInterned) throws IOException {
    PerfettoProto p = new PerfettoProto(out, maxInterned);
    CodedOutputStream d = p.event.out;
    d.writeUInt64(TrackDescriptor.UUID, 0);
    d.writeEnum(TrackDescriptor.PROCESS_ORDERING, TrackDescriptor.PROCESS_ORDERING_EXPLICIT);
    d.writeEnum(TrackDescriptor.THREAD_ORDERING, TrackDescriptor.THREAD_ORDERING_EXPLICIT);
    p.finishDescriptor();
    return p;
  }

  @Override
  void close() throws IOException {
    flushBundle();
    file.flush();
    deflater.end();
  }

  @Override
  long written() {
    return written;
  }

  private Dictionary dictionary(int field) {
    Dictionary d = new Dictionary(field);
    dictionaries.add(d);
    return d;
  }

  /** Strings to iids, each defined in the packet that first uses it. */
  private final class Dictionary {
    private final int field;
    private final Map<String, Long> iids = new HashMap<>();

    Dictionary(int field) {
      this.field = field;
    }

    long iid(String text) throws IOException {
      Long iid = iids.get(text);
      if (iid != null) {
        return iid;
      }
      iid = (long) iids.size() + 1;
      iids.put(text, iid);
      internedCount++;
      entry.clear();
      entry.out.writeUInt64(PerfettoProtoFields.Interned.IID, iid);
      entry.out.writeString(PerfettoProtoFields.Interned.TEXT, text);
      entry.writeTo(interned.out, field);
      return iid;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Tracks

  @Override
  void process(int pid, String name, int sortIndex) throws IOException {
    processTracks.put(pid, nextUuid);
    part.out.writeInt32(ProcessDescriptor.PID, pid);
    part.out.writeString(ProcessDescriptor.PROCESS_NAME, name);
    describe(TrackDescriptor.PROCESS, sortIndex);
  }

  @Override
  void thread(int pid, int tid, String name, int sortIndex) throws IOException {
    threadTracks.put(tid, nextUuid);
    part.out.writeInt32(ThreadDescriptor.PID, pid);
    part.out.writeInt64(ThreadDescriptor.TID, tid);
    part.out.writeString(ThreadDescriptor.THREAD_NAME, name);
    describe(TrackDescriptor.THREAD, sortIndex);
  }

  /** The next track: a process's or a thread's, as {@link #part} describes it, ranked among its siblings. */
  private void describe(int kind, int sortIndex) throws IOException {
    CodedOutputStream d = event.out;
    d.writeUInt64(TrackDescriptor.UUID, nextUuid++);
    part.writeTo(d, kind);
    d.writeInt32(TrackDescriptor.SIBLING_ORDER_RANK, sortIndex);
    finishDescriptor();
  }

  private long threadTrack(int tid) {
    Long uuid = threadTracks.get(tid);
    if (uuid == null) {
      throw new IllegalStateException("thread " + tid + " has events before it was named");
    }
    return uuid;
  }

  /** The counter track of a process, made when first used: a child of the process's track. */
  private long counterTrack(int pid, String name) throws IOException {
    String key = pid + "|" + name;
    Long uuid = counterTracks.get(key);
    if (uuid != null) {
      return uuid;
    }
    Long parent = processTracks.get(pid);
    if (parent == null) {
      throw new IllegalStateException("process " + pid + " has counters before it was named");
    }
    uuid = nextUuid++;
    counterTracks.put(key, uuid);
    CodedOutputStream d = event.out;
    d.writeUInt64(TrackDescriptor.UUID, uuid);
    d.writeUInt64(TrackDescriptor.PARENT_UUID, parent);
    d.writeString(TrackDescriptor.NAME, name);
    d.writeByteArray(TrackDescriptor.COUNTER, new byte[0]);
    finishDescriptor();
    return uuid;
  }

  // ---------------------------------------------------------------------------------------------
  // Events

  @Override
  void writeSlice(int pid, int tid, long tsNs, long endNs, String name, String cat, Flows flows, Object[] kv)
      throws IOException {
    long track = threadTrack(tid);
    named(TrackEvent.TYPE_SLICE_BEGIN, track, name, cat, kv);
    if (flows != null) {
      for (long id : flows.out()) {
        event.out.writeFixed64(TrackEvent.FLOW_IDS, id);
      }
      for (long id : flows.in()) {
        event.out.writeFixed64(TrackEvent.TERMINATING_FLOW_IDS, id);
      }
    }
    finishEvent(tsNs, true);
    event.out.writeEnum(TrackEvent.TYPE, TrackEvent.TYPE_SLICE_END);
    event.out.writeUInt64(TrackEvent.TRACK_UUID, track);
    finishEvent(endNs, false);
  }

  @Override
  void writeInstant(int pid, int tid, long tsNs, String name, String cat, Object[] kv) throws IOException {
    named(TrackEvent.TYPE_INSTANT, threadTrack(tid), name, cat, kv);
    finishEvent(tsNs, true);
  }

  @Override
  void writeCounter(int pid, int tid, long tsNs, String name, Object[] kv) throws IOException {
    for (int i = 0; i + 1 < kv.length; i += 2) {
      long track = counterTrack(pid, name + " " + kv[i]);
      event.out.writeEnum(TrackEvent.TYPE, TrackEvent.TYPE_COUNTER);
      event.out.writeUInt64(TrackEvent.TRACK_UUID, track);
      event.out.writeInt64(TrackEvent.COUNTER_VALUE, ((Number) kv[i + 1]).longValue());
      finishEvent(tsNs, false);
    }
  }

  /** Nothing more to write: the flow's ids are on the slices it binds, given to {@link #writeSlice}. */
  @Override
  void writeFlow(String cat, long id, int fromPid, int fromTid, long fromNs, int toPid, int toTid, long toNs) {}

  /** The start of an event of a name and a category, with its arguments as debug annotations. */
  private void named(int type, long track, String name, String cat, Object[] kv) throws IOException {
    startPacket();
    CodedOutputStream e = event.out;
    e.writeEnum(TrackEvent.TYPE, type);
    e.writeUInt64(TrackEvent.TRACK_UUID, track);
    e.writeUInt64(TrackEvent.NAME_IID, names.iid(name));
    e.writeUInt64(TrackEvent.CATEGORY_IIDS, categories.iid(cat));
    for (int i = 0; i + 1 < kv.length; i += 2) {
      if (omitted(kv, i)) {
        continue;
      }
      part.clear();
      part.out.writeUInt64(DebugAnnotation.NAME_IID, argNames.iid((String) kv[i]));
      Object v = kv[i + 1];
      if (v instanceof BigDecimal d) {
        part.out.writeDouble(DebugAnnotation.DOUBLE_VALUE, d.doubleValue());
      } else if (v instanceof Number n) {
        part.out.writeInt64(DebugAnnotation.INT_VALUE, n.longValue());
      } else {
        part.out.writeUInt64(DebugAnnotation.STRING_VALUE_IID, strings.iid(v.toString()));
      }
      part.writeTo(e, TrackEvent.DEBUG_ANNOTATIONS);
    }
  }

  /** Before a packet that may intern: the dictionaries start anew once they hold too much. */
  private void startPacket() {
    if (internedCount >= maxInterned) {
      for (Dictionary d : dictionaries) {
        d.iids.clear();
      }
      internedCount = 0;
      clearState = true;
    }
  }

  /** The track event written to {@link #event}, as a packet of its time. */
  private void finishEvent(long tsNs, boolean usesState) throws IOException {
    packet.out.writeUInt64(TracePacket.TIMESTAMP, tsNs);
    event.writeTo(packet.out, TracePacket.TRACK_EVENT);
    finishPacket(usesState);
  }

  /** The track descriptor written to {@link #event}, as a packet of no time. */
  private void finishDescriptor() throws IOException {
    event.writeTo(packet.out, TracePacket.TRACK_DESCRIPTOR);
    finishPacket(false);
  }

  private void finishPacket(boolean usesState) throws IOException {
    CodedOutputStream p = packet.out;
    p.writeUInt32(TracePacket.TRUSTED_PACKET_SEQUENCE_ID, SEQUENCE);
    if (!interned.isEmpty()) {
      interned.writeTo(p, TracePacket.INTERNED_DATA);
    }
    if (clearState) {
      p.writeUInt32(TracePacket.SEQUENCE_FLAGS,
          TracePacket.SEQ_INCREMENTAL_STATE_CLEARED | TracePacket.SEQ_NEEDS_INCREMENTAL_STATE);
      clearState = false;
    } else if (usesState) {
      p.writeUInt32(TracePacket.SEQUENCE_FLAGS, TracePacket.SEQ_NEEDS_INCREMENTAL_STATE);
    }
    packet.writeTo(packets, Trace.PACKET);
    written++;
    packet.clear();
    event.clear();
    interned.clear();
    packets.flush();
    if (bundle.size() >= BUNDLE) {
      flushBundle();
    }
  }

  /** The packets bundled so far, deflated into one packet of the file. */
  private void flushBundle() throws IOException {
    packets.flush();
    if (bundle.size() == 0) {
      return;
    }
    deflater.reset();
    deflater.setInput(bundle.array(), 0, bundle.size());
    deflater.finish();
    deflated.reset();
    while (!deflater.finished()) {
      deflated.write(chunk, 0, deflater.deflate(chunk));
    }
    outer.out.writeByteArray(TracePacket.COMPRESSED_PACKETS, deflated.array(), 0, deflated.size());
    outer.writeTo(file, Trace.PACKET);
    bundle.reset();
  }

  /** A message being written: its fields gather in a buffer, so its length is known when embedded. */
  private static final class Message {
    private final Bytes bytes = new Bytes();
    final CodedOutputStream out = CodedOutputStream.newInstance(bytes, 256);

    void clear() throws IOException {
      out.flush();
      bytes.reset();
    }

    boolean isEmpty() throws IOException {
      out.flush();
      return bytes.size() == 0;
    }

    /** Embeds the message as field {@code field} of the message {@code parent} writes. */
    void writeTo(CodedOutputStream parent, int field) throws IOException {
      out.flush();
      parent.writeByteArray(field, bytes.array(), 0, bytes.size());
      bytes.reset();
    }
  }

  private static final class Bytes extends ByteArrayOutputStream {
    byte[] array() {
      return buf;
    }
  }
}
