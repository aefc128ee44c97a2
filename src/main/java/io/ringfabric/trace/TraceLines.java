package io.ringfabric.trace;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * The lines of a trace, read one at a time into a reused buffer, and the messages that name a
 * line of it. A gzip stream that ends early ends the lines; {@link #gzipCutOff()} then says so.
 */
final class TraceLines implements Closeable {
  private final String name;
  private final InputStream in;
  private final boolean gzip;

  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean gzipCutOff;

  private byte[] line = new byte[512];
  private int lineLen;
  private boolean lineTerminated;
  private long lineNo;

  TraceLines(String name, InputStream in, boolean gzip) {
    this.name = name;
    this.in = in;
    this.gzip = gzip;
  }

  /** The name used in messages: the path as given. */
  String name() {
    return name;
  }

  boolean gzip() {
    return gzip;
  }

  /** The number of the current line; 1 is the header. */
  long number() {
    return lineNo;
  }

  /** The current line's bytes, valid up to {@link #contentLength()}; reused by the next line. */
  byte[] bytes() {
    return line;
  }

  /** Whether the current line ended in {@code '\n'}; the last line of a cut-off file does not. */
  boolean terminated() {
    return lineTerminated;
  }

  /** Whether the data ended in a gzip stream cut off before its end. */
  boolean gzipCutOff() {
    return gzipCutOff;
  }

  /** The exact text of the current line, without its line end. */
  String text() {
    return new String(line, 0, lineLen, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

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
   * Reads the next line into {@link #bytes()}; false if there is none. Sets {@link #terminated()}
   * and counts {@link #number()}. A line longer than {@code max} bytes is a format error.
   */
  boolean read(int max) throws IOException {
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
        line = Arrays.copyOf(line, Math.min(max, Math.max(lineLen + n, line.length * 2)));
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
    return notARecord("the line is longer than " + (max >> 20) + " MiB");
  }

  /** Length of the current line without a trailing carriage return. */
  int contentLength() {
    return lineLen > 0 && line[lineLen - 1] == '\r' ? lineLen - 1 : lineLen;
  }

  TraceFormatException notATrace(String why) {
    return new TraceFormatException(name + ": not a ringfabric trace (" + why + "); a trace is written by"
        + " 'ringfabric run --trace FILE'");
  }

  TraceFormatException notARecord(String why) {
    return new TraceFormatException(name + ":" + lineNo + ": not a trace record: " + why);
  }
}
