package io.ringfabric.engine;

import io.ringfabric.model.Event;
import io.ringfabric.model.Switch;
import io.ringfabric.trace.Recorder;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts one member's end of a window for another member into pieces small enough for one remote
 * message each. Pekko's remote transport refuses (and drops) a message larger than its frame,
 * and a traced window of a large machine can carry megabytes; the pieces go out in order and
 * only the last says so, and messages between two actors keep their order, so the receiver knows
 * it has everything when the last piece is in.
 */
final class ExchangePieces {
  /** Bytes of events per piece: a quarter of the 4 MiB frame the cluster configures. */
  static final int EVENT_BYTES = 1 << 20;
  /** Trace records per piece (a record is well under 500 bytes on the wire). */
  static final int RECORDS = 2000;
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
      int recordsEnd = Math.min(records.size(), r + RECORDS);
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

  private static long wireBytes(Event e) {
    return e.message() instanceof Switch.PacketArrival a
        ? EVENT_OVERHEAD + a.packet().chunk().length : EVENT_OVERHEAD;
  }
}
