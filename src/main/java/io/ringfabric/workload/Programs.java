package io.ringfabric.workload;

import io.ringfabric.config.ConfigReader;
import io.ringfabric.config.ProcessGroupSpec;
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
   * The program one process of {@code group} runs on {@code node}. Consumers report what they
   * receive to {@code check}.
   */
  public static Program instantiate(ProcessGroupSpec group, int node, ElementCheck check) {
    ProgramSpec spec = group.spec();
    if (spec instanceof PutStreamSpec put) {
      return new PutStream(put);
    }
    if (spec instanceof GetStreamSpec get) {
      return new GetStream(get, check);
    }
    if (spec instanceof PingPongSpec ball) {
      int[] pair = group.nodes().listed();
      return new PingPong(ball, pair[0] == node ? pair[1] : pair[0], pair[0] == node);
    }
    throw new IllegalArgumentException("no program for " + spec);
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
                + io.ringfabric.config.Closest.suggestion(program, names(), "program")
                + " (known: " + String.join(", ", names()) + ")");
        return null;
    }
  }
}
