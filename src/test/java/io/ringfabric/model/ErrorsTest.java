package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.RingSpec;
import io.ringfabric.stats.RunResult;
import io.ringfabric.workload.PutStreamSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import static io.ringfabric.model.ContextTest.payload;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every error an action can end in (DESIGN.md 1.4), counted, and leaving the rings intact. */
class ErrorsTest {

  private static List<Status> statuses(Script s) {
    return s.log().stream().map(Script.Done::status).collect(Collectors.toList());
  }

  private static void assertRing(RingBuffer ring, byte[]... expected) {
    List<byte[]> stored = ring.snapshot();
    assertEquals(expected.length, stored.size(), "elements in " + ring);
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], stored.get(i), "element " + i + " of " + ring);
    }
  }

  @Test
  void accessListsDecideWhoMayPutAndWhoMayGet() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1)
        .ring(NodeSet.of(0), 0, 4096, 256, NodeSet.of(1), NodeSet.of(1));
    int g = t.nextGroup();
    t.custom(NodeSet.of(0, 1, 2), 0, 1);
    byte[] p1 = payload(64, 1);
    byte[] p2 = payload(64, 2);
    Script allowed = Script.of().put(0, 0, p1).put(0, 0, p2).sleepUntil(20_000_000).get(0, 0);
    Script stranger = Script.of().put(0, 0, payload(64, 3)).sleepUntil(10_000_000).get(0, 0);
    Script owner = Script.of().put(0, 0, payload(64, 4)).get(0, 0); // the ring's own node is not listed
    CustomPrograms.Run run = new CustomPrograms()
        .on(g, (n, k) -> n == 1 ? allowed : n == 2 ? stranger : owner).run(t);

    assertEquals(List.of(Status.DONE, Status.DONE, Status.DONE), statuses(allowed));
    assertArrayEquals(p1, allowed.log().get(2).data());
    assertEquals(List.of(Status.ACCESS_DENIED, Status.ACCESS_DENIED), statuses(stranger));
    assertEquals(List.of(Status.ACCESS_DENIED, Status.ACCESS_DENIED), statuses(owner));
    RunResult r = run.result();
    assertEquals(new RunResult.Ops(4, 2, Map.of("ACCESS_DENIED", 2L)), r.ops().get("put"));
    assertEquals(new RunResult.Ops(3, 1, Map.of("ACCESS_DENIED", 2L)), r.ops().get("get"));
    assertEquals(Status.ACCESS_DENIED, run.machine().module(2).context(0).status());
    assertEquals(0, run.machine().module(2).context(0).resultLength());
    RingBuffer ring = run.ring(0, 0);
    assertRing(ring, p2);
    assertEquals(2, ring.puts());
    assertEquals(1, ring.takes());
    assertEquals(1, r.rings().elementsRemaining());
  }

  @Test
  void aPutAboveTheMaximumElementIsTooLargeAndExactlyTheMaximumFits() {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 100);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] max = payload(100, 1);
    byte[] none = new byte[0];
    Script s = Script.of()
        .put(1, 0, max)
        .put(1, 0, payload(101, 2))
        .put(1, 0, none)
        .put(1, 0, payload(1000, 3)) // four packets, refused after reassembly
        .put(1, 0, payload(99, 4));
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(List.of(Status.DONE, Status.TOO_LARGE, Status.DONE, Status.TOO_LARGE, Status.DONE), statuses(s));
    assertEquals(new RunResult.Ops(5, 3, Map.of("TOO_LARGE", 2L)), run.result().ops().get("put"));
    assertEquals(199, run.result().bytes().get("put"), "payload bytes of the DONE PUTs only");
    RingBuffer ring = run.ring(1, 0);
    assertRing(ring, max, none, payload(99, 4));
    assertEquals(112 + 8 + 112, ring.producerPosition(), "slots of the three stored elements, nothing else");
    assertEquals(Status.DONE, run.machine().module(0).context(0).status());
  }

  @Test
  void aRingThatDoesNotExistOnTheTargetIsNoSuchRingForPutAndGet() {
    TestScenarios t = TestScenarios.of("mesh", 3, 1).ring(NodeSet.of(1), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] ok = payload(64, 1);
    Script s = Script.of()
        .put(1, 5, payload(64, 2))
        .get(1, 5)
        .put(2, 0, payload(64, 3)) // ring 0 exists, but not on node 2
        .put(1, 0, ok);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(List.of(Status.NO_SUCH_RING, Status.NO_SUCH_RING, Status.NO_SUCH_RING, Status.DONE), statuses(s));
    assertEquals(new RunResult.Ops(3, 1, Map.of("NO_SUCH_RING", 2L)), run.result().ops().get("put"));
    assertEquals(new RunResult.Ops(1, 0, Map.of("NO_SUCH_RING", 1L)), run.result().ops().get("get"));
    assertRing(run.ring(1, 0), ok);
    assertEquals(2, run.machine().module(1).servedPuts(), "node 1 served both PUTs that reached it");
    assertEquals(1, run.machine().module(2).servedPuts());
    assertTrue(run.machine().memory(2).rings().isEmpty());
  }

  private static TestScenarios sixteenNodes() {
    return TestScenarios.torus(4, 4).ring(NodeSet.all(), 0, 4096, 256)
        .getStream(NodeSet.of(5), 1, -1, 0, 0, 3, 100_000); // some local traffic, no fabric traffic
  }

  @Test
  void aNodeThatDoesNotExistIsNoSuchNodeAtTheInitiatorAndSendsNoPacket() {
    CustomPrograms.Run idle = CustomPrograms.runBuiltIn(sixteenNodes());
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(sixteenNodes()
        .putStream(NodeSet.of(3), 0, PutStreamSpec.Pattern.FIXED, 99, 0, 64, 5, 0));
    RunResult r = run.result();
    assertEquals(new RunResult.Ops(5, 0, Map.of("NO_SUCH_NODE", 5L)), r.ops().get("put"));
    assertEquals(0, idle.result().links().packets());
    assertEquals(idle.result().links().packets(), r.links().packets(), "no packet crossed a link");
    for (int n = 0; n < 16; n++) {
      // node 5's consumer GETs from its own ring: those packets go module -> switch -> module
      assertEquals(idle.machine().module(n).injection().packets(), run.machine().module(n).injection().packets(),
          "node " + n + " injected no more than in the idle run");
      assertEquals(0, run.machine().module(n).servedPuts());
    }
    assertEquals(0, run.machine().module(3).injection().packets());
    assertEquals(Status.NO_SUCH_NODE, run.machine().module(3).context(0).status());
    assertEquals(5, run.machine().module(3).context(0).sequence());
    assertEquals(0, r.rings().elementsRemaining());
    assertEquals(0, r.latencyNs().get("put").count(), "failed actions have no DONE latency");
  }

  @Test
  void nodeIdsJustOutsideTheMachineAreNoSuchNodeAndTheLastOneIsFine() {
    TestScenarios t = TestScenarios.torus(4, 4).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] ok = payload(32, 1);
    Script s = Script.of().put(16, 0, payload(8, 2)).get(-1, 0).put(65535, 0, payload(8, 3)).put(15, 0, ok);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(List.of(Status.NO_SUCH_NODE, Status.NO_SUCH_NODE, Status.NO_SUCH_NODE, Status.DONE), statuses(s));
    assertEquals(Map.of("NO_SUCH_NODE", 2L), run.result().ops().get("put").errors());
    assertEquals(Map.of("NO_SUCH_NODE", 1L), run.result().ops().get("get").errors());
    assertRing(run.ring(15, 0), ok);
    assertEquals(1, run.machine().module(0).injection().packets(), "only the PUT to node 15 was sent");
  }

  @Test
  void aGetFromAnEmptyRingIsEmptyAndChangesNothing() {
    TestScenarios t = TestScenarios.of("ring", 3).ring(NodeSet.all(), 0, 4096, 256);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    byte[] p = payload(77, 1);
    Script s = Script.of().get(1, 0).get(0, 0).put(1, 0, p).get(1, 0).get(1, 0);
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);
    assertEquals(List.of(Status.EMPTY, Status.EMPTY, Status.DONE, Status.DONE, Status.EMPTY), statuses(s));
    assertArrayEquals(p, s.log().get(3).data());
    assertEquals(null, s.log().get(4).data());
    assertEquals(new RunResult.Ops(4, 1, Map.of("EMPTY", 3L)), run.result().ops().get("get"));
    assertEquals(77, run.result().bytes().get("get"));
    RingBuffer ring = run.ring(1, 0);
    assertEquals(0, ring.elements());
    assertEquals(88, ring.producerPosition());
    assertEquals(88, ring.consumerPosition());
    assertEquals(0, run.ring(0, 0).producerPosition());
    assertEquals(0, run.machine().module(0).context(0).resultLength());
  }

  @ParameterizedTest(name = "capacity {0}, alignment {1}, payload {2}: {3} fit")
  @CsvSource({
      "512, 8, 56, 8",   // 64-byte slots, exactly 8
      "520, 8, 56, 8",   // 8 bytes of tail too small for a ninth
      "1024, 32, 40, 16", // 8 + 40 = 48, aligned to 64
      "4096, 8, 250, 15", // 264-byte slots: 15 * 264 = 3960
      "2048, 8, 300, 6"  // two packets each: 312-byte slots
  })
  void aRingWithoutConsumerTakesCapacityOverSlotSizeElementsThenSaysFull(int capacity, int alignment,
      int size, int fit) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1)
        .ring(new RingSpec(NodeSet.of(0), 0, capacity, size, alignment, NodeSet.all(), NodeSet.all(), false));
    int g = t.nextGroup();
    t.custom(NodeSet.of(1), 0, 1);
    int slot = (8 + size + alignment - 1) / alignment * alignment;
    assertEquals(fit, capacity / slot);
    Script s = Script.of();
    List<byte[]> sent = new ArrayList<>();
    for (int i = 0; i < fit + 3; i++) {
      byte[] p = payload(size, i);
      sent.add(p);
      s.put(0, 0, p);
    }
    s.get(0, 0).put(0, 0, payload(size, 100)).put(0, 0, payload(size, 101));
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> s).run(t);

    List<Status> expected = new ArrayList<>();
    for (int i = 0; i < fit; i++) {
      expected.add(Status.DONE);
    }
    expected.addAll(List.of(Status.FULL, Status.FULL, Status.FULL));
    expected.addAll(List.of(Status.DONE, Status.DONE, Status.FULL)); // a GET frees room for one more
    assertEquals(expected, statuses(s));
    assertArrayEquals(sent.get(0), s.log().get(fit + 3).data());
    assertEquals(new RunResult.Ops(fit + 5, fit + 1, Map.of("FULL", 4L)), run.result().ops().get("put"));
    RingBuffer ring = run.ring(0, 0);
    byte[][] left = new byte[fit][];
    for (int i = 1; i < fit; i++) {
      left[i - 1] = sent.get(i);
    }
    left[fit - 1] = payload(size, 100);
    assertRing(ring, left);
    assertEquals(fit + 1, ring.puts());
    assertEquals(fit, run.result().rings().elementsRemaining());
    assertEquals((long) fit * size, run.result().rings().bytesRemaining());
  }

  /** A 40-byte element: a 39-byte buffer is TOO_LARGE and leaves it; a buffer of exactly 40 takes it. */
  @ParameterizedTest(name = "buffer of {0} bytes")
  @CsvSource({"39, TOO_LARGE", "40, DONE"})
  void aGetIntoABufferSmallerThanTheElementIsTooLargeAndOneOfItsSizeTakesIt(int buffer, Status expected) {
    // Processes always offer their whole 64 KiB buffer, so drive the target module by hand.
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    RingBuffer ring = m.memory(1).rings().get(0);
    byte[] element = payload(40, 1);
    int module1 = m.layout().module(1);
    int module0 = m.layout().module(0);
    EventHarness h = new EventHarness(m, module0);
    Packet put = Packet.Header.putRequest(new Packet.ActionId(0, 0, 1), 1, 0, 40, Long.MAX_VALUE, ElementOrigin.NONE)
        .split(element, 256)[0];
    Packet request = Packet.Header.getRequest(new Packet.ActionId(0, 1, 1), 1, 0, buffer, Long.MAX_VALUE).split(null, 256)[0];
    h.add(new Event(1_000_000, m.layout().switchComponent(1), 0, module1, new MessagingModule.PacketDelivered(put)));
    h.add(new Event(2_000_000, m.layout().switchComponent(1), 0, module1, new MessagingModule.PacketDelivered(request)));
    h.runToEnd();
    List<Packet> responses = h.keptEvents.stream()
        .map(e -> ((MessagingModule.PacketDelivered) e.message()).packet())
        .filter(p -> p.type() == Packet.Type.GET_RESPONSE).collect(Collectors.toList());
    assertEquals(1, ring.puts(), "the PUT went in");
    assertEquals(1, responses.size());
    assertEquals(Packet.Type.GET_RESPONSE, responses.get(0).type());
    assertEquals(expected, responses.get(0).status());
    Memory memory = m.memory(1);
    assertEquals(1, memory.node());
    assertEquals(2, memory.accesses(), "the PUT's and the GET's");
    int slot = RingBuffer.HEADER_BYTES + 40;
    if (expected == Status.TOO_LARGE) {
      assertEquals(0, responses.get(0).chunk().length, "no part of the element travels");
      assertRing(ring, element);
      assertEquals(0, ring.takes());
      assertEquals(slot, memory.bytesMoved(), "the PUT's bytes only");
    } else {
      assertArrayEquals(element, responses.get(0).chunk());
      assertRing(ring);
      assertEquals(1, ring.takes());
      assertEquals(2 * slot, memory.bytesMoved());
    }
  }

  @Test
  void failedPutsOfEveryKindLeaveNoTraceInTheRings() {
    TestScenarios t = TestScenarios.of("mesh", 3, 1)
        .ring(NodeSet.of(1), 0, 256, 64, NodeSet.of(0), NodeSet.all()) // 72-byte slots: 3 fit
        .ring(NodeSet.of(1), 1, 4096, 64);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0, 2), 0, 1);
    List<byte[]> done = new ArrayList<>();
    Script writer = Script.of();
    for (int i = 0; i < 5; i++) {
      writer.put(1, 0, payload(64, i)) // 3 DONE then FULL
          .put(1, 0, payload(65, 50 + i)) // TOO_LARGE
          .put(1, 7, payload(8, 60 + i)) // NO_SUCH_RING
          .put(9, 0, payload(8, 70 + i)); // NO_SUCH_NODE
    }
    writer.get(1, 0).put(1, 0, payload(64, 99)); // frees one, then one more fits
    Script stranger = Script.of().put(1, 0, payload(8, 80)).put(1, 1, payload(16, 81));
    CustomPrograms.Run run = new CustomPrograms().on(g, (n, k) -> n == 0 ? writer : stranger).run(t);

    RunResult r = run.result();
    assertEquals(new RunResult.Ops(23, 5, Map.of("ACCESS_DENIED", 1L, "FULL", 2L, "NO_SUCH_NODE", 5L,
        "NO_SUCH_RING", 5L, "TOO_LARGE", 5L)), r.ops().get("put"));
    assertEquals(r.ops().get("put").ok() - r.ops().get("get").ok(), r.rings().elementsRemaining());
    assertEquals(r.bytes().get("put") - r.bytes().get("get"), r.rings().bytesRemaining());
    assertRing(run.ring(1, 0), payload(64, 1), payload(64, 2), payload(64, 99));
    assertRing(run.ring(1, 1), payload(16, 81));
    // four slots written in all, plus the 40-byte tail the fourth skipped to wrap around
    assertEquals(4 * 72 + 40, run.ring(1, 0).producerPosition());
    assertEquals(72, run.ring(1, 0).consumerPosition());
    assertEquals(4, run.ring(1, 0).puts());
  }
}
