package io.ringfabric.engine;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The parts in two colours, no two parts that share a link alike, where the links allow it: a
 * torus of even sides, a mesh, a tree, any machine whose linked parts form no cycle of odd length.
 * The coordinators then open the parts of one colour a window and the other's the next, each for
 * two lookaheads ({@link Coordinator}): a part's neighbours are all of the other colour, so while
 * one colour runs, the other, at rest, can send it nothing it has not sent already.
 */
final class PartColours {
  private PartColours() {}

  /**
   * Each part's colour, 0 or 1, by part id; or null when some cycle of linked parts is odd. The
   * lowest part of each connected group is colour 0, so every member of a cluster, which works the
   * colours out for itself, gets the same ones.
   *
   * @param linkedParts by part, the parts it shares a link with ({@link Share#linkedParts})
   */
  static byte[] of(int[][] linkedParts) {
    byte[] colour = new byte[linkedParts.length];
    Arrays.fill(colour, (byte) -1);
    ArrayDeque<Integer> reached = new ArrayDeque<>();
    for (int first = 0; first < colour.length; first++) {
      if (colour[first] >= 0) {
        continue;
      }
      colour[first] = 0;
      reached.add(first);
      while (!reached.isEmpty()) {
        int p = reached.poll();
        for (int q : linkedParts[p]) {
          if (colour[q] < 0) {
            colour[q] = (byte) (1 - colour[p]);
            reached.add(q);
          } else if (colour[q] == colour[p]) {
            return null;
          }
        }
      }
    }
    return colour;
  }
}
