package io.ringfabric.workload.schedule;

import java.util.Arrays;

/**
 * Collects one rank's operations and dependencies, then {@link #build()}s the compact {@link
 * RankSchedule}. Arrays grow by doubling and are trimmed at the end, so a rank costs about twice
 * its final size while it is being built, and only that rank.
 */
public final class RankScheduleBuilder {
  private final int rank;
  private int size;
  private byte[] kinds = new byte[16];
  private long[] amounts = new long[16];
  private int[] peers = new int[16];
  private int[] tags = new int[16];
  private byte[] cpus = new byte[16];
  private byte[] nics = new byte[16];
  private int[] lines = new int[16];
  private int[] iterations = new int[16];
  private boolean anyLine;
  private boolean anyIteration;
  private int iteration = -1;

  private final LabelPool labels = new LabelPool();

  /** Dependency e: op from[e] waits for op to[e]; irequires[e] says whether for its start. */
  private int edges;
  private int[] from = new int[16];
  private int[] to = new int[16];
  private int[] edgeLines = new int[16];
  private boolean[] irequires = new boolean[16];

  public RankScheduleBuilder(int rank) {
    this.rank = rank;
  }

  public int rank() {
    return rank;
  }

  public int size() {
    return size;
  }

  /** The iteration index given to the ops added from now on (-1: none). */
  public RankScheduleBuilder iteration(int k) {
    this.iteration = k;
    return this;
  }

  public int send(long bytes, int to, int tag) {
    return add(OpKind.SEND, bytes, to, tag, 0, 0, 0, null);
  }

  public int recv(long bytes, int from, int tag) {
    return add(OpKind.RECV, bytes, from, tag, 0, 0, 0, null);
  }

  public int calc(long ns) {
    return add(OpKind.CALC, ns, -1, 0, 0, 0, 0, null);
  }

  /**
   * Adds an op and returns its index. An op without a label has none ({@link RankSchedule#label}
   * null), unless no op of the rank has one: then each is known as {@code l<index + 1>}, as a
   * generator names them. With a label already in use, the op keeps it but dependencies naming it
   * find the first.
   */
  public int add(OpKind kind, long amount, int peer, int tag, int cpu, int nic, int line, String label) {
    if (size == kinds.length) {
      int n = size * 2;
      kinds = Arrays.copyOf(kinds, n);
      amounts = Arrays.copyOf(amounts, n);
      peers = Arrays.copyOf(peers, n);
      tags = Arrays.copyOf(tags, n);
      cpus = Arrays.copyOf(cpus, n);
      nics = Arrays.copyOf(nics, n);
      lines = Arrays.copyOf(lines, n);
      iterations = Arrays.copyOf(iterations, n);
    }
    int op = size++;
    kinds[op] = (byte) kind.ordinal();
    amounts[op] = amount;
    peers[op] = peer;
    tags[op] = tag;
    cpus[op] = (byte) cpu;
    nics[op] = (byte) nic;
    lines[op] = line;
    iterations[op] = iteration;
    anyLine |= line != 0;
    anyIteration |= iteration >= 0;
    labels.add(op, label);
    return op;
  }

  /** The first op with this label, or -1. */
  public int indexOf(String label) {
    return labels.indexOf(label);
  }

  /** The label op was given, or null. */
  String label(int op) {
    return labels.label(op);
  }

  int line(int op) {
    return lines[op];
  }

  /** {@code op requires on}: op starts after on completes. */
  public void requires(int op, int on) {
    depend(op, on, false, 0);
  }

  /** {@code op irequires on}: op starts after on starts. */
  public void irequires(int op, int on) {
    depend(op, on, true, 0);
  }

  /** A dependency read from a file at {@code line}. */
  void depend(int op, int on, boolean onStart, int line) {
    if (edges == from.length) {
      int n = edges * 2;
      from = Arrays.copyOf(from, n);
      to = Arrays.copyOf(to, n);
      edgeLines = Arrays.copyOf(edgeLines, n);
      irequires = Arrays.copyOf(irequires, n);
    }
    from[edges] = op;
    to[edges] = on;
    edgeLines[edges] = line;
    irequires[edges] = onStart;
    edges++;
  }

  /**
   * The dependencies of a cycle, in order (each waits for the next's op; the last for the first's),
   * or null when the rank has none.
   */
  int[] cycle() {
    return DependencyCycles.find(size, edges, from, to);
  }

  /** The number of dependencies added so far. */
  int edges() {
    return edges;
  }

  int edgeFrom(int e) {
    return from[e];
  }

  int edgeTo(int e) {
    return to[e];
  }

  int edgeLine(int e) {
    return edgeLines[e];
  }

  boolean edgeOnStart(int e) {
    return irequires[e];
  }

  public RankSchedule build() {
    int[][] req = csr(false);
    int[][] ireq = csr(true);
    boolean keepLabels = labels.needed();
    return new RankSchedule(rank, size, Arrays.copyOf(kinds, size), Arrays.copyOf(amounts, size),
        Arrays.copyOf(peers, size), Arrays.copyOf(tags, size), Arrays.copyOf(cpus, size),
        Arrays.copyOf(nics, size), anyLine ? Arrays.copyOf(lines, size) : null,
        anyIteration ? Arrays.copyOf(iterations, size) : null,
        keepLabels ? labels.bytes() : null, keepLabels ? labels.ends(size) : null, req[0], req[1], ireq[0],
        ireq[1]);
  }

  /** The dependencies of one kind by op, in the order they were added; {null, null} if none. */
  private int[][] csr(boolean onStart) {
    int count = 0;
    for (int e = 0; e < edges; e++) {
      count += irequires[e] == onStart ? 1 : 0;
    }
    if (count == 0) {
      return new int[2][];
    }
    int[] start = new int[size + 1];
    for (int e = 0; e < edges; e++) {
      if (irequires[e] == onStart) {
        start[from[e] + 1]++;
      }
    }
    for (int i = 0; i < size; i++) {
      start[i + 1] += start[i];
    }
    int[] next = Arrays.copyOf(start, size);
    int[] ops = new int[count];
    for (int e = 0; e < edges; e++) {
      if (irequires[e] == onStart) {
        ops[next[from[e]]++] = to[e];
      }
    }
    return new int[][] {start, ops};
  }
}
