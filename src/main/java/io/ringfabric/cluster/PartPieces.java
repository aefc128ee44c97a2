package io.ringfabric.cluster;

import com.typesafe.config.Config;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * A saved part of the machine (or a member's {@link Parcels parcel}) on its way to the lead: cut
 * into pieces that fit the transport's frame by the member that sent it, and put together again,
 * in order, by the lead.
 */
final class PartPieces {
  /** The setting that bounds one remote message, in bytes. */
  static final String FRAME = "pekko.remote.artery.advanced.maximum-frame-size";

  private final String whole; // what a piece is a piece of, for the errors: "part", "member"
  private final TreeMap<Integer, ByteArrayOutputStream> arriving = new TreeMap<>(); // by key
  private final TreeMap<Integer, Integer> piecesIn = new TreeMap<>();

  /** Pieces of saved parts, by part. */
  PartPieces() {
    this("part");
  }

  /** Pieces of wholes named {@code whole} followed by the key ("member 1"). */
  PartPieces(String whole) {
    this.whole = whole;
  }

  /**
   * The most bytes of a whole in one message: a quarter of the transport's frame, as for a
   * window's exchange (ExchangePieces), which leaves room for the message's own fields.
   */
  static int most(Config pekko) {
    return (int) Math.min(Integer.MAX_VALUE, pekko.getBytes(FRAME) / 4);
  }

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
   * Takes piece {@code piece} of {@code pieces} of the whole {@code key} (a part, a member);
   * returns the whole once its last piece is in, else null. Pieces of one whole come from one
   * member, so in order; any other order is a fault of the sender, refused.
   */
  byte[] add(int key, int piece, int pieces, byte[] bytes) {
    int expected = piecesIn.getOrDefault(key, 0);
    if (piece != expected || piece >= pieces) {
      throw new IllegalStateException("piece " + piece + " of " + pieces + " of " + whole + " " + key
          + " came where piece " + expected + " was due");
    }
    ByteArrayOutputStream sofar = arriving.computeIfAbsent(key, k -> new ByteArrayOutputStream());
    sofar.writeBytes(bytes);
    if (piece < pieces - 1) {
      piecesIn.put(key, piece + 1);
      return null;
    }
    arriving.remove(key);
    piecesIn.remove(key);
    return sofar.toByteArray();
  }
}
