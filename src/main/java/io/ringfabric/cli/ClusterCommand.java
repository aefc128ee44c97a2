package io.ringfabric.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code ringfabric cluster}: runs a scenario spread over several JVMs or hosts. */
@Command(
    name = "cluster",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a scenario with its nodes spread over the members of a Pekko Cluster: several JVMs,"
          + " on one host or many. The results (and trace) are those of the same run in one JVM."
    },
    subcommands = {ClusterMemberCommand.class, ClusterLocalCommand.class})
final class ClusterCommand implements Runnable {
  @ParentCommand Main main;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw Main.missingCommand(spec);
  }
}
