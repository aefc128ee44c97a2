package io.ringfabric.cli;

import io.ringfabric.config.Scenario;
import io.ringfabric.model.NodeSet;
import io.ringfabric.trace.TraceLevel;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The trace options of {@code run} and {@code cluster}: what to record and where. */
final class TraceArgs {
  @Option(names = "--trace", paramLabel = "FILE",
      description = "Records the run as a trace: JSON lines, gzip when FILE ends in .gz.")
  Path trace;

  @Option(names = "--trace-level", paramLabel = "ops|packets|all",
      description = "ops: each operation's stages; packets: plus every packet on every hop;"
          + " all: plus every message between components. Default: ops")
  Level traceLevel; // null: not given, so ops

  @Option(names = "--trace-from", paramLabel = "T",
      description = "Record only from simulated time T on (e.g. 20us, 1500ns, or picoseconds).")
  String traceFrom;

  @Option(names = "--trace-to", paramLabel = "T", description = "Record only before simulated time T.")
  String traceTo;

  @Option(names = "--trace-nodes", paramLabel = "N", split = ",",
      description = "Record only these nodes' components (e.g. 3,9).")
  List<Integer> traceNodes;

  /** The trace levels as the command line spells them. */
  enum Level {
    ops,
    packets,
    all
  }

  /**
   * Opens the trace's file for writing and leaves it as it was: some places (/proc, a full or
   * read-only file system) refuse a file only when it is made, which must not be at the run's end.
   */
  private static void probe(Path trace) {
    boolean existed = Files.exists(trace);
    try {
      Files.newOutputStream(trace, StandardOpenOption.CREATE, StandardOpenOption.APPEND).close();
      if (!existed) {
        Files.delete(trace);
      }
    } catch (IOException e) {
      throw new BadInput("cannot write the trace " + trace + ": " + Scenarios.describe(e));
    }
  }

  /** The trace options, checked against the scenario; null without --trace. */
  TraceOptions options(Scenario scenario) {
    if (trace == null) {
      if (traceLevel != null || traceFrom != null || traceTo != null || traceNodes != null) {
        throw new BadInput("--trace-level, --trace-from, --trace-to and --trace-nodes need --trace FILE");
      }
      return null;
    }
    long from = traceFrom == null ? 0 : Times.parsePs("--trace-from", traceFrom);
    long to = traceTo == null ? Long.MAX_VALUE : Times.parsePs("--trace-to", traceTo);
    if (to <= from) {
      throw new BadInput("--trace-to (" + traceTo + ") must come after --trace-from ("
          + (traceFrom == null ? "0" : traceFrom) + ")");
    }
    NodeSet nodes = null;
    if (traceNodes != null) {
      for (int n : traceNodes) {
        if (n < 0 || n >= scenario.nodes()) {
          throw new BadInput("--trace-nodes: node " + n + " does not exist (nodes are 0.."
              + (scenario.nodes() - 1) + ")");
        }
      }
      nodes = NodeSet.of(traceNodes.stream().mapToInt(Integer::intValue).toArray());
    }
    Path parent = trace.toAbsolutePath().getParent();
    try {
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new BadInput("cannot create the directory of the trace " + trace + ": " + Scenarios.describe(e));
    }
    if (Files.isDirectory(trace)) {
      throw new BadInput("--trace " + trace + " is a directory; give a file name, e.g. " + trace.resolve("trace.jsonl.gz"));
    }
    if (Files.exists(trace) ? !Files.isWritable(trace) : parent != null && !Files.isWritable(parent)) {
      throw new BadInput("cannot write the trace " + trace + " (permission denied)");
    }
    probe(trace);
    Level level = traceLevel == null ? Level.ops : traceLevel;
    return new TraceOptions(trace, TraceLevel.valueOf(level.name().toUpperCase(Locale.ROOT)),
        from, to, nodes);
  }
}
