package io.ringfabric.workload;

import io.ringfabric.config.ConfigReader;
import java.util.List;
import java.util.Set;

/** The built-in process programs, by the name a scenario gives in {@code program = ...}. */
public final class Programs {
  /** Keys every process group has, whatever its program. */
  public static final Set<String> COMMON_KEYS = Set.of("program", "nodes", "core", "count");

  private Programs() {}

  /** Program names in the order the documentation lists them. */
  public static List<String> names() {
    return List.of("put-stream", "get-stream", "ping-pong");
  }

  /**
   * Parses and checks one process group's program-specific keys (the block is already merged with
   * {@code ringfabric.defaults.<program>}); problems go to the reader. Returns null for an unknown
   * program, after recording a problem naming the closest known one.
   *
   * @param nodes the number of nodes in the scenario
   */
  public static ProgramSpec parse(String program, ConfigReader reader, int nodes) {
    switch (program) {
      case "put-stream":
        return PutStreamSpec.parse(reader);
      case "get-stream":
        return GetStreamSpec.parse(reader);
      case "ping-pong":
        return PingPongSpec.parse(reader, nodes);
      default:
        reader.problem(
            "program",
            "unknown program '" + program + "'"
                + io.ringfabric.config.Closest.suggestion(program, names())
                + " (known: " + String.join(", ", names()) + ")");
        return null;
    }
  }
}
