package io.ringfabric.cli;

import io.ringfabric.hocon.Closest;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command or option the command line does not know, answered as a mistyped scenario key is: with
 * the nearest real one by edit distance ({@link Closest}), when one is near enough to be what was
 * meant, else with where the real ones are listed. One line: the suggestion is the help.
 */
final class Mistyped {
  private Mistyped() {}

  /** The line for {@code ex}, or null when it is not a mistyped command or option (a stray argument). */
  static String message(UnmatchedArgumentException ex) {
    List<String> unmatched = ex.getUnmatched();
    if (unmatched.isEmpty()) {
      return null;
    }
    CommandSpec spec = ex.getCommandLine().getCommandSpec();
    String arg = unmatched.get(0);
    String where = spec.qualifiedName();
    if (arg.startsWith("-")) {
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      return where + ": unknown option '" + name + "'" + hint(name, optionNames(spec), "options", where);
    }
    List<String> commands = commandNames(spec);
    if (commands.isEmpty()) {
      return null;
    }
    return where + ": unknown command '" + arg + "'" + hint(arg, commands, "commands", where);
  }

  private static String hint(String typed, List<String> known, String what, String where) {
    String nearest = Closest.nearest(typed, known);
    if (nearest != null && near(typed, nearest)) {
      return "; did you mean " + nearest + "?";
    }
    return "; '" + where + " --help' lists the " + what;
  }

  /** Close enough to be a slip of the fingers: a swapped pair costs two edits. */
  static boolean near(String typed, String known) {
    return Closest.distance(typed, known) <= Math.max(2, known.length() / 3);
  }

  /** Every long option of the command as the user may write it, negated forms included. */
  private static List<String> optionNames(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (OptionSpec o : spec.options()) {
      if (o.hidden()) {
        continue;
      }
      for (String n : o.names()) {
        if (n.startsWith("--")) {
          names.add(n);
          if (o.negatable()) {
            names.add("--no-" + n.substring(2));
          }
        }
      }
    }
    return names;
  }

  /** The command's subcommands that help lists, in its order. */
  static List<String> commandNames(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (CommandLine sub : spec.subcommands().values()) {
      String name = sub.getCommandName();
      if (!sub.getCommandSpec().usageMessage().hidden() && !names.contains(name)) {
        names.add(name);
      }
    }
    return names;
  }
}
