package io.ringfabric.cluster;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * A saved part of the machine on its way to the lead: cut into pieces that fit the transport's
 * frame by the member that saved it, and put together again, in order, by the lead.
 */
final class PartPieces {
  /** The most bytes of a saved part in one message: well inside the transport's frame (4 MiB). */
  static final int MOST = 1 << 20;

  private final TreeMap<Integer, ByteArrayOutputStream> arriving = new TreeMap<>(); // by part
  private final TreeMap<Integer, Integer> piecesIn = new TreeMap<>();

  /** {@code bytes} in pieces of at most {@code most} bytes, at least one piece (empty for nothing). */
  static List<byte[]> cut(byte[] bytes, int most) {
    List<byte[]> pieces = new ArrayList<>();
    int at = 0;
    do {
      int end = Math.min(bytes.length, at + most);
      pieces.add(Arrays.copyOfRange(bytes, at, end));
      at = end;
    } while (at < bytes.length);
    return pieces;
  }

  /**
   * Takes piece {@code piece} of {@code pieces} of part {@code part}; returns the whole part once
   * its last piece is in, else null. Pieces of one part come from one member, so in order; any
   * other order is a fault of the sender, refused.
   */
  byte[] add(int part, int piece, int pieces, byte[] bytes) {
    int expected = piecesIn.getOrDefault(part, 0);
    if (piece != expected || piece >= pieces) {
      throw new IllegalStateException("piece " + piece + " of " + pieces + " of part " + part
          + " came where piece " + expected + " was due");
    }
    ByteArrayOutputStream whole = arriving.computeIfAbsent(part, p -> new ByteArrayOutputStream());
    whole.writeBytes(bytes);
    if (piece < pieces - 1) {
      piecesIn.put(part, piece + 1);
      return null;
    }
    arriving.remove(part);
    piecesIn.remove(part);
    return whole.toByteArray();
  }
}
