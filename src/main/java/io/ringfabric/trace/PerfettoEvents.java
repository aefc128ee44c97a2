package io.ringfabric.trace;

import java.io.IOException;
import java.util.Arrays;

/**
 * The timeline of a Perfetto export as {@link PerfettoExport} decides it, told to a writer of one
 * format ({@link PerfettoJson}, {@link PerfettoProto}): processes and threads (the tracks), slices,
 * instants, counters and flow arrows, counted here so that both formats report alike.
 *
 * <p>Times reach the writers as whole nanoseconds, the trace's picoseconds rounded down. A slice's
 * end is rounded, not its duration: rounding down keeps order, so slices that nest or follow each
 * other in picoseconds still do in nanoseconds, in either format.
 */
abstract class PerfettoEvents {
  /** The flow arrows bound to one slice: those that start at it and those that end at it. */
  static final class Flows {
    private long[] out = new long[0];
    private long[] in = new long[0];

    void startsHere(long id) {
      out = Arrays.copyOf(out, out.length + 1);
      out[out.length - 1] = id;
    }

    void endsHere(long id) {
      in = Arrays.copyOf(in, in.length + 1);
      in[in.length - 1] = id;
    }

    long[] out() {
      return out;
    }

    long[] in() {
      return in;
    }
  }

  private long slices;
  private long instants;
  private long flows;
  private long counters;

  /** Rounded down, so that ends never pass the begins they preceded. */
  static long ns(long ps) {
    return Math.floorDiv(ps, 1_000L);
  }

  /**
   * Whether the argument at {@code kv[i]} (name) and {@code kv[i + 1]} (value) is left out: no
   * value, or no bytes.
   */
  static boolean omitted(Object[] kv, int i) {
    Object v = kv[i + 1];
    return v == null || (v instanceof Long l && l == 0 && "bytes".equals(kv[i]));
  }

  /** A process, named; processes are shown in the order of {@code sortIndex}. */
  abstract void process(int pid, String name, int sortIndex) throws IOException;

  /** A thread (track) of a process, named; shown in its process in the order of {@code sortIndex}. */
  abstract void thread(int pid, int tid, String name, int sortIndex) throws IOException;

  /**
   * A slice on a thread, with its arguments as name, value pairs ({@link #omitted} ones left out)
   * and the flows bound to it (or null).
   */
  final void slice(int pid, int tid, long tsPs, long durPs, String name, String cat, Flows flows, Object... kv)
      throws IOException {
    writeSlice(pid, tid, ns(tsPs), ns(tsPs + Math.max(0, durPs)), name, cat, flows, kv);
    slices++;
  }

  /** An instant on a track, of the record's time and kind. */
  final void instant(TraceRecord r, int[] track, String name, Object... kv) throws IOException {
    writeInstant(track[0], track[1], ns(r.t()), name, r.kind(), kv);
    instants++;
  }

  /** Values of a process's counters named {@code name + " " + key}, as key, value pairs. */
  final void counter(int pid, int tid, long tsPs, String name, Object... kv) throws IOException {
    writeCounter(pid, tid, ns(tsPs), name, kv);
    counters++;
  }

  /** A flow arrow, told when its end is known; not before its start. */
  final void flow(String cat, InFlight.PendingFlow start, int pid, int tid, long endPs) throws IOException {
    writeFlow(cat, start.id(), start.pid(), start.tid(), ns(start.ts()), pid, tid, ns(Math.max(endPs, start.ts())));
    flows++;
  }

  abstract void writeSlice(int pid, int tid, long tsNs, long endNs, String name, String cat, Flows flows, Object[] kv)
      throws IOException;

  abstract void writeInstant(int pid, int tid, long tsNs, String name, String cat, Object[] kv) throws IOException;

  abstract void writeCounter(int pid, int tid, long tsNs, String name, Object[] kv) throws IOException;

  abstract void writeFlow(String cat, long id, int fromPid, int fromTid, long fromNs, int toPid, int toTid, long toNs)
      throws IOException;

  /** Ends the file and flushes it; does not close the stream. */
  abstract void close() throws IOException;

  /** What the file holds: JSON events, or protobuf trace packets. */
  abstract long written();

  long slices() {
    return slices;
  }

  long instants() {
    return instants;
  }

  long flows() {
    return flows;
  }

  long counters() {
    return counters;
  }
}
