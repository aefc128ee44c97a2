package io.ringfabric.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a trace file: a header line, then every record as one JSON line, in canonical order
 * (time, component id, the component's own record count). Engines hand it records as they come
 * and tell it how far time is final; it writes what is final and keeps only the rest, so memory
 * stays bounded however long the run.
 */
public final class TraceWriter implements AutoCloseable {
  private static final Comparator<Recorder.Entry> CANONICAL =
      Comparator.<Recorder.Entry>comparingLong(e -> e.record().t())
          .thenComparingInt(e -> e.record().componentId())
          .thenComparingLong(Recorder.Entry::sequence);

  private final Writer out;
  private List<Recorder.Entry> pending = new ArrayList<>();
  private long written;

  /**
   * Opens the file and writes the header.
   *
   * @param scenario the scenario in one paragraph
   */
  public TraceWriter(TraceOptions options, long seed, int nodes, String scenario) {
    try {
      OutputStream raw = Files.newOutputStream(options.file());
      if (options.file().getFileName().toString().endsWith(".gz")) {
        raw = new GZIPOutputStream(raw, 1 << 16);
      }
      this.out = new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8), 1 << 16);
      StringBuilder b = new StringBuilder("{\"ringfabric-trace\":1,\"level\":");
      Json.string(b, options.level().label());
      b.append(",\"seed\":").append(seed).append(",\"nodes\":").append(nodes).append(",\"scenario\":");
      Json.string(b, scenario);
      b.append(",\"from\":").append(options.fromPs()).append(",\"to\":")
          .append(options.toPs() == Long.MAX_VALUE ? "null" : String.valueOf(options.toPs()))
          .append(",\"traceNodes\":").append(options.nodes() == null ? "null"
              : Arrays.toString(options.nodes().listed()).replace(" ", ""))
          .append("}\n");
      out.write(b.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the trace " + options.file() + ": " + e.getMessage(), e);
    }
  }

  /** Takes records from a component or a part. */
  public void add(List<Recorder.Entry> entries) {
    if (!entries.isEmpty()) {
      pending.addAll(entries);
    }
  }

  /** Writes every record before {@code t}: no record made from now on can come before it. */
  public void flushUpTo(long t) {
    if (pending.isEmpty()) {
      return;
    }
    List<Recorder.Entry> ready = new ArrayList<>();
    List<Recorder.Entry> later = new ArrayList<>();
    for (Recorder.Entry e : pending) {
      (e.record().t() < t ? ready : later).add(e);
    }
    pending = later;
    ready.sort(CANONICAL);
    try {
      StringBuilder b = new StringBuilder(256);
      for (Recorder.Entry e : ready) {
        b.setLength(0);
        Json.record(b, e.record());
        b.append('\n');
        out.write(b.toString());
      }
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot write the trace: " + ex.getMessage(), ex);
    }
    written += ready.size();
  }

  /** Records waiting for time to become final. */
  public int pending() {
    return pending.size();
  }

  public long written() {
    return written;
  }

  /** Writes what is left and closes the file. */
  @Override
  public void close() {
    flushUpTo(Long.MAX_VALUE);
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot finish the trace: " + e.getMessage(), e);
    }
  }

  /** The trace's JSON: fields in a fixed order, defaults left out, nothing locale-dependent. */
  static final class Json {
    private Json() {}

    static void record(StringBuilder b, TraceRecord r) {
      b.append("{\"t\":").append(r.t()).append(",\"kind\":");
      string(b, r.kind());
      if (r.op() != null) {
        b.append(",\"op\":");
        string(b, r.op());
      }
      b.append(",\"component\":");
      string(b, r.component());
      if (r.node() >= 0) {
        b.append(",\"node\":").append(r.node());
      }
      optional(b, "from", r.from());
      optional(b, "to", r.to());
      if (r.bytes() != 0) {
        b.append(",\"bytes\":").append(r.bytes());
      }
      optional(b, "status", r.status());
      if (r.waitPs() != 0) {
        b.append(",\"wait\":").append(r.waitPs());
      }
      if (r.dur() != 0) {
        b.append(",\"dur\":").append(r.dur());
      }
      if (r.ring() >= 0) {
        b.append(",\"ring\":").append(r.ring());
      }
      optional(b, "port", r.port());
      optional(b, "detail", r.detail());
      b.append('}');
    }

    private static void optional(StringBuilder b, String key, String value) {
      if (value != null) {
        b.append(",\"").append(key).append("\":");
        string(b, value);
      }
    }

    static void string(StringBuilder b, String s) {
      b.append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> b.append("\\\"");
          case '\\' -> b.append("\\\\");
          case '\n' -> b.append("\\n");
          case '\r' -> b.append("\\r");
          case '\t' -> b.append("\\t");
          default -> {
            if (c < 0x20) {
              b.append(String.format("\\u%04x", (int) c));
            } else {
              b.append(c);
            }
          }
        }
      }
      b.append('"');
    }
  }
}
