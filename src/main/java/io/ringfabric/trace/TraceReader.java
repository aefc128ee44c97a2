package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a trace file as {@code ringfabric run --trace} writes it, one record at a time, in bounded
 * memory whatever the file's size.
 *
 * <p>The format: UTF-8 JSON lines ending in {@code '\n'}, gzip-compressed when the writer's file
 * name ends in {@code .gz} (recognised here by the gzip magic bytes, whatever the name). Line 1 is
 * the header, {@code {"ringfabric-trace":1,"level":...,"seed":...,"nodes":...,"scenario":...,
 * "from":...,"to":...,"traceNodes":...}}; every other line is one {@link TraceRecord}, its null or
 * default fields left out, in time order.
 *
 * <p>What is not a trace, or a record that cannot be read, is a {@link TraceFormatException} whose
 * message names the file and line. A file cut off in the middle of its last line (a run that
 * crashed, a gzip stream that ends early) is read up to its last complete record, with a warning
 * for the cut-off tail.
 */
public final class TraceReader implements Closeable {
  /** The format version this reader reads: the header's {@code "ringfabric-trace"} value. */
  public static final int VERSION = 1;
  /** Longest header line accepted (it holds a one-paragraph scenario description). */
  static final int MAX_HEADER_LINE = 1 << 20;
  /** Longest record line accepted; a record is normally under 300 bytes. */
  static final int MAX_RECORD_LINE = 1 << 20;

  private static final JsonFactory JSON = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper(JSON);

  /**
   * The first line of a trace: what was recorded and from which run.
   *
   * @param version the format version ({@link #VERSION})
   * @param level {@code ops}, {@code packets} or {@code all}
   * @param seed the run's seed, or null
   * @param nodes the number of nodes
   * @param scenario the scenario in one paragraph, or null
   * @param from the start of the recorded window, picoseconds, or null
   * @param to the end of the recorded window (exclusive), picoseconds, or null for the run's end
   * @param traceNodes the nodes recorded, or null for all
   */
  public record Header(
      int version,
      String level,
      Long seed,
      int nodes,
      String scenario,
      Long from,
      Long to,
      List<Integer> traceNodes) {}

  private final String name;
  private final InputStream in;
  private final boolean gzip;
  private final Consumer<String> warnings;
  private final Header header;

  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean gzipCutOff;

  private byte[] line = new byte[512];
  private int lineLen;
  private boolean lineTerminated;
  private long lineNo;

  private long records;
  private long previousT = Long.MIN_VALUE;
  private boolean cutOff;
  private boolean finished;

  private TraceReader(String name, InputStream in, boolean gzip, Consumer<String> warnings) throws IOException {
    this.name = name;
    this.in = in;
    this.gzip = gzip;
    this.warnings = warnings;
    this.header = readHeader();
  }

  /**
   * Opens a trace and reads its header.
   *
   * @param file the trace, plain or gzip
   * @param warnings receives each warning, a whole line such as {@code "warning: FILE ends in a
   *     cut-off record (line 12); ignoring it"}
   * @throws TraceFormatException the file is not a ringfabric trace
   * @throws IOException the file cannot be read
   */
  public static TraceReader open(Path file, Consumer<String> warnings) throws IOException {
    return open(file.toString(), Files.newInputStream(file), warnings);
  }

  /** As {@link #open(Path, Consumer)}, on a stream; {@code name} is used in messages. */
  public static TraceReader open(String name, InputStream raw, Consumer<String> warnings) throws IOException {
    BufferedInputStream b = new BufferedInputStream(raw, 1 << 16);
    boolean closeIt = true;
    try {
      b.mark(2);
      int b0 = b.read();
      int b1 = b0 < 0 ? -1 : b.read();
      b.reset();
      boolean gz = b0 == 0x1f && b1 == 0x8b;
      InputStream in = b;
      if (gz) {
        try {
          in = new GZIPInputStream(b, 1 << 16);
        } catch (EOFException e) {
          throw new TraceFormatException(name + ": not a ringfabric trace (a gzip file that ends before"
              + " its first line)");
        } catch (ZipException e) {
          throw new TraceFormatException(name + ": not a ringfabric trace (corrupt gzip data: "
              + e.getMessage() + ")");
        }
      }
      TraceReader r = new TraceReader(name, in, gz, warnings);
      closeIt = false;
      return r;
    } finally {
      if (closeIt) {
        b.close();
      }
    }
  }

