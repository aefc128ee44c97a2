package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static io.ringfabric.model.ContextTest.payload;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The module's time limit and retries: a retry is answered from the target's record, never applied twice.
 *
 * <p>Left alive in InitiatorSide. Not equivalent: in scheduleCheck {@code now + moduleLatency} as {@code now - moduleLatency} (214)
 * lets a check come sooner than one piece of module work when the earliest deadline is that close
 * after a check; no test here arms two deadlines that close (the actor engine's lookahead rests
 * on that minimum delay).
 */
class TimeoutTest {

  private static long ringPuts(Machine m) {
    long puts = 0;
    for (int n = 0; n < m.nodes(); n++) {
      for (RingBuffer ring : m.memory(n).rings()) {
        puts += ring.puts();
      }
    }
    return puts;
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {2, 3, 4})
  void retriesBeforeTheAnswerComeBackStillLandEveryElementExactlyOnce(long seed) {
    retriesLandExactlyOnce(seed);
  }


  @Test
  void retriesLandExactlyOnceWithSeed1() {
    retriesLandExactlyOnce(1);
  }

  private static void retriesLandExactlyOnce(long seed) {
    // 300 ns is shorter than any round trip (about 1 us at one hop), so every action is retried;
    // 50 retries (15 us) are enough for every answer to come back. (With larger payloads or more
    // load, the copies every 300 ns congest the links until actions time out: see the report.)
    TestScenarios t = TestScenarios.torus(4, 4).seed(seed).timeout(300_000, 50)
        .ring(NodeSet.all(), 0, 2048, 600);
    int consumers = t.nextGroup();
    t.custom(NodeSet.all(), 0, 1);
    int producers = t.nextGroup();
    t.custom(NodeSet.all(), 1, 2);
    Ledger ledger = new Ledger();
    CustomPrograms.Run run = new CustomPrograms()
        .on(consumers, (n, k) -> new Ledger.Consumer(ledger, -1, 0, 25, 400_000))
        .on(producers, (n, k) -> new Ledger.Producer(ledger, 25, null, 0, 16, 100, 1_000_000))
        .run(t);
    RunResult r = run.result();
    assertTrue(r.module().retries() > r.ops().get("put").issued(), "every action retried: " + r.module());
    assertTrue(r.module().lateResponses() > 0, "answers to retries come after the first answer");
    assertEquals(0, r.ops().get("put").errors().getOrDefault("TIMEOUT", 0L), r.ops().toString());
    assertEquals(0, r.ops().get("get").errors().getOrDefault("TIMEOUT", 0L), r.ops().toString());
    assertEquals(Set.of(Status.DONE, Status.EMPTY), ledger.getOutcomes.keySet());
    assertEquals(r.ops().get("put").ok(), ringPuts(run.machine()), "no PUT applied twice");
    assertEquals(r.ops().get("put").ok(), r.ops().get("get").ok() + r.rings().elementsRemaining());
    assertEquals(r.bytes().get("put"), r.bytes().get("get") + r.rings().bytesRemaining());
    ledger.verify(run.machine());
  }

