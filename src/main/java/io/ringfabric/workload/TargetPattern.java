package io.ringfabric.workload;

import io.ringfabric.hocon.ConfigReader;
import io.ringfabric.workload.PutStreamSpec.Pattern;
import java.io.Serializable;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * How a put-stream chooses each PUT's target node ({@code target.pattern}). Each pattern is a pure
 * function of the source node, the node count, how many PUTs the process made before this one,
 * and the process's own random stream: the same inputs give the same target and consume the same
 * draws, so a run is repeatable from its seed.
 *
 * <p>Node ids are the machine's ids, 0..n-1. The permutations (transpose, bit-reverse, tornado,
 * neighbor) follow BookSim2's traffic patterns of the same names, applied to the ids as a
 * one-dimensional list (transpose: as a k x k grid), not to the topology's coordinates.
 */
public sealed interface TargetPattern extends Serializable {

  /** The {@link Pattern} this is. */
  Pattern kind();

  /**
   * The target node of one PUT.
   *
   * @param self the source node
   * @param nodes nodes in the machine (at least 1)
   * @param sequence PUTs this process issued before this one (0 for the first)
   * @param random the process's own random stream; only uniform, hotspot and incast draw from it
   */
  int target(int self, int nodes, long sequence, RandomGenerator random);

  /**
   * Why this pattern cannot run on {@code nodes} nodes, as a message for {@code target.pattern},
   * or null if it can.
   */
  default String unsupported(int nodes) {
    return null;
  }

  /** The node named by {@code target.node} for the patterns that use it (fixed, hotspot, incast), else -1. */
  default int node() {
    return -1;
  }

  /** Hotspot's share of traffic for the hot node when none is given, as in reference.conf. */
  double DEFAULT_HOTSPOT_FRACTION = 0.1;

  /**
   * The pattern {@code kind} with target node {@code node} where it needs one (fixed, hotspot,
   * incast); a hotspot gets {@link #DEFAULT_HOTSPOT_FRACTION} (for another, use {@link Hotspot}).
   */
  static TargetPattern of(Pattern kind, int node) {
    switch (kind) {
      case UNIFORM:
        return new Uniform();
      case NEIGHBOR:
        return new Neighbor();
      case FIXED:
        return new Fixed(node);
      case TRANSPOSE:
        return new Transpose();
      case BIT_REVERSE:
        return new BitReverse();
      case TORNADO:
        return new Tornado();
      case INCAST:
        return new Incast(node);
      case ALL_TO_ALL:
        return new AllToAll();
      case HOTSPOT:
        return new Hotspot(node, DEFAULT_HOTSPOT_FRACTION);
      default:
        throw new IllegalArgumentException("no pattern " + kind);
    }
  }

  /**
   * Reads a put-stream's {@code target} block (keys {@code pattern}, {@code node}, {@code
   * fraction}; {@code ring} is the caller's). Problems go to the reader.
   *
   * @param nodes nodes in the machine, or 0 or less when unknown (the topology is invalid): the
   *     checks against the node count are then skipped
   */
  static TargetPattern parse(ConfigReader target, int nodes) {
    target.allowOnly(Set.of("pattern", "node", "ring", "fraction"));
    String name = target.oneOf("pattern", Pattern.configNames());
    Pattern kind = Pattern.fromConfigName(name);
    // node and fraction are checked whatever the pattern, so a bad default is not silently kept
    int node = target.intValue("node", 0, ConfigReader.MAX_NODE_ID);
    double fraction = target.doubleValue("fraction", 0, 1);
    TargetPattern pattern = kind == Pattern.HOTSPOT ? new Hotspot(node, fraction) : of(kind, node);
    if ((kind == Pattern.HOTSPOT || kind == Pattern.INCAST) && nodes > 0 && node >= nodes) {
      // fixed may name a missing node on purpose (NO_SUCH_NODE); a missing hot node is a slip
      target.problem("node", "node " + node + " does not exist ("
          + (nodes == 1 ? "the only node is 0" : "nodes are 0.." + (nodes - 1)) + "); "
          + name + " needs a node of the machine");
    }
    String unsupported = nodes > 0 ? pattern.unsupported(nodes) : null;
    if (unsupported != null) {
      target.problem("pattern", unsupported);
    }
    return pattern;
  }

  /**
   * Any node but the source, uniformly: one draw {@code nextInt(nodes - 1)}, skipping the source.
   * A machine of one node sends to node 0 without a draw.
   */
  static int uniformOther(int self, int nodes, RandomGenerator random) {
    if (nodes == 1) {
      return 0;
    }
    int pick = random.nextInt(nodes - 1);
    return pick >= self ? pick + 1 : pick;
  }

