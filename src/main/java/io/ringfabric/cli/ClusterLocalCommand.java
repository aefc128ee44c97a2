package io.ringfabric.cli;

import io.ringfabric.checkpoint.Checkpointing;
import io.ringfabric.cluster.ClusterRun;
import io.ringfabric.cluster.Tls;
import io.ringfabric.config.Scenario;
import io.ringfabric.engine.EngineAborted;
import io.ringfabric.engine.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code ringfabric cluster local}: a whole cluster on this host. This JVM leads; the other
 * members are child JVMs on free ports of 127.0.0.1 ({@link MemberJvms}), their output in
 * DIR/members/.
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
      description = "Directory for results.json, report.txt, report.html and members/ (the members' output)."
          + " Default: ${DEFAULT-VALUE}")
  Path out;

  @Option(names = "--member-java-opts", paramLabel = "OPTS",
      description = "JVM options of the member JVMs, e.g. \"-Xmx2g\" (default: this JVM's own).")
  String memberJavaOpts;

  @Option(names = "--join-timeout", paramLabel = "T", defaultValue = "60s",
      description = "Wall-clock time the members have to start and join. Default: ${DEFAULT-VALUE}")
  String joinTimeout;

  @Mixin PlacementArg placementArg;

  @Mixin TraceArgs traceArgs;

  @Mixin HgrmArg hgrmArg;

  @Mixin ProgressArg progressArg;

  @Mixin CheckpointArgs checkpointArgs;

  @Mixin TlsArgs tlsArgs;

  @Option(names = "--tls",
      description = "Members talk over TLS with mutual authentication, with throwaway keys made for this run"
          + " (in DIR/tls/). Or give your own with --tls-keystore and --tls-truststore.")
  boolean tls;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    boolean isDefault = config == null;
    Path file = isDefault ? Scenarios.defaultConfig(cluster.main.env(Main.HOME_ENV)) : config;
    if (checkpointArgs.restores() && config != null) {
      throw new BadInput("--restore continues the scenario saved in the checkpoint; give no CONFIG (" + config + ")");
    }
    Scenario scenario = checkpointArgs.scenario(file, isDefault, overrideArgs.overrides());
    Checkpointing checkpoints = checkpointArgs.checkpointing(scenario);
    Scenarios.checkMembers(scenario, members);
    MemberJvms.checkJavaOptions(memberJavaOpts);
    String placement = placementArg.kind();
    Duration timeout = Times.joinTimeout(joinTimeout);
    var trace = traceArgs.options(scenario);
    RunFiles.ofRun(checkpointArgs.restores() ? null : file, checkpointArgs.restore, traceArgs.trace,
        checkpointArgs.checkpoint, out).check();
    Scenarios.prepareOutputDirectory(out, hgrmArg::prepare);
    Path logs = out.resolve("members");
    Scenarios.prepareOutputDirectory(logs);
    clearOldLogs(logs);
    Tls keys = keys(logs);
    int[] ports = ClusterHosts.freePorts(members);
    int[] others = Arrays.copyOfRange(ports, 1, members);
    try (MemberJvms jvms = MemberJvms.start(file, checkpointArgs.restore, overrideArgs.overrides(), members,
        ports[0], others, timeout, memberJavaOpts, keys, logs)) {
      stderr.println("ringfabric: started " + (members - 1) + " member JVM(s) on 127.0.0.1 ports "
          + Arrays.toString(others) + "; this JVM leads on port " + ports[0]);
      Progress counted = new Progress();
      try (Interrupts interrupts = Interrupts.watch(counted, stderr)) {
        int status;
        try (ProgressLine line = ProgressLine.show(progressArg.progress, cluster.main, "the lead's share: ",
            counted, scenario.durationPs(), stderr)) {
          // the report comes before the lead leaves the cluster, which may take seconds
          status = ClusterRun.member(scenario, new ClusterRun.Options("127.0.0.1", ports[0],
              List.of("127.0.0.1:" + ports[0]), members, placement, timeout, trace, Main.version(),
              TlsArgs.pekko(keys)), text -> {
                stderr.println("ringfabric: " + text);
                stderr.flush();
              }, jvms.died(), counted, checkpoints, finished -> {
                if (line != null) {
                  line.close();
                }
                int written = Outputs.write(finished.result(), scenario, out, traceArgs.trace, hgrmArg.dir, stdout,
                    stderr);
                return checkpointArgs.told(checkpoints, written, stdout, stderr);
              });
        }
        return interrupts.exitCode(status);
      }
    } catch (EngineAborted e) {
      stderr.println("ringfabric: the cluster run failed: " + e.getMessage());
      return Main.FAILED;
    }
  }

  /** The TLS of the members: the stores given, throwaway ones made now (--tls), or none. */
  private Tls keys(Path logs) {
    Tls given = tlsArgs.tls(cluster.main);
    if (!tls) {
      return given;
    }
    if (given != null) {
      throw new BadInput("--tls makes throwaway keys; with --tls-keystore and --tls-truststore leave it out");
    }
    try {
      return Tls.throwaway(logs.resolveSibling("tls"));
    } catch (IOException e) {
      throw new BadInput("cannot make the members' TLS keys: " + Scenarios.describe(e));
    }
  }

  /** An earlier run's member logs (named by port) would be mistaken for this run's. */
  private static void clearOldLogs(Path logs) {
    try (var files = Files.newDirectoryStream(logs, "member-*.log")) {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      throw new BadInput("cannot clear the old member logs in " + logs + ": " + Scenarios.describe(e));
    }
  }
}
