package io.ringfabric.stats;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code --hgrm DIR}: each latency distribution of a run as HdrHistogram's percentile file
 * ({@code DIR/put.hgrm}, {@code DIR/message-pattern=uniform.hgrm}), values in nanoseconds, which
 * HdrHistogram's plotters and tools read as they read any Java or C HdrHistogram's output.
 */
public final class HgrmFiles {
  public static final String SUFFIX = ".hgrm";

  private HgrmFiles() {}

  /**
   * Writes a file for each kind that completed any action, after removing the {@code .hgrm} files
   * an earlier run left in {@code dir} (so none is taken for this run's); returns the names written.
   */
  public static List<String> write(Map<String, LatencyRecorder> latencies, Path dir) throws IOException {
    try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      for (Path p : old) {
        Files.deleteIfExists(p);
      }
    }
    List<String> written = new ArrayList<>();
    for (Map.Entry<String, LatencyRecorder> e : latencies.entrySet()) {
      if (e.getValue().count() == 0) {
        continue;
      }
      String name = fileName(e.getKey());
      try (OutputStream file = Files.newOutputStream(dir.resolve(name));
          PrintStream out = new PrintStream(file, false, StandardCharsets.UTF_8)) {
        e.getValue().writePercentiles(out);
        if (out.checkError()) {
          throw new IOException("cannot write " + dir.resolve(name));
        }
      }
      written.add(name);
    }
    return written;
  }

  /** A kind's file: {@code message/size=64} is {@code message-size=64.hgrm}. */
  static String fileName(String kind) {
    return kind.replace('/', '-') + SUFFIX;
  }
}
