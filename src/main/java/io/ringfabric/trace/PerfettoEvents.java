package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import io.ringfabric.model.SimTime;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;

/**
 * The events of a Chrome Trace Event JSON file, written as they come and counted: metadata that
 * names processes and threads, slices, instants, counters and flow arrows. Times are written as
 * exact microseconds.
 */
final class PerfettoEvents {
  /** A flow whose start is known and whose end is awaited. */
  record PendingFlow(long id, int pid, int tid, long ts) {}

  private final JsonGenerator g;
  private long events;
  private long slices;
  private long instants;
  private long flows;
  private long counters;

  private PerfettoEvents(JsonGenerator g) {
    this.g = g;
  }

  /** Starts the file on {@code out}: the object and its {@code traceEvents} array, one event a line. */
  static PerfettoEvents open(OutputStream out) throws IOException {
    JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    g.setPrettyPrinter(new MinimalPrettyPrinter() {
      private static final long serialVersionUID = 1L;

      @Override
      public void writeArrayValueSeparator(JsonGenerator gen) throws IOException {
        gen.writeRaw(",\n");
      }

      @Override
      public void beforeArrayValues(JsonGenerator gen) throws IOException {
        gen.writeRaw('\n');
      }
    });
    g.writeStartObject();
    g.writeFieldName("traceEvents");
    g.writeStartArray();
    return new PerfettoEvents(g);
  }

  /** Ends the array and the file, and flushes it; does not close the stream. */
  void close() throws IOException {
    g.writeEndArray();
    g.writeStringField("displayTimeUnit", "ns");
    g.writeEndObject();
    g.writeRaw('\n');
    g.flush();
  }

  long events() {
    return events;
  }

  long slices() {
    return slices;
  }

  long instants() {
    return instants;
  }

  long flows() {
    return flows;
  }

  long counters() {
    return counters;
  }

  private void begin(String ph, int pid, int tid, long tsPs) throws IOException {
    g.writeStartObject();
    g.writeStringField("ph", ph);
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    g.writeFieldName("ts");
    g.writeNumber(SimTime.us(tsPs));
    events++;
  }

  void args(Object... kv) throws IOException {
    boolean any = false;
    for (int i = 0; i + 1 < kv.length; i += 2) {
      Object v = kv[i + 1];
      if (v == null || (v instanceof Long l && l == 0 && "bytes".equals(kv[i]))) {
        continue;
      }
      if (!any) {
        g.writeObjectFieldStart("args");
        any = true;
      }
      if (v instanceof BigDecimal d) {
        g.writeFieldName((String) kv[i]);
        g.writeNumber(d.toPlainString());
      } else if (v instanceof Number n) {
        g.writeNumberField((String) kv[i], n.longValue());
      } else {
        g.writeStringField((String) kv[i], v.toString());
      }
    }
    if (any) {
      g.writeEndObject();
    }
  }

  void meta(int pid, int tid, String what, String name) throws IOException {
    begin("M", pid, tid, 0);
    g.writeStringField("name", what);
    g.writeObjectFieldStart("args");
    g.writeStringField("name", name);
    g.writeEndObject();
    g.writeEndObject();
  }

  void metaSort(int pid, String what, int index) throws IOException {
    sortIndex(pid, pid, what, index);
  }

  void metaSort(int pid, int tid, int index) throws IOException {
    sortIndex(pid, tid, "thread_sort_index", index);
  }

  private void sortIndex(int pid, int tid, String what, int index) throws IOException {
    begin("M", pid, tid, 0);
    g.writeStringField("name", what);
    g.writeObjectFieldStart("args");
    g.writeNumberField("sort_index", index);
    g.writeEndObject();
    g.writeEndObject();
  }

  void slice(int pid, int tid, long tsPs, long durPs, String name, String cat, Object... kv)
      throws IOException {
    begin("X", pid, tid, tsPs);
    g.writeFieldName("dur");
    g.writeNumber(SimTime.us(Math.max(0, durPs)));
    g.writeStringField("name", name);
    g.writeStringField("cat", cat);
    args(kv);
    g.writeEndObject();
    slices++;
  }

  void instant(TraceRecord r, int[] track, String name, Object... kv) throws IOException {
    begin("i", track[0], track[1], r.t());
    g.writeStringField("s", "t");
    g.writeStringField("name", name);
    g.writeStringField("cat", r.kind());
    args(kv);
    g.writeEndObject();
    instants++;
  }

  void counter(int pid, int tid, long tsPs, String name, Object... kv) throws IOException {
    begin("C", pid, tid, tsPs);
    g.writeStringField("name", name);
    g.writeObjectFieldStart("args");
    for (int i = 0; i + 1 < kv.length; i += 2) {
      g.writeNumberField((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    g.writeEndObject();
    g.writeEndObject();
    counters++;
  }

  /** A flow arrow: its start (bound to the slice enclosing it) and its end (bound likewise). */
  void flow(String cat, PendingFlow start, int pid, int tid, long endPs) throws IOException {
    begin("s", start.pid(), start.tid(), start.ts());
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", start.id());
    g.writeEndObject();
    begin("f", pid, tid, Math.max(endPs, start.ts()));
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", start.id());
    g.writeStringField("bp", "e");
    g.writeEndObject();
    flows++;
  }
}
