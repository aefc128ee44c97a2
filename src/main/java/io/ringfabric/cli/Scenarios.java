package io.ringfabric.cli;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Finding and loading the scenario file a command was given. */
final class Scenarios {
  /** The default scenario, relative to the repository root or the working directory. */
  static final String DEFAULT_CONFIG = "conf/ringfabric.conf";

  private Scenarios() {}

  /**
   * The scenario file to use when none is given: {@code $RINGFABRIC_HOME/conf/ringfabric.conf}
   * when bin/ringfabric set RINGFABRIC_HOME, else {@code conf/ringfabric.conf} in the working
   * directory.
   */
  static Path defaultConfig(String home) {
    return inHome(home, DEFAULT_CONFIG);
  }

  /** A file of the repository: under RINGFABRIC_HOME when bin/ringfabric set it, else under the working directory. */
  static Path inHome(String home, String relative) {
    return home == null || home.isBlank() ? Path.of(relative) : Path.of(home).resolve(relative);
  }

  /** Checks the file can be read before handing it to the loader, so the message is plain. */
  static void requireReadable(Path file, boolean isDefault) {
    if (file.toString().isEmpty()) { // Path.of("") is the working directory, not a file
      throw new BadInput("the scenario file's name is empty; give a CONFIG file: ringfabric run path/to/scenario.conf");
    }
    if (!Files.exists(file)) {
      if (isDefault) {
        throw new BadInput("no scenario given, and the default scenario " + where(file)
            + " does not exist; give a CONFIG file: ringfabric run path/to/scenario.conf");
      }
      throw new BadInput("scenario file " + where(file) + " does not exist");
    }
    if (Files.isDirectory(file)) {
      throw new BadInput("scenario file " + file + " is a directory, not a file");
    }
    if (!Files.isReadable(file)) {
      throw new BadInput("scenario file " + file + " cannot be read (permission denied)");
    }
  }

  /** The path as given, and where that is when it is relative. */
  static String where(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    return abs.toString().equals(file.toString()) ? file.toString() : file + " (" + abs + ")";
  }

  /** An I/O failure in words, without the exception's class name. */
  static String describe(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "a file of that name is in the way";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? "I/O error" : e.getMessage();
  }

  static Scenario load(Path file, boolean isDefault, List<String> overrides) {
    requireReadable(file, isDefault);
    return ScenarioLoader.load(file, overrides);
  }

  /** Ring buffers the scenario creates, counted over every node that gets one. */
  static int ringInstances(Scenario s) {
    return s.rings().stream().mapToInt(r -> r.nodes().members(s.nodes()).length).sum();
  }

  /** Processes the scenario starts, counted over every node of every group. */
  static long processInstances(Scenario s) {
    return s.processes().stream()
        .mapToLong(g -> (long) g.count() * g.nodes().members(s.nodes()).length)
        .sum();
  }

  /** Creates an output directory before a run, so no run's results are lost to it. */
  static void prepareOutputDirectory(Path out) {
    prepareOutputDirectory(out, "the output directory");
  }

  /**
   * As {@link #prepareOutputDirectory(Path)}, for the directory {@code what} names (e.g.
   * {@code --hgrm}); returns the directories it made, deepest first, for {@link #unmake}.
   */
  static List<Path> prepareOutputDirectory(Path dir, String what) {
    if (dir.toString().isEmpty()) {
      throw new BadInput(what + "'s name is empty; give a directory ('.' for the working one)");
    }
    List<Path> made = new ArrayList<>();
    for (Path d = dir.toAbsolutePath(); d != null && !Files.exists(d); d = d.getParent()) {
      made.add(d);
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new BadInput("cannot create " + what + " " + dir + ": " + describe(e));
    }
    if (!Files.isWritable(dir)) {
      throw new BadInput("cannot write to " + what + " " + dir + " (permission denied)");
    }
    return made;
  }

  /**
   * Prepares the output directory, then {@code more} (another output's); when that is refused,
   * removes what was made for the first, so a refused run leaves nothing behind.
   */
  static void prepareOutputDirectory(Path out, Runnable more) {
    List<Path> made = prepareOutputDirectory(out, "the output directory");
    try {
      more.run();
    } catch (BadInput refused) {
      for (Path d : made) {
        try {
          Files.deleteIfExists(d);
        } catch (IOException notEmpty) {
          break; // something else put a file there meanwhile: leave it
        }
      }
      throw refused;
    }
  }

  /** Checks a cluster's member count against the scenario: every member needs a part to run. */
  static void checkMembers(Scenario s, int members) {
    int parts = BuiltMachine.layoutOf(s).parts();
    if (members < 1 || members > parts) {
      throw new BadInput("--members must be 1.." + parts + " (the scenario's nodes and standalone"
          + " switches; every member runs at least one), not " + members);
    }
  }
}
