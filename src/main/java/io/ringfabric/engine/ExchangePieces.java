package io.ringfabric.engine;

import io.ringfabric.model.Event;
import io.ringfabric.model.Switch;
import io.ringfabric.trace.Recorder;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts one coordinator's end of a window for another into pieces small enough for one remote
 * message each. Pekko's remote transport refuses (and drops) a message larger than its frame,
 * and a traced window of a large machine can carry megabytes; the pieces go out in order and
 * only the last says so, and messages between two actors keep their order, so the receiver knows
 * it has everything when the last piece is in.
 */
final class ExchangePieces {
  /** Bytes of events per piece: a quarter of the 4 MiB frame the cluster configures. */
  static final int EVENT_BYTES = 1 << 20;
  /** Bytes of trace records per piece, as for events. */
  static final int RECORD_BYTES = 1 << 20;
  // A record's numbers on the wire, without its strings (WireSerializer).
  private static final int RECORD_OVERHEAD = 80;
  // An event's fixed fields on the wire, without its packet's payload (EventBatchCodec).
  private static final int EVENT_OVERHEAD = 128;

  private ExchangePieces() {}

  static List<Coordinator.Exchange> split(long window, int from, long next, boolean endRun,
      List<Event> events, List<Recorder.Entry> records) {
    List<Coordinator.Exchange> pieces = new ArrayList<>(1);
    int e = 0;
    int r = 0;
    do {
      int eventsEnd = e;
      long bytes = 0;
      while (eventsEnd < events.size()
          && (eventsEnd == e || bytes + wireBytes(events.get(eventsEnd)) <= EVENT_BYTES)) {
        bytes += wireBytes(events.get(eventsEnd++));
      }
      int recordsEnd = r;
      bytes = 0;
      while (recordsEnd < records.size()
          && (recordsEnd == r || bytes + wireBytes(records.get(recordsEnd)) <= RECORD_BYTES)) {
        bytes += wireBytes(records.get(recordsEnd++));
      }
      boolean last = eventsEnd == events.size() && recordsEnd == records.size();
      pieces.add(new Coordinator.Exchange(window, from, next, endRun,
          slice(events, e, eventsEnd), slice(records, r, recordsEnd), last));
      e = eventsEnd;
      r = recordsEnd;
    } while (e < events.size() || r < records.size());
    return pieces;
  }

  private static <T> List<T> slice(List<T> all, int from, int to) {
    return from == 0 && to == all.size() ? all : new ArrayList<>(all.subList(from, to));
  }

  /** Modified UTF-8 takes up to 3 bytes a char; count every char as 3 to stay on the safe side. */
  private static long wireBytes(Recorder.Entry entry) {
    var t = entry.record();
    return RECORD_OVERHEAD + 3L * (length(t.kind()) + length(t.op()) + length(t.component()) + length(t.from())
        + length(t.to()) + length(t.status()) + length(t.port()) + length(t.detail()));
  }

  private static int length(String s) {
    return s == null ? 0 : s.length();
  }

  private static long wireBytes(Event e) {
    return e.message() instanceof Switch.PacketArrival a
        ? EVENT_OVERHEAD + a.packet().chunk().length : EVENT_OVERHEAD;
  }
}
