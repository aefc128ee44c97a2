package io.ringfabric.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import io.ringfabric.workload.schedule.Collectives;
import io.ringfabric.workload.schedule.Collectives.Pattern;
import io.ringfabric.workload.schedule.Collectives.Settings;
import io.ringfabric.workload.schedule.GoalWriter;
import io.ringfabric.workload.schedule.Schedule;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric schedule PATTERN --ranks N --size S}: a built-in collective or motif written as
 * GOAL, the text LogGOPSim's txt2bin reads, so that other tools run the same schedule.
 */
@Command(
    name = "schedule",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a collective or motif as a GOAL schedule (LogGOPSim's text format) on stdout or to --out.",
      "Patterns: broadcast (binomial tree from rank 0), barrier (dissemination), allreduce-recdoub"
          + " (recursive doubling, power-of-two ranks), allreduce-ring, alltoall (pairwise exchange),"
          + " alltoall-linear (all at once), halo2d, halo3d (torus neighbours). Those Schedgen has are"
          + " written as Schedgen writes them.",
      "Exit status: 0 written; 2 bad arguments (one line on stderr, nothing written)."
    })
final class ScheduleCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "PATTERN", description = "One of: ${COMPLETION-CANDIDATES}.",
      completionCandidates = PatternNames.class)
  String pattern;

  @Option(names = "--ranks", paramLabel = "N", description = "Number of ranks (a halo takes the product of --dims"
      + " when not given).")
  Integer ranks;

  @Option(names = "--size", paramLabel = "BYTES", defaultValue = "8B", description = "Bytes of each message, or"
      + " of the whole vector for an allreduce (as Schedgen's datasize): 8, 64KiB, 1MiB (default: ${DEFAULT-VALUE}).")
  String size;

  @Option(names = "--iterations", paramLabel = "K", defaultValue = "1", description = "Repeat the pattern K times"
      + " (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Option(names = "--compute", paramLabel = "T", defaultValue = "0ns", description = "A calc of T between"
      + " iterations: 1us, 500ns (whole ns; default: ${DEFAULT-VALUE}).")
  String compute;

  @Option(names = "--dims", paramLabel = "X,Y[,Z]", description = "A halo's torus, first dim fastest: 8,8 or 4,4,4"
      + " (default: the square or cube root of --ranks).")
  String dims;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the GOAL here instead of stdout.")
  Path out;

  @Override
  public Integer call() {
    Pattern p = pattern(pattern);
    long computePs = Times.parsePs("--compute", compute);
    if (computePs % 1000 != 0) {
      throw new BadInput("--compute " + compute + ": a GOAL calc is whole ns");
    }
    List<Integer> dimList = dims(p);
    if (ranks == null && dimList.isEmpty()) {
      throw new BadInput(p.id() + " needs --ranks N" + (p.id().startsWith("halo") ? " or --dims" : ""));
    }
    Schedule schedule;
    try {
      schedule = Collectives.generate(p, new Settings(ranks == null ? 0 : ranks, bytes("--size", size), iterations,
          computePs / 1000, dimList));
    } catch (IllegalArgumentException e) {
      throw new BadInput(e.getMessage());
    }
    if (out == null) {
      write(schedule, spec.commandLine().getOut());
      return Main.OK;
    }
    if (Files.isDirectory(out)) {
      throw new BadInput("cannot write " + out + ": it is a directory");
    }
    try (Writer w = new BufferedWriter(Files.newBufferedWriter(out, StandardCharsets.US_ASCII), 1 << 16)) {
      write(schedule, w);
    } catch (IOException e) {
      throw new BadInput("cannot write " + out + ": " + Scenarios.describe(e));
    }
    spec.commandLine().getOut().println(String.format(Locale.ROOT, "wrote %s: %s, %,d operations", out,
        schedule.source(), schedule.size()));
    return Main.OK;
  }

  private static void write(Schedule s, Writer w) {
    try {
      GoalWriter.write(s, w);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The built-in pattern of that name; bad input, naming the known ones, if there is none. */
  static Pattern pattern(String name) {
    Pattern p = Pattern.of(name);
    if (p == null) {
      throw new BadInput("unknown pattern '" + name + "'; known: " + Pattern.known());
    }
    return p;
  }

  /**
   * A size as the scenario files take it (Typesafe's: 64KiB, 1MiB, 8 or 8B); bad input, naming
   * {@code what} was given it, if it is not one.
   */
  static long bytes(String what, String text) {
    try {
      return ConfigFactory.parseMap(Map.of("s", text)).getBytes("s");
    } catch (ConfigException e) {
      throw new BadInput(what + ": '" + text + "' is not a size in bytes; write e.g. 8, 64KiB or 1MiB");
    }
  }

  private List<Integer> dims(Pattern p) {
    List<Integer> list = new ArrayList<>();
    if (dims == null) {
      return list;
    }
    if (!p.id().startsWith("halo")) {
      throw new BadInput("--dims is for halo2d and halo3d, not " + p.id());
    }
    for (String d : dims.split(",", -1)) {
      try {
        list.add(Integer.parseInt(d.strip()));
      } catch (NumberFormatException e) {
        throw new BadInput("--dims: '" + dims + "' is not a list of whole numbers such as 8,8 or 4,4,4");
      }
    }
    return list;
  }

  /** The pattern names for help and completion. */
  static final class PatternNames extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    PatternNames() {
      for (Pattern p : Pattern.values()) {
        add(p.id());
      }
    }
  }
}
