package io.ringfabric.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.ringfabric.trace.PerfettoProtoFields.DebugAnnotation;
import io.ringfabric.trace.PerfettoProtoFields.Interned;
import io.ringfabric.trace.PerfettoProtoFields.InternedData;
import io.ringfabric.trace.PerfettoProtoFields.ProcessDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.ThreadDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.Trace;
import io.ringfabric.trace.PerfettoProtoFields.TracePacket;
import io.ringfabric.trace.PerfettoProtoFields.TrackDescriptor;
import io.ringfabric.trace.PerfettoProtoFields.TrackEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A .pftrace read back with a protobuf reader of its own, checking as it reads what Perfetto
 * needs: one sequence, its state cleared by its first packet, every iid defined on it before use
 * (and never defined twice while the state lasts), packets that use iids flagged so, every field
 * one the writer means to write. Its events replayed as Perfetto's importer replays them (sorted by
 * time, the file's order between equal times; an END closes the slice open on top of its track)
 * give the {@link #view}.
 */
final class ProtoTimeline {
  record Track(long uuid, long parent, Integer pid, Long tid, String processName, String threadName, String name,
      boolean counter, Integer rank) {}

  /** A track event, its iids resolved. */
  record Event(int index, long ts, int type, long track, String name, String cat, Map<String, String> args,
      List<Long> flowIds, List<Long> terminatingFlowIds, Long counterValue) {}

  final Map<Long, Track> tracks = new LinkedHashMap<>();
  final List<Event> events = new ArrayList<>();
  int packets;
  /** Packets of compressed packets. */
  int bundles;
  /** Packets that cleared the sequence's state. */
  int clears;
  /** Flow ids that start at a slice but end nowhere (Perfetto draws no arrow for them). */
  int danglingFlows;
  private Integer sequence;
  // The sequence's dictionaries: InternedData field -> iid -> text.
  private final Map<Integer, Map<Long, String>> dictionaries = new HashMap<>();

  static ProtoTimeline read(byte[] trace) throws IOException {
    ProtoTimeline t = new ProtoTimeline();
    t.packets(trace, true);
    return t;
  }

  /** A Trace's packets; at the top, packets of compressed packets, as Perfetto unpacks them. */
  private void packets(byte[] trace, boolean top) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(trace);
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      assertEquals(Trace.PACKET, WireFormat.getTagFieldNumber(tag));
      assertEquals(WireFormat.WIRETYPE_LENGTH_DELIMITED, WireFormat.getTagWireType(tag));
      byte[] packet = in.readByteArray();
      CodedInputStream p = CodedInputStream.newInstance(packet);
      if (WireFormat.getTagFieldNumber(p.readTag()) == TracePacket.COMPRESSED_PACKETS) {
        assertTrue(top, "compressed packets in compressed packets");
        assertTrue(packet.length < 512 * 1024, "a compressed packet of " + packet.length + " bytes");
        byte[] deflated = p.readByteArray();
        assertTrue(p.isAtEnd(), "a compressed packet holds nothing else");
        packets(inflate(deflated), false);
        bundles++;
      } else {
        packet(packet);
      }
    }
  }

  private static byte[] inflate(byte[] deflated) throws IOException {
    Inflater inflater = new Inflater();
    inflater.setInput(deflated);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[1 << 16];
    try {
      while (!inflater.finished()) {
        int n = inflater.inflate(chunk);
        assertFalse(n == 0 && inflater.needsInput(), "a compressed packet cut short");
        out.write(chunk, 0, n);
      }
      assertEquals(0, inflater.getRemaining(), "one deflated stream a compressed packet");
    } catch (DataFormatException e) {
      throw new AssertionError("not zlib", e);
    } finally {
      inflater.end();
    }
    return out.toByteArray();
  }

  private void packet(byte[] bytes) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    Long ts = null;
    Integer seq = null;
    int flags = 0;
    byte[] event = null;
    byte[] interned = null;
    byte[] descriptor = null;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (WireFormat.getTagFieldNumber(tag)) {
        case TracePacket.TIMESTAMP -> ts = in.readUInt64();
        case TracePacket.TRUSTED_PACKET_SEQUENCE_ID -> seq = in.readUInt32();
        case TracePacket.SEQUENCE_FLAGS -> flags = in.readUInt32();
        case TracePacket.TRACK_EVENT -> event = in.readByteArray();
        case TracePacket.INTERNED_DATA -> interned = in.readByteArray();
        case TracePacket.TRACK_DESCRIPTOR -> descriptor = in.readByteArray();
        default -> throw new AssertionError("packet " + packets + ": unexpected field " + tag);
      }
    }
    assertNotNull(seq, "packet " + packets + " on no sequence");
    if (sequence == null) {
      sequence = seq;
      assertTrue((flags & TracePacket.SEQ_INCREMENTAL_STATE_CLEARED) != 0, "the first packet clears the state");
    }
    assertEquals(sequence, seq, "one sequence");
    // Perfetto's order within a packet: clear the state, add the interned data, then read the rest.
    if ((flags & TracePacket.SEQ_INCREMENTAL_STATE_CLEARED) != 0) {
      dictionaries.clear();
      clears++;
    }
    boolean usesState = interned != null;
    if (interned != null) {
      intern(interned);
    }
    assertTrue((event == null) != (descriptor == null), "packet " + packets + ": one event or one descriptor");
    if (descriptor != null) {
      assertNull(ts, "descriptors have no time");
      descriptor(descriptor);
    } else {
      assertNotNull(ts, "packet " + packets + ": an event has a time");
      Event e = event(ts, event);
      usesState |= e.name() != null;
      events.add(e);
    }
    if (usesState) {
      assertTrue((flags & TracePacket.SEQ_NEEDS_INCREMENTAL_STATE) != 0, "packet " + packets + " needs the state");
    }
    packets++;
  }

  private void intern(byte[] bytes) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      int field = WireFormat.getTagFieldNumber(tag);
      assertTrue(List.of(InternedData.EVENT_NAMES, InternedData.EVENT_CATEGORIES, InternedData.DEBUG_ANNOTATION_NAMES,
          InternedData.DEBUG_ANNOTATION_STRING_VALUES).contains(field), "unexpected interned field " + field);
      CodedInputStream entry = CodedInputStream.newInstance(in.readByteArray());
      long iid = 0;
      String text = null;
      for (int t = entry.readTag(); t != 0; t = entry.readTag()) {
        switch (WireFormat.getTagFieldNumber(t)) {
          case Interned.IID -> iid = entry.readUInt64();
          case Interned.TEXT -> text = entry.readStringRequireUtf8();
          default -> throw new AssertionError("unexpected field of an interned entry: " + t);
        }
      }
      assertTrue(iid > 0 && text != null);
      String before = dictionaries.computeIfAbsent(field, k -> new HashMap<>()).put(iid, text);
      assertNull(before, "iid " + iid + " of field " + field + " defined twice: " + before + ", " + text);
    }
  }

  private String lookUp(int field, long iid) {
    String text = dictionaries.getOrDefault(field, Map.of()).get(iid);
    assertNotNull(text, "packet " + packets + ": iid " + iid + " of field " + field + " used before it is defined");
    return text;
  }

  private Event event(long ts, byte[] bytes) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    int type = 0;
    long track = -1;
    String name = null;
    String cat = null;
    Long counter = null;
    Map<String, String> args = new LinkedHashMap<>();
    List<Long> flows = new ArrayList<>();
    List<Long> terminating = new ArrayList<>();
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (WireFormat.getTagFieldNumber(tag)) {
        case TrackEvent.TYPE -> type = in.readEnum();
        case TrackEvent.TRACK_UUID -> track = in.readUInt64();
        case TrackEvent.NAME_IID -> name = lookUp(InternedData.EVENT_NAMES, in.readUInt64());
        case TrackEvent.CATEGORY_IIDS -> cat = lookUp(InternedData.EVENT_CATEGORIES, in.readUInt64());
        case TrackEvent.COUNTER_VALUE -> counter = in.readInt64();
        case TrackEvent.FLOW_IDS -> flows.add(in.readFixed64());
        case TrackEvent.TERMINATING_FLOW_IDS -> terminating.add(in.readFixed64());
        case TrackEvent.DEBUG_ANNOTATIONS -> annotation(in.readByteArray(), args);
        default -> throw new AssertionError("packet " + packets + ": unexpected track event field " + tag);
      }
    }
    assertTrue(tracks.containsKey(track), "packet " + packets + ": event on undescribed track " + track);
    return new Event(packets, ts, type, track, name, cat, args, flows, terminating, counter);
  }

  private void annotation(byte[] bytes, Map<String, String> args) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    String name = null;
    Object value = null;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (WireFormat.getTagFieldNumber(tag)) {
        case DebugAnnotation.NAME_IID -> name = lookUp(InternedData.DEBUG_ANNOTATION_NAMES, in.readUInt64());
        case DebugAnnotation.INT_VALUE -> value = in.readInt64();
        case DebugAnnotation.DOUBLE_VALUE -> value = in.readDouble();
        case DebugAnnotation.STRING_VALUE_IID -> value = lookUp(InternedData.DEBUG_ANNOTATION_STRING_VALUES,
            in.readUInt64());
        default -> throw new AssertionError("unexpected debug annotation field " + tag);
      }
    }
    assertTrue(name != null && value != null);
    args.put(name, TimelineView.value(value));
  }

  private void descriptor(byte[] bytes) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    Long uuid = null;
    long parent = 0;
    Integer pid = null;
    Long tid = null;
    String processName = null;
    String threadName = null;
    String name = null;
    boolean counter = false;
    Integer rank = null;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (WireFormat.getTagFieldNumber(tag)) {
        case TrackDescriptor.UUID -> uuid = in.readUInt64();
        case TrackDescriptor.PARENT_UUID -> parent = in.readUInt64();
        case TrackDescriptor.NAME -> name = in.readStringRequireUtf8();
        case TrackDescriptor.COUNTER -> counter = in.readByteArray().length == 0;
        case TrackDescriptor.SIBLING_ORDER_RANK -> rank = in.readInt32();
        case TrackDescriptor.PROCESS_ORDERING, TrackDescriptor.THREAD_ORDERING -> assertEquals(1, in.readEnum());
        case TrackDescriptor.PROCESS -> {
          CodedInputStream p = CodedInputStream.newInstance(in.readByteArray());
          for (int t = p.readTag(); t != 0; t = p.readTag()) {
            switch (WireFormat.getTagFieldNumber(t)) {
              case ProcessDescriptor.PID -> pid = p.readInt32();
              case ProcessDescriptor.PROCESS_NAME -> processName = p.readStringRequireUtf8();
              default -> throw new AssertionError("unexpected process descriptor field " + t);
            }
          }
        }
        case TrackDescriptor.THREAD -> {
          CodedInputStream p = CodedInputStream.newInstance(in.readByteArray());
          for (int t = p.readTag(); t != 0; t = p.readTag()) {
            switch (WireFormat.getTagFieldNumber(t)) {
              case ThreadDescriptor.PID -> pid = p.readInt32();
              case ThreadDescriptor.TID -> tid = p.readInt64();
              case ThreadDescriptor.THREAD_NAME -> threadName = p.readStringRequireUtf8();
              default -> throw new AssertionError("unexpected thread descriptor field " + t);
            }
          }
        }
        default -> throw new AssertionError("unexpected track descriptor field " + tag);
      }
    }
    assertNotNull(uuid);
    assertNull(tracks.put(uuid, new Track(uuid, parent, pid, tid, processName, threadName, name, counter, rank)),
        "track " + uuid + " described twice");
  }

  private Track process(int pid) {
    return tracks.values().stream().filter(t -> t.processName() != null && t.pid() == pid).findFirst()
        .orElseThrow(() -> new AssertionError("no process track of pid " + pid));
  }

  private String trackName(Track t) {
    assertTrue(t.tid() != null, "slices and instants on thread tracks: " + t);
    return TimelineView.track(t.pid(), process(t.pid()).processName(), (int) (long) t.tid(), t.threadName());
  }

  /**
   * The trace as Perfetto shows it, replayed; checks that each SLICE_END closes a slice meant to
   * end then (that slices nest exactly), and that each flow's start comes before its end.
   */
  TimelineView view() {
    Map<Integer, Event> byPacket = new HashMap<>();
    events.forEach(e -> byPacket.put(e.index(), e));
    Map<String, Integer> ranks = new LinkedHashMap<>();
    for (Track t : tracks.values()) {
      if (t.processName() != null) {
        ranks.put(t.pid() + " " + t.processName(), t.rank());
      } else if (t.tid() != null) {
        ranks.put(trackName(t), t.rank());
      }
    }
    List<Event> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong(Event::ts)); // stable: the file's order between equal times
    record Open(Event begin, int at) {}
    Map<Long, Deque<Open>> open = new HashMap<>();
    List<TimelineView.Slice> slices = new ArrayList<>();
    List<TimelineView.Instant> instants = new ArrayList<>();
    List<TimelineView.Counter> counters = new ArrayList<>();
    // Flow id -> the slice it starts (ends) at, and where Perfetto meets that slice's begin.
    Map<Long, Object[]> starts = new HashMap<>();
    Map<Long, Object[]> ends = new HashMap<>();
    for (int i = 0; i < sorted.size(); i++) {
      Event e = sorted.get(i);
      Track t = tracks.get(e.track());
      switch (e.type()) {
        case TrackEvent.TYPE_SLICE_BEGIN -> open.computeIfAbsent(e.track(), k -> new ArrayDeque<>()).push(new Open(e, i));
        case TrackEvent.TYPE_SLICE_END -> {
          Deque<Open> stack = open.get(e.track());
          assertFalse(stack == null || stack.isEmpty(), "an end with nothing open: " + e);
          Open o = stack.pop();
          Event b = o.begin();
          // The writer writes a slice's end right after its begin. An end without a name closes the
          // slice on top, which is another one only among slices ending at this same time.
          Event paired = byPacket.get(b.index() + 1);
          assertTrue(paired != null && paired.type() == TrackEvent.TYPE_SLICE_END && paired.track() == b.track());
          assertEquals(paired.ts(), e.ts(), "the end at " + e.ts() + " closes " + b + ", meant to end at "
              + paired.ts() + ": slices overlap on " + trackName(t));
          TimelineView.Slice s = new TimelineView.Slice(trackName(t), b.ts(), e.ts(), b.name(), b.cat(), b.args());
          slices.add(s);
          for (long id : b.flowIds()) {
            assertNull(starts.put(id, new Object[] {s, o.at()}), "flow " + id + " starts twice");
          }
          for (long id : b.terminatingFlowIds()) {
            assertNull(ends.put(id, new Object[] {s, o.at()}), "flow " + id + " ends twice");
          }
        }
        case TrackEvent.TYPE_INSTANT -> instants.add(new TimelineView.Instant(trackName(t), e.ts(), e.name(),
            e.cat(), e.args()));
        case TrackEvent.TYPE_COUNTER -> {
          assertTrue(t.counter() && e.counterValue() != null, "a counter value on a counter track: " + e);
          Track p = tracks.get(t.parent());
          counters.add(new TimelineView.Counter(p.pid() + " " + p.processName(), t.name(), e.ts(), e.counterValue()));
        }
        default -> throw new AssertionError("unexpected event type " + e);
      }
    }
    open.forEach((track, stack) -> assertTrue(stack.isEmpty(), "slices left open on " + track));
    Map<Long, List<TimelineView.Slice>> flows = new HashMap<>();
    ends.forEach((id, end) -> {
      Object[] start = starts.get(id);
      // Perfetto ends only a flow it has begun: the start's slice must come first.
      assertTrue(start != null && (int) start[1] < (int) end[1], "flow " + id + " ends before it starts");
      flows.put(id, List.of((TimelineView.Slice) start[0], (TimelineView.Slice) end[0]));
    });
    danglingFlows = starts.size() - flows.size();
    return new TimelineView(ranks, slices, instants, counters, flows).sorted();
  }
}
