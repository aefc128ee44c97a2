package io.ringfabric.workload.schedule;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;

/**
 * One rank's operations, in the order its GOAL block (or a generator) gave them, with their
 * dependencies. Operations are numbered 0..size()-1 and read by index; nothing changes after
 * {@link RankScheduleBuilder#build()}.
 *
 * <p>Held as parallel primitive arrays, because a Schedgen alltoall of 1,024 ranks has 2.1 M
 * operations and must fit the default heap. Per operation: kind 1 B, size or calc time 8 B, peer
 * 4 B, tag 4 B, cpu 1 B, nic 1 B, source line 4 B (none for a generated schedule): 23 B, 19 B
 * generated. Labels: none when every operation's label is {@code l<index + 1>} (what Schedgen and
 * our generators write), else the label's bytes plus a 4 B end offset. The iteration index, 4 B,
 * only for a generated schedule with iterations. Dependencies: 4 B an operation for each kind
 * ({@code requires}, {@code irequires}) that the rank uses at all, plus 4 B a dependency. Add
 * about 16 B an array and one header per rank. Measured (ScheduleMemoryMain, in the tests) on the
 * 1,024-rank linear alltoall, 2,095,104 operations without dependencies: 23.3 B an op, 48.8 MB in
 * all, parsed from its 2.1 M-line GOAL file (Schedgen's labels, so none kept) or generated (an
 * iteration index instead of a line); the parse also runs in a 256 MB heap.
 */
public final class RankSchedule implements Serializable {
  private static final long serialVersionUID = 1L;
  private final int rank;
  private final int size;
  private final byte[] kinds;
  /** Bytes of a send or receive, ns of a calc. */
  private final long[] amounts;
  private final int[] peers;
  private final int[] tags;
  private final byte[] cpus;
  private final byte[] nics;
  /** Null: generated, no source lines. */
  private final int[] lines;
  /** Null: no iterations (all -1). */
  private final int[] iterations;
  private final int iterationCount;
  /** Null: every label is {@code l<i + 1>}. Else op i's label is labelBytes[end(i-1), end(i)). */
  private final byte[] labelBytes;
  private final int[] labelEnds;
  /** CSR: op i requires requiresOps[requiresStart[i] .. requiresStart[i + 1]); null: none. */
  private final int[] requiresStart;
  private final int[] requiresOps;
  private final int[] irequiresStart;
  private final int[] irequiresOps;

  RankSchedule(int rank, int size, byte[] kinds, long[] amounts, int[] peers, int[] tags,
      byte[] cpus, byte[] nics, int[] lines, int[] iterations, byte[] labelBytes, int[] labelEnds,
      int[] requiresStart, int[] requiresOps, int[] irequiresStart, int[] irequiresOps) {
    this.rank = rank;
    this.size = size;
    this.kinds = kinds;
    this.amounts = amounts;
    this.peers = peers;
    this.tags = tags;
    this.cpus = cpus;
    this.nics = nics;
    this.lines = lines;
    this.iterations = iterations;
    int most = -1;
    for (int i = 0; iterations != null && i < size; i++) {
      most = Math.max(most, iterations[i]);
    }
    this.iterationCount = most + 1;
    this.labelBytes = labelBytes;
    this.labelEnds = labelEnds;
    this.requiresStart = requiresStart;
    this.requiresOps = requiresOps;
    this.irequiresStart = irequiresStart;
    this.irequiresOps = irequiresOps;
  }

  public int rank() {
    return rank;
  }

  /** The number of operations. */
  public int size() {
    return size;
  }

  public OpKind kind(int op) {
    return OpKind.of(kinds[op]);
  }

  /** The message size in bytes of a send or receive; 0 for a calc. */
  public long bytes(int op) {
    return kinds[op] == OpKind.CALC.ordinal() ? 0 : amounts[op];
  }

  /** The ns of local work of a calc; 0 for a send or receive. */
  public long calcNs(int op) {
    return kinds[op] == OpKind.CALC.ordinal() ? amounts[op] : 0;
  }

  /** The destination of a send, the source of a receive (-1: any source); -1 for a calc. */
  public int peer(int op) {
    return peers[op];
  }

  /** The tag of a send or receive (-1: any tag); 0 for a calc. */
  public int tag(int op) {
    return tags[op];
  }

  /** The {@code cpu} option (0 to 255, default 0). */
  public int cpu(int op) {
    return cpus[op] & 0xff;
  }

  /** The {@code nic} option (0 to 255, default 0). */
  public int nic(int op) {
    return nics[op] & 0xff;
  }

  /** The line of the GOAL file that defined it; 0 for a generated schedule. */
  public int line(int op) {
    return lines == null ? 0 : lines[op];
  }

  /** The iteration of a generated motif the op belongs to (0, 1, ...); -1 when not generated. */
  public int iteration(int op) {
    return iterations == null ? -1 : iterations[op];
  }

  /** The number of iterations of a generated motif; 0 when the ops have no iteration index. */
  public int iterationCount() {
    return iterationCount;
  }

  /**
   * Its label, built on demand; null for an op the file left unlabelled in a rank with labels (a
   * rank with none, as generated, calls its ops {@code l<index + 1>}).
   */
  public String label(int op) {
    if (labelBytes == null) {
      return "l" + (op + 1);
    }
    int from = op == 0 ? 0 : labelEnds[op - 1];
    int to = labelEnds[op];
    return from == to ? null : new String(labelBytes, from, to - from, StandardCharsets.US_ASCII);
  }

  /**
   * The first op with this label, or -1 (a GOAL file may repeat a label; dependencies name the
   * first, as LogGOPSim does). A scan: meant for looking one op up, not for every op of a run.
   */
  public int indexOf(String label) {
    for (int i = 0; i < size; i++) {
      if (label.equals(label(i))) {
        return i;
      }
    }
    return -1;
  }

  /** How many ops must complete before op starts ({@code op requires ...}). */
  public int requiresCount(int op) {
    return requiresStart == null ? 0 : requiresStart[op + 1] - requiresStart[op];
  }

  /** The k-th op that must complete before op starts, in the order the file gave them. */
  public int requires(int op, int k) {
    return requiresOps[requiresStart[op] + k];
  }

  /** How many ops must have started before op starts ({@code op irequires ...}). */
  public int irequiresCount(int op) {
    return irequiresStart == null ? 0 : irequiresStart[op + 1] - irequiresStart[op];
  }

  /** The k-th op that must have started before op starts. */
  public int irequires(int op, int k) {
    return irequiresOps[irequiresStart[op] + k];
  }

  /** The number of dependencies of both kinds. */
  public int dependencyCount() {
    return (requiresOps == null ? 0 : requiresOps.length)
        + (irequiresOps == null ? 0 : irequiresOps.length);
  }
}
