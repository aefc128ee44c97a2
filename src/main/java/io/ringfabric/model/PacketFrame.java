package io.ringfabric.model;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * A packet as bytes: its header fields and its chunk, in a fixed order. The fabric's checksum
 * covers these bytes (a corrupted packet travels as a {@link Switch.CorruptFrame} and its receiver
 * checks it), and cluster members send packets to each other in this form.
 */
public final class PacketFrame {
  /** Bytes of a frame besides its chunk. */
  public static final int FIXED = 1 + 4 + 4 + 8 + 4 + 4 + 4 + 1 + 4 + 4 + 4 + 8 + 8 + 4 + 4;

  private static final Packet.Type[] TYPES = Packet.Type.values();
  private static final Status[] STATUSES = Status.values();

  private PacketFrame() {}

  /** A frame that cannot be read; the message says what is wrong, to follow "the frame ...". */
  public static final class BadFrame extends RuntimeException {
    BadFrame(String message) {
      super(message);
    }
  }

  public static int size(Packet p) {
    return FIXED + p.chunk().length;
  }

  public static void write(ByteBuffer b, Packet p) {
    b.put((byte) p.type().ordinal()).putInt(p.sourceNode()).putInt(p.sourceContext())
        .putLong(p.sequence()).putInt(p.targetNode()).putInt(p.ring()).putInt(p.maxLength())
        .put((byte) p.status().ordinal()).putInt(p.index()).putInt(p.count())
        .putInt(p.totalLength()).putLong(p.giveUpAt()).putLong(p.origin().doorbellAt()).putInt(p.origin().group())
        .putInt(p.chunk().length).put(p.chunk());
  }

  public static byte[] bytes(Packet p) {
    ByteBuffer b = ByteBuffer.allocate(size(p));
    write(b, p);
    return b.array();
  }

  /** Reads one frame from {@code b}; throws {@link BadFrame} for unknown values or a frame cut short. */
  public static Packet read(ByteBuffer b) {
    try {
      Packet.Type type = enumAt(TYPES, b.get(), "packet type");
      int sourceNode = b.getInt();
      int sourceContext = b.getInt();
      long sequence = b.getLong();
      int targetNode = b.getInt();
      int ring = b.getInt();
      int maxLength = b.getInt();
      Status status = enumAt(STATUSES, b.get(), "status");
      int index = b.getInt();
      int packets = b.getInt();
      int totalLength = b.getInt();
      long giveUpAt = b.getLong();
      ElementOrigin origin = ElementOrigin.of(b.getLong(), b.getInt());
      int length = b.getInt();
      if (length < 0 || length > b.remaining()) {
        throw new BadFrame("is cut short: it claims a " + length + "-byte chunk; " + b.remaining() + " bytes are left");
      }
      byte[] chunk = new byte[length];
      b.get(chunk);
      Packet.Header header = new Packet.Header(type, new Packet.ActionId(sourceNode, sourceContext, sequence),
          targetNode, ring, maxLength, status, giveUpAt, origin);
      return new Packet(header, index, packets, totalLength, chunk);
    } catch (BufferUnderflowException e) {
      throw new BadFrame("is cut short");
    }
  }

  /** CRC-32C of a frame, as a link's frame check sequence. */
  public static int checksum(byte[] frame) {
    CRC32C crc = new CRC32C();
    crc.update(frame, 0, frame.length);
    return (int) crc.getValue();
  }

  private static <T> T enumAt(T[] values, byte ordinal, String what) {
    if (ordinal < 0 || ordinal >= values.length) {
      throw new BadFrame("has an unknown " + what + " (" + ordinal + ")");
    }
    return values[ordinal];
  }
}
