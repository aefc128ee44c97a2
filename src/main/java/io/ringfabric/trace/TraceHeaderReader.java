package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ringfabric.trace.TraceReader.Header;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/** Reads and checks the first line of a trace, its {@link Header}. */
final class TraceHeaderReader {
  /** Longest header line accepted (it holds a one-paragraph scenario description). */
  static final int MAX_HEADER_LINE = 1 << 20;

  private static final JsonFactory JSON = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper(JSON);

  private final TraceLines lines;

  private TraceHeaderReader(TraceLines lines) {
    this.lines = lines;
  }

  /** The header, read from the first of {@code lines}. */
  static Header read(TraceLines lines) throws IOException {
    return new TraceHeaderReader(lines).readHeader();
  }

  private Header readHeader() throws IOException {
    if (!lines.read(MAX_HEADER_LINE)) {
      if (lines.gzipCutOff()) {
        throw lines.notATrace("a gzip stream cut off before its first line");
      }
      throw lines.notATrace("the file is empty");
    }
    int len = lines.contentLength();
    JsonNode h;
    try {
      h = MAPPER.readTree(JSON.createParser(lines.bytes(), 0, len));
    } catch (JsonProcessingException e) {
      h = null;
    }
    String prefix = "{\"ringfabric-trace\"";
    boolean looksLikeHeader = len >= prefix.length()
        && new String(lines.bytes(), 0, prefix.length(), StandardCharsets.UTF_8).equals(prefix);
    if (h == null || !h.isObject()) {
      if (looksLikeHeader && !lines.terminated()) {
        throw new TraceFormatException(lines.name() + ": a ringfabric trace cut off in its header line; it"
            + " holds no records");
      }
      throw lines.notATrace("its first line is not a trace header like {\"ringfabric-trace\":1,...}");
    }
    Iterator<String> names = h.fieldNames();
    if (!names.hasNext() || !"ringfabric-trace".equals(names.next())) {
      throw lines.notATrace("its first line is not a trace header like {\"ringfabric-trace\":1,...}");
    }
    JsonNode v = h.get("ringfabric-trace");
    if (!v.canConvertToInt() || !v.isIntegralNumber()) {
      throw lines.notATrace("the header's \"ringfabric-trace\" is " + v + ", not a format version number");
    }
    if (v.intValue() != TraceReader.VERSION) {
      throw new TraceFormatException(lines.name() + ": a ringfabric trace of format version " + v.intValue()
          + "; this ringfabric reads version " + TraceReader.VERSION);
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
    return new Header(TraceReader.VERSION, level, headerLong(h, "seed"), nodes.intValue(), headerText(h, "scenario", false),
        headerLong(h, "from"), headerLong(h, "to"), traceNodes);
  }

  private TraceFormatException badHeader(String why) {
    return new TraceFormatException(lines.name() + ":1: bad trace header: " + why);
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
}
