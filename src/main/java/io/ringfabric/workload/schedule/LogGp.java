package io.ringfabric.workload.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A schedule's times under the LogGP model, as LogGOPSim (spcl/LogGOPSim, src/LogGOPSim/
 * LogGOPSim.cpp, its LogGP network: no fabric, no congestion) computes them: the yardstick that
 * ringfabric's own times are checked against (docs/schedules.md, "Checked against LogGP").
 *
 * <p>Its rules, as that source has them. Each rank has a next-free time for its CPU ({@code o}),
 * for its NIC's sends and for its NIC's receives ({@code g}), one of each per {@code cpu} and
 * {@code nic} index. A send starts when the CPU and the send NIC are free: the CPU is busy
 * {@code o + (s-1)O}, the send NIC {@code g + (s-1)G}, and the message reaches the receiver
 * {@code o + L} after the start. It is taken when the receiver's CPU and receive NIC are free:
 * {@code o + max((s-1)O, (s-1)G)} of CPU and {@code g + (s-1)G} of NIC, then it matches the first
 * posted receive that accepts it or waits in the unexpected queue. An eager send (at most
 * {@code S} bytes) completes as it starts; a rendezvous one when its message is matched, which
 * also holds its CPU and NIC until then. A receive starts when the CPU is free and costs no time of
 * its own; it completes when it matches. A calc holds the CPU for its time. An op may start once
 * all it {@code requires} have completed and all it {@code irequires} have started. A rank ends
 * when its CPUs are last free; the schedule when its last rank does.
 *
 * <p>Events are taken by time, then by the order they were made. The ops a finished event frees
 * are queued sends first, then receives, then calcs; among one kind, in the order LogGOPSim's
 * binary schedule lists them (roots by their index; the ops waiting on one op in the order of the
 * dependency lines, here by the index of the waiting op, which is the same for Schedgen's files
 * and ours). LogGOPSim sorts them by kind with an unstable sort, which can reorder ops of one
 * kind when more than 16 are freed at once; this order is the stable one. Its quirks are kept: a
 * 0-byte message costs {@code -G} (its unsigned (s-1)), a rendezvous match frees the sender's CPU
 * and NIC of the receiver's indices.
 *
 * <p>Times are picoseconds, integers as LogGOPSim's are (it runs in ps to have G = 0.8 ns/B).
 */
public final class LogGp {
  private static final int SEND = 0;
  private static final int RECV = 1;
  private static final int CALC = 2;
  private static final int MSG = 3;

  /**
   * The model's parameters, in ps (G and O in ps per byte).
   *
   * @param eagerLimit the largest message sent eagerly (LogGOPSim's S, 65,535 B by default)
   */
  public record Params(long latencyPs, long overheadPs, long gapPs, long gapPerBytePs,
      long overheadPerBytePs, long eagerLimit) {
    /** LogGOPSim's default S. */
    public static final long DEFAULT_EAGER_LIMIT = 65_535;

    /** L, o, g in ns and G in ns per byte, rounded to whole ps; no O; LogGOPSim's default S. */
    public static Params ns(double latency, double overhead, double gap, double gapPerByte) {
      return new Params(ps(latency), ps(overhead), ps(gap), ps(gapPerByte), 0, DEFAULT_EAGER_LIMIT);
    }

    /** The same with every message eager (or rendezvous above {@code bytes}). */
    public Params eagerUpTo(long bytes) {
      return new Params(latencyPs, overheadPs, gapPs, gapPerBytePs, overheadPerBytePs, bytes);
    }

    private static long ps(double ns) {
      return Math.round(ns * 1000);
    }

    @Override
    public String toString() {
      return "L=" + latencyPs / 1000.0 + " ns, o=" + overheadPs / 1000.0 + " ns, g=" + gapPs / 1000.0
          + " ns, G=" + gapPerBytePs / 1000.0 + " ns/B, O=" + overheadPerBytePs / 1000.0 + " ns/B, S="
          + eagerLimit + " B";
    }
  }

  /**
   * @param endPs each rank's end (its CPUs last free), ps
   * @param unmatched receives posted and messages arrived that nothing matched; LogGOPSim prints
   *     no times then
   * @param opsNotRun ops that never started (waiting on an unmatched one)
   */
  public record Result(long[] endPs, int unmatched, long opsNotRun) {
    /** The last rank's end, ps. */
    public long completedPs() {
      return Arrays.stream(endPs).max().orElse(0);
    }

    /** The last rank's end, ns. */
    public double completedNs() {
      return completedPs() / 1000.0;
    }
  }

  private LogGp() {}

  /** The last rank's end in ns; an IllegalStateException if something stays unmatched. */
  public static double completionNs(Schedule schedule, Params params) {
    Result r = run(schedule, params);
    if (r.unmatched() > 0 || r.opsNotRun() > 0) {
      throw new IllegalStateException(schedule.source() + ": " + r.unmatched() + " unmatched, "
          + r.opsNotRun() + " ops never started");
    }
    return r.completedNs();
  }