  /** {@code uniform}: any other node, uniformly at random (one draw per PUT). */
  record Uniform() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.UNIFORM;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      return uniformOther(self, nodes, random);
    }
  }

  /** {@code neighbor}: the next node by id, wrapping around: {@code (self + 1) mod n}. */
  record Neighbor() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.NEIGHBOR;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      return (self + 1) % nodes;
    }
  }

  /**
   * {@code fixed}: always {@code target.node}. The node is not checked against the machine: a
   * node that does not exist ends each PUT in NO_SUCH_NODE.
   */
  record Fixed(int node) implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.FIXED;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      return node;
    }
  }

  /**
   * {@code transpose}: the n = k x k nodes form a grid, id = y * k + x; node (x, y) sends to
   * (y, x), id' = x * k + y. Nodes on the diagonal (x = y) send to themselves, as in BookSim2.
   * Needs a square node count.
   */
  record Transpose() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.TRANSPOSE;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      int k = side(nodes);
      if (k < 0) {
        throw new IllegalStateException(unsupported(nodes));
      }
      return (self % k) * k + self / k;
    }

    @Override
    public String unsupported(int nodes) {
      return side(nodes) < 0
          ? "transpose needs a square number of nodes (4, 9, 16, 25, ...) to lay them out as a"
              + " k x k grid, but the machine has " + nodes
          : null;
    }

    /** k with k * k = nodes, or -1. */
    static int side(int nodes) {
      int k = (int) Math.round(Math.sqrt(nodes));
      return k * k == nodes ? k : -1;
    }
  }

  /**
   * {@code bit-reverse}: the b = log2(n) bits of the source id in reverse order (b0 b1 ... to
   * ... b1 b0). Ids that read the same both ways (0, n-1, ...) send to themselves. Needs a
   * power-of-two node count.
   */
  record BitReverse() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.BIT_REVERSE;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      if (Integer.bitCount(nodes) != 1) {
        throw new IllegalStateException(unsupported(nodes));
      }
      int bits = Integer.numberOfTrailingZeros(nodes);
      return bits == 0 ? 0 : Integer.reverse(self) >>> (32 - bits);
    }

    @Override
    public String unsupported(int nodes) {
      return Integer.bitCount(nodes) != 1
          ? "bit-reverse needs a power-of-two number of nodes (2, 4, 8, 16, ...), but the machine"
              + " has " + nodes
          : null;
    }
  }

  /**
   * {@code tornado}: BookSim2's tornado on a one-dimensional ring of ids, {@code (self +
   * ceil(n/2) - 1) mod n}: nearly half-way round. With one or two nodes that is the source itself.
   */
  record Tornado() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.TORNADO;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      return (int) ((self + (long) (nodes + 1) / 2 - 1) % nodes);
    }
  }

  /**
   * {@code hotspot}: with probability {@code fraction} {@code target.node}, otherwise uniformly one
   * of the nodes that are neither the source nor the hot node, so the hot node gets exactly
   * {@code fraction} of each source's PUTs on average. Draws: {@code nextDouble()}, then, when not
   * hot, {@code nextInt(others)}. The hot node itself sends like {@code uniform} (to any other
   * node, one draw). With two nodes the other node is the hot node: every PUT goes there.
   */
  record Hotspot(int node, double fraction) implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.HOTSPOT;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      if (nodes == 1 || self == node) {
        return uniformOther(self, nodes, random);
      }
      if (random.nextDouble() < fraction) {
        return node;
      }
      boolean hotExists = node >= 0 && node < nodes;
      int others = nodes - 1 - (hotExists ? 1 : 0);
      if (others == 0) {
        return node;
      }
      int pick = random.nextInt(others);
      int low = hotExists ? Math.min(self, node) : self;
      int high = hotExists ? Math.max(self, node) : Integer.MAX_VALUE;
      if (pick >= low) {
        pick++;
      }
      if (pick >= high) {
        pick++;
      }
      return pick;
    }
  }

  /**
   * {@code incast}: every node sends to {@code target.node}, without a draw; the incast node
   * itself sends like {@code uniform} (to any other node, one draw), so that it does not PUT into
   * its own ring.
   */
  record Incast(int node) implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.INCAST;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      return self == node ? uniformOther(self, nodes, random) : node;
    }
  }

  /**
   * {@code all-to-all}: each process cycles through every other node in order, starting with the
   * next one: self + 1, self + 2, ..., wrapping round and skipping itself, then again; PUT number
   * i (from 0) goes to {@code (self + 1 + i mod (n - 1)) mod n}. No draws. A machine of one node
   * sends to itself.
   */
  record AllToAll() implements TargetPattern {
    @Override
    public Pattern kind() {
      return Pattern.ALL_TO_ALL;
    }

    @Override
    public int target(int self, int nodes, long sequence, RandomGenerator random) {
      if (nodes == 1) {
        return self;
      }
      return (int) ((self + 1 + sequence % (nodes - 1)) % nodes);
    }
  }
}
