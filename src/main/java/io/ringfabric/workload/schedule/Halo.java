package io.ringfabric.workload.schedule;

import java.util.List;

/**
 * The nearest-neighbour exchange of SST Ember's halo2d/halo3d motifs, on a torus (periodic): see
 * {@link Collectives} for the order of the ops and the tags.
 */
final class Halo {
  private Halo() {}

  /** The torus's dims: as given, or the square or cube root of the ranks. */
  static int[] dims(String pattern, int count, int ranks, List<Integer> given) {
    if (given.isEmpty()) {
      int side = (int) Math.round(Math.pow(ranks, 1.0 / count));
      if (ranks < 1 || Math.pow(side, count) != ranks) {
        throw new IllegalArgumentException(pattern + " needs --dims " + (count == 2 ? "X,Y" : "X,Y,Z") + ": "
            + ranks + " ranks make no " + (count == 2 ? "square" : "cube"));
      }
      return count == 2 ? new int[] {side, side} : new int[] {side, side, side};
    }
    if (given.size() != count) {
      throw new IllegalArgumentException(pattern + " needs " + count + " dims, not " + given.size() + " (" + given + ")");
    }
    int[] dims = new int[count];
    long product = 1;
    for (int d = 0; d < count; d++) {
      dims[d] = given.get(d);
      if (dims[d] < 1) {
        throw new IllegalArgumentException(pattern + ": dims must be at least 1, not " + given);
      }
      product *= dims[d];
      if (product > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(pattern + ": dims " + given + " make too many ranks");
      }
    }
    if (ranks != 0 && ranks != product) {
      throw new IllegalArgumentException(pattern + ": dims " + given + " make " + product + " ranks, not " + ranks);
    }
    return dims;
  }

  /** Receives from each neighbour, then sends to each; dims of size 1 have no neighbours. */
  static void exchange(RankScheduleBuilder b, int r, int[] dims, long size) {
    for (int d = 0; d < dims.length; d++) {
      if (dims[d] > 1) {
        b.recv(size, neighbour(r, dims, d, -1), 2 * d);
        b.recv(size, neighbour(r, dims, d, +1), 2 * d + 1);
      }
    }
    for (int d = 0; d < dims.length; d++) {
      if (dims[d] > 1) {
        b.send(size, neighbour(r, dims, d, +1), 2 * d);
        b.send(size, neighbour(r, dims, d, -1), 2 * d + 1);
      }
    }
  }

  /** The rank one step along dim d (+1 or -1), wrapping round. */
  static int neighbour(int r, int[] dims, int d, int way) {
    int stride = 1;
    for (int k = 0; k < d; k++) {
      stride *= dims[k];
    }
    int coordinate = r / stride % dims[d];
    int moved = (coordinate + way + dims[d]) % dims[d];
    return r + (moved - coordinate) * stride;
  }
}