  public static Result run(Schedule schedule, Params params) {
    return new LogGp.Run(schedule, params).run();
  }

  /** An op ready to start, or a message on its way (MSG). */
  private static final class Event {
    int type;
    int host;
    int op; // the op's index on host; of a MSG, the send's index on its sender
    int peer; // a send's destination, a receive's source; of a MSG, its sender
    long size;
    int tag;
    int cpu;
    int nic;
    long time;
    long seq;
  }

  /** A posted receive (in rq) or an arrived message (in uq). */
  private record Queued(int src, int tag, long size, int op) {}

  private static final class Run {
    private final Schedule schedule;
    private final Params p;
    private final int n;
    private final long[][] nextCpu;
    private final long[][] nextSendNic;
    private final long[][] nextRecvNic;
    private final int[][] waiting; // by host and op: dependencies not yet met
    private final int[][][] afterDone; // by host and op: ops that require it, in index order
    private final int[][][] afterStart; // by host and op: ops that irequire it
    private final boolean[][] started;
    private final List<List<Queued>> rq = new ArrayList<>();
    private final List<List<Queued>> uq = new ArrayList<>();
    private final List<List<Integer>> freed = new ArrayList<>();
    private final PriorityQueue<Event> queue = new PriorityQueue<>((a, b) ->
        a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private long seq;
    private final boolean[] touched;
    private final List<Integer> touchedHosts = new ArrayList<>();

    Run(Schedule schedule, Params p) {
      this.schedule = schedule;
      this.p = p;
      this.n = schedule.numRanks();
      int cpus = 1;
      int nics = 1;
      waiting = new int[n][];
      afterDone = new int[n][][];
      afterStart = new int[n][][];
      started = new boolean[n][];
      for (int h = 0; h < n; h++) {
        RankSchedule r = schedule.rank(h);
        waiting[h] = new int[r.size()];
        started[h] = new boolean[r.size()];
        int[] doneCount = new int[r.size()];
        int[] startCount = new int[r.size()];
        for (int op = 0; op < r.size(); op++) {
          cpus = Math.max(cpus, r.cpu(op) + 1);
          nics = Math.max(nics, r.nic(op) + 1);
          waiting[h][op] = r.requiresCount(op) + r.irequiresCount(op);
          for (int k = 0; k < r.requiresCount(op); k++) {
            doneCount[r.requires(op, k)]++;
          }
          for (int k = 0; k < r.irequiresCount(op); k++) {
            startCount[r.irequires(op, k)]++;
          }
        }
        afterDone[h] = new int[r.size()][];
        afterStart[h] = new int[r.size()][];
        for (int op = 0; op < r.size(); op++) {
          afterDone[h][op] = new int[doneCount[op]];
          afterStart[h][op] = new int[startCount[op]];
          doneCount[op] = 0;
          startCount[op] = 0;
        }
        for (int op = 0; op < r.size(); op++) {
          for (int k = 0; k < r.requiresCount(op); k++) {
            int on = r.requires(op, k);
            afterDone[h][on][doneCount[on]++] = op;
          }
          for (int k = 0; k < r.irequiresCount(op); k++) {
            int on = r.irequires(op, k);
            afterStart[h][on][startCount[on]++] = op;
          }
        }
        rq.add(new ArrayList<>());
        uq.add(new ArrayList<>());
        freed.add(new ArrayList<>());
      }
      nextCpu = new long[n][cpus];
      nextSendNic = new long[n][nics];
      nextRecvNic = new long[n][nics];
      touched = new boolean[n];
    }

    Result run() {
      for (int h = 0; h < n; h++) {
        RankSchedule r = schedule.rank(h);
        for (int op = 0; op < r.size(); op++) {
          if (waiting[h][op] == 0) {
            freed.get(h).add(op);
          }
        }
        queueFreed(h, true);
      }
      while (!queue.isEmpty()) {
        Event e = queue.poll();
        switch (e.type) {
          case CALC -> calc(e);
          case SEND -> send(e);
          case RECV -> recv(e);
          default -> message(e);
        }
        touchedHosts.sort(null);
        for (int h : touchedHosts) {
          touched[h] = false;
          queueFreed(h, false);
        }
        touchedHosts.clear();
      }
      long[] end = new long[n];
      int unmatched = 0;
      long notRun = 0;
      for (int h = 0; h < n; h++) {
        end[h] = Arrays.stream(nextCpu[h]).max().orElse(0);
        unmatched += rq.get(h).size() + uq.get(h).size();
        for (boolean s : started[h]) {
          notRun += s ? 0 : 1;
        }
      }
      return new Result(end, unmatched, notRun);
    }

    private void calc(Event e) {
      long[] cpu = nextCpu[e.host];
      if (cpu[e.cpu] <= e.time) {
        cpu[e.cpu] = e.time + e.size;
        markStarted(e.host, e.op);
        markDone(e.host, e.op);
      } else {
        e.time = cpu[e.cpu];
        queue.add(e);
      }
    }

    /** Queues e again for when its CPU and this NIC are both free, if either is busy now. */
    private boolean requeuedUntilFree(Event e, long[][] nic) {
      long free = Math.max(nextCpu[e.host][e.cpu], nic[e.host][e.nic]);
      if (free <= e.time) {
        return false;
      }
      e.time = free;
      queue.add(e);
      return true;
    }

    private void send(Event e) {
      int h = e.host;
      if (requeuedUntilFree(e, nextSendNic)) {
        return;
      }
      markStarted(h, e.op);
      nextCpu[h][e.cpu] = e.time + p.overheadPs() + (e.size - 1) * p.overheadPerBytePs();
      nextSendNic[h][e.nic] = e.time + p.gapPs() + (e.size - 1) * p.gapPerBytePs();
      Event m = new Event();
      m.type = MSG;
      m.host = e.peer;
      m.peer = h;
      m.op = e.op;
      m.size = e.size;
      m.tag = e.tag;
      m.cpu = e.cpu; // LogGOPSim takes the message in with the sender's cpu and nic indices
      m.nic = e.nic;
      m.time = e.time + p.overheadPs() + p.latencyPs();
      m.seq = seq++;
      queue.add(m);
      if (e.size <= p.eagerLimit()) {
        markDone(h, e.op);
      }
    }

    private void recv(Event e) {
      int h = e.host;
      markStarted(h, e.op);
      Queued m = match(uq.get(h), e.peer, e.tag);
      if (m == null) {
        rq.get(h).add(new Queued(e.peer, e.tag, e.size, e.op));
        return;
      }
      if (e.size > p.eagerLimit()) { // the receive's size decides, as in LogGOPSim
        releaseSender(m.src(), m.op(), e.cpu, e.nic, e.time);
      }
      markDone(h, e.op);
    }

    private void message(Event e) {
      int h = e.host;
      if (requeuedUntilFree(e, nextRecvNic)) {
        return;
      }
      long bytes = e.size - 1; // -1 for a 0-byte message, as LogGOPSim's unsigned arithmetic has it
      long cpuBytes = unsignedMax(bytes * p.overheadPerBytePs(), bytes * p.gapPerBytePs());
      nextCpu[h][e.cpu] = e.time + p.overheadPs() + cpuBytes;
      nextRecvNic[h][e.nic] = e.time + p.gapPs() + bytes * p.gapPerBytePs();
      Queued r = match(rq.get(h), e.peer, e.tag);
      if (r == null) {
        uq.get(h).add(new Queued(e.peer, e.tag, e.size, e.op));
        return;
      }
      if (e.size > p.eagerLimit()) {
        releaseSender(e.peer, e.op, e.cpu, e.nic, e.time);
      }
      markDone(h, r.op());
    }

    /** A rendezvous send completes at its match, its sender's CPU and NIC busy until then. */
    private void releaseSender(int sender, int op, int cpu, int nic, long time) {
      markDone(sender, op);
      nextCpu[sender][cpu] = Math.max(nextCpu[sender][cpu], time);
      nextSendNic[sender][nic] = Math.max(nextSendNic[sender][nic], time);
    }

    /** Removes and returns the first entry that accepts (or is accepted by) src and tag. */
    private static Queued match(List<Queued> q, int src, int tag) {
      for (int i = 0; i < q.size(); i++) {
        Queued c = q.get(i);
        if ((src == -1 || c.src() == -1 || c.src() == src) && (tag == -1 || c.tag() == -1 || c.tag() == tag)) {
          return q.remove(i);
        }
      }
      return null;
    }

    private static long unsignedMax(long a, long b) {
      return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }

    private void markStarted(int h, int op) {
      started[h][op] = true;
      release(h, afterStart[h][op]);
    }

    private void markDone(int h, int op) {
      release(h, afterDone[h][op]);
    }

    private void release(int h, int[] ops) {
      if (!touched[h]) {
        touched[h] = true;
        touchedHosts.add(h);
      }
      for (int op : ops) {
        if (--waiting[h][op] == 0) {
          freed.get(h).add(op);
        }
      }
    }

    /** Queues the ops host h has freed: sends, receives, calcs, each kind in the order freed. */
    private void queueFreed(int h, boolean atStart) {
      List<Integer> ops = freed.get(h);
      RankSchedule r = schedule.rank(h);
      for (int kind = SEND; kind <= CALC; kind++) {
        for (int op : ops) {
          if (r.kind(op).ordinal() != kind) {
            continue;
          }
          Event e = new Event();
          e.type = kind;
          e.host = h;
          e.op = op;
          e.peer = r.peer(op);
          e.size = kind == CALC ? r.calcNs(op) * 1000 : r.bytes(op);
          e.tag = r.tag(op);
          e.cpu = r.cpu(op);
          e.nic = r.nic(op);
          e.time = atStart ? 0 : kind == SEND ? Math.max(nextCpu[h][e.cpu], nextSendNic[h][e.nic])
              : nextCpu[h][e.cpu];
          e.seq = seq++;
          queue.add(e);
        }
      }
      ops.clear();
    }
  }
}
