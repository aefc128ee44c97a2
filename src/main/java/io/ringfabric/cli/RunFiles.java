package io.ringfabric.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files a run reads and writes, named by what they are, checked before it starts: an output
 * that is also an input, or another output, would be overwritten without a word at the run's end.
 */
final class RunFiles {
  private final Map<String, Path> inputs = new LinkedHashMap<>();
  private final Map<String, Path> outputs = new LinkedHashMap<>();
  private final Map<String, String> mayReplace = new LinkedHashMap<>(); // by output: the input it may write over

  /**
   * What a run of a scenario reads and writes ({@code run}, {@code cluster local}), by what the
   * user called them; a null path is one not given.
   *
   * @param scenario the scenario file, or null when the run continues a checkpoint
   */
  static RunFiles ofRun(Path scenario, Path restore, Path trace, Path checkpoint, Path out) {
    return new RunFiles()
        .reads("the scenario", scenario)
        .reads("the checkpoint --restore reads", restore)
        .writes("--trace", trace)
        .writes("--checkpoint", checkpoint)
        .writes("--out's report.txt", out.resolve("report.txt"))
        .writes("--out's report.html", out.resolve("report.html"))
        .rewrites("--out's scenario.conf", out.resolve("scenario.conf"), "the scenario")
        .writes("--out's results.json", out.resolve("results.json"));
  }

  /** Adds an input, {@code what} saying what it is ("the scenario"); a null path is left out. */
  RunFiles reads(String what, Path file) {
    if (file != null) {
      inputs.put(what, file);
    }
    return this;
  }

  /** Adds an output, {@code what} being how the user named it ("--trace"); a null path is left out. */
  RunFiles writes(String what, Path file) {
    if (file != null) {
      outputs.put(what, file);
    }
    return this;
  }

  /**
   * Adds an output that may write over the input {@code input} names: scenario.conf over the
   * scenario it was resolved from (re-running {@code out/scenario.conf} is the README's way to
   * repeat a run), which is read whole before the run and comes back with the same settings.
   */
  RunFiles rewrites(String what, Path file, String input) {
    mayReplace.put(what, input);
    return writes(what, file);
  }

  /**
   * Refuses, before the run, an output that could not be written at its end: one that is an
   * input or another output, one that is a directory, one that exists and may not be written.
   */
  void check() {
    refuseClashes();
    for (Map.Entry<String, Path> out : outputs.entrySet()) {
      Path file = out.getValue();
      if (Files.isDirectory(file)) {
        throw new BadInput(out.getKey() + " " + file + " is a directory, so the run could not write it; move it"
            + " away or give another place");
      }
      if (Files.exists(file) && !Files.isWritable(file)) {
        throw new BadInput("cannot write " + out.getKey() + " " + file + " (permission denied)");
      }
    }
  }

  /** Refuses, naming both, the first output that is an input or an output named before it. */
  void refuseClashes() {
    Map<String, Path> seen = new LinkedHashMap<>(inputs);
    for (Map.Entry<String, Path> out : outputs.entrySet()) {
      for (Map.Entry<String, Path> other : seen.entrySet()) {
        if (!other.getKey().equals(mayReplace.get(out.getKey())) && same(out.getValue(), other.getValue())) {
          throw new BadInput(out.getKey() + " " + out.getValue() + " is " + other.getKey() + " ("
              + other.getValue() + "): the run would write over it; give another file");
        }
      }
      seen.put(out.getKey(), out.getValue());
    }
  }

  /** The same file: by name, or for files that exist, by what a link or {@code ..} leads to. */
  private static boolean same(Path a, Path b) {
    if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false; // one cannot be looked at: writing it will say why
    }
  }
}
