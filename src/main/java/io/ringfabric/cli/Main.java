package io.ringfabric.cli;

import io.ringfabric.hocon.ConfigException;
import io.ringfabric.run.HeapAdvice;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.Build;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * The {@code ringfabric} command line. Exit status (DESIGN.md section 3): 0 success; 2 bad input
 * (configuration, arguments, files), with a message and never a stack trace; 1 a run that failed
 * for another reason, with a one-line message (and the stack trace only when
 * {@code RINGFABRIC_DEBUG=1}).
 */
@Command(
    name = "ringfabric",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Simulates server-on-a-chip nodes doing PUT/GET on ring buffers in each other's"
        + " memory over a switched fabric.",
    subcommands = {RunCommand.class, ValidateCommand.class, BenchCommand.class, SweepCommand.class, TraceCommand.class,
        InspectCommand.class, ScheduleCommand.class, LogGpCommand.class, ClusterCommand.class, CompletionCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int BAD_INPUT = 2;

  /** Repository root set by bin/ringfabric; the default scenario is looked up under it. */
  static final String HOME_ENV = "RINGFABRIC_HOME";
  /** Set to 1 to see the stack trace of a failed run. */
  static final String DEBUG_ENV = "RINGFABRIC_DEBUG";
  /** Set by bin/ringfabric: 1 when stderr is a terminal, 0 when not (Java cannot tell). */
  static final String STDERR_TERMINAL_ENV = "RINGFABRIC_STDERR_TERMINAL";

  private final Map<String, String> env;

  @Spec CommandSpec spec;

  Main(Map<String, String> env) {
    this.env = env;
  }

  /** An environment variable as this invocation sees it, or null. */
  String env(String name) {
    return env.get(name);
  }

  @Override
  public void run() {
    throw missingCommand(spec);
  }

  /** A command with subcommands given none: the message lists them all, from the command tree. */
  static ParameterException missingCommand(CommandSpec spec) {
    return new ParameterException(spec.commandLine(),
        "Missing command: give one of " + String.join(", ", Mistyped.commandNames(spec)));
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line on the process's streams and environment; returns the exit status. */
  public static int execute(String... args) {
    return execute(System.out, System.err, System.getenv(), args);
  }

  /** As {@link #execute(String...)}, printing to the given streams. */
  public static int execute(PrintStream out, PrintStream err, String... args) {
    return execute(out, err, System.getenv(), args);
  }

  /** As {@link #execute(String...)}, with the given streams and environment variables. */
  public static int execute(PrintStream out, PrintStream err, Map<String, String> env, String... args) {
    PrintWriter o = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
    PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    boolean debug = "1".equals(env.get(DEBUG_ENV));
    try {
      CommandLine cl = new CommandLine(new Main(env));
      HelpWrap.apply(cl);
      cl.setOut(o);
      cl.setErr(e);
      cl.setCaseInsensitiveEnumValuesAllowed(true);
      cl.setParameterExceptionHandler(Main::badArguments);
      cl.setExecutionExceptionHandler((ex, cmd, parsed) -> failure(ex, cmd.getCommandName(), e, debug));
      return cl.execute(args);
    } catch (Throwable t) { // an Error (out of memory, stack overflow) escapes picocli's handler
      return failure(t, "run", e, debug);
    } finally {
      o.flush();
      e.flush();
    }
  }

  /**
   * Bad command line: a mistyped command or option in one line with the nearest real one; else
   * picocli's message and a usage hint.
   */
  private static int badArguments(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    String mistyped = ex instanceof UnmatchedArgumentException u ? Mistyped.message(u) : null;
    if (mistyped != null) {
      err.println(mistyped);
      err.flush();
      return BAD_INPUT;
    }
    err.println("ringfabric: " + ex.getMessage());
    err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for usage.");
    err.flush();
    return BAD_INPUT;
  }

  /** Maps what a command threw to a message and an exit status. */
  static int failure(Throwable ex, String command, PrintWriter err, boolean debug) {
    if (ex instanceof ConfigException c) {
      c.problems().forEach(err::println);
      err.flush();
      return BAD_INPUT;
    }
    if (ex instanceof Simulation.EngineUnavailable || ex instanceof BadInput) {
      err.println("ringfabric: " + ex.getMessage());
      err.flush();
      return BAD_INPUT;
    }
    String what = "main".equals(command) || "ringfabric".equals(command) ? "run" : command;
    if (ex instanceof Simulation.OutOfMemory full) {
      err.println("ringfabric: " + what + " failed: " + HeapAdvice.of(full));
      err.flush();
      return FAILED;
    }
    err.println("ringfabric: " + what + " failed: " + reason(ex));
    if (debug) {
      ex.printStackTrace(err);
    }
    err.flush();
    return FAILED;
  }

  /** One line saying why, from the exception's message or, lacking one, its type. */
  static String reason(Throwable ex) {
    if (ex instanceof OutOfMemoryError) {
      return "out of memory (" + ex.getMessage() + "); give the JVM more with"
          + " RINGFABRIC_JAVA_OPTS=-Xmx<size>";
    }
    if (ex instanceof StackOverflowError) {
      return "stack overflow";
    }
    String m = ex.getMessage();
    if (m == null || m.isBlank()) {
      return ex.getClass().getSimpleName();
    }
    String first = m.strip().lines().findFirst().orElse(m);
    return ex instanceof RuntimeException && ex.getClass().getName().startsWith("java.lang.")
        && !(ex instanceof IllegalStateException) && !(ex instanceof IllegalArgumentException)
        ? ex.getClass().getSimpleName() + ": " + first
        : first;
  }

  /**
   * This build as members and checkpoints compare it: its version and commit, and whether the
   * tree it was built from had changes ({@link Build}).
   */
  public static String version() {
    return Build.current().describe();
  }

  /** What {@code --version} prints. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"ringfabric " + version()};
    }
  }
}
