package io.ringfabric.cli;

import io.ringfabric.checkpoint.BadCheckpoint;
import io.ringfabric.checkpoint.CheckpointFile;
import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.SimTime;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --checkpoint-at T --checkpoint FILE} and {@code --restore FILE}: saving a run at a moment, and continuing one. */
final class CheckpointArgs {
  @Option(
      names = "--checkpoint-at",
      paramLabel = "T",
      description = "Save the whole machine at the first window boundary at or after simulated time T"
          + " (e.g. 40us), into --checkpoint FILE, and go on.")
  String checkpointAt;

  @Option(
      names = "--checkpoint",
      paramLabel = "FILE",
      description = "Where --checkpoint-at saves the machine.")
  Path checkpoint;

  @Option(
      names = "--restore",
      paramLabel = "FILE",
      description = "Continue the run saved in FILE, with its own scenario (give no CONFIG; --engine"
          + " and --set actors.* may differ). Its results equal the uninterrupted run's.")
  Path restore;

  private CheckpointFile from;

  boolean restores() {
    return restore != null;
  }

  /** The checkpoint to continue, read and checked; bad input if it cannot be. */
  CheckpointFile from() {
    if (from == null) {
      try {
        from = CheckpointFile.read(restore, Main.version());
      } catch (BadCheckpoint e) {
        throw bad(restore, e);
      }
    }
    return from;
  }

  /** The scenario the checkpoint continues, with the engine and actor settings of {@code overrides}. */
  Scenario scenario(List<String> overrides) {
    try {
      return from().scenario("checkpoint " + restore, overrides);
    } catch (BadCheckpoint e) {
      throw bad(restore, e);
    }
  }

  /** On a cluster the lead saves the checkpoint (every member hands it its parts): refuses {@code --checkpoint-at} elsewhere. */
  void refuseSavingOffTheLead(String lead) {
    if (checkpointAt != null || checkpoint != null) {
      throw new BadInput("--checkpoint-at and --checkpoint are for the lead (the first seed, " + lead
          + "): it writes the file, and every member hands it its parts");
    }
  }

  /** The scenario of the checkpoint with {@code overrides} if the run continues one, else {@code file}'s. */
  Scenario scenario(Path file, boolean isDefault, List<String> overrides) {
    return restores() ? scenario(overrides) : Scenarios.load(file, isDefault, overrides);
  }

  /** What the run saves and continues, checked against {@code scenario} before it starts. */
  Checkpointing checkpointing(Scenario scenario) {
    if ((checkpointAt == null) != (checkpoint == null)) {
      throw new BadInput(checkpointAt == null ? "--checkpoint FILE needs --checkpoint-at T: when to save"
          : "--checkpoint-at T needs --checkpoint FILE: where to save");
    }
    long at = Long.MAX_VALUE;
    if (checkpointAt != null) {
      at = Times.parsePs("--checkpoint-at", checkpointAt);
      if (at > scenario.durationPs()) {
        throw new BadInput("--checkpoint-at " + checkpointAt + " is after the run's end (duration "
            + SimTime.scaled(scenario.durationPs() / 1000.0) + ")");
      }
      if (restores() && at < from().atPs()) {
        throw new BadInput("--checkpoint-at " + checkpointAt + " is before the moment the run continues from ("
            + SimTime.scaled(from().atPs() / 1000.0) + ")");
      }
      String unwritable = unwritable(checkpoint);
      if (unwritable != null) {
        throw new BadInput("--checkpoint " + checkpoint + ": cannot write a file there (" + unwritable + ")");
      }
    }
    return new Checkpointing(restores() ? from() : null, at, checkpoint, Main.version());
  }

  /**
   * Why the checkpoint cannot be written at {@code file}, or null: found before the run, not after
   * it. A file is made and deleted beside it, since permissions alone do not tell (root may write
   * to any directory's bits, yet not into /proc).
   */
  static String unwritable(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    if (Files.isDirectory(file)) {
      return "it is a directory";
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      return "it is not a regular file";
    }
    if (dir == null || !Files.isDirectory(dir)) {
      return "no directory " + dir;
    }
    try {
      Files.delete(Files.createTempFile(dir, ".ringfabric-", ".probe"));
      return null;
    } catch (IOException | SecurityException e) {
      return "the directory " + dir + " is not writable";
    }
  }

  /**
   * After the run: says where the checkpoint went, or why there is none, and returns the run's
   * exit status, a failure if saving failed (told last, after the report).
   */
  int told(Checkpointing c, int status, PrintWriter stdout, PrintWriter stderr) {
    if (restores()) {
      stdout.println("continued " + restore + " from " + SimTime.scaled(from().atPs() / 1000.0) + " (saved by "
          + from().savedBy() + ")");
    }
    if (checkpoint != null && c.failure() == null) {
      if (c.savedAtPs() >= 0) {
        stdout.println("wrote " + checkpoint + " (the machine at " + SimTime.scaled(c.savedAtPs() / 1000.0) + ")");
      } else {
        stderr.println("ringfabric: no checkpoint written: no event was left at or after " + checkpointAt);
      }
    }
    stdout.flush();
    if (c.failure() == null) {
      return status;
    }
    stderr.println("ringfabric: run failed: " + c.failure());
    stderr.flush();
    return Main.FAILED;
  }

  private static BadInput bad(Path file, BadCheckpoint e) {
    return new BadInput("checkpoint " + file + ": " + e.getMessage());
  }
}
