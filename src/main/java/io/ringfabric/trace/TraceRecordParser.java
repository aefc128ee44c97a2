package io.ringfabric.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Parses the current line of a trace into a {@link TraceRecord}, streaming its fields; a line that
 * is not a record is a {@link TraceFormatException} naming the file and line.
 */
final class TraceRecordParser {
  private static final JsonFactory JSON = new JsonFactory();

  private final TraceLines lines;

  TraceRecordParser(TraceLines lines) {
    this.lines = lines;
  }

  TraceRecord parse() throws IOException {
    int len = lines.contentLength();
    if (len == 0) {
      throw lines.notARecord("the line is empty");
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
    try (JsonParser p = JSON.createParser(lines.bytes(), 0, len)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw lines.notARecord("not a JSON object");
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
        throw lines.notARecord("not a JSON object");
      }
      if (p.nextToken() != null) {
        throw lines.notARecord("more text after the JSON object");
      }
    } catch (JsonProcessingException e) {
      String m = e.getOriginalMessage();
      m = m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
      throw lines.notARecord("not valid JSON: " + m);
    }
    if (!hasT) {
      throw lines.notARecord("it has no \"t\" (time)");
    }
    if (t < 0) {
      throw lines.notARecord("its time t=" + t + " is negative");
    }
    if (kind == null || kind.isEmpty()) {
      throw lines.notARecord("it has no \"kind\"");
    }
    if (component == null || component.isEmpty()) {
      throw lines.notARecord("it has no \"component\"");
    }
    return new TraceRecord(t, kind, op, component, -1, node, from, to, bytes, status, wait, dur, ring, port, detail);
  }

  private String text(JsonParser p, JsonToken value, String field) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value != JsonToken.VALUE_STRING) {
      throw lines.notARecord("\"" + field + "\" should be a string, got " + shown(p, value));
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
      throw lines.notARecord("\"" + field + "\" should be a whole number, got " + shown(p, value));
    }
    if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw lines.notARecord("\"" + field + "\" is out of range: " + p.getText());
    }
    long v = p.getLongValue();
    if (v < min || v > max) {
      throw lines.notARecord("\"" + field + "\" is out of range: " + v);
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
