package io.ringfabric.cli;

import picocli.CommandLine.Option;

/** {@code --[no-]progress}: whether a long run shows how far it has come ({@link ProgressLine}). */
final class ProgressArg {
  @Option(
      names = "--progress",
      negatable = true,
      description = "Show on stderr, every few seconds of a long run, how far it has come and the"
          + " time left (default: when stderr is a terminal; a cluster member counts its own share).")
  Boolean progress;
}
