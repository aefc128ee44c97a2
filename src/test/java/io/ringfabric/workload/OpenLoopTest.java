package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Status;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The put-stream's issue models, driven by a stand-in for the machine whose PUTs each take a fixed
 * service time, so every time can be worked out by hand.
 */
class OpenLoopTest {

  // --- the arrival stream -------------------------------------------------------------------------

  @Test
  void arrivalIntervalsAreExponentialWithTheConfiguredMean() {
    long mean = 500_000; // 500 ns
    int n = 100_000;
    ArrivalModel.Arrivals a = new ArrivalModel.Arrivals(1234, mean, 0);
    long previous = 0;
    double sum = 0;
    int aboveMean = 0;
    int aboveTwice = 0;
    for (int i = 0; i < n; i++) {
      long t = a.take();
      long gap = t - previous;
      assertTrue(gap >= 0);
      previous = t;
      sum += gap;
      aboveMean += gap > mean ? 1 : 0;
      aboveTwice += gap > 2 * mean ? 1 : 0;
    }
    double m = sum / n;
    assertTrue(Math.abs(m - mean) <= 0.03 * mean, "mean interval " + m);
    // the exponential's tail: P(X > mean) = 1/e, P(X > 2 mean) = 1/e^2
    assertTrue(Math.abs((double) aboveMean / n - Math.exp(-1)) < 0.01, "above mean " + aboveMean);
    assertTrue(Math.abs((double) aboveTwice / n - Math.exp(-2)) < 0.01, "above 2x " + aboveTwice);
  }

  @Test
  void theArrivalStreamIsRepeatableAndStartsOneIntervalAfterTheStart() {
    ArrivalModel.Arrivals a = new ArrivalModel.Arrivals(7, 1_000, 5_000);
    ArrivalModel.Arrivals b = new ArrivalModel.Arrivals(7, 1_000, 5_000);
    assertTrue(a.peek() >= 5_000);
    for (int i = 0; i < 100; i++) {
      long t = a.peek();
      assertEquals(t, a.take());
      assertEquals(t, b.take());
    }
  }

  // --- a stand-in machine -------------------------------------------------------------------------

  /** What the program did, when. */
  private record Action(String what, long at, long arg) {}

  /**
   * Runs a put-stream on node {@code node} of {@code nodes}: every PUT completes {@code servicePs}
   * after it is issued; returns the actions and fills {@code latencies}.
   */
  private static final class Driver {
    final List<Action> actions = new ArrayList<>();
    final List<Long> latencies = new ArrayList<>();
    final List<Integer> sizes = new ArrayList<>();
    final List<Integer> targets = new ArrayList<>();
    final List<Integer> backlogs = new ArrayList<>();
    long now;
    String pending;
    long pendingArg;

    void run(PutStreamSpec spec, long seed, long servicePs, int node, int nodes) {
      SplittableRandom random = new SplittableRandom(seed);
      PutStream program = new PutStream(spec, (api, ps) -> latencies.add(ps));
      ProcessApi api = (ProcessApi) Proxy.newProxyInstance(ProcessApi.class.getClassLoader(),
          new Class<?>[] {ProcessApi.class}, (proxy, method, args) -> {
            switch (method.getName()) {
              case "now":
                return now;
              case "warmupEndPs":
                return 0L;
              case "node":
                return node;
              case "nodes":
                return nodes;
              case "name":
                return "test";
              case "random":
                return random;
              case "context":
                return 0;
              case "put":
                targets.add((Integer) args[0]);
                sizes.add(((byte[]) args[2]).length);
                return choose("put", servicePs);
              case "sleep":
                return choose("sleep", (Long) args[0]);
              case "finish":
                return choose("finish", 0);
              default:
                throw new AssertionError("unexpected call " + method.getName());
            }
          });
      program.onStart(api);
      for (int steps = 0; steps < 10_000_000; steps++) {
        String what = pending;
        long arg = pendingArg;
        pending = null;
        assertTrue(what != null, "the program chose no action");
        actions.add(new Action(what, now, arg));
        if (what.equals("finish")) {
          return;
        }
        now += arg;
        if (what.equals("put")) {
          backlogs.add(program.backlog());
          program.onComplete(api, new Completion(Op.PUT, 0, 0, Status.DONE, null, arg, now));
        } else {
          program.onWake(api);
        }
      }
      throw new AssertionError("never finished");
    }

    private Object choose(String what, long arg) {
      assertEquals(null, pending, "two actions in one callback");
      pending = what;
      pendingArg = arg;
      return null;
    }

    List<Long> putTimes() {
      return actions.stream().filter(a -> a.what.equals("put")).map(Action::at).toList();
    }
  }

