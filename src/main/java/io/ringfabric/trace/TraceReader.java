package io.ringfabric.trace;

import io.ringfabric.model.SimTime;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  /** Longest record line accepted; a record is normally under 300 bytes. */
  static final int MAX_RECORD_LINE = 1 << 20;

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
      List<Integer> traceNodes) {

    private static final Pattern SWITCH_LATENCY = Pattern.compile(", (\\d+(?:\\.\\d+)?) (ms|us|ns) switch \\+ ");

    /**
     * The fabric's switch latency, as the scenario's description gives it ({@code 160 ns switch +
     * 20 ns wire per hop}), or -1 when it does not say: the time a packet spends in a switch past
     * it is a wait, whether or not a record says so.
     */
    public long switchLatencyPs() {
      Matcher m = scenario == null ? null : SWITCH_LATENCY.matcher(scenario);
      return m != null && m.find() ? SimTime.parse(m.group(1) + m.group(2)) : -1;
    }
  }

  private final TraceLines lines;
  private final TraceRecordParser parser;
  private final Consumer<String> warnings;
  private final Header header;

  private long records;
  private long previousT = Long.MIN_VALUE;
  private boolean cutOff;
  private boolean finished;

  private TraceReader(String name, InputStream in, boolean gzip, Consumer<String> warnings) throws IOException {
    this.lines = new TraceLines(name, in, gzip);
    this.parser = new TraceRecordParser(lines);
    this.warnings = warnings;
    this.header = TraceHeaderReader.read(lines);
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
    return lines.name();
  }

  /** Whether the file is gzip-compressed. */
  public boolean gzip() {
    return lines.gzip();
  }

  /** Records returned so far. */
  public long records() {
    return records;
  }

  /** The line number (1 is the header) of the record {@link #next()} returned last. */
  public long lineNumber() {
    return lines.number();
  }

  /** The exact text of the line {@link #next()} returned last, without its line end. */
  public String lineText() {
    return lines.text();
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
    if (!lines.read(MAX_RECORD_LINE)) {
      finish();
      return null;
    }
    TraceRecord r;
    if (lines.terminated()) {
      r = parser.parse();
    } else {
      // The last line has no line end: the writer stopped in the middle of it, unless only the
      // '\n' is missing after a complete object.
      try {
        r = parser.parse();
      } catch (TraceFormatException e) {
        cutOff = true;
        warnings.accept("warning: " + lines.name() + " ends in a cut-off record (line " + lines.number()
            + "); ignoring it");
        finish();
        return null;
      }
    }
    if (r.t() < previousT) {
      throw lines.notARecord("its time t=" + r.t() + " ps is before the previous record's (" + previousT
          + " ps); records of a trace are in time order");
    }
    previousT = r.t();
    records++;
    return r;
  }

  private void finish() {
    if (!finished && lines.gzipCutOff() && !cutOff) {
      warnings.accept("warning: " + lines.name() + " is a gzip stream cut off after line " + lines.number()
          + "; reading the records before it");
    }
    finished = true;
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
