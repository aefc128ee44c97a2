package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing is lost, duplicated, reordered or corrupted under contention (DESIGN.md 1.5): small
 * rings that fill up, three producers against one consumer per ring, payloads below and above
 * the MTU (one to three packets).
 */
class ConservationTest {

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of("torus", new Integer[] {4, 4}, 1L, Switching.CUT_THROUGH),
        Arguments.of("torus", new Integer[] {4, 4}, 2L, Switching.STORE_AND_FORWARD),
        Arguments.of("mesh", new Integer[] {4, 3}, 3L, Switching.CUT_THROUGH),
        Arguments.of("ring", new Integer[] {8}, 4L, Switching.CUT_THROUGH),
        Arguments.of("star", new Integer[] {6}, 5L, Switching.STORE_AND_FORWARD),
        Arguments.of("mesh", new Integer[] {6, 1}, 6L, Switching.CUT_THROUGH));
  }

  private static void assertConserved(RunResult r) {
    RunResult.Ops put = r.ops().get("put");
    RunResult.Ops get = r.ops().get("get");
    assertEquals(put.ok(), get.ok() + r.rings().elementsRemaining(), "ops.put.ok == ops.get.ok + elementsRemaining");
    assertEquals(r.bytes().get("put"), r.bytes().get("get") + r.rings().bytesRemaining(),
        "bytes.put == bytes.get + bytesRemaining");
    assertEquals(0, r.integrity().corrupt(), "corrupt");
    assertEquals(0, r.integrity().outOfOrder(), "out of order");
    assertEquals(0, r.integrity().unstamped());
  }

  private static void assertRingCounters(CustomPrograms.Run run) {
    long puts = 0;
    long takes = 0;
    for (int n = 0; n < run.machine().nodes(); n++) {
      for (RingBuffer ring : run.machine().memory(n).rings()) {
        puts += ring.puts();
        takes += ring.takes();
      }
    }
    assertEquals(run.result().ops().get("put").ok(), puts, "each DONE PUT applied exactly once");
    assertEquals(run.result().ops().get("get").ok(), takes, "each DONE GET took exactly one element");
  }

  @ParameterizedTest(name = "{0} {1} seed {2} {3}")
  @MethodSource("shapes")
  void builtInProducersAndConsumersConserveElementsAndBytes(String kind, Integer[] dims, long seed,
      Switching switching) {
    TestScenarios t = TestScenarios.of(kind, dims).seed(seed).switching(switching)
        .ring(NodeSet.all(), 0, 2048, 600)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 40, 40, 0)
        .putStream(NodeSet.all(), 2, Pattern.UNIFORM, 0, 0, 300, 40, 0)
        .putStream(NodeSet.all(), 3, Pattern.UNIFORM, 0, 0, 600, 40, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    int nodes = r.nodes();
    assertEquals(nodes * 120L, r.ops().get("put").issued());
    assertTrue(r.ops().get("put").errors().getOrDefault("FULL", 0L) > 0, "the rings filled up: " + r.ops());
    assertEquals(Set.of("FULL"), r.ops().get("put").errors().keySet(), "FULL is the only error under load");
    assertTrue(r.ops().get("get").ok() > nodes * 20L, "consumers took elements: " + r.ops());
    assertEquals(r.ops().get("get").ok(), r.integrity().checked(), "every element returned was checked");
    assertEquals(4 * nodes, r.processes().finished(), "every process ended by itself");
    assertConserved(r);
    assertRingCounters(run);
  }

  @ParameterizedTest(name = "{0} {1} seed {2} {3}")
  @MethodSource("shapes")
  void threeProducersAgainstOneConsumerKeepEveryElementOnceInOrder(String kind, Integer[] dims, long seed,
      Switching switching) {
    TestScenarios t = TestScenarios.of(kind, dims).seed(seed).switching(switching)
        .ring(NodeSet.of(0), 0, 1024, 700)
        .getStream(NodeSet.of(0), 0, -1, 0, 0, 20, 300_000)
        .putStream(NodeSet.of(1), 0, Pattern.FIXED, 0, 0, 20, 60, 0)
        .putStream(NodeSet.of(2), 0, Pattern.FIXED, 0, 0, 250, 60, 0)
        .putStream(NodeSet.of(3), 0, Pattern.FIXED, 0, 0, 700, 60, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(180, r.ops().get("put").issued());
    assertTrue(r.ops().get("put").errors().getOrDefault("FULL", 0L) > 0, "the ring filled up: " + r.ops());
    assertConserved(r);
    assertRingCounters(run);
  }

  @ParameterizedTest(name = "{0} {1} seed {2} {3}")
  @MethodSource("shapes")
  void theLedgerOfEveryDonePutMatchesWhatGetsReturnedAndWhatRingsHold(String kind, Integer[] dims, long seed,
      Switching switching) {
    TestScenarios t = TestScenarios.of(kind, dims).seed(seed).switching(switching)
        .ring(NodeSet.all(), 0, 1536, 700)
        .ring(NodeSet.all(), 1, 4096, 700);
    int consumers = t.nextGroup();
    t.custom(NodeSet.all(), 0, 1);
    int producers = t.nextGroup();
    t.custom(NodeSet.all(), 1, 1);
    t.custom(NodeSet.all(), 2, 2); // two producers sharing a core
    t.custom(NodeSet.all(), 3, 1); // into ring 1, which nobody drains
    Ledger ledger = new Ledger();
    CustomPrograms programs = new CustomPrograms()
        .on(consumers, (n, k) -> new Ledger.Consumer(ledger, -1, 0, 25, 400_000))
        .on(producers, (n, k) -> new Ledger.Producer(ledger, 30, null, 0, 16, 700, 0))
        .on(producers + 1, (n, k) -> new Ledger.Producer(ledger, 30, null, 0, 16, 120, 0))
        .on(producers + 2, (n, k) -> new Ledger.Producer(ledger, 12, new int[] {0, 1}, 1, 200, 600, 50_000));
    CustomPrograms.Run run = programs.run(t);
    RunResult r = run.result();
    assertTrue(ledger.putOutcomes.getOrDefault(Status.FULL, 0L) > 0, "rings filled: " + ledger.putOutcomes);
    assertEquals(Set.of(Status.DONE, Status.FULL), ledger.putOutcomes.keySet());
    assertEquals(r.ops().get("put").ok(), ledger.putsDone);
    assertEquals(r.ops().get("get").ok(), ledger.getsDone);
    assertTrue(ledger.getsDone > 0);
    long remaining = ledger.verify(run.machine());
    assertEquals(r.rings().elementsRemaining(), remaining);
    assertTrue(remaining > 0, "ring 1 keeps its elements");
    assertConserved(r);
    assertRingCounters(run);
  }

  @Test
  void theActorEngineKeepsTheLedgerAndGivesTheSameFingerprint() {
    String[] prints = new String[2];
    String[] engines = {"reference", "actors"};
    for (int i = 0; i < 2; i++) {
      TestScenarios t = TestScenarios.torus(4, 4).seed(11).ring(NodeSet.all(), 0, 1536, 700);
      int consumers = t.nextGroup();
      t.custom(NodeSet.all(), 0, 1);
      int producers = t.nextGroup();
      t.custom(NodeSet.all(), 1, 2);
      Ledger ledger = new Ledger();
      BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms()
          .on(consumers, (n, k) -> new Ledger.Consumer(ledger, -1, 0, 25, 400_000))
          .on(producers, (n, k) -> new Ledger.Producer(ledger, 20, null, 0, 16, 700, 0)));
      Machine m = built.machine();
      RunResult r = Simulation.run(built, engines[i]);
      assertEquals(engines[i], r.engine());
      assertTrue(ledger.putOutcomes.getOrDefault(Status.FULL, 0L) > 0, engines[i] + ": " + ledger.putOutcomes);
      assertEquals(r.rings().elementsRemaining(), ledger.verify(m));
      assertConserved(r);
      prints[i] = r.fingerprint();
    }
    assertEquals(prints[0], prints[1], "same machine, same seed, either engine");
  }
  /**
   * Every process has a buffer of its own, however many a core runs: 65 producers on core 0 and
   * one on core 1 (the 65th of core 0 once shared its buffer with the first of core 1, and each
   * PUT read the other's payload, out of order).
   */
  @Test
  void sixtyFiveProducersOnACoreAndOneOnTheNextKeepTheirOwnBuffers() {
    TestScenarios t = TestScenarios.torus(4, 4).contexts(128)
        .ring(NodeSet.of(1), 0, 1 << 20, 1024)
        .group("put-stream", NodeSet.of(0), 0, 65, new PutStreamSpec(Pattern.FIXED, 1, 0, 64, 20, 0))
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 1, 0, 64, 1000, 0)
        .getStream(NodeSet.of(1), 0, -1, 0, 0, 100, 500_000);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(65 * 20 + 1000, r.ops().get("put").ok());
    assertEquals(r.ops().get("put").ok(), r.integrity().checked(), "every element came back");
    assertConserved(r);
    long[] buffers = new long[66];
    for (int c = 0; c < 66; c++) {
      buffers[c] = run.machine().module(0).context(c).localAddress();
    }
    assertEquals(66, java.util.Arrays.stream(buffers).distinct().count(), "66 buffers");
  }
}
