package io.ringfabric.cli;

import com.typesafe.config.ConfigFactory;
import io.ringfabric.cluster.ClusterRun;
import io.ringfabric.cluster.Lead;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.run.Bench;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The bench's cluster measurement: the standard scenario on a local cluster, this JVM leading
 * and the other members in child JVMs. One cold run: the members' JVMs are fresh, so their code
 * is not yet compiled, as on the first run of any cluster.
 */
final class BenchCluster {
  private BenchCluster() {}

  static Bench.Measurement measure(int nodes, long ops, int members, List<String> overrides,
      String memberJavaOpts) {
    Path dir;
    Path file;
    try {
      dir = Files.createTempDirectory("ringfabric-bench");
      file = dir.resolve("bench-" + nodes + ".conf");
      Files.writeString(file, Bench.hocon(nodes, ops));
    } catch (IOException e) {
      throw new BadInput("cannot write the bench scenario to a temporary file: " + Scenarios.describe(e));
    }
    Scenario scenario = ScenarioLoader.load(file, overrides);
    int[] ports = ClusterHosts.freePorts(members);
    Duration join = Duration.ofSeconds(60);
    try (MemberJvms jvms = MemberJvms.start(file, null, overrides, members, ports[0],
        Arrays.copyOfRange(ports, 1, members), join, memberJavaOpts, null, dir)) {
      System.gc();
      Bench.resetPeaks();
      Lead.Finished f = ClusterRun.member(scenario, new ClusterRun.Options("127.0.0.1", ports[0],
          List.of("127.0.0.1:" + ports[0]), members, "blocks", join, null, Main.version(),
          ConfigFactory.empty()), line -> { }, jvms.died());
      double wall = f.run().wallNanos() / 1e9;
      long windows = f.run().windows();
      return new Bench.Measurement(nodes, "cluster-" + members, f.run().events(), wall, 0, f.run().events() / wall,
          windows, windows == 0 ? 0 : (double) f.run().events() / windows, 0, f.result().module().requestsServed(), 0,
          Bench.peakHeap(), 0, 0,
          f.result().fingerprint()); // the heap is the lead's alone; the members' is not seen here
    } finally {
      delete(dir);
    }
  }

  /** Removes the scenario file and the members' logs; what cannot be removed stays in the temp dir. */
  static void delete(Path dir) {
    try (var files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // harmless: a temporary directory
    }
  }
}