  /** The file's header. */
  public Header header() {
    return header;
  }

  /** The name used in messages: the path as given. */
  public String name() {
    return name;
  }

  /** Whether the file is gzip-compressed. */
  public boolean gzip() {
    return gzip;
  }

  /** Records returned so far. */
  public long records() {
    return records;
  }

  /** The line number (1 is the header) of the record {@link #next()} returned last. */
  public long lineNumber() {
    return lineNo;
  }

  /** The exact text of the line {@link #next()} returned last, without its line end. */
  public String lineText() {
    return new String(line, 0, lineLen, StandardCharsets.UTF_8);
  }

  /** True once the end was reached and the file's last line was found cut off. */
  public boolean cutOff() {
    return cutOff;
  }

  /**
   * The next record, or null at the end of the file. A cut-off last line is skipped with a
   * warning; any other line that is not a record is a {@link TraceFormatException}.
   */
  public TraceRecord next() throws IOException {
    if (finished) {
      return null;
    }
    if (!readLine(MAX_RECORD_LINE)) {
      finish();
      return null;
    }
    TraceRecord r;
    if (lineTerminated) {
      r = parseRecord();
    } else {
      // The last line has no line end: the writer stopped in the middle of it, unless only the
      // '\n' is missing after a complete object.
      try {
        r = parseRecord();
      } catch (TraceFormatException e) {
        cutOff = true;
        warnings.accept("warning: " + name + " ends in a cut-off record (line " + lineNo + "); ignoring it");
        finish();
        return null;
      }
    }
    if (r.t() < previousT) {
      throw bad("its time t=" + r.t() + " ps is before the previous record's (" + previousT
          + " ps); records of a trace are in time order");
    }
    previousT = r.t();
    records++;
    return r;
  }

  private void finish() {
    if (!finished && gzipCutOff && !cutOff) {
      warnings.accept("warning: " + name + " is a gzip stream cut off after line " + lineNo
          + "; reading the records before it");
    }
    finished = true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  // ---------------------------------------------------------------------------------------------
  // Lines

  /** Refills the buffer; false at the end of the data (a cut-off gzip stream also ends it). */
  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    int n = 0;
    while (n == 0) {
      try {
        n = in.read(buf, 0, buf.length);
      } catch (EOFException e) {
        if (!gzip) {
          throw e;
        }
        gzipCutOff = true;
        n = -1;
      } catch (ZipException e) {
        throw new TraceFormatException(name + ": corrupt gzip data after line " + lineNo + " ("
            + e.getMessage() + ")");
      }
    }
    if (n < 0) {
      eof = true;
      return false;
    }
    pos = 0;
    limit = n;
    return true;
  }

  /**
   * Reads the next line into {@link #line}; false if there is none. Sets {@link #lineTerminated}
   * and counts {@link #lineNo}. A line longer than {@code max} bytes is a format error.
   */
  private boolean readLine(int max) throws IOException {
    lineLen = 0;
    lineTerminated = false;
    boolean any = false;
    while (true) {
      if (pos >= limit && !fill()) {
        if (any) {
          lineNo++;
        }
        return any;
      }
      any = true;
      int start = pos;
      int end = start;
      while (end < limit && buf[end] != '\n') {
        end++;
      }
      int n = end - start;
      if (lineLen + n > max) {
        lineNo++;
        throw tooLong(max);
      }
      if (lineLen + n > line.length) {
        line = java.util.Arrays.copyOf(line, Math.min(max, Math.max(lineLen + n, line.length * 2)));
      }
      System.arraycopy(buf, start, line, lineLen, n);
      lineLen += n;
      if (end < limit) {
        pos = end + 1;
        lineTerminated = true;
        lineNo++;
        return true;
      }
      pos = limit;
    }
  }

