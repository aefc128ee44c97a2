package io.ringfabric.cli;

import io.ringfabric.workload.schedule.Collectives;
import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.GoalParser;
import io.ringfabric.workload.schedule.Schedule;
import io.ringfabric.workload.schedule.ScheduleFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * A SCHEDULE on the command line: a GOAL file, or PATTERN:RANKS:SIZE (broadcast:16:8,
 * alltoall:64:64KiB), the built-in pattern as {@code ringfabric schedule PATTERN --ranks RANKS
 * --size SIZE} writes it. Anything else is bad input naming the argument.
 */
final class ScheduleArg {
  static final String FORM = "a GOAL file or PATTERN:RANKS:SIZE such as broadcast:16:8";

  private ScheduleArg() {}

  static Schedule read(String arg) {
    Path file = path(arg);
    if (file != null && Files.exists(file)) {
      return goal(file);
    }
    String[] parts = arg.split(":", -1);
    if (parts.length != 3) {
      throw new BadInput(arg.contains(":") ? arg + ": a SCHEDULE is " + FORM
          : "no GOAL file " + (file == null ? arg : Scenarios.where(file)) + " (a SCHEDULE is " + FORM + ")");
    }
    try {
      Pattern pattern = ScheduleCommand.pattern(parts[0]);
      long size = ScheduleCommand.bytes("SIZE", parts[2]);
      return Collectives.generate(pattern, new Collectives.Settings(ranks(parts[1]), size, 1, 0, List.of()));
    } catch (BadInput | IllegalArgumentException e) {
      throw new BadInput(arg + ": " + e.getMessage());
    }
  }

  private static Path path(String arg) {
    try {
      return Path.of(arg);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  private static int ranks(String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new BadInput("RANKS: '" + text + "' is not a whole number of ranks");
    }
  }

  private static Schedule goal(Path file) {
    if (Files.isDirectory(file)) {
      throw new BadInput(file + " is a directory, not a GOAL file");
    }
    try {
      return GoalParser.parse(file);
    } catch (ScheduleFormatException e) {
      throw new BadInput(e.getMessage());
    } catch (IOException e) {
      throw new BadInput("cannot read " + file + ": " + Scenarios.describe(e));
    }
  }
}
