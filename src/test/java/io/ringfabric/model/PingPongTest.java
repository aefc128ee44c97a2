package io.ringfabric.model;

import io.ringfabric.workload.PingPong;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ping-pong program: round trips measured, ball bounced unchanged, both sides finish. */
class PingPongTest {

  /** Runs a program and notes what it PUT and every round trip it recorded. */
  private static final class Recording implements Program {
    final Program inner;
    final List<Long> roundTrips = new ArrayList<>();
    final List<byte[]> puts = new ArrayList<>();

    Recording(Program inner) {
      this.inner = inner;
    }

    private ProcessApi wrap(ProcessApi api) {
      return new ProcessApi() {
        @Override
        public long now() {
          return api.now();
        }

        @Override
        public long warmupEndPs() {
          return api.warmupEndPs();
        }

        @Override
        public int node() {
          return api.node();
        }

        @Override
        public int nodes() {
          return api.nodes();
        }

        @Override
        public String name() {
          return api.name();
        }

        @Override
        public RandomGenerator random() {
          return api.random();
        }

        @Override
        public int context() {
          return api.context();
        }

        @Override
        public void put(int node, int ring, byte[] payload) {
          puts.add(payload.clone());
          api.put(node, ring, payload);
        }

        @Override
        public void get(int node, int ring) {
          api.get(node, ring);
        }

        @Override
        public void sleep(long ps) {
          api.sleep(ps);
        }

        @Override
        public void compute(long ps) {
          api.compute(ps);
        }

        @Override
        public void finish() {
          api.finish();
        }

        @Override
        public void recordRoundTrip(long ps) {
          roundTrips.add(ps);
          api.recordRoundTrip(ps);
        }

        @Override
        public void recordLatency(String measure, long ps) {
          api.recordLatency(measure, ps);
        }

        @Override
        public void recordLatency(String measure, long ps, long endedAtPs) {
          api.recordLatency(measure, ps, endedAtPs);
        }

        @Override
        public void waitForArrival() {
          api.waitForArrival();
        }

        @Override
        public void waitForArrival(long limitPs) {
          api.waitForArrival(limitPs);
        }

        @Override
        public void touchContext(int index) {
          api.touchContext(index);
        }
      };
    }

    @Override
    public void onStart(ProcessApi api) {
      inner.onStart(wrap(api));
    }

    @Override
    public void onComplete(ProcessApi api, Completion c) {
      inner.onComplete(wrap(api), c);
    }

    @Override
    public void onWake(ProcessApi api) {
      inner.onWake(wrap(api));
    }
  }

  /** Zero-load latency of one PUT, measured on its own. */
  private static long putLatencyPs(int hops, int size) {
    TestScenarios t = TestScenarios.of("mesh", 6, 1).ring(NodeSet.all(), 0, 4096, 1024)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, hops, 0, size, 1, 0);
    return Math.round(CustomPrograms.runBuiltIn(t).result().latencyNs().get("put").max() * 1000);
  }

  @ParameterizedTest(name = "{0} hops, {1} bytes")
  @CsvSource({"1, 64", "2, 64", "3, 64", "1, 600", "3, 600", "5, 16"})
  void everyRoundTripIsRecordedTheBallComesBackUnchangedAndBothSidesFinish(int hops, int size) {
    int ops = 12;
    TestScenarios t = TestScenarios.of("mesh", 6, 1).ring(NodeSet.all(), 0, 4096, 1024);
    int g = t.nextGroup();
    t.pingPong(0, hops, 0, size, ops);
    PingPongSpec spec = new PingPongSpec(0, size, ops, 100_000);
    List<Recording> sides = new ArrayList<>();
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> {
      Recording r = new Recording(new PingPong(spec, n == 0 ? hops : 0, n == 0));
      sides.add(r);
      return r;
    }).run(t);
    Recording first = sides.get(0);
    Recording second = sides.get(1);

    assertEquals(ops, run.result().latencyNs().get("roundTrip").count());
    assertEquals(ops, first.roundTrips.size());
    assertEquals(0, second.roundTrips.size());
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
    assertEquals("FINISHED", run.outcome(hops, 0, 0).state());
    assertEquals(2, run.result().processes().finished());
    assertEquals(ops, first.puts.size());
    assertEquals(ops, second.puts.size());
    for (int i = 0; i < ops; i++) {
      assertEquals(size, first.puts.get(i).length);
      assertArrayEquals(first.puts.get(i), second.puts.get(i), "ball " + i + " came back unchanged");
    }
    assertEquals(2L * ops, run.result().ops().get("put").ok());
    assertEquals(0, run.result().rings().elementsRemaining(), "every ball was caught");

    long put = putLatencyPs(hops, size);
    long localGet = ZeroLoadLatencyTest.cutThroughPs(0, size);
    for (long rt : first.roundTrips) {
      // the first side waits for its own PUT to complete, then GETs the ball from its own ring
      assertTrue(rt > put + localGet, "round trip " + rt + " ps vs PUT " + put + " + local GET " + localGet);
      if (hops <= 3) {
        // close by, the two PUTs and two GETs add up to more than two whole PUTs; far away the
        // return leg of each PUT's answer is no longer on the ball's path, so this need not hold
        assertTrue(rt > 2 * put, "round trip " + rt + " ps vs 2 x one-way PUT " + put);
      }
    }
  }

  @Test
  void aPutOrGetThatEndedTimeoutIsTriedAgainAndTheGameGoesOn() {
    int ops = 40;
    TestScenarios t = TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 4096, 1024)
        .faults(new FaultPlan.LinkFault(-1, 0, 0, Long.MAX_VALUE, false, 5e-2, 0))
        .timeout(2_000_000, 1);
    int g = t.nextGroup();
    t.pingPong(0, 3, 0, 64, ops);
    PingPongSpec spec = new PingPongSpec(0, 64, ops, 100_000);
    List<Recording> sides = new ArrayList<>();
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> {
      Recording r = new Recording(new PingPong(spec, n == 0 ? 3 : 0, n == 0));
      sides.add(r);
      return r;
    }).run(t);
    assertTrue(run.result().ops().get("put").errors().getOrDefault("TIMEOUT", 0L) > 0,
        run.result().ops().get("put").toString());
    assertEquals(ops, sides.get(0).roundTrips.size());
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
    assertEquals("FINISHED", run.outcome(3, 0, 0).state());
    List<byte[]> served = sides.get(0).puts;
    long balls = served.stream().map(java.nio.ByteBuffer::wrap).distinct().count();
    assertEquals(ops, balls, "a ball PUT again after a TIMEOUT is the same ball");
    assertTrue(served.size() > ops, "some balls were PUT again: " + served.size());
  }
}
