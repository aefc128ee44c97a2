package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.CustomPrograms;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntBinaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Put-streams running in the machine on the reference engine. */
class PutStreamRunTest {

  /** One PUT as the program issued it. */
  private record Put(long at, int target, int size) {}

  /** A put-stream whose PUTs and request latencies are noted. */
  private static final class Recording implements Program {
    final PutStream inner;
    final List<Put> puts = new ArrayList<>();
    final List<Long> latencies = new ArrayList<>();
    final List<Long> putLatencies = new ArrayList<>();

    Recording(PutStreamSpec spec) {
      this.inner = new PutStream(spec, (api, ps) -> latencies.add(ps));
    }

    private ProcessApi wrap(ProcessApi api) {
      return (ProcessApi) Proxy.newProxyInstance(ProcessApi.class.getClassLoader(),
          new Class<?>[] {ProcessApi.class}, (proxy, method, args) -> {
            if (method.getName().equals("put")) {
              puts.add(new Put(api.now(), (Integer) args[0], ((byte[]) args[2]).length));
            }
            try {
              return method.invoke(api, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          });
    }

    @Override
    public void onStart(ProcessApi api) {
      inner.onStart(wrap(api));
    }

    @Override
    public void onComplete(ProcessApi api, Completion completion) {
      putLatencies.add(completion.latencyPs());
      inner.onComplete(wrap(api), completion);
    }

    @Override
    public void onWake(ProcessApi api) {
      inner.onWake(wrap(api));
    }
  }

  /** Runs one put-stream per node (core 1) on an x by y torus; returns each node's recording. */
  private static Map<Integer, Recording> runOnEveryNode(int x, int y, PutStreamSpec spec,
      int ringBytes, RunResult[] result) {
    Map<Integer, Recording> byNode = new TreeMap<>();
    TestScenarios t = TestScenarios.torus(x, y).duration(1_000_000_000_000L)
        .ring(NodeSet.all(), 0, ringBytes, 4096);
    int group = t.nextGroup();
    t.custom(NodeSet.all(), 1, 1);
    CustomPrograms.Run run = new CustomPrograms().on(group, (node, instance) -> {
      Recording r = new Recording(spec);
      byNode.put(node, r);
      return r;
    }).run(t);
    result[0] = run.result();
    for (int n = 0; n < x * y; n++) {
      assertEquals("FINISHED", run.outcome(n, 1, 0).state(), "node " + n);
    }
    return byNode;
  }

  @ParameterizedTest
  @CsvSource({
      "transpose, 4", "transpose, 8", "bit-reverse, 4", "bit-reverse, 8", "tornado, 4",
      "tornado, 8", "neighbor, 4", "neighbor, 8", "all-to-all, 4", "all-to-all, 8"})
  void everyNodePutsWhereItsPatternSays(String name, int side) {
    int nodes = side * side;
    int bits = Integer.numberOfTrailingZeros(nodes);
    IntBinaryOperator expected; // (source, i-th PUT) -> target, each written out anew
    switch (name) {
      case "transpose":
        expected = (s, i) -> (s % side) * side + s / side;
        break;
      case "bit-reverse":
        expected = (s, i) -> {
          int r = 0;
          for (int b = 0; b < bits; b++) {
            r |= ((s >> b) & 1) << (bits - 1 - b);
          }
          return r;
        };
        break;
      case "tornado":
        expected = (s, i) -> (s + nodes / 2 - 1) % nodes; // nodes is even here
        break;
      case "neighbor":
        expected = (s, i) -> s == nodes - 1 ? 0 : s + 1;
        break;
      default:
        expected = (s, i) -> {
          int d = s;
          for (int k = 0; k <= i % (nodes - 1); k++) {
            d = (d + 1) % nodes;
          }
          return d;
        };
        break;
    }
    long ops = nodes - 1;
    PutStreamSpec spec = new PutStreamSpec(Pattern.fromConfigName(name), 0, 0, 32, ops, 0);
    RunResult[] result = new RunResult[1];
    Map<Integer, Recording> byNode = runOnEveryNode(side, side, spec, 64 * 1024, result);
    for (int s = 0; s < nodes; s++) {
      List<Put> puts = byNode.get(s).puts;
      assertEquals(ops, puts.size());
      for (int i = 0; i < ops; i++) {
        assertEquals(expected.applyAsInt(s, i), puts.get(i).target(), name + ": node " + s + " PUT " + i);
      }
    }
    assertEquals(new RunResult.Ops(nodes * ops, nodes * ops, Map.of()), result[0].ops().get("put"));
  }

  @Test
  void incastFillsOneRingFromEveryOtherNode() {
    PutStreamSpec spec = new PutStreamSpec(Pattern.INCAST, 5, 0, 16, 4, 0);
    RunResult[] result = new RunResult[1];
    Map<Integer, Recording> byNode = runOnEveryNode(4, 4, spec, 8 * 1024, result);
    for (int s = 0; s < 16; s++) {
      for (Put p : byNode.get(s).puts) {
        if (s == 5) {
          assertTrue(p.target() != 5 && p.target() >= 0 && p.target() < 16);
        } else {
          assertEquals(5, p.target());
        }
      }
    }
    assertEquals(new RunResult.Ops(64, 64, Map.of()), result[0].ops().get("put"));
  }

  @Test
  void sizesAreDrawnPerPut() {
    PutStreamSpec spec = new PutStreamSpec(new TargetPattern.Neighbor(), 0,
        new PayloadSize.Listed(List.of(16, 100, 1000)), 60, 0, ArrivalModel.CLOSED);
    RunResult[] result = new RunResult[1];
    Map<Integer, Recording> byNode = runOnEveryNode(2, 2, spec, 64 * 1024, result);
    int[] seen = new int[3];
    for (Recording r : byNode.values()) {
      for (Put p : r.puts) {
        int index = List.of(16, 100, 1000).indexOf(p.size());
        assertTrue(index >= 0, "size " + p.size());
        seen[index]++;
      }
    }
    for (int c : seen) {
      assertTrue(c > 40, "each size about 80 times of 240: " + Arrays.toString(seen));
    }
  }

  @Test
  void theOpenLoopIssuesEveryArrivalAtTheConfiguredRate() {
    long ops = 4000;
    long mean = 2_000_000; // 2 us
    PutStreamSpec spec = new PutStreamSpec(new TargetPattern.Fixed(1), 0, PayloadSize.fixed(64),
        ops, 0, new ArrivalModel.Poisson(mean));
    Recording[] rec = new Recording[1];
    TestScenarios t = TestScenarios.of("mesh", 2, 1).duration(1_000_000_000_000L)
        .ring(NodeSet.all(), 0, 1024 * 1024, 256);
    int group = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    CustomPrograms.Run run = new CustomPrograms().on(group, (node, instance) -> {
      rec[0] = new Recording(spec);
      return rec[0];
    }).run(t);
    assertEquals("FINISHED", run.outcome(0, 1, 0).state());
    assertEquals(new RunResult.Ops(ops, ops, Map.of()), run.result().ops().get("put"));
    List<Put> puts = rec[0].puts;
    assertEquals(ops, puts.size());
    assertEquals(ops, rec[0].latencies.size());
    double rate = (double) (puts.get((int) ops - 1).at() - puts.get(0).at()) / (ops - 1);
    assertTrue(Math.abs(rate - mean) < 0.05 * mean, "mean time between PUTs " + rate + " ps");
    // a request's latency is at least its PUT's, and more when it had to wait
    long waited = 0;
    for (int i = 0; i < ops; i++) {
      assertTrue(rec[0].latencies.get(i) >= rec[0].putLatencies.get(i), "request " + i);
      waited += rec[0].latencies.get(i) > rec[0].putLatencies.get(i) + 1_000_000 ? 1 : 0;
    }
    assertTrue(waited > 0, "some requests arrived while the previous PUT was in flight");
  }

  @Test
  void anOverloadedOpenLoopStillServesEveryArrivalWithTheWaitInItsLatency() {
    long ops = 300;
    PutStreamSpec spec = new PutStreamSpec(new TargetPattern.Fixed(1), 0, PayloadSize.fixed(64),
        ops, 0, new ArrivalModel.Poisson(10_000)); // 10 ns: far faster than a PUT completes
    Recording[] rec = new Recording[1];
    TestScenarios t = TestScenarios.of("mesh", 2, 1).duration(1_000_000_000_000L)
        .ring(NodeSet.all(), 0, 1024 * 1024, 256);
    int group = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    CustomPrograms.Run run = new CustomPrograms().on(group, (node, instance) -> {
      rec[0] = new Recording(spec);
      return rec[0];
    }).run(t);
    assertEquals(new RunResult.Ops(ops, ops, Map.of()), run.result().ops().get("put"));
    // back to back: each PUT starts when the previous completes
    List<Long> lat = rec[0].latencies;
    assertTrue(lat.get((int) ops - 1) > 100 * rec[0].putLatencies.get((int) ops - 1),
        "the last request waited for nearly all the others: " + lat.get((int) ops - 1));
    long sumPut = rec[0].putLatencies.stream().mapToLong(Long::longValue).sum();
    long end = run.outcome(0, 1, 0).endedAt();
    assertTrue(end >= sumPut, "the PUTs ran one after another");
  }
}
