package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.Payloads;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import io.ringfabric.workload.PutStreamSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Several processes on one core share its time, each with its own context; a poll run's reads
 * are counted to the one, whenever another process wants the core.
 *
 * <p>Equivalent mutants left alive in CoreSharing:
 * <ul>
 *   <li>dispatch's unroll (line 59) is unreachable: a run begins in dispatch only when no other
 *       process waits (poll unrolls it at once otherwise), and then the loop ends. Removing poll's
 *       unroll when others wait already (94), or negating that test (93), only puts that unroll off
 *       to line 59, when the waiting process gets the core: the end of read 0 either way, which
 *       holds the core from the register writes on, so the same read is counted and the poller's
 *       next read is due at the same time;
 *   <li>requestCore's {@code freeAt <= now} as {@code <} (47): at that instant the step waits for
 *       a CoreFree posted with no delay instead of running at once; whatever comes between queues
 *       behind it, first come first served, and a completion between is seen by the poll's first
 *       read either way;
 *   <li>the generation's {@code ++} as {@code --} (106, 131), which can make a stale wake's
 *       generation match again: a wake for the read that sees the completion is stale once its run
 *       was unrolled; it comes at that read's end, and a run the poller began since begins no
 *       sooner than that read did, so its own first read, which sees the completion, ends no
 *       sooner either: taken for that run's, the stale wake ends it at the same time with the
 *       same reads counted (and the run's own wake then finds no poller);
 *   <li>unroll's {@code t < readStart(k + 1)} as {@code <=} (140): read k is the last begun at or
 *       before t, so t is always before read k + 1 begins.
 * </ul>
 */
class CoreSharingTest {
  private static final int OPS = 20;

  private static CustomPrograms.Run sharedCore() {
    return sharedCore(OPS);
  }

  private static CustomPrograms.Run sharedCore(int ops) {
    return CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 8192, 256)
        .group("put-stream", NodeSet.of(0), 1, 2, new PutStreamSpec(Pattern.FIXED, 2, 0, 64, ops, 0)));
  }

  private static CustomPrograms.Run twoCores() {
    return twoCores(OPS);
  }

  private static CustomPrograms.Run twoCores(int ops) {
    return CustomPrograms.runBuiltIn(TestScenarios.of("mesh", 3, 1).ring(NodeSet.all(), 0, 8192, 256)
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 2, 0, 64, ops, 0)
        .putStream(NodeSet.of(0), 2, Pattern.FIXED, 2, 0, 64, ops, 0));
  }

  @Test
  void twoPutStreamsOnOneCoreBothFinishWithEveryPutIssuedAndLandedInOrder() {
    CustomPrograms.Run run = sharedCore();
    RunResult r = run.result();
    List<Core.ProcessOutcome> outcomes = run.machine().core(0, 1).outcomes();
    assertEquals(2, outcomes.size());
    assertEquals("FINISHED", outcomes.get(0).state());
    assertEquals("FINISHED", outcomes.get(1).state());
    assertEquals(new RunResult.Ops(2 * OPS, 2 * OPS, Map.of()), r.ops().get("put"));
    MessagingModule module = run.machine().module(0);
    assertEquals(OPS, module.context(0).sequence(), "each process drives its own context");
    assertEquals(OPS, module.context(1).sequence());
    assertEquals(run.machine().layout().core(0, 1), module.context(0).ownerCore());
    assertEquals(run.machine().layout().core(0, 1), module.context(1).ownerCore());
    assertEquals(0, module.context(0).ownerProcess());
    assertEquals(1, module.context(1).ownerProcess());
    List<byte[]> stored = run.ring(2, 0).snapshot();
    assertEquals(2 * OPS, stored.size());
    long[] next = new long[2];
    for (byte[] e : stored) {
      Payloads.Stamp s = Payloads.stampOf(e);
      assertEquals(0, s.node());
      assertEquals(next[s.context()]++, s.count(), "context " + s.context() + " in order");
      assertTrue(Payloads.intact(e));
    }
    assertEquals(OPS, next[0]);
    assertEquals(OPS, next[1]);
    // the two streams overlap: while one waits for its answer, the other issues
    boolean interleaved = false;
    for (int i = 1; i < stored.size(); i++) {
      interleaved |= Payloads.stampOf(stored.get(i)).context() != Payloads.stampOf(stored.get(i - 1)).context();
    }
    assertTrue(interleaved);
  }

  @Test
  void aCoreRunningTwoProcessesTakesLongerThanTwoCoresRunningOneEach() {
    RunResult shared = sharedCore().result();
    RunResult apart = twoCores().result();
    assertEquals(apart.ops().get("put"), shared.ops().get("put"));
    assertTrue(shared.simulatedNs() > apart.simulatedNs(),
        "shared " + shared.simulatedNs() + " ns vs apart " + apart.simulatedNs() + " ns");
    // the second process on the shared core cannot even start until the OS has mapped both
    // contexts one after the other on that core (2 us each)
    assertTrue(shared.simulatedNs() - apart.simulatedNs() >= 2000,
        "shared " + shared.simulatedNs() + " ns vs apart " + apart.simulatedNs() + " ns");
    assertTrue(shared.cores().busyTimeNs() > 0);
  }

  @Test
  void sharingACoreCostsMoreWithEveryPutNotOnlyTheSerialContextMapping() {
    double previous = 0;
    for (int ops : new int[] {1, 20, 60}) {
      double extra = sharedCore(ops).result().simulatedNs() - twoCores(ops).result().simulatedNs();
      assertTrue(extra > previous, ops + " PUTs each: sharing costs " + extra + " ns more, vs " + previous);
      previous = extra;
    }
  }

  // ---- a poll run's reads, counted when a newcomer wants the core ----

  private static final long MMIO = 50_000; // one status read, back to back (poll interval 0)
  private static final long MAPPED = 2 * 2_000_000; // both contexts mapped, one after the other
  /** The PUT's register writes: 8 bytes stored at 40 Gb/s, then six register writes. */
  private static final long WRITES = 1_600 + Core.REGISTER_WRITES * MMIO;
  /** Its first read: the poller's PUT rings its doorbell once both contexts are mapped. */
  private static final long FIRST = MAPPED + WRITES;
  /** Its completion: a one-hop PUT of 8 bytes, from its doorbell. */
  private static final long DONE_AT = FIRST + ZeroLoadLatencyTest.cutThroughPs(1, 8);
  private static final long COMPUTE = 100_000;

  /** What the poller's core counted, and when the poller saw its PUT complete. */
  private record Polled(long polls, long pollPs, long busyPs, long seenAt) {}

  /**
   * Core 1 of node 0 of a line of two: process 0 sleeps until {@code newcomerAt}, wants the core
   * then and computes {@link #COMPUTE}; process 1 (the poller) PUTs 8 bytes to node 1 at {@link
   * #MAPPED} and polls for its status. Process 0 is mapped first, so it has gone to sleep when the
   * poller's run begins: the run is uncontended until the newcomer wakes.
   */
  private static Polled contended(long newcomerAt, long pollInterval) {
    Script newcomer = Script.of().sleepUntil(newcomerAt).compute(COMPUTE);
    Script poller = Script.of().put(1, 0, new byte[8]);
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 64).pollInterval(pollInterval);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 2);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> k == 0 ? newcomer : poller).run(t);
    assertEquals(Status.DONE, poller.log().get(0).status());
    assertEquals("FINISHED", run.outcome(0, 1, 0).state());
    Core core = run.machine().core(0, 1);
    return new Polled(core.polls(), core.pollPs(), core.busyPs(), poller.log().get(0).seenAt());
  }

  /** Busy: both mappings, the poller's register writes, its reads, and the newcomer's compute (if it came). */
  private static long busy(long reads, boolean newcomer) {
    return MAPPED + WRITES + reads * MMIO + (newcomer ? COMPUTE : 0);
  }

  @Test
  void anUncontendedRunCountsEveryReadUpToTheOneThatSeesTheCompletion() {
    // reads of 50 ns from FIRST: the completion comes 936.8 ns in, during read 18, which sees it
    assertEquals(936_800, DONE_AT - FIRST);
    Polled p = contended(100_000_000, 0); // the newcomer wakes long after
    assertEquals(new Polled(19, 19 * MMIO, busy(19, true), FIRST + 19 * MMIO), p);
  }

  @Test
  void aNewcomerDuringAReadWaitsForItToEnd() {
    // at 10 ns into read 5: reads 0 to 5 count; the newcomer computes from the end of read 5, then
    // the poller polls again: its first read is unrolled at once by the newcomer's wake (its last
    // step, a finish), 1 more; then 10 reads from 450 ns after FIRST, the last seeing the completion
    Polled p = contended(FIRST + 5 * MMIO + 10_000, 0);
    assertEquals(new Polled(17, 17 * MMIO, busy(17, true), FIRST + 19 * MMIO), p);
  }

  @Test
  void aNewcomerAtTheInstantAReadIsDueGoesFirst() {
    // read 5 is due as the newcomer comes: reads 0 to 4 count, and the newcomer computes at once;
    // as above the poller's next read is unrolled by the newcomer's wake, then 11 reads from 400 ns after FIRST
    Polled p = contended(FIRST + 5 * MMIO, 0);
    assertEquals(new Polled(17, 17 * MMIO, busy(17, true), FIRST + 19 * MMIO), p);
  }

  @Test
  void aNewcomerAsTheObservingReadEndsLetsItCount() {
    // read 18 has just seen the completion when the newcomer comes: 19 reads; the poller's
    // program runs once the newcomer's compute has ended
    Polled p = contended(FIRST + 19 * MMIO, 0);
    assertEquals(new Polled(19, 19 * MMIO, busy(19, true), FIRST + 19 * MMIO + COMPUTE), p);
  }

  @Test
  void aNewcomerBetweenTwoReadsCountsTheReadsDoneAndTheNextWaitsForTheCore() {
    // reads of 50 ns every 80 ns, uncontended 13 to the one ending 1,010 ns in. The newcomer
    // comes 10 ns after read 5 ends: reads 0 to 5 count, and it computes at once; read 6, due
    // 20 ns later, waits for it; the poller's next read is unrolled by the newcomer's wake, 1
    // more; its next run begins a poll interval after that read and ends as before, its read 4
    Polled p = contended(FIRST + 5 * 80_000 + 60_000, 30_000);
    assertEquals(new Polled(12, 12 * MMIO, busy(12, true), FIRST + 12 * 80_000 + MMIO), p);
  }

  @Test
  void aNewcomerAsAReadEndsLetsItCount() {
    // reads of 50 ns every 80 ns; the newcomer comes just as read 5 ends: it counts, 6 reads; then
    // as between two reads, 1 read unrolled by the newcomer's wake, and a run of 5 from 630 ns
    // after FIRST, the last ending at 1,000 ns
    Polled p = contended(FIRST + 5 * 80_000 + MMIO, 30_000);
    assertEquals(new Polled(12, 12 * MMIO, busy(12, true), FIRST + 1_000_000), p);
  }

  @Test
  void aPollBegunAfterTheCompletionSeesItWithItsFirstRead() {
    // reads every 80 ns; the newcomer comes 5 ns into the gap after read 9 (10 reads), computes
    // until 875 ns, and its wake unrolls the poller's next read (875 to 925 ns, 1 more). The
    // completion comes at 936.8 ns, while the poller waits its interval: its next run, at 955 ns,
    // sees it with its first read
    Polled p = contended(FIRST + 9 * 80_000 + MMIO + 5_000, 30_000);
    assertEquals(new Polled(12, 12 * MMIO, busy(12, true), FIRST + 1_005_000), p);
  }

  /**
   * A PUT by interrupt holds the core for its register writes only, and no wake of its own ends
   * that hold: a process waiting for the core gets it as the writes end. Process 0 PUTs by
   * interrupt as it starts; process 1, mapped second, waits behind it and starts 301.6 ns later.
   */
  @Test
  void aProcessWaitingBehindAnInterruptPutsRegisterWritesGetsTheCoreAsTheyEnd() {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 64);
    t.groups.add(new ProcessGroupSpec(t.groups.size(), "put-stream", NodeSet.of(0), 1, 1,
        new PutStreamSpec(Pattern.FIXED, 1, 0, 8, 1, 0), true));
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    long[] startedAt = {-1};
    Script waiting = Script.of().inline(api -> startedAt[0] = api.now());
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> waiting).run(t);
    assertEquals(new RunResult.Ops(1, 1, Map.of()), run.result().ops().get("put"));
    assertEquals(MAPPED + WRITES, startedAt[0]);
  }
}