  @Test
  void aRetriedGetReturnsTheSameElementAndTakesOnlyOne() {
    // 600 ns: longer than one copy of the 600-byte request takes on a link (493 ns), shorter than
    // the ~2.7 us round trip 4 hops away
    TestScenarios t = TestScenarios.of("mesh", 5, 1).timeout(600_000, 20).ring(NodeSet.all(), 0, 4096, 600);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] a = payload(600, 1); // three packets each way
    byte[] b = payload(30, 2);
    Script s = Script.of().put(4, 0, a).put(4, 0, b).get(4, 0).get(4, 0).get(4, 0);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertTrue(run.result().module().retries() >= 5 * 2, "every action retried: " + run.result().module());
    assertEquals(List.of(Status.DONE, Status.DONE, Status.DONE, Status.DONE, Status.EMPTY),
        s.log().stream().map(Script.Done::status).collect(Collectors.toList()));
    assertArrayEquals(a, s.log().get(2).data());
    assertArrayEquals(b, s.log().get(3).data());
    RingBuffer ring = run.ring(4, 0);
    assertEquals(2, ring.puts());
    assertEquals(2, ring.takes());
    assertEquals(2, run.machine().module(4).servedPuts(), "node 4 applied each PUT once");
    assertEquals(3, run.machine().module(4).servedGets(), "and each GET once");
    assertEquals(run.result().module().retries(), run.result().module().lateResponses(),
        "every retry was answered from the record, and every such answer came late");
  }

  @Test
  void answeredActionsLeaveNoDeadlinesPilingUpBehind() {
    // PUTs answered in about a microsecond each, under a 100 ms timeout, in a run of 200 us that
    // ends long before the first deadline: every deadline is settled long before its time, and the
    // initiator forgets them as it goes.
    assertDeadlinesKept(4, 200_000_000L, 100, 2 * 4 + 17);
  }

  /**
   * With many contexts and one action in flight at a time, what is kept follows the actions in
   * flight, not the contexts: passes come when the queue has doubled from what the last one left
   * (with a pass at twice the contexts, 135 were kept here).
   */
  @Test
  void deadlinesKeptFollowTheActionsInFlightNotTheContexts() {
    assertDeadlinesKept(64, 350_000_000L, 250, 2 * 2 + 17);
  }

  /**
   * One producer on node 0 PUTs to node 1, one PUT in flight at a time, each answered in about a
   * microsecond under a 100 ms timeout: more than {@code leastPuts} of them, and node 0's module
   * keeps at most {@code mostKept} deadlines at the end.
   */
  private static void assertDeadlinesKept(int contexts, long durationPs, int leastPuts, int mostKept) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).contexts(contexts).timeout(100_000_000_000L, 1)
        .duration(durationPs).ring(NodeSet.all(), 0, 1 << 20, 64)
        .putStream(NodeSet.of(0), 1, Pattern.FIXED, 1, 0, 16, 1_000_000, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult.Ops puts = run.result().ops().get("put");
    assertTrue(puts.issued() > leastPuts && puts.ok() >= puts.issued() - 1, puts.toString());
    int kept = run.machine().module(0).deadlinesKept();
    assertTrue(kept > 0 && kept <= mostKept, "deadlines kept after " + puts.ok() + " answered PUTs with "
        + contexts + " contexts: " + kept);
  }

  @Test
  void withoutRetriesATinyTimeoutEndsEveryPutInTimeout() {
    // 300 ns: the payload is read (93 ns) and the request leaves; it reaches node 3, three hops
    // away, ~780 ns later, after the initiator's last deadline, so node 3 refuses it unapplied.
    TestScenarios t = TestScenarios.of("mesh", 4, 1).timeout(300_000, 0)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 3, 0, 64, 6, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(new RunResult.Ops(6, 0, Map.of("TIMEOUT", 6L)), r.ops().get("put"));
    assertEquals(0, r.module().retries());
    assertEquals(0, r.module().lateResponses(), "the initiator waits for the refusal");
    assertEquals(6, r.module().refusedLate());
    assertEquals(6, run.machine().module(3).refusedLate());
    assertEquals(0, run.ring(3, 0).elements(), "a timed-out PUT leaves no trace");
    assertEquals(Status.TIMEOUT, run.machine().module(0).context(0).status());
    assertEquals(6, run.machine().module(0).context(0).sequence());
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
  }

  @Test
  void aTimeoutComesAfterTheLimitAndEveryRetry() {
    // The request leaves 92.8 ns after the doorbell (20 ns of module work, a 60 + 12.8 ns payload
    // read). With a 200 ns limit and 2 retries the initiator's last deadline is 600 ns later, at
    // 692.8 ns; the first copy reaches node 3 (three hops) at ~877 ns, so node 3 refuses it and
    // answers the two retried copies from its record. The initiator takes the first answer.
    TestScenarios t = TestScenarios.of("mesh", 4, 1).timeout(200_000, 2).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    Script s = Script.of().put(3, 0, payload(64, 1));
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(Status.TIMEOUT, s.log().get(0).status());
    assertEquals(new RunResult.Ops(1, 0, Map.of("TIMEOUT", 1L)), run.result().ops().get("put"));
    assertEquals(2, run.result().module().retries());
    assertEquals(1, run.machine().module(3).refusedLate(), "refused once, then answered from the record");
    assertEquals(0, run.machine().module(3).servedPuts(), "never applied");
    assertEquals(2, run.result().module().lateResponses(), "the answers to both retries");
    assertEquals(3, run.machine().module(0).injection().packets(), "the request and two retries");
    assertEquals(0, run.ring(3, 0).elements());
    assertTrue(s.log().get(0).latencyPs() > 692_800, "no TIMEOUT before the last deadline");
  }

  /**
   * Three 64 KiB PUTs rung at once leave node 0 one after another, 55.7 us each on the injection
   * link (256 packets of 272 B at 10 Gb/s), the third about 111 us after it was built. Each is
   * answered about 58 us after it leaves, within the 70 us limit, so none is resent; counted from
   * when it was built, the second and third were resent before their first copy had left, and the
   * third reached node 1 after the last deadline it carried.
   */
  @Test
  void theTimeLimitsRunFromTheRequestLeavingNotFromItsWaitForTheInjectionLink() {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).timeout(70_000_000, 1)
        .ring(NodeSet.of(1), 0, 256 * 1024, 64 * 1024);
    for (int core = 1; core <= 3; core++) {
      t.putStream(NodeSet.of(0), core, Pattern.FIXED, 1, 0, 64 * 1024, 1, 0);
    }
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(new RunResult.Ops(3, 3, Map.of()), r.ops().get("put"));
    assertEquals(0, r.module().retries(), "no copy resent: each was answered within the limit of its leaving");
    assertEquals(0, r.module().refusedLate());
    assertEquals(3 * 256, run.machine().module(0).injection().packets(), "each request sent once");
    assertEquals(3, run.ring(1, 0).elements());
  }

  /**
   * The scenario with the consumer on another node (reference.conf's limits, nothing
   * lost): 64 KiB PUTs from three cores of node 0 queue for its injection link, up to two
   * requests (115 us) long. Counted from the request being built they were resent and refused
   * as too late (4 of 9 ended TIMEOUT); from the request leaving, none ends TIMEOUT.
   */
  @Test
  void onALosslessFabricRequestsQueuedAtInjectionDoNotEndTimeout() {
    RunResult r = io.ringfabric.run.Simulation.run(io.ringfabric.config.ScenarioLoader.parse("""
        ringfabric {
          topology { kind = torus, dims = [4, 4] }
          rings = [ { id = 0, nodes = [1], capacity = 2MiB, max-element = 64KiB } ]
          workload.processes = [
            { program = get-stream, nodes = [2], core = 0, source { node = 1, ring = 0 }, empty-backoff = 1us, idle-limit = 3000 }
            { program = put-stream, nodes = [0], core = 1, target { pattern = fixed, node = 1, ring = 0 }, size = 64KiB, ops = 3 }
            { program = put-stream, nodes = [0], core = 2, target { pattern = fixed, node = 1, ring = 0 }, size = 64KiB, ops = 3 }
            { program = put-stream, nodes = [0], core = 3, target { pattern = fixed, node = 1, ring = 0 }, size = 64KiB, ops = 3 }
          ]
        }
        """, "queued.conf", List.of()));
    assertEquals(new RunResult.Ops(9, 9, Map.of()), r.ops().get("put"));
    assertEquals(0, r.module().refusedLate());
    assertEquals(9, r.ops().get("get").ok());
  }

  @Test
  void aPutThatTimedOutLeavesNoTraceInTheRing() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1).timeout(300_000, 0)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 0, Pattern.FIXED, 3, 0, 64, 6, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    RunResult r = run.result();
    assertEquals(0, r.ops().get("put").ok());
    assertEquals(r.ops().get("put").ok() - r.ops().get("get").ok(), r.rings().elementsRemaining(),
        "ops.put.ok == ops.get.ok + rings.elementsRemaining");
  }


  @Test
  void aGetThatTimedOutLosesNoElement() {
    // 500 ns, no retry: a local PUT is applied ~300 ns after it leaves; a 3-hop GET reaches the
    // ring ~730 ns after it leaves, after its deadline, so the target refuses it and keeps the
    // element.
    TestScenarios t = TestScenarios.of("mesh", 4, 1).timeout(500_000, 0).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(3), 0, 1);
    t.custom(NodeSet.of(0), 0, 1);
    byte[] element = payload(64, 1);
    Script filler = Script.of().put(3, 0, element);
    Script getter = Script.of().sleepUntil(20_000_000).get(3, 0);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> filler).on(g + 1, (n, k) -> getter).run(t);
    assertEquals(Status.DONE, filler.log().get(0).status());
    assertEquals(Status.TIMEOUT, getter.log().get(0).status());
    assertEquals(1, run.ring(3, 0).elements(), "the element a timed-out GET did not return is still in the ring");
    assertArrayEquals(element, run.ring(3, 0).snapshot().get(0));
  }

  @Test
  void aPutWhoseTimeLimitIsShorterThanItsPayloadReadStillStoresItsPayload() {
    // Reading 600 bytes takes 60 + 120 ns after the 20 ns doorbell work, longer than the 100 ns
    // limit: a retry counted from the doorbell would have no payload to send (it used to send an
    // empty one, which the target stored as a 0-byte element).
    TestScenarios t = TestScenarios.of("mesh", 2, 1).timeout(100_000, 50).ring(NodeSet.all(), 0, 4096, 600);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] element = payload(600, 1);
    Script s = Script.of().put(1, 0, element);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(Status.DONE, s.log().get(0).status());
    RunResult r = run.result();
    assertEquals(r.bytes().get("put"), r.bytes().get("get") + r.rings().bytesRemaining(),
        "bytes.put == bytes.get + bytesRemaining");
    assertEquals(1, run.ring(1, 0).elements());
    assertArrayEquals(element, run.ring(1, 0).snapshot().get(0));
  }

  private static Packet putRequest(long sequence, byte[] payload) {
    return Packet.Header.putRequest(new Packet.ActionId(1, 0, sequence), 0, 0, payload.length, Long.MAX_VALUE,
        ElementOrigin.NONE).split(payload, Math.max(1, payload.length))[0];
  }


  @Test
  void copiesOfAnOlderActionAreDroppedAndCopiesOfTheCurrentOneAnsweredFromTheRecord() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    MessagingModule target = m.module(0);
    int sw = m.layout().switchComponent(0);
    int memory = m.layout().memory(0);
    List<Event> out = new ArrayList<>();
    target.attach(out::add);
    target.start();
    target.deliver(new Event(1_000_000, sw, 0, target.id(),
        new MessagingModule.PacketDelivered(putRequest(2, payload(32, 2)))));
    assertEquals(List.of(MessageKind.RING_PUT), out.stream().map(Event::kind).collect(Collectors.toList()));
    // a copy of action 1 still on its way: the initiator is done with it
    target.deliver(new Event(1_100_000, sw, 1, target.id(),
        new MessagingModule.PacketDelivered(putRequest(1, payload(32, 1)))));
    assertEquals(1, out.size(), "a copy of an older action is dropped");
    // a copy of action 2 while memory is still applying it: nothing to answer yet
    target.deliver(new Event(1_200_000, sw, 2, target.id(),
        new MessagingModule.PacketDelivered(putRequest(2, payload(32, 2)))));
    assertEquals(1, out.size());
    target.deliver(new Event(1_300_000, memory, 0, target.id(),
        new MessagingModule.RingResult(new Packet.ActionId(1, 0, 2), 0, Status.DONE, null)));
    assertEquals(2, out.size());
    Packet answer = ((Switch.PacketArrival) out.get(1).message()).packet();
    assertEquals(2, answer.sequence());
    assertEquals(Status.DONE, answer.status());
    // a later copy of action 2 gets the same answer, without a second ring action
    target.deliver(new Event(1_400_000, sw, 3, target.id(),
        new MessagingModule.PacketDelivered(putRequest(2, payload(32, 2)))));
    assertEquals(List.of(MessageKind.RING_PUT, MessageKind.PACKET_ARRIVAL, MessageKind.PACKET_ARRIVAL),
        out.stream().map(Event::kind).collect(Collectors.toList()));
    assertEquals(Status.DONE, ((Switch.PacketArrival) out.get(2).message()).packet().status());
  }

  @Test
  void aRequestPastItsDeadlineIsRefusedWithoutTouchingTheRing() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    MessagingModule target = m.module(0);
    List<Event> out = new ArrayList<>();
    target.attach(out::add);
    target.start();
    Packet late = Packet.Header.putRequest(new Packet.ActionId(1, 0, 1), 0, 0, 32, 999_999, ElementOrigin.NONE)
        .split(payload(32, 1), 32)[0];
    target.deliver(new Event(1_000_000, m.layout().switchComponent(0), 0, target.id(),
        new MessagingModule.PacketDelivered(late)));
    assertEquals(List.of(MessageKind.PACKET_ARRIVAL), out.stream().map(Event::kind).collect(Collectors.toList()));
    Packet answer = ((Switch.PacketArrival) out.get(0).message()).packet();
    assertEquals(Status.TIMEOUT, answer.status());
    assertEquals(Packet.Type.PUT_RESPONSE, answer.type());
    assertEquals(1, target.refusedLate());
    assertEquals(0, target.servedPuts());
  }

  @Test
  void deadlinesArmedOutOfOrderAreStillHandledOnTimeAndNeverInThePast() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 3, 1).timeout(1_000_000, 2)
        .ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    MessagingModule module = m.module(0);
    int core = m.layout().core(0, 0);
    for (int i = 0; i < 3; i++) {
      assertEquals(i, module.mapFreeContext(core, i));
    }
    List<Event> out = new ArrayList<>();
    module.attach(out::add);
    module.start();
    int memory = m.layout().memory(0);
    int sw = m.layout().switchComponent(0);
    // context 2 GETs at 990 ns: request at 1010 ns, deadline 2010 ns (the first timeout check)
    module.deliver(new Event(990_000, core, 0, module.id(), new MessagingModule.Doorbell(2, Op.GET, 2, 0, 0x1000, 64)));
    // context 0 GETs at 1000 ns: the module is busy until 1010, so its deadline is 2030 ns
    module.deliver(new Event(1_000_000, core, 1, module.id(), new MessagingModule.Doorbell(0, Op.GET, 2, 0, 0x2000, 64)));
    // context 1 PUTs at 1000 ns; its payload is ready at 1005 ns, and the module builds the
    // request once it is free: at 1050-1070 ns, deadline 2070 ns, armed last
    module.deliver(new Event(1_000_000, core, 2, module.id(), new MessagingModule.Doorbell(1, Op.PUT, 2, 0, 0x3000, 8)));
    module.deliver(new Event(1_005_000, memory, 0, module.id(), new MessagingModule.PayloadReady(1, 1, new byte[8])));
    // context 0's answer comes back at 1500 ns
    module.deliver(new Event(1_500_000, sw, 0, module.id(), new MessagingModule.PacketDelivered(
        Packet.Header.response(Packet.Type.GET_RESPONSE, new Packet.ActionId(0, 0, 1), 0, Status.EMPTY,
            ElementOrigin.NONE).split(null, 256)[0])));
    // run the module's own timeout checks, in time order, until 3 us
    PriorityQueue<Event> checks = new PriorityQueue<>(Event.ORDER);
    int seen = 0;
    while (true) {
      for (; seen < out.size(); seen++) {
        if (out.get(seen).kind() == MessageKind.TIMEOUT_CHECK) {
          checks.add(out.get(seen));
        }
      }
      Event next = checks.poll();
      if (next == null || next.time() > 3_000_000) {
        break;
      }
      module.deliver(next); // must not throw "sent TIMEOUT_CHECK into the past"
    }
    List<Event> retries = out.stream().filter(e -> e.kind() == MessageKind.PACKET_ARRIVAL
        && e.time() > 1_100_000).collect(Collectors.toList());
    assertEquals(2, retries.size(), "contexts 1 and 2 retried once each by 3 us; context 0 was answered");
    Packet first = ((Switch.PacketArrival) retries.get(0).message()).packet();
    Packet second = ((Switch.PacketArrival) retries.get(1).message()).packet();
    assertEquals(2, first.sourceContext(), "the earliest deadline (2010 ns) is retried first");
    assertEquals(1, second.sourceContext(), "then context 1's (2070 ns)");
    assertTrue(retries.get(0).time() >= 2_010_000 && retries.get(0).time() <= 2_030_000,
        "context 2's retry leaves within one piece of module work of its deadline, at " + retries.get(0).time());
    assertTrue(retries.get(1).time() >= 2_070_000 && retries.get(1).time() <= 2_090_000,
        "context 1's retry leaves within one piece of module work of its deadline, at " + retries.get(1).time());
  }

  // ---- time limits near the end of time ----

  private static final long SENT = 1_020_000; // a GET rung at 1 us leaves after the module's 20 ns of work

  /**
   * Node 0's module of a line of three, its events kept in {@code out}: context 0 GETs from node 2
   * at 1 us, and the module's own timeout checks are handled in time order.
   */
  private static void getWithLimits(long timeout, int retries, int confirmations, List<Event> out) {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).timeout(timeout, retries).ring(NodeSet.all(), 0, 4096, 256);
    t.confirmations = confirmations;
    Machine m = BuiltMachine.of(t.build()).machine();
    MessagingModule module = m.module(0);
    int core = m.layout().core(0, 0);
    assertEquals(0, module.mapFreeContext(core, 0));
    module.attach(out::add);
    module.start();
    module.deliver(new Event(1_000_000, core, 0, module.id(), new MessagingModule.Doorbell(0, Op.GET, 2, 0, 0x1000, 64)));
    for (int seen = 0; seen < out.size(); seen++) {
      Event e = out.get(seen);
      if (e.kind() == MessageKind.TIMEOUT_CHECK) {
        module.deliver(e); // checks come one at a time: each posts the next
      }
    }
  }

  private static List<Long> times(List<Event> out, MessageKind kind) {
    return out.stream().filter(e -> e.kind() == kind).map(Event::time).toList();
  }

  /** The last deadline a GET's request carries, with {@code timeout} and {@code retries}. */
  private static long lastDeadline(long timeout, int retries) {
    List<Event> out = new ArrayList<>();
    getWithLimits(timeout, retries, 0, out);
    return out.stream().filter(e -> e.kind() == MessageKind.PACKET_ARRIVAL)
        .map(e -> ((Switch.PacketArrival) e.message()).packet().giveUpAt()).findFirst().orElseThrow();
  }

  /** A last deadline that would come after the end of time never comes; one that just fits is kept to the picosecond. */
  @Test
  void aLastDeadlinePastTheEndOfTimeIsNever() {
    long fits = (SimTime.CLOCK_END - SENT) / 3; // three limits: the first copy's and two retries'
    assertEquals(SimTime.CLOCK_END - 1, SENT + 3 * fits);
    assertEquals(SimTime.CLOCK_END - 1, lastDeadline(fits, 2));
    assertEquals(Long.MAX_VALUE, lastDeadline(fits + 1, 2));
    assertEquals(SENT + fits + 1, lastDeadline(fits + 1, 0), "without retries one limit fits");
  }

  /**
   * A PUT lost on a down link with a timeout of 9223372 s: its deadline lies past the end of the
   * clock and never comes, so nothing is left to happen after the lost packet and the run ends
   * there with the action in flight, on both engines alike. (The deadline used to be posted near
   * the end of a long, where the actor engine keeps its marker for an empty queue: the reference
   * engine ran to the duration and the actors stopped at the last event. Found by the oracle.)
   */
  @Test
  void aDeadlinePastTheEndOfTheClockEndsBothEnginesAlikeAtTheLastEvent() {
    TestScenarios t = TestScenarios.of("ring", 2).timeout(9_223_372_000_000_000_000L, 0)
        .faults(new FaultPlan.LinkFault(0, 1, 0, Long.MAX_VALUE, true, 0, 0)).duration(2_000_000_000L)
        .ring(NodeSet.all(), 0, 1056, 256)
        .putStream(NodeSet.all(), 0, Pattern.FIXED, 0, 0, 64, 1, 0);
    RunResult reference = new CustomPrograms().run(t, "reference").result();
    RunResult actors = new CustomPrograms().run(t, "actors").result();
    assertEquals(reference.fingerprint(), actors.fingerprint());
    assertEquals(reference.simulatedNs(), actors.simulatedNs());
    assertTrue(reference.simulatedNs() < 10_000, "ends at its last event, not at the 2 ms duration: " + reference.simulatedNs());
    assertEquals(1, reference.processes().unfinished(), "the lost PUT's process still waits");
    assertEquals(reference.ops(), actors.ops());
  }

  /**
   * module.timeout = 9223372.0368s on a lossless fabric: a request that leaves after 54.8 us has
   * its first deadline past the end of time. It must never come (the sum used to wrap round into
   * the past, and every request was resent at once, retries 612 in the run).
   */
  @Test
  void aDeadlinePastTheEndOfTimeNeverComes() {
    long timeout = 9_223_372_036_800_000_000L;
    TestScenarios t = TestScenarios.of("mesh", 3, 1).timeout(timeout, 2).ring(NodeSet.all(), 0, 4096, 256);
    Machine m = BuiltMachine.of(t.build()).machine();
    MessagingModule module = m.module(0);
    int core = m.layout().core(0, 0);
    assertEquals(0, module.mapFreeContext(core, 0));
    List<Event> out = new ArrayList<>();
    module.attach(out::add);
    module.start();
    module.deliver(new Event(100_000_000, core, 0, module.id(), new MessagingModule.Doorbell(0, Op.GET, 2, 0, 0x1000, 64)));
    for (int seen = 0; seen < out.size(); seen++) {
      if (out.get(seen).kind() == MessageKind.TIMEOUT_CHECK) {
        module.deliver(out.get(seen));
      }
    }
    assertEquals(List.of(100_020_000L), times(out, MessageKind.PACKET_ARRIVAL), "the request, never resent");
    assertEquals(List.of(), times(out, MessageKind.TIMEOUT_CHECK), "no deadline to check before the end of time");
    assertEquals(Long.MAX_VALUE, ((Switch.PacketArrival) out.get(0).message()).packet().giveUpAt());
    assertEquals(0, module.retries());
  }

  /**
   * With no retry and two confirmation copies, a quarter of all time as the limit: the first copy
   * goes at its deadline (and the module's work), with twice the limit to wait; the second waits
   * until the end of time, since four times the limit would pass it.
   */
  @Test
  void aConfirmationWaitsTwiceAsLongAsTheOneBeforeButNotPastTheEndOfTime() {
    long limit = SimTime.CLOCK_END / 4;
    List<Event> out = new ArrayList<>();
    getWithLimits(limit, 0, 2, out);
    long first = SENT + limit + 20_000;
    long second = first + 2 * limit + 20_000;
    assertEquals(List.of(SENT, first, second), times(out, MessageKind.PACKET_ARRIVAL), "the request and its two copies");
    // the second copy's deadline is the end of time itself: no check is posted for it, and the
    // action is not given up on
    assertEquals(List.of(SENT + limit, first + 2 * limit), times(out, MessageKind.TIMEOUT_CHECK));
    assertEquals(List.of(), times(out, MessageKind.COMPLETION));
  }

  /**
   * With no module latency two GETs rung at one time to the node's own ring (module.local-path =
   * direct: they need no injection link, so neither waits for the other to leave) leave at one
   * time and reach their deadlines together: the retries go in context order, context 0's first
   * though context 1 rang first. (The sequence, the deadlines' last key, never decides: a
   * context's older actions are settled, and a settled deadline is dropped whichever way it is
   * ordered.)
   */
  @Test
  void deadlinesDueTogetherAreRetriedInContextOrder() {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).moduleLatency(0).timeout(1_000_000, 1)
        .ring(NodeSet.all(), 0, 4096, 256);
    t.directLocalPath = true;
    Machine m = BuiltMachine.of(t.build()).machine();
    MessagingModule module = m.module(0);
    int core = m.layout().core(0, 0);
    assertEquals(0, module.mapFreeContext(core, 0));
    assertEquals(1, module.mapFreeContext(core, 1));
    List<Event> out = new ArrayList<>();
    module.attach(out::add);
    module.start();
    module.deliver(new Event(1_000_000, core, 0, module.id(), new MessagingModule.Doorbell(1, Op.GET, 0, 0, 0x1000, 64)));
    module.deliver(new Event(1_000_000, core, 1, module.id(), new MessagingModule.Doorbell(0, Op.GET, 0, 0, 0x2000, 64)));
    Event check = out.stream().filter(e -> e.kind() == MessageKind.TIMEOUT_CHECK).findFirst().orElseThrow();
    assertEquals(2_000_000, check.time());
    module.deliver(check);
    List<String> sent = out.stream().filter(e -> e.kind() == MessageKind.PACKET_DELIVERED)
        .map(e -> e.time() + " context " + ((MessagingModule.PacketDelivered) e.message()).packet().sourceContext()).toList();
    assertEquals(List.of("1000000 context 1", "1000000 context 0", "2000000 context 0", "2000000 context 1"), sent);
  }

  /**
   * Two GETs rung at one time to another node: the second leaves 12.8 ns (the first's header) after
   * the first, on the injection link, and its limit runs from then, not from when it was ready.
   */
  @Test
  void aRequestWaitingForTheInjectionLinkIsResentATimeoutAfterItLeft() {
    Machine m = BuiltMachine.of(TestScenarios.of("mesh", 3, 1).moduleLatency(0).timeout(1_000_000, 1)
        .ring(NodeSet.all(), 0, 4096, 256).build()).machine();
    MessagingModule module = m.module(0);
    int core = m.layout().core(0, 0);
    assertEquals(0, module.mapFreeContext(core, 0));
    assertEquals(1, module.mapFreeContext(core, 1));
    List<Event> out = new ArrayList<>();
    module.attach(out::add);
    module.start();
    module.deliver(new Event(1_000_000, core, 0, module.id(), new MessagingModule.Doorbell(1, Op.GET, 2, 0, 0x1000, 64)));
    module.deliver(new Event(1_000_000, core, 1, module.id(), new MessagingModule.Doorbell(0, Op.GET, 2, 0, 0x2000, 64)));
    for (int seen = 0; seen < out.size(); seen++) {
      if (out.get(seen).kind() == MessageKind.TIMEOUT_CHECK && out.get(seen).time() < 3_000_000) {
        module.deliver(out.get(seen));
      }
    }
    List<String> sent = out.stream().filter(e -> e.kind() == MessageKind.PACKET_ARRIVAL)
        .map(e -> e.time() + " context " + ((Switch.PacketArrival) e.message()).packet().sourceContext()
            + " until " + ((Switch.PacketArrival) e.message()).packet().giveUpAt()).toList();
    assertEquals(List.of("1000000 context 1 until 3000000", "1012800 context 0 until 3012800",
        "2000000 context 1 until 3000000", "2012800 context 0 until 3012800"), sent);
  }
}
