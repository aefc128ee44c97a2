package io.ringfabric.cli;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.cluster.ClusterRun;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Progress;
import io.ringfabric.trace.TraceOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code ringfabric cluster member}: this JVM takes part in a cluster run. */
@Command(
    name = "member",
    mixinStandardHelpOptions = true,
    description = {
      "Takes part in a cluster run as one member. Start one on each host, each with the same"
          + " scenario; the member at the first seed is the lead: it waits for --members members,"
          + " places the nodes, runs, prints the report and writes DIR/results.json (and the trace).",
      "Exit status: 0 done; 2 bad input, or refused by the lead (different scenario or version);"
          + " 1 the run failed (a member lost, a model failure)."
    })
final class ClusterMemberCommand implements Callable<Integer> {
  @ParentCommand ClusterCommand cluster;

  @Spec CommandSpec spec;

  @Option(names = "--config", paramLabel = "FILE",
      description = "Scenario file; the same on every member. Default: conf/ringfabric.conf of the ringfabric directory.")
  Path config;

  @Parameters(index = "0", arity = "0..1", paramLabel = "CONFIG",
      description = "The scenario file, as for the other commands (instead of --config).")
  Path configArgument;

  @Mixin OverrideArgs overrideArgs;

  @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
      description = "Address the other members reach this one at. Default: ${DEFAULT-VALUE}")
  String host;

  @Option(names = "--port", paramLabel = "P", required = true,
      description = "TCP port this member listens on (open it between the hosts).")
  int port;

  @Option(names = "--seeds", paramLabel = "H:P", required = true, split = ",",
      description = "Members to join through; the first is the lead and must be started with"
          + " --host and --port equal to it.")
  List<String> seeds;

  @Option(names = "--members", paramLabel = "N",
      description = "Members the run waits for, the lead included; the lead's value counts."
          + " Default: the number of seeds.")
  Integer members;

  @Option(names = "--join-timeout", paramLabel = "T", defaultValue = "120s",
      description = "Wall-clock time to wait for the members to join (e.g. 90s, 5m). Default: ${DEFAULT-VALUE}")
  String joinTimeout;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "out",
      description = "Directory for results.json, report.txt and report.html (the lead only). Default: ${DEFAULT-VALUE}")
  Path out;

  @Mixin PlacementArg placementArg;

  @Mixin TraceArgs traceArgs;

  @Mixin HgrmArg hgrmArg;

  @Mixin ProgressArg progressArg;

  @Mixin CheckpointArgs checkpointArgs;

  @Mixin TlsArgs tlsArgs;

  @Option(names = "--exit-with-parent", hidden = true,
      description = "Exit when standard input closes: cluster local's children end with their parent.")
  boolean exitWithParent;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    if (config != null && configArgument != null) {
      throw new BadInput("give the scenario once: --config " + config + " or " + configArgument + ", not both");
    }
    Path given = config != null ? config : configArgument;
    boolean isDefault = given == null;
    Path file = isDefault ? Scenarios.defaultConfig(cluster.main.env(Main.HOME_ENV)) : given;
    if (checkpointArgs.restores() && given != null) {
      throw new BadInput("--restore continues the scenario saved in the checkpoint; give no CONFIG (" + given + ")");
    }
    Scenario scenario = checkpointArgs.scenario(file, isDefault, overrideArgs.overrides());
    ClusterRun.Options options = options(scenario);
    if (!options.lead()) {
      checkpointArgs.refuseSavingOffTheLead(seeds.get(0));
    }
    Checkpointing checkpoints = checkpointArgs.checkpointing(scenario);
    if (options.lead()) {
      Scenarios.prepareOutputDirectory(out);
      hgrmArg.prepare();
    } else if (options.trace() != null) {
      throw new BadInput("--trace is for the lead (the first seed, " + seeds.get(0) + "); members record for it");
    } else if (hgrmArg.dir != null) {
      throw new BadInput("--hgrm is for the lead (the first seed, " + seeds.get(0) + "), which merges the latencies");
    }
    if (exitWithParent) {
      endWithParent(stderr);
    }
    Progress counted = new Progress();
    try (Interrupts interrupts = Interrupts.watch(counted, stderr)) {
      Integer status;
      try (ProgressLine line = ProgressLine.show(progressArg.progress, cluster.main,
          options.lead() ? "the lead's share: " : "this member's share: ", counted, scenario.durationPs(), stderr)) {
        // the lead reports before it leaves the cluster, which may take seconds
        status = ClusterRun.member(scenario, options, text -> {
          stderr.println("ringfabric: " + text);
          stderr.flush();
        }, new CompletableFuture<>(), counted, checkpoints, finished -> {
          if (line != null) {
            line.close();
          }
          int written = Outputs.write(finished.result(), scenario, out, traceArgs.trace, hgrmArg.dir, stdout, stderr);
          return checkpointArgs.told(checkpoints, written, stdout, stderr);
        });
      }
      return interrupts.exitCode(status == null ? Main.OK : status);
    } catch (ClusterRun.MemberFailed e) {
      stderr.println("ringfabric: " + (e.exitCode() == Main.FAILED ? "the cluster run failed: " : "") + e.getMessage());
      return e.exitCode();
    } catch (EngineAborted e) {
      stderr.println("ringfabric: the cluster run failed: " + e.getMessage());
      return Main.FAILED;
    }
  }

  /** Watches standard input: its end means the parent is gone, and so must this JVM be. */
  private static void endWithParent(PrintWriter stderr) {
    Thread watch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // the parent writes nothing; only the end matters
        }
      } catch (IOException e) {
        // a broken pipe is an end too
      }
      stderr.println("ringfabric: the parent of this member has gone; exiting");
      stderr.flush();
      Runtime.getRuntime().halt(Main.FAILED);
    }, "ringfabric-parent-watch");
    watch.setDaemon(true);
    watch.start();
  }

  private ClusterRun.Options options(Scenario scenario) {
    if (port < 1 || port > 65535) {
      throw new BadInput("--port " + port + " is not a TCP port (1..65535)");
    }
    seeds = seeds.stream().map(String::strip).toList(); // "a:1, b:2" is meant as two seeds
    for (String s : seeds) {
      ClusterHosts.checkHostPort("--seeds", s);
    }
    ClusterHosts.checkBindable(host, port);
    int n = members == null ? seeds.size() : members; // only the lead's count is used
    Scenarios.checkMembers(scenario, n);
    Duration timeout = Times.joinTimeout(joinTimeout);
    TraceOptions trace = traceArgs.options(scenario);
    return new ClusterRun.Options(host, port, seeds, n, placementArg.kind(), timeout, trace, Main.version(),
        TlsArgs.pekko(tlsArgs.tls(cluster.main)));
  }
}
