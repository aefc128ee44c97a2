package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PacketTest {
  private static final Packet.ActionId ACTION = new Packet.ActionId(3, 7, 42);

  @Test
  void aPayloadLongerThanTheMtuIsSplitAndEveryPieceNamesTheAction() {
    byte[] payload = new byte[600];
    for (int i = 0; i < payload.length; i++) {
      payload[i] = (byte) i;
    }
    Packet[] packets = Packet.Header.putRequest(ACTION, 9, 2, 600, Long.MAX_VALUE, ElementOrigin.NONE).split(payload, 256);
    assertEquals(3, packets.length);
    assertEquals(256, packets[0].chunk().length);
    assertEquals(256, packets[1].chunk().length);
    assertEquals(88, packets[2].chunk().length);
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (int i = 0; i < packets.length; i++) {
      assertEquals(i, packets[i].index());
      assertEquals(3, packets[i].count());
      assertEquals(600, packets[i].totalLength());
      assertEquals(ACTION, packets[i].action());
      assertEquals(9, packets[i].targetNode());
      joined.writeBytes(packets[i].chunk());
    }
    assertArrayEquals(payload, joined.toByteArray());
    assertEquals(16 + 88, packets[2].wireBytes(16));
  }

  @Test
  void aHeaderOnlyMessageIsOnePacket() {
    Packet[] packets = Packet.Header.getRequest(ACTION, 1, 0, 64, Long.MAX_VALUE).split(null, 256);
    assertEquals(1, packets.length);
    assertEquals(0, packets[0].chunk().length);
    assertEquals(16, packets[0].wireBytes(16));
  }

  @Test
  void reassemblyAcceptsAnyOrderAndIgnoresDuplicates() {
    byte[] payload = new byte[700];
    new Random(5).nextBytes(payload);
    Packet[] packets = Packet.Header.putRequest(ACTION, 1, 0, 700, Long.MAX_VALUE, ElementOrigin.NONE).split(payload, 256);
    Reassembly r = new Reassembly(1, packets.length, payload.length);
    assertEquals(null, r.add(packets[2], 256));
    assertEquals(null, r.add(packets[0], 256));
    assertEquals(null, r.add(packets[2], 256));
    assertArrayEquals(payload, r.add(packets[1], 256));
  }

  /**
   * One context's actions take the four ways round in turn: bit 0 of the spread is the parity of
   * the sequence's one bits, bit 1 that of the sequence halved (both flipped alike for the whole
   * context); the other bits are a hash of the action; a request and its response share it.
   */
  @Test
  void theSpreadsLowBitsFollowTheSequencesParityAndTheRestAreAHash() {
    java.util.Set<Integer> high = new java.util.HashSet<>();
    int base = spreadOf(0) & 3;
    for (long s = 0; s < 64; s++) {
      int parity = 0;
      int halvedParity = 0;
      for (long b = s; b != 0; b >>>= 1) {
        parity ^= (int) (b & 1);
      }
      for (long b = s >>> 1; b != 0; b >>>= 1) {
        halvedParity ^= (int) (b & 1);
      }
      assertEquals(parity | halvedParity << 1, (spreadOf(s) & 3) ^ base, "sequence " + s);
      high.add(spreadOf(s) & ~3);
    }
    assertEquals(64, high.size(), "the high bits differ from action to action");
    Packet.ActionId a = new Packet.ActionId(3, 7, 42);
    Packet response = Packet.Header.response(Packet.Type.PUT_RESPONSE, a, 0, Status.DONE, ElementOrigin.NONE)
        .split(null, 256)[0];
    assertEquals(spreadOf(42), response.spread());
  }

  private static int spreadOf(long sequence) {
    return Packet.Header.getRequest(new Packet.ActionId(3, 7, sequence), 1, 0, 64, Long.MAX_VALUE)
        .split(null, 256)[0].spread();
  }

  /** A frame read back whole, and refused naming what is wrong: an unknown type, a chunk longer than what is left. */
  @Test
  void aFrameIsReadBackOrRefusedSayingWhatIsWrong() {
    Packet p = Packet.Header.putRequest(ACTION, 9, 2, 5, 1_000, ElementOrigin.NONE).split(new byte[] {1, 2, 3, 4, 5}, 256)[0];
    byte[] frame = PacketFrame.bytes(p);
    java.nio.ByteBuffer.wrap(frame).put(0, (byte) (Packet.Type.values().length - 1)); // the last type: a GET response
    assertEquals(Packet.Type.GET_RESPONSE, PacketFrame.read(java.nio.ByteBuffer.wrap(frame)).type());
    frame[0] = (byte) Packet.Type.values().length;
    assertEquals("has an unknown packet type (4)", assertThrows(PacketFrame.BadFrame.class,
        () -> PacketFrame.read(java.nio.ByteBuffer.wrap(frame))).getMessage());
    byte[] cut = PacketFrame.bytes(p);
    int lengthAt = cut.length - 5 - 4;
    java.nio.ByteBuffer.wrap(cut).putInt(lengthAt, 6);
    assertEquals("is cut short: it claims a 6-byte chunk; 5 bytes are left", assertThrows(PacketFrame.BadFrame.class,
        () -> PacketFrame.read(java.nio.ByteBuffer.wrap(cut))).getMessage());
    java.nio.ByteBuffer.wrap(cut).putInt(lengthAt, 5);
    assertArrayEquals(p.chunk(), PacketFrame.read(java.nio.ByteBuffer.wrap(cut)).chunk(), "a chunk to the frame's end is whole");
    Packet empty = Packet.Header.getRequest(ACTION, 1, 0, 64, 1_000).split(null, 256)[0];
    assertEquals(0, PacketFrame.read(java.nio.ByteBuffer.wrap(PacketFrame.bytes(empty))).chunk().length, "no chunk at all");
  }

  @Test
  void transferTimesRoundUpToWholePicoseconds() {
    assertEquals(64_000, Rates.transferPs(80, 10_000_000_000L));
    assertEquals(3, Rates.transferPs(1, 3_000_000_000_000L)); // 8/3 ps rounds up
    assertEquals(0, Rates.transferPs(0, 10_000_000_000L));
    assertEquals(8_000_000_000_000L, Rates.transferPs(1_000_000_000L, 1_000_000_000L)); // 8 s
    assertEquals(Long.MAX_VALUE / 1000 * 8, Rates.transferPs(Long.MAX_VALUE / 1000, 1_000_000_000_000L));
  }
}
