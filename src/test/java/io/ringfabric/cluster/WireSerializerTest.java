package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.engine.Coordinator;
import io.ringfabric.model.ElementOrigin;
import io.ringfabric.model.Event;
import io.ringfabric.model.Packet;
import io.ringfabric.model.Status;
import io.ringfabric.model.Switch;
import io.ringfabric.trace.Recorder;
import io.ringfabric.trace.TraceRecord;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireSerializerTest {
  private final WireSerializer serializer = new WireSerializer(null);

  private static Event arrival(long time, byte[] chunk) {
    Packet.Header header = new Packet.Header(Packet.Type.GET_RESPONSE, new Packet.ActionId(1, 2, 3), 4, 0, 64,
        Status.EMPTY, 99L, new ElementOrigin(7L, 2));
    Packet p = new Packet(header, 0, 1, 64, chunk);
    return new Event(time, 5, 6, 7, new Switch.PacketArrival(1, p));
  }

  private Object roundTrip(Object message) {
    byte[] bytes = serializer.toBinary(message);
    return serializer.fromBinary(bytes, serializer.manifest(message));
  }

  @Test
  void anExchangeComesBackWithItsEventsAndRecords() {
    TraceRecord full = new TraceRecord(1234, "packet-sent", "3.1.7", "node 3 switch", 42, 3, "node 3 switch",
        "node 4 switch", 80, "DONE", 500, 1000, 2, "east", "put 64 B");
    TraceRecord sparse = new TraceRecord(5, "doorbell", null, "node 0 core 1", 1, 0, null, null, 0, null,
        0, 0, -1, null, null);
    byte[] chunk = new byte[64];
    Arrays.fill(chunk, (byte) 7);
    Coordinator.Exchange x = new Coordinator.Exchange(17, 2, 123_456, true,
        List.of(arrival(1000, chunk), arrival(2000, new byte[0])),
        List.of(new Recorder.Entry(full, 9), new Recorder.Entry(sparse, 10)), false);
    Coordinator.Exchange back = (Coordinator.Exchange) roundTrip(x);
    assertEquals(17, back.window());
    assertEquals(2, back.from());
    assertEquals(123_456, back.next());
    assertTrue(back.endRun());
    assertEquals(false, back.last());
    assertEquals(2, back.events().size());
    assertEquals(2000, back.events().get(1).time());
    assertEquals(Status.EMPTY, ((Switch.PacketArrival) back.events().get(0).message()).packet().status());
    assertEquals(64, ((Switch.PacketArrival) back.events().get(0).message()).packet().chunk().length);
    assertEquals(List.of(new Recorder.Entry(full, 9), new Recorder.Entry(sparse, 10)), back.records());
  }

  @Test
  void anEmptyExchangeAndAnAbortComeBack() {
    Coordinator.Exchange empty = new Coordinator.Exchange(1, 0, Long.MAX_VALUE, false, List.of(), List.of(), true);
    assertEquals(empty, roundTrip(empty));
    Coordinator.Abort abort = new Coordinator.Abort("member 2, lane 1", "node 9 module threw: boom");
    assertEquals(abort, roundTrip(abort));
  }

  @Test
  void aCutShortMessageIsABadBatchNamingTheProblem() {
    Coordinator.Exchange x = new Coordinator.Exchange(1, 0, 5, false, List.of(arrival(1, new byte[10])), List.of(), true);
    byte[] bytes = serializer.toBinary(x);
    byte[] cut = Arrays.copyOf(bytes, bytes.length - 7);
    var e = assertThrows(EventBatchCodec.BadBatch.class, () -> serializer.fromBinary(cut, "X"));
    assertTrue(e.getMessage().contains("cut short") || e.getMessage().contains("bytes left"), e.getMessage());
    assertThrows(EventBatchCodec.BadBatch.class, () -> serializer.fromBinary(bytes, "Q"));
  }

  @Test
  void aMessageOfAnotherWireFormatIsRefusedNamingBoth() {
    byte[] bytes = serializer.toBinary(new Coordinator.Abort("member 1", "boom"));
    assertEquals(WireSerializer.WIRE_VERSION, bytes[0]);
    bytes[0] = 7;
    var e = assertThrows(EventBatchCodec.BadBatch.class, () -> serializer.fromBinary(bytes, "A"));
    assertEquals("a A message in wire format 7; this build reads format 1 only", e.getMessage());
  }

  @Test
  void onlyTheWindowMessagesAreItsToWrite() {
    assertThrows(IllegalArgumentException.class, () -> serializer.manifest("a string"));
  }
}
