package io.ringfabric.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-built run results for tests of the report and results.json. */
public final class SampleResults {
  private SampleResults() {}

  public static RunResult sample() {
    return sample(0, 0, List.of("node 3 core 1 put-stream#0: protection fault: touched context 7"));
  }

  public static RunResult sample(long corrupt, long outOfOrder, List<String> failures) {
    Map<String, Long> putErrors = new LinkedHashMap<>();
    putErrors.put("FULL", 480L);
    putErrors.put("TIMEOUT", 20L);
    Map<String, RunResult.Ops> ops = new LinkedHashMap<>();
    ops.put("put", new RunResult.Ops(12_000, 11_500, putErrors));
    ops.put("get", new RunResult.Ops(11_400, 11_400, new LinkedHashMap<>()));
    Map<String, LatencyRecorder> latencies = new LinkedHashMap<>();
    latencies.put("put", spread(11_500, 700_000, 3_200_000));
    latencies.put("get", spread(11_400, 600_000, 950_000));
    latencies.put("roundTrip", new LatencyRecorder());
    Map<String, Long> bytes = new LinkedHashMap<>();
    bytes.put("put", 736_000L);
    bytes.put("get", 729_600L);
    String scenario = "16 nodes on a 4x4 torus, 4 cores and 64 contexts per node; links 10 Gb/s, 160 ns"
        + " switch + 20 ns wire per hop, MTU 256 B, cut-through. Rings: ring 0 (4096 B, elements up to"
        + " 256 B) on every node. Processes: 1 get-stream on core 0 of every node; 3 put-stream on core"
        + " 1 of every node. Seed 42, time limit 10 ms.";
    return new RunResult(
        "0123456789abcdef0123456789abcdef",
        "reference",
        new Build("0.1.0", "0123456789abcdef0123456789abcdef01234567", false),
        42,
        16,
        scenario,
        43_950.25,
        false,
        2_546_000,
        1.25,
        2_036_800,
        ops,
        LatencyMerge.summaries(latencies),
        bytes,
        new RunResult.Throughput(1.820250, 0.182025, 2.5, 1.75),
        new RunResult.Links(64, 0.1234, 0.456, "node 0 east -> node 1", 120_000, 2_345, 12.3, 456.0, 5, 0, 0, 0, 0, 0),
        new RunResult.Rings(16, 100, 6_400, 0.875, 3_584, 56, "node 3 ring 0"),
        new RunResult.Cores(1_571, 78_550.0, 109_650.0, 0.716),
        new RunResult.Module(3, 1, 0, 23_000, 0, 0, 0, 0, 0),
        new RunResult.Processes(64, 63, 1, 0, 0, new ArrayList<>(failures)),
        new RunResult.Integrity(11_400, corrupt, outOfOrder, 0),
        new Series(1_000.0, new double[] {1_000.0, 2_000.0}, new long[] {3, 4}, new long[] {2, 0},
            new long[] {320, 256}, new long[] {5, 1},
            List.of(new Series.RingSeries(3, 0, new long[] {128, 64})), 15,
            List.of(new Series.LinkSeries("node 0 +x", new double[] {0.25, 0.5})), 63),
        null,
        latencies);
  }

  /**
   * {@code n} latencies from {@code lowPs} to {@code highPs}, most near the low end and a long
   * tail: the i-th is low + (high - low) (i / (n - 1))^4.
   */
  static LatencyRecorder spread(int n, long lowPs, long highPs) {
    LatencyRecorder r = new LatencyRecorder();
    for (int i = 0; i < n; i++) {
      double f = (double) i / (n - 1);
      r.record(lowPs + Math.round((highPs - lowPs) * f * f * f * f));
    }
    return r;
  }
}
