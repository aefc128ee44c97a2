package io.ringfabric.trace;

/**
 * The field numbers and enum values of Perfetto's trace protos that {@link PerfettoProto} writes,
 * named as in the .proto files of Perfetto's protos/perfetto/trace/ (no generated code: the few
 * messages written do not need it). Checked against those files; a wrong number here makes a trace
 * that Perfetto reads as something else or not at all, so change one only from the .proto.
 */
final class PerfettoProtoFields {
  private PerfettoProtoFields() {}

  /** trace.proto: {@code message Trace}. */
  static final class Trace {
    static final int PACKET = 1;

    private Trace() {}
  }

  /** trace_packet.proto: {@code message TracePacket}. */
  static final class TracePacket {
    static final int TIMESTAMP = 8; // uint64, ns of BUILTIN_CLOCK_BOOTTIME when no clock is named
    static final int TRUSTED_PACKET_SEQUENCE_ID = 10; // uint32
    static final int TRACK_EVENT = 11;
    static final int INTERNED_DATA = 12;
    static final int SEQUENCE_FLAGS = 13; // uint32
    static final int COMPRESSED_PACKETS = 50; // bytes: a Trace's packets, deflated (zlib)
    static final int TRACK_DESCRIPTOR = 60;

    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;

    private TracePacket() {}
  }

  /** track_event/track_event.proto: {@code message TrackEvent}. */
  static final class TrackEvent {
    static final int CATEGORY_IIDS = 3; // repeated uint64
    static final int DEBUG_ANNOTATIONS = 4;
    static final int TYPE = 9;
    static final int NAME_IID = 10; // uint64
    static final int TRACK_UUID = 11; // uint64
    static final int COUNTER_VALUE = 30; // int64
    static final int FLOW_IDS = 47; // repeated fixed64
    static final int TERMINATING_FLOW_IDS = 48; // repeated fixed64

    static final int TYPE_SLICE_BEGIN = 1;
    static final int TYPE_SLICE_END = 2;
    static final int TYPE_INSTANT = 3;
    static final int TYPE_COUNTER = 4;

    private TrackEvent() {}
  }

  /** track_event/track_descriptor.proto: {@code message TrackDescriptor}. */
  static final class TrackDescriptor {
    static final int UUID = 1; // uint64
    static final int NAME = 2;
    static final int PROCESS = 3;
    static final int THREAD = 4;
    static final int PARENT_UUID = 5; // uint64
    static final int COUNTER = 8;
    static final int SIBLING_ORDER_RANK = 12; // int32
    static final int PROCESS_ORDERING = 19; // on the root track (uuid 0) only
    static final int THREAD_ORDERING = 20; // likewise

    static final int PROCESS_ORDERING_EXPLICIT = 1;
    static final int THREAD_ORDERING_EXPLICIT = 1;

    private TrackDescriptor() {}
  }

  /** track_event/process_descriptor.proto: {@code message ProcessDescriptor}. */
  static final class ProcessDescriptor {
    static final int PID = 1; // int32
    static final int PROCESS_NAME = 6;

    private ProcessDescriptor() {}
  }

  /** track_event/thread_descriptor.proto: {@code message ThreadDescriptor}. */
  static final class ThreadDescriptor {
    static final int PID = 1; // int32
    static final int TID = 2; // int64
    static final int THREAD_NAME = 5;

    private ThreadDescriptor() {}
  }

  /** interned_data/interned_data.proto: {@code message InternedData}. */
  static final class InternedData {
    static final int EVENT_CATEGORIES = 1; // EventCategory
    static final int EVENT_NAMES = 2; // EventName
    static final int DEBUG_ANNOTATION_NAMES = 3; // DebugAnnotationName
    static final int DEBUG_ANNOTATION_STRING_VALUES = 29; // InternedString

    private InternedData() {}
  }

  /**
   * An interned entry: EventCategory and EventName (track_event.proto), DebugAnnotationName
   * (debug_annotation.proto) and InternedString (profiling/profile_common.proto) all number their
   * iid 1 and their text 2 ({@code name}, a string, or {@code str}, bytes: the same on the wire).
   */
  static final class Interned {
    static final int IID = 1; // uint64
    static final int TEXT = 2;

    private Interned() {}
  }

  /** track_event/debug_annotation.proto: {@code message DebugAnnotation}. */
  static final class DebugAnnotation {
    static final int NAME_IID = 1; // uint64
    static final int INT_VALUE = 4; // int64
    static final int DOUBLE_VALUE = 5;
    static final int STRING_VALUE_IID = 17; // uint64

    private DebugAnnotation() {}
  }
}
