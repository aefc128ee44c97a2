package io.ringfabric.workload.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Collectives and motifs as generated {@link Schedule}s, the same thing a GOAL file gives. Where
 * LogGOPSim's Schedgen has the pattern, the operations, sizes (integer division included), tags
 * (all 0), order and dependencies are Schedgen's, so LogGOPSim on Schedgen's file and ringfabric on
 * ours run like with like: broadcast = binomialtreebcast with root 0, barrier = dissemination,
 * allreduce-recdoub = allreduce_recdoub, allreduce-ring = allreduce_ring, alltoall-linear =
 * linear_alltoall. Where ours differs:
 *
 * <ul>
 *   <li>broadcast: Schedgen writes the same {@code requires} line again in rounds where a rank
 *       sends nothing; it is written once here (the same dependencies).
 *   <li>allreduce-recdoub refuses a rank count that is not a power of two: Schedgen's sends then
 *       go to ranks that do not exist.
 *   <li>Sizes below the rank count are kept as Schedgen makes them: ring allreduce of 8 B on 16
 *       ranks and recursive doubling of 8 B on 16 or more send 0-byte messages (a message with no
 *       payload, as MPI sends for a rank with no elements; recursive doubling's allgather doubles
 *       0 to 0, so at 8 B on 64 ranks its sizes are 4, 2, 1 and then nine 0s). LogGOPSim charges such a message G less
 *       than nothing (2o + L - G); the model sends a header and no payload.
 *   <li>alltoall (pairwise exchange, as MPICH's for large messages; Schedgen has none): in step s
 *       each rank exchanges with rank XOR s when the rank count is a power of two, else sends to
 *       rank + s and receives from rank - s; a step's send and receive wait for both of the step
 *       before (a sendrecv each step).
 *   <li>halo2d/halo3d (SST Ember's halo motifs, Schedgen has none): on a torus of the given dims,
 *       first dim fastest (rank = x + X * (y + Y * z), as the torus numbers its nodes), each rank
 *       posts a receive from each neighbour, then sends to each: 4 or 6 neighbours, periodic; a
 *       dim of size 1 has none, one of size 2 the same rank both ways (told apart by tag: 2d for
 *       the message going + in dim d, 2d + 1 going -).
 *   <li>iterations and compute: Schedgen makes one. With K iterations, iteration k >= 1 starts with
 *       a {@code calc compute} that waits for all of iteration k - 1's ops that nothing else in it
 *       waits for; iteration k's ops that wait for nothing in it wait for that calc. One iteration
 *       has no calc, so it is Schedgen's schedule exactly. Each op carries its iteration index.
 * </ul>
 */
public final class Collectives {
  /** More operations than this in one rank is surely a mistake and would not fit the heap. */
  static final long MAX_OPS_PER_RANK = 100_000_000;

  /** The generated patterns, by their command-line name. */
  public enum Pattern {
    BROADCAST, BARRIER, ALLREDUCE_RECDOUB, ALLREDUCE_RING, ALLTOALL, ALLTOALL_LINEAR, HALO2D, HALO3D;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The pattern of that name, or null. */
    public static Pattern of(String id) {
      for (Pattern p : values()) {
        if (p.id().equals(id)) {
          return p;
        }
      }
      return null;
    }

    /** {@code broadcast, barrier, ...} for messages. */
    public static String known() {
      return Arrays.stream(values()).map(Pattern::id).collect(Collectors.joining(", "));
    }
  }

  /**
   * @param ranks the number of ranks (for a halo, 0 takes the product of dims)
   * @param size bytes: of each message (broadcast, barrier, alltoall, halo) or of the whole vector
   *     (allreduce), as Schedgen's datasize
   * @param dims a halo's torus, empty for the other patterns (a halo of square or cube ranks may
   *     leave it empty)
   */
  public record Settings(int ranks, long size, int iterations, long computeNs, List<Integer> dims) {}

  private Collectives() {}

  /** The schedule; a setting that does not fit the pattern is an IllegalArgumentException. */
  public static Schedule generate(Pattern pattern, Settings s) {
    int[] dims = pattern == Pattern.HALO2D || pattern == Pattern.HALO3D
        ? Halo.dims(pattern.id(), pattern == Pattern.HALO2D ? 2 : 3, s.ranks(), s.dims()) : null;
    int ranks = dims == null ? s.ranks() : Arrays.stream(dims).reduce(1, (a, b) -> a * b);
    check(pattern, s, ranks, dims);
    List<RankSchedule> built = new ArrayList<>(ranks);
    for (int r = 0; r < ranks; r++) {
      RankScheduleBuilder b = new RankScheduleBuilder(r);
      int[] ends = new int[0];
      for (int k = 0; k < s.iterations(); k++) {
        b.iteration(k);
        int join = -1;
        if (k > 0) {
          join = b.calc(s.computeNs());
          for (int end : ends) {
            b.requires(join, end);
          }
        }
        int firstOp = b.size();
        int firstEdge = b.edges();
        iteration(pattern, b, r, ranks, s.size(), dims);
        ends = joinIteration(b, firstOp, firstEdge, join);
      }
      built.add(b.build());
    }
    String source = pattern.id() + " (" + ranks + " ranks, " + s.size() + " B"
        + (dims == null ? "" : ", dims " + Arrays.stream(dims).mapToObj(Integer::toString)
            .collect(Collectors.joining("x")))
        + (s.iterations() == 1 ? "" : ", " + s.iterations() + " iterations, compute " + s.computeNs() + " ns")
        + ")";
    return new Schedule(source, built, List.of());
  }

  /**
   * Makes the ops of the iteration just added that wait for nothing in it wait for {@code join}
   * (if any); returns those that nothing in it waits for, which the next iteration waits for.
   */
  private static int[] joinIteration(RankScheduleBuilder b, int firstOp, int firstEdge, int join) {
    int n = b.size() - firstOp;
    boolean[] waits = new boolean[n];
    boolean[] waitedFor = new boolean[n];
    for (int e = firstEdge; e < b.edges(); e++) {
      waits[b.edgeFrom(e) - firstOp] = true;
      waitedFor[b.edgeTo(e) - firstOp] = true;
    }
    int[] ends = new int[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (join >= 0 && !waits[i]) {
        b.requires(firstOp + i, join);
      }
      if (!waitedFor[i]) {
        ends[count++] = firstOp + i;
      }
    }
    return Arrays.copyOf(ends, count);
  }

  private static void check(Pattern pattern, Settings s, int ranks, int[] dims) {
    String p = pattern.id();
    if (ranks < 1) {
      throw new IllegalArgumentException(p + " needs at least 1 rank, not " + ranks);
    }
    if (s.size() < 0 || s.size() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(p + ": size " + s.size() + " B is out of range (0 to "
          + Integer.MAX_VALUE + " B, as Schedgen's)");
    }
    if (s.iterations() < 1) {
      throw new IllegalArgumentException(p + ": iterations must be at least 1, not " + s.iterations());
    }
    if (s.computeNs() < 0 || s.computeNs() > GoalOperation.MAX_CALC_NS) {
      throw new IllegalArgumentException(p + ": compute must be between 0 and " + GoalOperation.MAX_CALC_NS
          + " ns, not " + s.computeNs());
    }
    if (dims == null && !s.dims().isEmpty()) {
      throw new IllegalArgumentException(p + " takes no dims (only halo2d and halo3d do)");
    }
    if (pattern == Pattern.ALLREDUCE_RECDOUB && Integer.bitCount(ranks) != 1) {
      throw new IllegalArgumentException("allreduce-recdoub needs a power-of-two number of ranks (Schedgen's"
          + " sends to ranks that do not exist otherwise), not " + ranks + ": try "
          + Integer.highestOneBit(ranks) + " or " + Integer.highestOneBit(ranks) * 2L + ", or allreduce-ring");
    }
    long perIteration = switch (pattern) {
      case ALLTOALL, ALLTOALL_LINEAR -> 2L * (ranks - 1);
      case ALLREDUCE_RING -> 4L * (ranks - 1);
      case HALO2D, HALO3D -> 4L * dims.length;
      default -> 4L * 32;
    };
    long ops = (perIteration + 1) * s.iterations();
    if (ops > MAX_OPS_PER_RANK) {
      throw new IllegalArgumentException(p + " on " + ranks + " ranks with " + s.iterations() + " iterations"
          + " makes about " + ops + " operations a rank; at most " + MAX_OPS_PER_RANK);
    }
  }

  private static void iteration(Pattern pattern, RankScheduleBuilder b, int r, int ranks, long size, int[] dims) {
    switch (pattern) {
      case BROADCAST -> broadcast(b, r, ranks, size);
      case BARRIER -> dissemination(b, r, ranks, size);
      case ALLREDUCE_RECDOUB -> recursiveDoubling(b, r, ranks, size);
      case ALLREDUCE_RING -> ring(b, r, ranks, size);
      case ALLTOALL -> pairwise(b, r, ranks, size);
      case ALLTOALL_LINEAR -> linear(b, r, ranks, size);
      case HALO2D, HALO3D -> Halo.exchange(b, r, dims, size);
      default -> throw new IllegalStateException(pattern.id());
    }
  }

  /** Schedgen's create_binomial_tree_bcast_rank, root 0. */
  static void broadcast(RankScheduleBuilder b, int r, int ranks, long size) {
    int recv = -1;
    int rounds = 32 - Integer.numberOfLeadingZeros(ranks - 1); // ceil(log2 ranks)
    for (int round = 0; round < rounds; round++) {
      long step = 1L << round;
      if (r + step < ranks && r < step) {
        int send = b.send(size, (int) (r + step), 0);
        if (recv >= 0) {
          b.requires(send, recv);
        }
      }
      if (r >= step && r < 2 * step) {
        recv = b.recv(size, (int) (r - step), 0);
      }
    }
  }

  /** Schedgen's create_dissemination_rank. */
  static void dissemination(RankScheduleBuilder b, int r, int ranks, long size) {
    int recv = -1;
    for (long dist = 1; dist < ranks; dist <<= 1) {
      int send = b.send(size, (int) ((r + dist) % ranks), 0);
      if (recv >= 0) {
        b.requires(send, recv);
      }
      recv = b.recv(size, (int) ((r - dist + ranks) % ranks), 0);
    }
  }

  /** Schedgen's create_allreduce_recdoub_rank: reduce-scatter halving, allgather doubling. */
  static void recursiveDoubling(RankScheduleBuilder b, int r, int ranks, long size) {
    int steps = Integer.numberOfTrailingZeros(ranks);
    long bytes = size;
    int lastRecv = -1;
    int mask = 1;
    for (int step = 0; step < 2 * steps; step++) {
      if (step < steps) {
        bytes /= 2;
      }
      int send = b.send(bytes, r ^ mask, 0);
      if (lastRecv >= 0) {
        b.requires(send, lastRecv);
      }
      lastRecv = b.recv(bytes, r ^ mask, 0);
      if (step >= steps) {
        bytes *= 2;
      }
      mask = step < steps - 1 ? mask << 1 : step == steps - 1 ? mask : mask >> 1;
    }
  }

  /** Schedgen's create_allreduce_ring_rank: 2(P-1) steps of size / P to the right. */
  static void ring(RankScheduleBuilder b, int r, int ranks, long size) {
    long chunk = size / ranks;
    int lastRecv = -1;
    for (int step = 0; step < 2 * (ranks - 1); step++) {
      int send = b.send(chunk, (r + 1) % ranks, 0);
      if (lastRecv >= 0) {
        b.requires(send, lastRecv);
      }
      lastRecv = b.recv(chunk, (r - 1 + ranks) % ranks, 0);
    }
  }

  /** Pairwise exchange: one send and one receive a step, each step after the one before. */
  static void pairwise(RankScheduleBuilder b, int r, int ranks, long size) {
    boolean xor = Integer.bitCount(ranks) == 1;
    int send = -1;
    int recv = -1;
    for (int step = 1; step < ranks; step++) {
      int nextSend = b.send(size, xor ? r ^ step : (r + step) % ranks, 0);
      int nextRecv = b.recv(size, xor ? r ^ step : (r - step + ranks) % ranks, 0);
      if (send >= 0) {
        b.requires(nextSend, send);
        b.requires(nextSend, recv);
        b.requires(nextRecv, send);
        b.requires(nextRecv, recv);
      }
      send = nextSend;
      recv = nextRecv;
    }
  }

  /** Schedgen's create_linear_alltoall_rank: every send and receive at once. */
  static void linear(RankScheduleBuilder b, int r, int ranks, long size) {
    for (int step = 1; step < ranks; step++) {
      b.send(size, (r + step) % ranks, 0);
      b.recv(size, (r - step + ranks) % ranks, 0);
    }
  }
}
