package io.ringfabric.cli;

import io.ringfabric.cluster.ClusterRun;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.stats.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric cluster local}: a whole cluster on this host. This JVM leads; the other
 * members are child JVMs on free ports of 127.0.0.1, their output in DIR/members/. Every child
 * is stopped when the run ends, however it ends, and a child whose parent dies stops itself.
 */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = {
      "Starts a cluster of --members JVMs on 127.0.0.1 (this one leads, the others are child"
          + " processes on free ports), runs the scenario spread over them, prints the report,"
          + " writes DIR/results.json, and stops every JVM it started.",
      "Exit status: 0 done; 2 bad input; 1 the run failed (a member lost, a model failure)."
    })
final class ClusterLocalCommand implements Callable<Integer> {
  @ParentCommand ClusterCommand cluster;

  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "CONFIG",
      description = "Scenario file. Default: conf/ringfabric.conf of the ringfabric directory.")
  Path config;

  @Option(names = "--members", paramLabel = "N", defaultValue = "2",
      description = "JVMs in the cluster, this one included. Default: ${DEFAULT-VALUE}")
  int members;

  @Mixin OverrideArgs overrideArgs;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "out",
      description = "Directory for results.json, report.txt and members/ (the members' output)."
          + " Default: ${DEFAULT-VALUE}")
  Path out;

  @Option(names = "--join-timeout", paramLabel = "T", defaultValue = "60s",
      description = "Wall-clock time the members have to start and join. Default: ${DEFAULT-VALUE}")
  String joinTimeout;

  @Mixin TraceArgs traceArgs;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(cluster.main.env(Main.HOME_ENV)) : config;
    Scenario scenario = Scenarios.load(file, isDefault, overrideArgs.overrides());
    Scenarios.checkMembers(scenario, members);
    Duration timeout = Times.wallClock("--join-timeout", joinTimeout);
    var trace = traceArgs.options(scenario);
    Scenarios.prepareOutputDirectory(out);
    Path logs = out.resolve("members");
    Scenarios.prepareOutputDirectory(logs);
    int[] ports = ClusterHosts.freePorts(members);
    List<String> seeds = List.of("127.0.0.1:" + ports[0]);
    List<Process> children = new ArrayList<>();
    CompletableFuture<String> abort = new CompletableFuture<>();
    Thread reaper = new Thread(() -> children.forEach(Process::destroyForcibly), "ringfabric-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);
    try {
      for (int k = 1; k < members; k++) {
        Process child = start(file, ports[k], seeds, timeout, logs.resolve("member-" + ports[k] + ".log"));
        children.add(child);
        int port = ports[k];
        child.onExit().thenAccept(p -> {
          if (p.exitValue() != 0) {
            abort.complete("the member on port " + port + " exited with status " + p.exitValue()
                + "; see " + logs.resolve("member-" + port + ".log"));
          }
        });
      }
      stderr.println("ringfabric: started " + (members - 1) + " member JVM(s) on 127.0.0.1 ports "
          + java.util.Arrays.toString(java.util.Arrays.copyOfRange(ports, 1, members))
          + "; this JVM leads on port " + ports[0]);
      RunResult result = ClusterRun.member(scenario, new ClusterRun.Options("127.0.0.1", ports[0], seeds,
          members, timeout, trace, Main.version(), com.typesafe.config.ConfigFactory.empty()), line -> {
            stderr.println("ringfabric: " + line);
            stderr.flush();
          }, abort);
      return Outputs.write(result, scenario, out, traceArgs.trace, stdout, stderr);
    } catch (EngineAborted e) {
      stderr.println("ringfabric: the cluster run failed: " + e.getMessage());
      return Main.FAILED;
    } finally {
      stopAll(children);
      try {
        Runtime.getRuntime().removeShutdownHook(reaper);
      } catch (IllegalStateException ignored) {
        // the JVM is already shutting down; the hook does the same
      }
    }
  }

  /** A child JVM running {@code cluster member} with this JVM's classpath and options. */
  private Process start(Path file, int port, List<String> seeds, Duration timeout, Path log) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-agentlib") && !arg.startsWith("-javaagent") && !arg.startsWith("-Xrunjdwp")) {
        cmd.add(arg);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "cluster", "member", "--config", file.toAbsolutePath().toString(),
        "--host", "127.0.0.1", "--port", String.valueOf(port), "--seeds", String.join(",", seeds),
        "--members", String.valueOf(members), "--join-timeout", timeout.toSeconds() + "s",
        "--exit-with-parent"));
    for (String o : overrideArgs.overrides()) {
      cmd.add("--set");
      cmd.add(o);
    }
    try {
      return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new BadInput("cannot start a member JVM (" + cmd.get(0) + "): " + Scenarios.describe(e));
    }
  }

  /** Gives each child a moment to finish on its own (it has been told to stop), then ends it. */
  private static void stopAll(List<Process> children) {
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
  }
}