  private TraceFormatException tooLong(int max) {
    if (lineNo == 1) {
      return notATrace("its first line is longer than " + (max >> 20) + " MiB");
    }
    return bad("the line is longer than " + (max >> 20) + " MiB");
  }

  /** Length of the current line without a trailing carriage return. */
  private int contentLength() {
    return lineLen > 0 && line[lineLen - 1] == '\r' ? lineLen - 1 : lineLen;
  }

  // ---------------------------------------------------------------------------------------------
  // Header

  private TraceFormatException notATrace(String why) {
    return new TraceFormatException(name + ": not a ringfabric trace (" + why + "); a trace is written by"
        + " 'ringfabric run --trace FILE'");
  }

  private Header readHeader() throws IOException {
    if (!readLine(MAX_HEADER_LINE)) {
      if (gzipCutOff) {
        throw notATrace("a gzip stream cut off before its first line");
      }
      throw notATrace("the file is empty");
    }
    int len = contentLength();
    JsonNode h;
    try {
      h = MAPPER.readTree(JSON.createParser(line, 0, len));
    } catch (JsonProcessingException e) {
      h = null;
    }
    String prefix = "{\"ringfabric-trace\"";
    boolean looksLikeHeader = len >= prefix.length()
        && new String(line, 0, prefix.length(), StandardCharsets.UTF_8).equals(prefix);
    if (h == null || !h.isObject()) {
      if (looksLikeHeader && !lineTerminated) {
        throw new TraceFormatException(name + ": a ringfabric trace cut off in its header line; it"
            + " holds no records");
      }
      throw notATrace("its first line is not a trace header like {\"ringfabric-trace\":1,...}");
    }
    Iterator<String> names = h.fieldNames();
    if (!names.hasNext() || !"ringfabric-trace".equals(names.next())) {
      throw notATrace("its first line is not a trace header like {\"ringfabric-trace\":1,...}");
    }
    JsonNode v = h.get("ringfabric-trace");
    if (!v.canConvertToInt() || !v.isIntegralNumber()) {
      throw notATrace("the header's \"ringfabric-trace\" is " + v + ", not a format version number");
    }
    if (v.intValue() != VERSION) {
      throw new TraceFormatException(name + ": a ringfabric trace of format version " + v.intValue()
          + "; this ringfabric reads version " + VERSION);
    }
    String level = headerText(h, "level", true);
    JsonNode nodes = h.get("nodes");
    if (nodes == null || !nodes.isIntegralNumber() || !nodes.canConvertToInt() || nodes.intValue() < 0) {
      throw badHeader("\"nodes\" should be the number of nodes, got " + nodes);
    }
    List<Integer> traceNodes = null;
    JsonNode tn = h.get("traceNodes");
    if (tn != null && !tn.isNull()) {
      if (!tn.isArray()) {
        throw badHeader("\"traceNodes\" should be an array of node numbers or null, got " + tn);
      }
      List<Integer> list = new ArrayList<>();
      for (JsonNode n : tn) {
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
          throw badHeader("\"traceNodes\" should be an array of node numbers, got " + tn);
        }
        list.add(n.intValue());
      }
      traceNodes = Collections.unmodifiableList(list);
    }
    return new Header(VERSION, level, headerLong(h, "seed"), nodes.intValue(), headerText(h, "scenario", false),
        headerLong(h, "from"), headerLong(h, "to"), traceNodes);
  }

  private TraceFormatException badHeader(String why) {
    return new TraceFormatException(name + ":1: bad trace header: " + why);
  }

  private String headerText(JsonNode h, String key, boolean required) {
    JsonNode n = h.get(key);
    if (n == null || n.isNull()) {
      if (required) {
        throw badHeader("it has no \"" + key + "\"");
      }
      return null;
    }
    if (!n.isTextual()) {
      throw badHeader("\"" + key + "\" should be a string, got " + n);
    }
    return n.textValue();
  }

  private Long headerLong(JsonNode h, String key) {
    JsonNode n = h.get(key);
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      throw badHeader("\"" + key + "\" should be a whole number or null, got " + n);
    }
    return n.longValue();
  }

  // ---------------------------------------------------------------------------------------------
  // Records

  private TraceFormatException bad(String why) {
    return new TraceFormatException(name + ":" + lineNo + ": not a trace record: " + why);
  }

  private TraceRecord parseRecord() throws IOException {
    int len = contentLength();
    if (len == 0) {
      throw bad("the line is empty");
    }
    long t = 0;
    boolean hasT = false;
    String kind = null;
    String op = null;
    String component = null;
    int node = -1;
    String from = null;
    String to = null;
    long bytes = 0;
    String status = null;
    long wait = 0;
    long dur = 0;
    int ring = -1;
    String port = null;
    String detail = null;
    try (JsonParser p = JSON.createParser(line, 0, len)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw bad("not a JSON object");
      }
      JsonToken tok;
      while ((tok = p.nextToken()) == JsonToken.FIELD_NAME) {
        String f = p.currentName();
        JsonToken value = p.nextToken();
        switch (f) {
          case "t" -> {
            t = whole(p, value, f, Long.MIN_VALUE);
            hasT = value != JsonToken.VALUE_NULL;
          }
          case "kind" -> kind = text(p, value, f);
          case "op" -> op = text(p, value, f);
          case "component" -> component = text(p, value, f);
          case "node" -> node = (int) whole(p, value, f, -1, Integer.MIN_VALUE, Integer.MAX_VALUE);
          case "from" -> from = text(p, value, f);
          case "to" -> to = text(p, value, f);
          case "bytes" -> bytes = whole(p, value, f, 0);
          case "status" -> status = text(p, value, f);
          case "wait" -> wait = whole(p, value, f, 0);
          case "dur" -> dur = whole(p, value, f, 0);
          case "ring" -> ring = (int) whole(p, value, f, -1, Integer.MIN_VALUE, Integer.MAX_VALUE);
          case "port" -> port = text(p, value, f);
          case "detail" -> detail = text(p, value, f);
          default -> p.skipChildren(); // a field a later writer added
        }
      }
      if (tok != JsonToken.END_OBJECT) {
        throw bad("not a JSON object");
      }
      if (p.nextToken() != null) {
        throw bad("more text after the JSON object");
      }
    } catch (JsonProcessingException e) {
      String m = e.getOriginalMessage();
      m = m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
      throw bad("not valid JSON: " + m);
    }
    if (!hasT) {
      throw bad("it has no \"t\" (time)");
    }
    if (t < 0) {
      throw bad("its time t=" + t + " is negative");
    }
    if (kind == null || kind.isEmpty()) {
      throw bad("it has no \"kind\"");
    }
    if (component == null || component.isEmpty()) {
      throw bad("it has no \"component\"");
    }
    return new TraceRecord(t, kind, op, component, -1, node, from, to, bytes, status, wait, dur, ring, port, detail);
  }

  private String text(JsonParser p, JsonToken value, String field) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.VALUE_STRING) {
      throw bad("\"" + field + "\" should be a string, got " + shown(p, value));
    }
    return p.getText();
  }

  private long whole(JsonParser p, JsonToken value, String field, long absent) throws IOException {
    return whole(p, value, field, absent, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  private long whole(JsonParser p, JsonToken value, String field, long absent, long min, long max)
      throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return absent;
    }
    if (value != JsonToken.VALUE_NUMBER_INT) {
      throw bad("\"" + field + "\" should be a whole number, got " + shown(p, value));
    }
    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw bad("\"" + field + "\" is out of range: " + p.getText());
    }
    long v = p.getLongValue();
    if (v < min || v > max) {
      throw bad("\"" + field + "\" is out of range: " + v);
    }
    return v;
  }

  private static String shown(JsonParser p, JsonToken value) throws IOException {
    return switch (value) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "\"" + p.getText() + "\"";
      default -> p.getText();
    };
  }
}
