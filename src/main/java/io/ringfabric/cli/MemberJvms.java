package io.ringfabric.cli;

import io.ringfabric.cluster.Tls;
import java.io.IOException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Cluster members in child JVMs on 127.0.0.1, each running {@code cluster member} with this
 * JVM's classpath and options (after {@link JvmTuning}'s), output to a log file each. Closing
 * stops every one of them; so does this JVM's exit (a shutdown hook), and a child whose parent
 * dies stops itself.
 */
final class MemberJvms implements AutoCloseable {
  /** How a member's own lines begin, and the JVM's line when the heap ran out. */
  private static final String OWN = "ringfabric: ";
  private static final String OUT_OF_MEMORY = "java.lang.OutOfMemoryError";

  private final List<Process> children = new ArrayList<>();
  private final CompletableFuture<String> died = new CompletableFuture<>();
  private final Thread reaper = new Thread(() -> children.forEach(Process::destroyForcibly), "ringfabric-reaper");

  /**
   * Starts a member on each of {@code ports}, joining the lead at {@code leadPort}.
   *
   * @param restore the checkpoint the run continues ({@code --restore}), which each member reads, or null
   * @param overrides the scenario's {@code --set} overrides, as the lead has them
   * @param javaOptions the members' JVM options ({@code --member-java-opts}), or null for this
   *     JVM's own
   * @param logs the directory for {@code member-<port>.log}
   */
  static MemberJvms start(Path config, Path restore, List<String> overrides, int members, int leadPort,
      int[] ports, Duration joinTimeout, String javaOptions, Tls tls, Path logs) {
    MemberJvms jvms = new MemberJvms();
    Runtime.getRuntime().addShutdownHook(jvms.reaper);
    try {
      for (int port : ports) {
        Path log = logs.resolve("member-" + port + ".log");
        Process child = start(config, restore, overrides, members, leadPort, port, joinTimeout, javaOptions, tls,
            log);
        jvms.children.add(child);
        child.onExit().thenAccept(p -> {
          if (p.exitValue() != 0) {
            // 1 and 2 are ringfabric's own endings, told in its last line; a member killed by a
            // signal (128 + its number) said nothing, and its last line was about something else
            String words = p.exitValue() == Main.FAILED || p.exitValue() == Main.BAD_INPUT ? lastWords(log) : null;
            jvms.died.complete("the member on port " + port + " exited with status " + p.exitValue()
                + (words == null ? "" : ", saying: " + words) + "; see " + log);
          }
        });
      }
    } catch (RuntimeException e) {
      jvms.close();
      throw e;
    }
    return jvms;
  }

  /**
   * Why a member ended, in its words, or null: that it ran out of heap if its log says so anywhere
   * (the error may strike one of Pekko's threads, after which the member reports only what it
   * lost), else the last line it wrote as ringfabric's own ({@code ringfabric: ...}), without that
   * prefix.
   */
  static String lastWords(Path log) {
    String said = null;
    String full = null;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(Files.newInputStream(log), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.startsWith(OWN)) {
          said = line.substring(OWN.length()).strip();
        } else if (full == null && line.startsWith(OUT_OF_MEMORY)) {
          full = line.strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      return null; // no log to read: the exit status says what is known
    }
    return full != null ? "it ran out of heap (" + full + "); give the members more with --member-java-opts -Xmx..." : said;
  }

  /**
   * The members' JVM options: those given, split at spaces, or else this JVM's own (without a
   * debugger or agent, whose port or file a second JVM could not share).
   */
  static List<String> javaOptions(String given) {
    if (given != null) {
      return given.isBlank() ? List.of() : List.of(given.strip().split("\\s+"));
    }
    List<String> own = new ArrayList<>();
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-agentlib") && !arg.startsWith("-javaagent") && !arg.startsWith("-Xrunjdwp")) {
        own.add(arg);
      }
    }
    return own;
  }

  /**
   * Refuses, before any member is started, {@code --member-java-opts} the JVM does not take: a
   * {@code java -version} with them says so at once, where a member would die in its log.
   */
  static void checkJavaOptions(String given) {
    if (given == null || given.isBlank()) {
      return;
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(JvmTuning.before(javaOptions(given)));
    cmd.add("-version");
    try {
      Process java = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String said = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!java.waitFor(30, TimeUnit.SECONDS)) {
        java.destroyForcibly();
        return; // slow, not refused: the members will tell
      }
      if (java.exitValue() != 0) {
        // the JVM's reason, without its lines that say only that it could not start
        String why = said.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("Error: ")
            && !l.startsWith("Error occurred during initialization")).collect(Collectors.joining("; "));
        throw new BadInput("--member-java-opts \"" + given.strip() + "\": the member JVM refuses these options: "
            + (why.isEmpty() ? "exit status " + java.exitValue() : why));
      }
    } catch (IOException e) {
      throw new BadInput("cannot start a member JVM (" + cmd.get(0) + "): " + Scenarios.describe(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Completes, with what happened, when a member exits with an error. */
  CompletableFuture<String> died() {
    return died;
  }

  private static Process start(Path config, Path restore, List<String> overrides, int members, int leadPort,
      int port, Duration joinTimeout, String javaOptions, Tls tls, Path log) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(JvmTuning.before(javaOptions(javaOptions)));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "cluster", "member", restore == null ? "--config" : "--restore",
        (restore == null ? config : restore).toAbsolutePath().toString(),
        "--host", "127.0.0.1", "--port", String.valueOf(port), "--seeds", "127.0.0.1:" + leadPort,
        "--members", String.valueOf(members), "--join-timeout", joinTimeout.toSeconds() + "s",
        "--exit-with-parent"));
    for (String o : overrides) {
      cmd.add("--set");
      cmd.add(o);
    }
    if (tls != null) { // the stores by name, their passwords in the environment: never on a command line
      cmd.addAll(List.of("--tls-keystore", tls.keyStore().toAbsolutePath().toString(),
          "--tls-truststore", tls.trustStore().toAbsolutePath().toString()));
    }
    ProcessBuilder child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    if (tls != null) {
      child.environment().put(TlsArgs.KEYSTORE_PASSWORD, tls.keyStorePassword());
      child.environment().put(TlsArgs.TRUSTSTORE_PASSWORD, tls.trustStorePassword());
    }
    try {
      return child.start();
    } catch (IOException e) {
      throw new BadInput("cannot start a member JVM (" + cmd.get(0) + "): " + Scenarios.describe(e));
    }
  }

  /** Gives each child a moment to finish on its own (the lead has told it to stop), then ends it. */
  @Override
  public void close() {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (Process p : children) {
      try {
        long left = until - System.nanoTime();
        if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
          p.destroyForcibly();
          p.waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    try {
      Runtime.getRuntime().removeShutdownHook(reaper);
    } catch (IllegalStateException ignored) {
      // the JVM is already shutting down, and the hook does the same
    }
  }
}