  /** The arrival times a process seeded {@code seed} sees, started at 0. */
  private static long[] arrivals(long seed, long meanPs, int n) {
    ArrivalModel.Arrivals a =
        new ArrivalModel.Arrivals(new SplittableRandom(seed).nextLong(), meanPs, 0);
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = a.take();
    }
    return t;
  }

  private static PutStreamSpec open(long ops, long meanPs, long thinkPs) {
    return new PutStreamSpec(new TargetPattern.Neighbor(), 0, PayloadSize.fixed(64), ops, thinkPs,
        new ArrivalModel.Poisson(meanPs));
  }

  @ParameterizedTest
  @CsvSource({
      // ops, mean interval, service, think: light load, overload, and think time in between
      "2000, 1000000, 300000, 0",
      "2000, 100000, 300000, 0",
      "2000, 500000, 300000, 150000",
      "1, 500000, 300000, 0"})
  void eachRequestWaitsForThePreviousAndItsLatencyRunsFromItsArrival(long ops, long mean,
      long service, long think) {
    long seed = 99;
    Driver d = new Driver();
    d.run(open(ops, mean, think), seed, service, 3, 16);
    long[] arrival = arrivals(seed, mean, (int) ops);
    List<Long> starts = d.putTimes();
    assertEquals(ops, starts.size(), "one PUT per arrival");
    assertEquals(ops, d.latencies.size());
    // Lindley's recursion: a PUT starts at its arrival or when the previous one is done and the
    // think time is over, whichever is later.
    long free = 0;
    for (int i = 0; i < ops; i++) {
      long start = Math.max(arrival[i], free);
      assertEquals(start, (long) starts.get(i), "request " + i + " starts");
      long done = start + service;
      assertEquals(done - arrival[i], (long) d.latencies.get(i), "request " + i + " latency");
      free = done + think;
    }
    Action last = d.actions.get(d.actions.size() - 1);
    assertEquals("finish", last.what());
    assertEquals(free, last.at(), "finishes once the last request is served (and thought over)");
    // while idle the process sleeps exactly until the next arrival
    for (int i = 0; i < d.actions.size() - 1; i++) {
      Action a = d.actions.get(i);
      if (a.what().equals("sleep") && a.arg() != think) {
        long wake = a.at() + a.arg();
        boolean isArrival = false;
        for (long t : arrival) {
          isArrival |= t == wake;
        }
        assertTrue(isArrival, "slept until " + wake + ", not an arrival");
      }
    }
  }

  @Test
  void underOverloadTheBacklogGrowsAndLatencyWithIt() {
    Driver d = new Driver();
    d.run(open(1000, 100_000, 0), 5, 300_000, 0, 4);
    // arrivals come three times as fast as PUTs complete: about 2/3 of them are waiting by the end
    int peak = d.backlogs.stream().mapToInt(Integer::intValue).max().orElse(0);
    assertTrue(peak > 500 && peak < 800, "peak backlog " + peak);
    assertTrue(d.latencies.get(999) > 100 * d.latencies.get(0), "latency grows with the backlog");
  }

  @Test
  void noOpsMeansNoArrivalsAndAnImmediateFinish() {
    Driver d = new Driver();
    d.run(open(0, 1_000, 0), 5, 300_000, 0, 4);
    assertEquals(List.of(new Action("finish", 0, 0)), d.actions);
  }

  @Test
  void theClosedLoopPutsBackToBackWithThinkTimeAndDrawsTargetThenSize() {
    PutStreamSpec spec = new PutStreamSpec(new TargetPattern.Uniform(), 0,
        new PayloadSize.Uniform(0, 1000), 50, 70_000, ArrivalModel.CLOSED);
    Driver d = new Driver();
    d.run(spec, 21, 300_000, 2, 16);
    List<Long> starts = d.putTimes();
    assertEquals(50, starts.size());
    for (int i = 0; i < 50; i++) {
      assertEquals(i * 370_000L, (long) starts.get(i));
      assertEquals(300_000L, (long) d.latencies.get(i), "no backlog: the PUT's own latency");
    }
    // the draws: target, then size, from the process's own stream
    SplittableRandom r = new SplittableRandom(21);
    for (int i = 0; i < 50; i++) {
      int pick = r.nextInt(15);
      assertEquals(pick >= 2 ? pick + 1 : pick, (int) d.targets.get(i));
      assertEquals(r.nextInt(1001), (int) d.sizes.get(i));
    }
  }

  @Test
  void allToAllUsesThePutCountInTheOpenLoopToo() {
    PutStreamSpec spec = new PutStreamSpec(new TargetPattern.AllToAll(), 0, PayloadSize.fixed(8),
        30, 0, new ArrivalModel.Poisson(200_000));
    Driver d = new Driver();
    d.run(spec, 1, 300_000, 5, 16);
    for (int i = 0; i < 30; i++) {
      assertEquals((5 + 1 + i % 15) % 16, (int) d.targets.get(i));
    }
  }
}
