package io.ringfabric.cli;

import io.ringfabric.cluster.Placement;
import picocli.CommandLine.Option;

/** {@code --placement}: how a cluster run's lead places nodes on members. */
final class PlacementArg {
  @Option(names = "--placement", paramLabel = "blocks|round-robin", defaultValue = "blocks",
      completionCandidates = Choices.Placements.class,
      description = "How the lead places nodes on members: contiguous blocks of node ids, or dealt"
          + " out in turn. Default: ${DEFAULT-VALUE}")
  String placement;

  /** The placement's name for {@link Placement#of}, checked. */
  String kind() {
    if (!Placement.KINDS.contains(placement)) {
      throw new BadInput("--placement: '" + placement + "' is not a placement; use one of "
          + String.join(", ", Placement.KINDS));
    }
    return placement;
  }
}
