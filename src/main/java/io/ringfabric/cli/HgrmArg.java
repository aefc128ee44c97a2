package io.ringfabric.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --hgrm DIR}: where to write each latency distribution in HdrHistogram's format. */
final class HgrmArg {
  @Option(names = "--hgrm", paramLabel = "DIR",
      description = "Also write each latency distribution (put, get, message, the programs' own) as"
          + " DIR/<kind>.hgrm, HdrHistogram's percentile format in nanoseconds, for its plotters."
          + " DIR is created if needed.")
  Path dir;

  /** Creates the directory before the run, so that a run's histograms are never lost to it. */
  void prepare() {
    if (dir != null) {
      Scenarios.prepareOutputDirectory(dir, "--hgrm");
    }
  }
}
