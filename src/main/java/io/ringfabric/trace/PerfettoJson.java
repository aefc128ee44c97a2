package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * The timeline as a Chrome Trace Event JSON file, written as it comes, one event a line: metadata
 * that names processes and threads, slices ({@code X}), instants, counters and flow arrows.
 *
 * <p>The format's times are microseconds and viewers read them as doubles, so a slice's end is
 * what they compute as {@code ts + dur}. Times are written as whole nanoseconds ({@code 1.234}, an
 * exact decimal), and a duration as the decimal whose double, added to the start's, gives the end's
 * double, or falls just short of it, and never passes the end of the slice around it ({@link
 * #dur}): a slice then ends, in the viewer, where the next one on its track begins or before,
 * never a rounding error after, and inside its parent. Perfetto rounds each number to the
 * nanosecond, which gives back the exact nanoseconds. ({@code displayTimeUnit} only picks the unit
 * shown; the numbers stay microseconds.)
 */
final class PerfettoJson extends PerfettoEvents {
  /** A slice written that may enclose later ones on its thread, with the end a viewer computes. */
  private record Enclosing(long tsNs, long endNs, double viewerEnd) {}

  private final JsonGenerator g;
  private long events;
  // By thread: the slice last written and those around it (the model writes parents first).
  private final Map<Integer, ArrayDeque<Enclosing>> enclosing = new HashMap<>();

  private PerfettoJson(JsonGenerator g) {
    this.g = g;
  }

  /** Starts the file on {@code out}: the object and its {@code traceEvents} array, one event a line. */
  static PerfettoJson open(OutputStream out) throws IOException {
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
    return new PerfettoJson(g);
  }

  @Override
  void close() throws IOException {
    g.writeEndArray();
    g.writeStringField("displayTimeUnit", "ns");
    g.writeEndObject();
    g.writeRaw('\n');
    g.flush();
  }

  @Override
  long written() {
    return events;
  }

  /** Nanoseconds as exact microseconds, without trailing zeros: {@code 1.234}, {@code 2}. */
  static String us(long ns) {
    return BigDecimal.valueOf(ns, 3).stripTrailingZeros().toPlainString();
  }

  /**
   * The duration of a slice from {@code tsNs} to {@code endNs}, in microseconds, such that a
   * viewer's double sum of start and duration does not pass {@code limit} (the viewer's end of the
   * slice around it, or of none): the exact decimal if that sum lands on the end's own double; else
   * the double nearby that does; else, when rounding to even skips the end's double (or the limit
   * is below it), the largest that stays below. It is written so that it reads back as that double,
   * and Perfetto, rounding it to the nanosecond, still gets the exact duration.
   */
  static String dur(long tsNs, long endNs, double limit) {
    double ts = tsNs / 1000.0;
    double end = Math.min(endNs / 1000.0, limit);
    double exact = (endNs - tsNs) / 1000.0;
    if (ts + exact == end) {
      return us(endNs - tsNs);
    }
    double below = exact;
    double above = exact;
    for (int i = 0; i < 8; i++) {
      below = Math.nextDown(below);
      above = Math.nextUp(above);
      if (ts + below == end) {
        return plain(below);
      }
      if (ts + above == end) {
        return plain(above);
      }
    }
    double d = Math.min(exact, end - ts);
    while (d > 0 && ts + d > end) {
      d = Math.nextDown(d);
    }
    return plain(Math.max(0, d));
  }

  private static String plain(double d) {
    return new BigDecimal(Double.toString(d)).toPlainString();
  }

  private void begin(String ph, int pid, int tid, long tsNs) throws IOException {
    g.writeStartObject();
    g.writeStringField("ph", ph);
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    g.writeFieldName("ts");
    g.writeNumber(us(tsNs));
    events++;
  }

  private void args(Object[] kv) throws IOException {
    boolean any = false;
    for (int i = 0; i + 1 < kv.length; i += 2) {
      if (omitted(kv, i)) {
        continue;
      }
      if (!any) {
        g.writeObjectFieldStart("args");
        any = true;
      }
      Object v = kv[i + 1];
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

  @Override
  void process(int pid, String name, int sortIndex) throws IOException {
    meta(pid, pid, "process_name", "name", name);
    meta(pid, pid, "process_sort_index", "sort_index", sortIndex);
  }

  @Override
  void thread(int pid, int tid, String name, int sortIndex) throws IOException {
    meta(pid, tid, "thread_name", "name", name);
    meta(pid, tid, "thread_sort_index", "sort_index", sortIndex);
  }

  /** A metadata event: a name or a sort index of a process or thread. */
  private void meta(int pid, int tid, String what, String key, Object value) throws IOException {
    begin("M", pid, tid, 0);
    g.writeStringField("name", what);
    g.writeObjectFieldStart("args");
    if (value instanceof Integer i) {
      g.writeNumberField(key, i);
    } else {
      g.writeStringField(key, (String) value);
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /** The flows bound to the slice are written by {@link #writeFlow}, as a pair of events each. */
  @Override
  void writeSlice(int pid, int tid, long tsNs, long endNs, String name, String cat, Flows flows, Object[] kv)
      throws IOException {
    ArrayDeque<Enclosing> around = enclosing.computeIfAbsent(tid, k -> new ArrayDeque<>());
    while (!around.isEmpty() && !(around.peek().tsNs() <= tsNs && endNs <= around.peek().endNs())) {
      around.pop();
    }
    String dur = dur(tsNs, endNs, around.isEmpty() ? Double.POSITIVE_INFINITY : around.peek().viewerEnd());
    around.push(new Enclosing(tsNs, endNs, tsNs / 1000.0 + Double.parseDouble(dur)));
    begin("X", pid, tid, tsNs);
    g.writeFieldName("dur");
    g.writeNumber(dur);
    g.writeStringField("name", name);
    g.writeStringField("cat", cat);
    args(kv);
    g.writeEndObject();
  }

  @Override
  void writeInstant(int pid, int tid, long tsNs, String name, String cat, Object[] kv) throws IOException {
    begin("i", pid, tid, tsNs);
    g.writeStringField("s", "t");
    g.writeStringField("name", name);
    g.writeStringField("cat", cat);
    args(kv);
    g.writeEndObject();
  }

  @Override
  void writeCounter(int pid, int tid, long tsNs, String name, Object[] kv) throws IOException {
    begin("C", pid, tid, tsNs);
    g.writeStringField("name", name);
    g.writeObjectFieldStart("args");
    for (int i = 0; i + 1 < kv.length; i += 2) {
      g.writeNumberField((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Its start binds to the slice enclosing it, and so does its end ({@code "bp":"e"}). */
  @Override
  void writeFlow(String cat, long id, int fromPid, int fromTid, long fromNs, int toPid, int toTid, long toNs)
      throws IOException {
    begin("s", fromPid, fromTid, fromNs);
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", id);
    g.writeEndObject();
    begin("f", toPid, toTid, toNs);
    g.writeStringField("name", cat);
    g.writeStringField("cat", cat);
    g.writeNumberField("id", id);
    g.writeStringField("bp", "e");
    g.writeEndObject();
  }
}
