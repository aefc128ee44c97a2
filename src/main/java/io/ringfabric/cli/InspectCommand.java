package io.ringfabric.cli;

import io.ringfabric.checkpoint.BadCheckpoint;
import io.ringfabric.checkpoint.CheckpointFile;
import io.ringfabric.checkpoint.MachineMoment;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ringfabric inspect FILE}: the machine a checkpoint holds, at its moment. */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the machine saved in a checkpoint (run --checkpoint-at T --checkpoint FILE) as it was at T:"
          + " each ring's occupancy and oldest elements, each busy context, the packets queued at each"
          + " switch port, the events pending at each component. What is at rest is left out.",
      "Exit status: 0 done; 2 a bad file or argument."
    })
final class InspectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A checkpoint file.")
  Path file;

  @Option(names = "--node", paramLabel = "N", description = "Node N alone (its rings, contexts, switch and events).")
  Integer node;

  @Override
  public Integer call() {
    MachineMoment moment;
    try {
      moment = MachineMoment.of(CheckpointFile.read(file, Main.version()));
    } catch (BadCheckpoint e) {
      throw new BadInput("checkpoint " + file + ": " + e.getMessage());
    }
    if (node != null && (node < 0 || node >= moment.nodes())) {
      throw new BadInput("--node " + node + ": the machine has nodes 0 to " + (moment.nodes() - 1));
    }
    spec.commandLine().getOut().print(moment.render(node == null ? -1 : node));
    spec.commandLine().getOut().flush();
    return Main.OK;
  }
}
