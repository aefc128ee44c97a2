package io.ringfabric.cluster;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.ElementOrigin;
import io.ringfabric.model.Event;
import io.ringfabric.model.EventQueue;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Memory;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.Packet;
import io.ringfabric.model.Status;
import io.ringfabric.model.Switch;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.workload.PutStreamSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventBatchCodecTest {
  private static Event arrival(long time, int seq, byte[] chunk, Status status) {
    Packet.Header header = new Packet.Header(Packet.Type.PUT_REQUEST, new Packet.ActionId(3, 7, seq), 9, 2,
        chunk.length, status, 123_456_789L, new ElementOrigin(42_000L, 5));
    Packet p = new Packet(header, 1, 3, 700, chunk);
    return new Event(time, 101, seq, 202, new Switch.PacketArrival(2, p));
  }

  private static void assertSame(Event a, Event b) {
    assertEquals(a.time(), b.time());
    assertEquals(a.source(), b.source());
    assertEquals(a.sequence(), b.sequence());
    assertEquals(a.target(), b.target());
    if (a.message() instanceof Switch.DeadlockProbe p) {
      Switch.DeadlockProbe q = (Switch.DeadlockProbe) b.message();
      assertEquals(List.of(p.inPort(), p.channel(), p.routingClass()), List.of(q.inPort(), q.channel(), q.routingClass()));
      assertArrayEquals(p.path(), q.path());
      return;
    }
    if (!(a.message() instanceof Switch.PacketArrival)) {
      assertEquals(a.message(), b.message());
      return;
    }
    Switch.PacketArrival x = (Switch.PacketArrival) a.message();
    Switch.PacketArrival y = (Switch.PacketArrival) b.message();
    assertEquals(x.inPort(), y.inPort());
    assertEquals(x.vc(), y.vc());
    Packet p = x.packet();
    Packet q = y.packet();
    assertArrayEquals(p.chunk(), q.chunk());
    assertEquals(p.header(), q.header());
    assertEquals(List.of(p.index(), p.count(), p.totalLength()), List.of(q.index(), q.count(), q.totalLength()));
  }

  @Test
  void aBatchComesBackFieldForField() {
    byte[] chunk = new byte[200];
    Arrays.fill(chunk, (byte) 0x5A);
    List<Event> events = List.of(arrival(1_000, 1, chunk, Status.BUSY), arrival(2_000, 2, new byte[0], Status.DONE));
    byte[] bytes = EventBatchCodec.encode(events);
    assertEquals(EventBatchCodec.size(events), bytes.length);
    List<Event> back = EventBatchCodec.decode(bytes);
    assertEquals(2, back.size());
    for (int i = 0; i < 2; i++) {
      assertSame(events.get(i), back.get(i));
    }
    assertEquals(List.of(), EventBatchCodec.decode(EventBatchCodec.encode(List.of())));
  }

  @Test
  void creditsAndDeadlockProbesComeBackToo() {
    List<Event> events = List.of(
        new Event(5, 1, 2, 3, new Switch.CreditReturn(4, 3, 272)),
        new Event(6, 1, 3, 3, new Switch.DeadlockProbe(2, 1, 1, new int[] {7, 2, 1, 8, 2, 1})),
        arrival(7, 4, new byte[3], Status.BUSY));
    byte[] bytes = EventBatchCodec.encode(events);
    assertEquals(EventBatchCodec.size(events), bytes.length);
    List<Event> back = EventBatchCodec.decode(bytes);
    for (int i = 0; i < events.size(); i++) {
      assertSame(events.get(i), back.get(i));
    }
    byte[] unknown = bytes.clone();
    unknown[4 + 1 + 4 + 8 + 4 + 8 + 4] = 9; // the first event's sort
    assertTrue(assertThrows(EventBatchCodec.BadBatch.class, () -> EventBatchCodec.decode(unknown))
        .getMessage().contains("unknown sort (9)"));
  }

  @Test
  void theEventsOfARealRunThatCrossBetweenNodesAllRoundTrip() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.torus(3, 3).credits(2, 600).ring(NodeSet.all(), 0, 4096, 600)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.UNIFORM, 0, 0, 500, 5, 0).build());
    Machine m = built.machine();
    List<Event> crossing = new ArrayList<>();
    var components = m.components();
    var queue = new EventQueue(64);
    for (var c : components) {
      c.attach(e -> {
        queue.add(e);
        if (m.layout().partOf(e.source()) != m.layout().partOf(e.target())) {
          crossing.add(e);
        }
      });
    }
    for (var c : components) {
      c.start();
    }
    Event e;
    while ((e = queue.poll()) != null) {
      components[e.target()].deliver(e);
    }
    assertTrue(crossing.size() > 50, "packets crossed between nodes: " + crossing.size());
    assertTrue(crossing.stream().anyMatch(c -> c.message() instanceof Switch.CreditReturn), "and their credits");
    List<Event> back = EventBatchCodec.decode(EventBatchCodec.encode(crossing));
    for (int i = 0; i < crossing.size(); i++) {
      assertSame(crossing.get(i), back.get(i));
    }
  }

  @Test
  void badBytesAreRefusedWithAReason() {
    byte[] good = EventBatchCodec.encode(List.of(arrival(1, 1, new byte[10], Status.BUSY)));
    assertTrue(assertThrows(EventBatchCodec.BadBatch.class, () -> EventBatchCodec.decode(new byte[] {1, 2, 3, 4, 5}))
        .getMessage().contains("not an event batch"));
    assertTrue(assertThrows(EventBatchCodec.BadBatch.class,
        () -> EventBatchCodec.decode(Arrays.copyOf(good, good.length - 3))).getMessage().contains("cut short"));
    byte[] extra = Arrays.copyOf(good, good.length + 2);
    assertTrue(assertThrows(EventBatchCodec.BadBatch.class, () -> EventBatchCodec.decode(extra))
        .getMessage().contains("2 bytes after"));
    byte[] version = good.clone();
    version[4] = 9;
    assertTrue(assertThrows(EventBatchCodec.BadBatch.class, () -> EventBatchCodec.decode(version))
        .getMessage().contains("version 9"));
    assertThrows(IllegalArgumentException.class, () -> EventBatchCodec.encode(
        List.of(new Event(1, 1, 1, 1, new Memory.BufferStore(0, new byte[1])))));
  }

  /** A seeded fuzzer: whatever bytes come off the wire, decoding ends in events or a BadBatch that says why, never another exception. */
  @Test
  void noBytesBreakTheDecoder() {
    byte[] chunk = new byte[300];
    new SplittableRandom(2).nextBytes(chunk);
    byte[] good = EventBatchCodec.encode(List.of(arrival(1, 1, chunk, Status.BUSY), arrival(2, 5, new byte[3], Status.DONE),
        new Event(9, 3, 7, 4, new Switch.CreditReturn(2, 1, 272))));
    SplittableRandom random = new SplittableRandom(40);
    int refused = 0;
    for (int i = 0; i < 5000; i++) {
      byte[] bad = good.clone();
      switch (i % 3) {
        case 0 -> bad = Arrays.copyOf(good, random.nextInt(good.length + 8));
        case 1 -> {
          for (int k = 0; k < 1 + random.nextInt(4); k++) {
            bad[random.nextInt(bad.length)] = (byte) random.nextInt();
          }
        }
        default -> {
          for (int k = 8; k < bad.length; k++) { // the magic and version kept, all else noise
            bad[k] = (byte) random.nextInt();
          }
        }
      }
      try {
        EventBatchCodec.decode(bad);
      } catch (EventBatchCodec.BadBatch expected) {
        refused++;
        assertTrue(expected.getMessage().startsWith("event") || expected.getMessage().startsWith("not an event batch"),
            expected.getMessage());
      }
    }
    assertTrue(refused > 3000, refused + " of 5000 refused");
  }
}
