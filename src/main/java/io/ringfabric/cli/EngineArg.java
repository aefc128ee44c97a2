package io.ringfabric.cli;

import picocli.CommandLine.Option;

/** {@code --engine reference|actors}: the engine a command runs the model on, as an override. */
final class EngineArg {
  @Option(
      names = "--engine",
      paramLabel = "reference|actors",
      description = "Engine to run the model on (overrides ringfabric.engine).")
  RunCommand.Engine engine;

  /** {@code engine=NAME} to add to the overrides, or none when --engine was not given. */
  String[] override() {
    return engine == null ? new String[0] : new String[] {"engine=" + engine.name()};
  }
}
