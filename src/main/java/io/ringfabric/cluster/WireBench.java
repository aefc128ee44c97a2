package io.ringfabric.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import io.ringfabric.engine.Coordinator;
import io.ringfabric.model.ElementOrigin;
import io.ringfabric.model.Event;
import io.ringfabric.model.Packet;
import io.ringfabric.model.Status;
import io.ringfabric.model.Switch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measures the two ways a window's exchange could cross between members: our
 * {@link WireSerializer}, and Jackson CBOR (Pekko's {@code jackson-cbor}) on a record with the
 * same fields. Run by {@code ringfabric bench --wire}; docs/cluster.md gives the figures that decided
 * for the serializer of ours.
 */
public final class WireBench {
  private WireBench() {}

  /** One serializer's cost: bytes of the batch, and microseconds to write and read it back. */
  public record Result(String serializer, int bytes, double micros) {}

  /** A packet as Jackson would carry it: every field of the event and its packet, flat. */
  record FlatPacket(long time, int source, long sequence, int target, int inPort, int type, int sourceNode,
      int sourceContext, long packetSequence, int targetNode, int ring, int maxLength, int status, int index,
      int count, int totalLength, long giveUpAt, long originDoorbellAt, int originGroup, byte[] chunk) {}

  /** A window's exchange as Jackson would carry it. */
  record FlatExchange(long window, int from, long next, boolean endRun, boolean last, List<FlatPacket> events) {}

  /** Times {@code rounds} write-and-read round trips of a batch of {@code packets} packets of {@code payload} bytes. */
  public static List<Result> run(int packets, int payload, int rounds) {
    Coordinator.Exchange exchange = exchange(packets, payload);
    FlatExchange flat = flat(exchange);
    WireSerializer wire = new WireSerializer(null);
    ObjectMapper cbor = new ObjectMapper(new CBORFactory());
    int wireBytes = wire.toBinary(exchange).length;
    int cborBytes = bytes(cbor, flat).length;
    List<Result> out = new ArrayList<>();
    out.add(new Result("ringfabric-wire", wireBytes, time(rounds, () -> wire.fromBinary(wire.toBinary(exchange), "X"))));
    out.add(new Result("jackson-cbor", cborBytes, time(rounds, () -> read(cbor, bytes(cbor, flat)))));
    return out;
  }

  private static double time(int rounds, Runnable roundTrip) {
    for (int i = 0; i < rounds; i++) { // warm-up: the same work, unmeasured
      roundTrip.run();
    }
    long start = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      roundTrip.run();
    }
    return (System.nanoTime() - start) / 1e3 / rounds;
  }

  private static Coordinator.Exchange exchange(int packets, int payload) {
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < packets; i++) {
      byte[] chunk = new byte[payload];
      Arrays.fill(chunk, (byte) i);
      Packet.Header header = new Packet.Header(Packet.Type.PUT_REQUEST, new Packet.ActionId(i % 16, i % 64, i),
          (i + 5) % 16, 0, payload, Status.DONE, 1_000_000L + i, new ElementOrigin(500L * i, 1));
      Packet p = new Packet(header, 0, 1, payload, chunk);
      events.add(new Event(1000L * i, 3, i, 7, new Switch.PacketArrival(1 + i % 4, p)));
    }
    return new Coordinator.Exchange(42, 1, 99_000, false, events, List.of(), true);
  }

  private static FlatExchange flat(Coordinator.Exchange x) {
    List<FlatPacket> flat = new ArrayList<>();
    for (Event e : x.events()) {
      Switch.PacketArrival a = (Switch.PacketArrival) e.message();
      Packet p = a.packet();
      flat.add(new FlatPacket(e.time(), e.source(), e.sequence(), e.target(), a.inPort(), p.type().ordinal(),
          p.sourceNode(), p.sourceContext(), p.sequence(), p.targetNode(), p.ring(), p.maxLength(),
          p.status().ordinal(), p.index(), p.count(), p.totalLength(), p.giveUpAt(), p.origin().doorbellAt(),
          p.origin().group(),
          p.chunk()));
    }
    return new FlatExchange(x.window(), x.from(), x.next(), x.endRun(), x.last(), flat);
  }

  private static byte[] bytes(ObjectMapper mapper, FlatExchange x) {
    try {
      return mapper.writeValueAsBytes(x);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static FlatExchange read(ObjectMapper mapper, byte[] bytes) {
    try {
      return mapper.readValue(bytes, FlatExchange.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
