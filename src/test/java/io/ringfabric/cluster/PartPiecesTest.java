package io.ringfabric.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Saved parts cut to fit the transport's frame and put together again by the lead. */
class PartPiecesTest {

  private static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new SplittableRandom(seed).nextBytes(b);
    return b;
  }

  @Test
  void piecesAreAtMostTheLimitAndCoverThePartExactly() {
    assertEquals(1, PartPieces.cut(new byte[0], 4).size());
    assertEquals(0, PartPieces.cut(new byte[0], 4).get(0).length);
    List<byte[]> exact = PartPieces.cut(bytes(8, 1), 4);
    assertEquals(List.of(4, 4), exact.stream().map(p -> p.length).toList());
    List<byte[]> ragged = PartPieces.cut(bytes(9, 2), 4);
    assertEquals(List.of(4, 4, 1), ragged.stream().map(p -> p.length).toList());
  }

  @Test
  void partsInterleavedFromSeveralMembersComeBackWhole() {
    byte[] a = bytes(10, 3);
    byte[] b = bytes(7, 4);
    List<byte[]> pa = PartPieces.cut(a, 3); // 4 pieces
    List<byte[]> pb = PartPieces.cut(b, 3); // 3 pieces
    PartPieces lead = new PartPieces();
    assertNull(lead.add(5, 0, pa.size(), pa.get(0)));
    assertNull(lead.add(9, 0, pb.size(), pb.get(0)));
    assertNull(lead.add(5, 1, pa.size(), pa.get(1)));
    assertNull(lead.add(9, 1, pb.size(), pb.get(1)));
    assertArrayEquals(b, lead.add(9, 2, pb.size(), pb.get(2)));
    assertNull(lead.add(5, 2, pa.size(), pa.get(2)));
    assertArrayEquals(a, lead.add(5, 3, pa.size(), pa.get(3)));
    byte[] empty = new byte[0];
    assertArrayEquals(empty, lead.add(6, 0, 1, empty), "a part of one piece is whole at once");
  }

  @Test
  void aPieceOutOfOrderIsRefusedNamingIt() {
    PartPieces lead = new PartPieces();
    lead.add(2, 0, 3, new byte[] {1});
    IllegalStateException skipped = assertThrows(IllegalStateException.class, () -> lead.add(2, 2, 3, new byte[] {3}));
    assertEquals("piece 2 of 3 of part 2 came where piece 1 was due", skipped.getMessage());
    assertThrows(IllegalStateException.class, () -> new PartPieces().add(0, 1, 1, new byte[0]), "past the last piece");
    IllegalStateException parcel = assertThrows(IllegalStateException.class,
        () -> new PartPieces("member").add(1, 1, 2, new byte[0]));
    assertEquals("piece 1 of 2 of member 1 came where piece 0 was due", parcel.getMessage());
  }
}
