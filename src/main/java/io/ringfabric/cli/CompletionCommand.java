package io.ringfabric.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ringfabric completion}: a shell completion script of every command and option. */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a completion script for bash and zsh: every command, option and option value.",
      "bash: source <(bin/ringfabric completion); zsh: autoload -U +X bashcompinit && bashcompinit,"
          + " then the same."
    })
final class CompletionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    // picocli writes the script from the command tree itself, so it cannot fall behind the options
    spec.commandLine().getOut().print(AutoComplete.bash("ringfabric", spec.root().commandLine()));
    spec.commandLine().getOut().flush();
    return Main.OK;
  }
}
