package io.ringfabric.run;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.config.ScenarioLoader;
import io.ringfabric.engine.Progress;
import io.ringfabric.engine.ReferenceEngine;
import io.ringfabric.engine.WindowWork;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Machine;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.stats.Results;
import io.ringfabric.stats.RunResult;
import io.ringfabric.topology.Topology;
import java.lang.ref.Reference;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/**
 * The standard benchmark: tori of 16, 64 and 256 nodes under uniform PUT traffic that keeps the
 * fabric busy, run on each engine after a warm-up. Speed is measured here, on purpose, never in
 * unit tests.
 */
public final class Bench {
  private Bench() {}

  /**
   * One measured run.
   *
   * @param cpuSeconds the engine thread's CPU time, where one thread runs the engine (the reference
   *     engine), else 0
   * @param deliveredPackets packets the fabric delivered to a messaging module (requests and
   *     responses, each packet of a message counted), 0 where it was not counted
   * @param requestsServed PUTs and GETs the messaging modules applied to rings: the operations
   * @param putsServed of those, the PUTs, over the whole run as {@code requestsServed}: where PUTs go
   *     to other nodes and GETs to a node's own rings (conf/booksim.conf), the requests whose packets
   *     cross links; 0 where it was not counted
   * @param peakHeapBytes the heap's peak during the run, garbage included: what the JVM needed
   * @param liveHeapBytes the heap after a full collection at the end, with the machine still held:
   *     what the machine's state takes
   * @param ringBytes the rings' own capacity, part of the live heap
   */
  public record Measurement(
      int nodes, String engine, long events, double wallSeconds, double cpuSeconds, double eventsPerSecond,
      long windows, double eventsPerWindow, long deliveredPackets, long requestsServed, long putsServed,
      long peakHeapBytes,
      long liveHeapBytes, long ringBytes, String fingerprint) {

    /** Events over operations served: what each PUT or GET costs the engine, whatever the host's speed. */
    public double eventsPerOperation() {
      return requestsServed == 0 ? 0 : (double) events / requestsServed;
    }

    /** Live heap per node beyond the rings' capacity, bytes. */
    public double bytesPerNode() {
      return (double) (liveHeapBytes - ringBytes) / nodes;
    }

    /** The same measurement with the delivered packets of another run of the same scenario. */
    public Measurement withDeliveredPackets(long packets) {
      return new Measurement(nodes, engine, events, wallSeconds, cpuSeconds, eventsPerSecond, windows,
          eventsPerWindow, packets, requestsServed, putsServed, peakHeapBytes, liveHeapBytes, ringBytes, fingerprint);
    }
  }

  /** The scenario for {@code nodes} nodes (a square torus, or 4 x n/4). */
  public static Scenario scenario(int nodes, long opsPerProducer) {
    return ScenarioLoader.parse(hocon(nodes, opsPerProducer), "(bench " + nodes + " nodes)", List.of());
  }

  /** The scenario's text, for members of a cluster run to load from a file. */
  public static String hocon(int nodes, long opsPerProducer) {
    int x = (int) Math.round(Math.sqrt(nodes));
    int y = nodes / x;
    if (x * y != nodes) {
      x = nodes;
      y = 1;
    }
    return """
        ringfabric {
          topology { kind = torus, dims = [%d, %d] }
          rings = [ { id = 0, capacity = 16KiB, max-element = 256 } ]
          workload.processes = [
            { program = get-stream, core = 0, source { node = self, ring = 0 }, empty-backoff = 200ns }
            { program = put-stream, core = 1, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
            { program = put-stream, core = 2, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
            { program = put-stream, core = 3, target { pattern = uniform, ring = 0 }, size = 256, ops = %d }
          ]
        }
        """.formatted(x, y, opsPerProducer, opsPerProducer, opsPerProducer);
  }

  /** Runs one scenario once on one engine and measures it. */
  public static Measurement measure(Scenario scenario, String engine) {
    System.gc();
    resetPeaks();
    BuiltMachine built = BuiltMachine.of(scenario);
    EngineRun run = Simulation.runEngine(built, engine, null, Progress.NONE);
    long peak = peakHeap();
    RunResult result = Results.collect(built, run);
    long live = liveHeap();
    Reference.reachabilityFence(built); // the machine's state is what the live heap measures
    double wall = run.wallNanos() / 1e9;
    return new Measurement(scenario.nodes(), engine, run.events(), wall, run.cpuNanos() / 1e9, run.events() / wall,
        run.windows(), run.windows() == 0 ? 0 : (double) run.events() / run.windows(),
        deliveredPackets(built.machine()), result.module().requestsServed(), putsServed(built.machine()), peak, live,
        ringBytes(built.machine()), result.fingerprint());
  }

  /** PUTs the messaging modules applied to rings (or refused), warm-up included. */
  static long putsServed(Machine machine) {
    long puts = 0;
    for (int n = 0; n < machine.nodes(); n++) {
      puts += machine.module(n).servedPuts();
    }
    return puts;
  }

  /** Packets that left a node's switch by port 0, into its messaging module. */
  static long deliveredPackets(Machine machine) {
    long packets = 0;
    for (int n = 0; n < machine.nodes(); n++) {
      packets += machine.fabricSwitch(n).ports()[Topology.LOCAL_PORT].packets();
    }
    return packets;
  }

  /** The capacity of every ring of the machine, bytes. */
  public static long ringBytes(Machine machine) {
    long bytes = 0;
    for (int n = 0; n < machine.nodes(); n++) {
      for (RingBuffer ring : machine.memory(n).rings()) {
        bytes += ring.capacity();
      }
    }
    return bytes;
  }

  /** The heap in use after a full collection, bytes. */
  public static long liveHeap() {
    System.gc();
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getUsage().getUsed();
      }
    }
    return sum;
  }

  /**
   * How much faster the scenario of {@code nodes} nodes could run on 4, 8 and 16 lanes, from the
   * work of each of its windows (one reference run, not timed).
   */
  public static List<WindowWork.Bound> parallelism(int nodes, long opsPerProducer) {
    BuiltMachine built = BuiltMachine.of(scenario(nodes, opsPerProducer));
    WindowWork work = new WindowWork(built.machine().layout());
    ReferenceEngine.run(built.machine(), built.scenario().durationPs(), null, Progress.NONE, work);
    return work.bounds();
  }

  /**
   * Warms up, then measures each engine {@code repeat} times and keeps the fastest run; {@code
   * actors} and {@code reference} (null: the defaults) tune the engines.
   */
  public static List<Measurement> run(int nodes, long ops, List<String> engines, int warmup, int repeat,
      Scenario.ActorSpec actors, Scenario.ReferenceSpec reference) {
    Scenario scenario = scenario(nodes, ops);
    if (actors != null) {
      scenario = scenario.with(scenario.engine(), actors);
    }
    if (reference != null) {
      scenario = scenario.with(reference);
    }
    List<Measurement> best = new ArrayList<>();
    for (String engine : engines) {
      for (int i = 0; i < warmup; i++) {
        measure(scenario, engine);
      }
      Measurement fastest = null;
      for (int i = 0; i < repeat; i++) {
        Measurement m = measure(scenario, engine);
        if (fastest == null || m.wallSeconds() < fastest.wallSeconds()) {
          fastest = m;
        }
      }
      best.add(fastest);
    }
    return best;
  }

  /** Forgets the heap's peak so far, before a measured run. */
  public static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The heap's peak since {@link #resetPeaks}, bytes. */
  public static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}
