package io.ringfabric.cli;

import io.ringfabric.hocon.Closest;
import io.ringfabric.model.SimTime;
import io.ringfabric.trace.Journey;
import io.ringfabric.trace.MessageQuery;
import io.ringfabric.trace.MessageStory;
import io.ringfabric.trace.PerfettoExport;
import io.ringfabric.trace.TraceFormatException;
import io.ringfabric.trace.TraceQuery;
import io.ringfabric.trace.TraceReader;
import io.ringfabric.trace.TraceSummary;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code ringfabric trace FILE summary|op ID|filter ...|perfetto OUT}: questions asked of a
 * trace written by {@code ringfabric run --trace FILE}. Every one reads the file once, streaming.
 */
@Command(
    name = "trace",
    mixinStandardHelpOptions = true,
    customSynopsis = {
      "ringfabric trace FILE summary",
      "   or: ringfabric trace FILE op ID|RANK:LABEL",
      "   or: ringfabric trace FILE filter [--node N] [--component C] [--kind K]",
      "                                    [--op ID] [--from T] [--to T] [--json]",
      "   or: ringfabric trace FILE perfetto OUT.pftrace|OUT.json [--from T] [--to T]"
    },
    description = {
      "Reads a trace written by 'ringfabric run --trace FILE' (JSON lines, gzip-compressed or"
          + " not), streaming, however large.",
      "Exit status: 0 done; 2 a missing file, a file that is not a trace, a bad record or a bad"
          + " argument."
    },
    subcommands = {
      TraceCommand.Summary.class,
      TraceCommand.Op.class,
      TraceCommand.Filter.class,
      TraceCommand.Perfetto.class
    })
final class TraceCommand implements Callable<Integer> {
  static final String VERBS = "summary, op ID|RANK:LABEL, filter [options] or perfetto OUT.pftrace|OUT.json";

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "Trace file, plain or gzip.")
  Path file;

  @Parameters(index = "1", arity = "0..1", paramLabel = "COMMAND", hidden = true)
  String verb;

  @Override
  public Integer call() {
    if (verb != null) {
      String nearest = Closest.nearest(verb, Mistyped.commandNames(spec));
      if (nearest != null && Mistyped.near(verb, nearest)) {
        throw new BadInput("unknown trace command '" + verb + "'; did you mean " + nearest + "?");
      }
      throw new ParameterException(spec.commandLine(), "unknown trace command '" + verb + "': give " + VERBS
          + " after the file, e.g. ringfabric trace " + file + " summary");
    }
    throw new ParameterException(spec.commandLine(), "what should be done with " + file + "? give " + VERBS
        + " after the file, e.g. ringfabric trace " + file + " summary");
  }

  /** The work a verb does with the open trace. */
  interface Reading<T> {
    T read(TraceReader reader) throws IOException;
  }

  /**
   * Opens the trace, runs {@code work} and closes it; turns a missing file, a file that is not a
   * trace, a bad record and a read error into {@link BadInput}.
   */
  <T> T withTrace(PrintWriter err, Reading<T> work) {
    if (!Files.exists(file)) {
      throw new BadInput("trace file " + Scenarios.where(file) + " does not exist");
    }
    if (Files.isDirectory(file)) {
      throw new BadInput("trace file " + file + " is a directory, not a file");
    }
    if (!Files.isReadable(file)) {
      throw new BadInput("trace file " + file + " cannot be read (permission denied)");
    }
    try (TraceReader r = TraceReader.open(file, w -> {
      err.println(w);
      err.flush();
    })) {
      return work.read(r);
    } catch (TraceFormatException e) {
      throw new BadInput(e.getMessage());
    } catch (IOException e) {
      throw new BadInput("cannot read trace file " + file + ": " + Scenarios.describe(e));
    }
  }

  /** {@code trace FILE summary}. */
  @Command(
      name = "summary",
      mixinStandardHelpOptions = true,
      customSynopsis = "ringfabric trace FILE summary [--slowest N]",
      description = "Prints the trace's header, its records by kind and time span, operations by final"
          + " status and the slowest operations (doorbell to completion).")
  static final class Summary implements Callable<Integer> {
    @ParentCommand TraceCommand trace;
    @Spec CommandSpec spec;

    @Option(names = "--slowest", paramLabel = "N", defaultValue = "10",
        description = "How many of the slowest operations to list. Default: ${DEFAULT-VALUE}.")
    int slowest;

    @Override
    public Integer call() {
      if (slowest < 0) {
        throw new ParameterException(spec.commandLine(), "--slowest must be 0 or more, got " + slowest);
      }
      PrintWriter out = spec.commandLine().getOut();
      TraceSummary s = trace.withTrace(spec.commandLine().getErr(), r -> TraceQuery.summarize(r, slowest));
      out.print(s.render(trace.file.toString()));
      out.flush();
      return Main.OK;
    }
  }

  /** {@code trace FILE op ID}. */
  @Command(
      name = "op",
      mixinStandardHelpOptions = true,
      modelTransformer = Op.IdsWithADash.class,
      customSynopsis = "ringfabric trace FILE op ID|RANK:LABEL",
      description = {
        "Follows one operation: every record of it in time order, the delay since the previous one, where"
            + " it waited for a link, its total latency and the biggest contributor.",
        "With RANK:LABEL (e.g. 3:l7), follows a schedule's message from its send to its matching receive,"
            + " whichever of the two is named: the send and receive posted, each element's PUT (the first and"
            + " last hop by hop) and the GET that brought it, the match, and where the time went."
      })
  static final class Op implements Callable<Integer> {
    @ParentCommand TraceCommand trace;
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID|RANK:LABEL",
        description = "Operation id, node.context.sequence of the context that started it, e.g. 3.1.17"
            + " (the summary lists the slowest); or a schedule's send or receive, its rank and GOAL label,"
            + " e.g. 3:l7 (rank:#N for the N-th operation of a rank left unlabelled).")
    String id;

    /** An id such as {@code -1.0.1} is a malformed id to say so of, not an unknown option. */
    static final class IdsWithADash implements CommandLine.IModelTransformer {
      @Override
      public CommandSpec transform(CommandSpec op) {
        op.parser().unmatchedOptionsArePositionalParams(true);
        return op;
      }
    }

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      if (MessageQuery.isRankOp(id)) {
        String file = trace.file.toString();
        MessageQuery.Resolved found;
        try {
          found = trace.withTrace(spec.commandLine().getErr(), r -> MessageQuery.resolve(r, id, file));
        } catch (MessageQuery.NotFound e) {
          throw new BadInput(e.getMessage());
        }
        // the second reading: its warnings (a trace cut off) were said in the first
        MessageStory story = trace.withTrace(new PrintWriter(Writer.nullWriter()), r -> MessageQuery.story(r, found));
        out.print(story.render(file));
        out.flush();
        return Main.OK;
      }
      checkOperationId("", id, trace.file);
      Journey j = trace.withTrace(spec.commandLine().getErr(), r -> TraceQuery.journey(r, id));
      if (j.records().isEmpty()) {
        throw new BadInput("no record of operation " + id + " in " + trace.file
            + "; 'ringfabric trace " + trace.file + " summary' lists the slowest ones");
      }
      out.print(j.render(trace.file.toString()));
      out.flush();
      return Main.OK;
    }
  }

  /** Refuses, before the trace is read, an operation id ({@code what} names the option) that is no id. */
  static void checkOperationId(String what, String id, Path file) {
    if (!id.matches("[0-9]+\\.[0-9]+\\.[0-9]+")) {
      throw new BadInput(what + "operation id '" + id + "' is malformed: an id is node.context.sequence, three"
          + " whole numbers from 0, e.g. 3.1.17 ('ringfabric trace " + file + " summary' lists the slowest ones)"
          + (what.isEmpty() ? ", or a schedule's rank:label, e.g. 3:l7" : ""));
    }
  }

  /** Reads {@code --from} and {@code --to}: 1500ns, 2us, 3ms or picoseconds. */
  static final class TimeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return SimTime.parse(value);
      } catch (SimTime.BadTime e) {
        throw new CommandLine.TypeConversionException(Times.notATime(e));
      }
    }
  }

  /** {@code trace FILE filter [--node N] [--component C] [--kind K] [--op ID] [--from T] [--to T] [--json]}. */
  @Command(
      name = "filter",
      mixinStandardHelpOptions = true,
      customSynopsis = {
        "ringfabric trace FILE filter [--node N] [--component C] [--kind K]",
        "                                    [--op ID] [--from T] [--to T] [--json]"
      },
      description = {
        "Prints the records that match every option given, one a line: readable text, or with --json"
            + " the record's line exactly as in the file.",
        "Times: 1500ns, 2us, 3ms, 0.5s or a number of picoseconds; --from is inclusive, --to exclusive."
      })
  static final class Filter implements Callable<Integer> {
    @ParentCommand TraceCommand trace;
    @Spec CommandSpec spec;

    @Option(names = "--node", paramLabel = "N", description = "Records of node N (a switch of no node has none).")
    Integer node;

    @Option(names = "--component", paramLabel = "C",
        description = "Records whose component contains C, ignoring case, e.g. \"node 3 switch\" or core.")
    String component;

    @Option(names = "--kind", paramLabel = "K", completionCandidates = Choices.RecordKinds.class, description = "Records of kind K, e.g. packet-queued.")
    String kind;

    @Option(names = "--op", paramLabel = "ID", description = "Records of operation ID, e.g. 3.1.17.")
    String op;

    @Option(names = "--from", paramLabel = "T", converter = TimeConverter.class,
        description = "Records at or after time T.")
    Long from;

    @Option(names = "--to", paramLabel = "T", converter = TimeConverter.class,
        description = "Records before time T.")
    Long to;

    @Option(names = "--json", description = "Print the matching lines as they are in the file (JSON lines).")
    boolean json;

    @Override
    public Integer call() {
      if (kind != null && !TraceQuery.knownKinds().contains(kind)) {
        throw new ParameterException(spec.commandLine(), "--kind: no kind '" + kind + "'; the kinds are "
            + String.join(", ", TraceQuery.knownKinds()));
      }
      if (node != null && node < 0) {
        throw new ParameterException(spec.commandLine(), "--node must be 0 or more, got " + node);
      }
      if (from != null && to != null && from >= to) {
        throw new ParameterException(spec.commandLine(), "--from (" + SimTime.nsThreeDecimals(from) + " ns) must be before --to ("
            + SimTime.nsThreeDecimals(to) + " ns): records at or after --from and before --to are kept");
      }
      if (component != null && component.isBlank()) {
        throw new ParameterException(spec.commandLine(), "--component needs some text, e.g. --component \"node 3 switch\"");
      }
      if (op != null) {
        checkOperationId("--op: ", op, trace.file);
      }
      PrintWriter out = spec.commandLine().getOut();
      TraceQuery.Filter f = new TraceQuery.Filter(node, component, kind, op, from, to);
      trace.withTrace(spec.commandLine().getErr(), r -> TraceQuery.filter(r, f, json, out));
      out.flush();
      return Main.OK;
    }
  }

  /** {@code trace FILE perfetto OUT.pftrace|OUT.json}. */
  @Command(
      name = "perfetto",
      mixinStandardHelpOptions = true,
      customSynopsis = {
        "ringfabric trace FILE perfetto OUT.pftrace|OUT.json [--format F]",
        "                                      [--from T] [--to T]"
      },
      description = {
        "Writes the trace as a timeline: Perfetto's protobuf trace for a name ending in .pftrace, Chrome"
            + " Trace Event JSON (9.7 times the size of the protobuf on the default scenario; Perfetto calls it legacy) for one ending in .json;"
            + " gzip-compressed if the name ends in .gz. Open https://ui.perfetto.dev and drag the file in.",
        "A process per node, a track per core, module, context and port; a slice per operation stage"
            + " and per packet on a link; arrows from requests and responses to their arrival; counters"
            + " for ring occupancy and port queues."
      })
  static final class Perfetto implements Callable<Integer> {
    @ParentCommand TraceCommand trace;
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OUT.pftrace|OUT.json", description = "File to write, replaced if it exists.")
    Path out;

    @Option(names = "--format", paramLabel = "F", completionCandidates = Choices.PerfettoFormats.class,
        description = "pftrace or json, whatever OUT's name (by default the one its name ends in).")
    String format;

    @Option(names = "--from", paramLabel = "T", converter = TimeConverter.class,
        description = "Only what happens at or after time T (1500ns, 2us, 3ms or picoseconds).")
    Long from;

    @Option(names = "--to", paramLabel = "T", converter = TimeConverter.class,
        description = "Only what happens before time T: a window keeps a big run's timeline small enough"
            + " for the browser.")
    Long to;

    @Override
    public Integer call() {
      PrintWriter stdout = spec.commandLine().getOut();
      if (from != null && to != null && from >= to) {
        throw new ParameterException(spec.commandLine(), "--from (" + SimTime.nsThreeDecimals(from) + " ns) must be before --to ("
            + SimTime.nsThreeDecimals(to) + " ns)");
      }
      if (Files.isDirectory(out)) {
        throw new BadInput("cannot write " + out + ": it is a directory");
      }
      try {
        if (Files.exists(out) && Files.exists(trace.file) && Files.isSameFile(out, trace.file)) {
          throw new BadInput("will not write the timeline over the trace itself: give another OUT file than "
              + trace.file);
        }
      } catch (IOException e) {
        // one of them cannot be looked at; the writing below says why
      }
      PerfettoExport.Format as = format(out, format);
      Path dir = out.toAbsolutePath().getParent();
      Path tmp;
      try {
        Files.createDirectories(dir);
        tmp = dir.resolve("." + out.getFileName() + "." + ProcessHandle.current().pid() + ".part");
      } catch (IOException e) {
        throw new BadInput("cannot write " + out + ": " + Scenarios.describe(e));
      }
      boolean ok = false;
      try {
        PerfettoExport.Stats stats;
        try {
          stats = trace.withTrace(spec.commandLine().getErr(), r -> {
            try (OutputStream file = new Guarded(create(tmp));
                OutputStream buffered = new BufferedOutputStream(gzipped(file), 1 << 16)) {
              PerfettoExport.Stats s = PerfettoExport.export(r, buffered, from, to, as);
              buffered.flush();
              return s;
            }
          });
        } catch (WriteFailed e) {
          throw new BadInput("cannot write " + out + ": " + Scenarios.describe(e.getCause()));
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        ok = true;
        stdout.println(String.format(Locale.ROOT, "wrote %s: %,d %s (%,d slices, %,d instants, %,d flow arrows,"
            + " %,d counter values) on %,d tracks in %,d processes", out, stats.events(),
            as == PerfettoExport.Format.JSON ? "events" : "packets", stats.slices(), stats.instants(), stats.flows(),
            stats.counters(), stats.threads(), stats.processes()));
        stdout.println("open it at https://ui.perfetto.dev (Open trace file, or drag the file onto the page)");
        stdout.flush();
        return Main.OK;
      } catch (IOException e) {
        throw new BadInput("cannot write " + out + ": " + Scenarios.describe(e));
      } finally {
        if (!ok) {
          try {
            Files.deleteIfExists(tmp);
          } catch (IOException e) {
            // nothing more to do
          }
        }
      }
    }

    /** The format asked for by {@code --format}, else the one {@code out}'s name ends in. */
    static PerfettoExport.Format format(Path out, String format) {
      if (format != null) {
        return switch (format.toLowerCase(Locale.ROOT)) {
          case "pftrace" -> PerfettoExport.Format.PROTOBUF;
          case "json" -> PerfettoExport.Format.JSON;
          default -> throw new BadInput("unknown format '" + format + "' for perfetto: give --format pftrace"
              + " (Perfetto's protobuf trace) or --format json (Chrome Trace Event JSON)");
        };
      }
      String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
      name = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
      if (name.endsWith(".pftrace")) {
        return PerfettoExport.Format.PROTOBUF;
      }
      if (name.endsWith(".json")) {
        return PerfettoExport.Format.JSON;
      }
      throw new BadInput("cannot tell which format to write from the name " + out + ": end it in .pftrace"
          + " (Perfetto's protobuf trace) or .json (Chrome Trace Event JSON), either with .gz added, or give"
          + " --format pftrace|json");
    }

    /** A failure to write the output, told apart from a failure to read the trace. */
    static final class WriteFailed extends RuntimeException {
      private static final long serialVersionUID = 1L;

      WriteFailed(IOException cause) {
        super(cause);
      }

      @Override
      public synchronized IOException getCause() {
        return (IOException) super.getCause();
      }
    }

    /** An output stream whose failures are {@link WriteFailed}. */
    static final class Guarded extends FilterOutputStream {
      Guarded(OutputStream out) {
        super(out);
      }

      @Override
      public void write(int b) {
        try {
          out.write(b);
        } catch (IOException e) {
          throw new WriteFailed(e);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) {
        try {
          out.write(b, off, len);
        } catch (IOException e) {
          throw new WriteFailed(e);
        }
      }

      @Override
      public void flush() {
        try {
          out.flush();
        } catch (IOException e) {
          throw new WriteFailed(e);
        }
      }

      @Override
      public void close() {
        try {
          out.close();
        } catch (IOException e) {
          throw new WriteFailed(e);
        }
      }
    }

    private static OutputStream create(Path file) {
      try {
        return Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE);
      } catch (IOException e) {
        throw new WriteFailed(e);
      }
    }

    private OutputStream gzipped(OutputStream file) throws IOException {
      return out.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file;
    }
  }
}
