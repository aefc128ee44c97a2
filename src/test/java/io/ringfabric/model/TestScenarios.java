package io.ringfabric.model;

import io.ringfabric.config.ProcessGroupSpec;
import io.ringfabric.config.RingSpec;
import io.ringfabric.config.Scenario;
import io.ringfabric.topology.TopologySpec;
import io.ringfabric.workload.GetStreamSpec;
import io.ringfabric.workload.PingPongSpec;
import io.ringfabric.workload.ProgramSpec;
import io.ringfabric.workload.PutStreamSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Scenarios built in code, so model tests need no config files. Defaults match reference.conf. */
public final class TestScenarios {
  long seed = 1;
  long durationPs = 10_000_000_000L;
  TopologySpec topology = new TopologySpec("torus", List.of(4, 4));
  int cores = 4;
  int contexts = 64;
  long bandwidth = 10_000_000_000L;
  long linkLatency = 20_000;
  long switchLatency = 160_000;
  int mtu = 256;
  int header = 16;
  Switching switching = Switching.CUT_THROUGH;
  FlowControl flowControl = FlowControl.NONE; // the model tests' figures were worked out for ideal queues
  int vcs = 2;
  int vcBuffer = 2048;
  boolean separateClasses = true;
  boolean datelines = true;
  long deadlockTimeout = FabricSpec.DEADLOCK_TIMEOUT_PS;
  int packetOverhead = 0; // the model tests' figures were worked out without it
  long vcTurnaround = 0;
  int inputSpeedup = 1;
  int runAhead = Scenario.ReferenceSpec.defaults().runAhead();
  SwitchAllocator switchAllocator = SwitchAllocator.MAXIMAL;
  String routing = "auto";
  int confirmations = -1; // auto
  List<FaultPlan.LinkFault> faults = List.of();
  long mmio = 50_000;
  long memoryLatency = 60_000;
  long memoryBandwidth = 40_000_000_000L;
  long moduleLatency = 20_000;
  long contextMap = 2_000_000;
  long pollInterval = 0;
  long timeout = 100_000_000;
  int retries = 2;
  long warmup = 0;
  Sampling sampling = Sampling.automatic();
  boolean endRunOnError = false;
  boolean holdWhenFull = false;
  boolean directLocalPath = false;
  long holdLimit = 2_000_000;
  final List<RingSpec> rings = new ArrayList<>();
  final List<ProcessGroupSpec> groups = new ArrayList<>();

  /** A {@code topology.file}: six node switches in a ring and a seventh, of no node, across it from 0 to 3. */
  public static final String RING_AND_RELAY = """
      # a ring of six with a relay between 0 and 3
      nodes 6
      link 0 1
      link 1 2
      link 2 3
      link 3 4
      link 4 5
      link 5 0
      link 0 6   # the relay
      link 6 3
      """;

  public static TestScenarios torus(int x, int y) {
    TestScenarios t = new TestScenarios();
    t.topology = new TopologySpec("torus", List.of(x, y));
    return t;
  }

  public static TestScenarios of(String kind, Integer... dims) {
    TestScenarios t = new TestScenarios();
    t.topology = new TopologySpec(kind, List.of(dims));
    return t;
  }

  public TestScenarios topology(TopologySpec spec) {
    topology = spec;
    return this;
  }

  public TopologySpec topology() {
    return topology;
  }

  /** {@code fabric.routing}. */
  public TestScenarios routing(String kind) {
    routing = kind;
    return this;
  }

  public String routing() {
    return routing;
  }

  /** {@code fabric.faults}. */
  public TestScenarios faults(FaultPlan.LinkFault... f) {
    faults = List.of(f);
    return this;
  }

  public TestScenarios inputSpeedup(int packets) {
    inputSpeedup = packets;
    return this;
  }

  /** {@code fabric.switch-allocator}. */
  public TestScenarios switchAllocator(SwitchAllocator a) {
    switchAllocator = a;
    return this;
  }

  public TestScenarios seed(long s) {
    seed = s;
    return this;
  }

  public TestScenarios cores(int c) {
    cores = c;
    return this;
  }

  public TestScenarios contexts(int c) {
    contexts = c;
    return this;
  }

  public TestScenarios switching(Switching s) {
    switching = s;
    return this;
  }

  /** Credit flow control with {@code vcs} virtual channels of {@code bytes} per message class. */
  public TestScenarios credits(int vcs, int bytes) {
    this.flowControl = FlowControl.CREDIT;
    this.vcs = vcs;
    this.vcBuffer = bytes;
    return this;
  }

  public TestScenarios timeout(long ps, int retries) {
    this.timeout = ps;
    this.retries = retries;
    return this;
  }

  public TestScenarios duration(long ps) {
    durationPs = ps;
    return this;
  }

  public TestScenarios mtu(int m) {
    mtu = m;
    return this;
  }

  public TestScenarios ring(NodeSet nodes, int id, int capacity, int maxElement) {
    rings.add(new RingSpec(nodes, id, capacity, maxElement, 8, NodeSet.all(), NodeSet.all(), false));
    return this;
  }

  public TestScenarios ring(RingSpec spec) {
    rings.add(spec);
    return this;
  }

  public TestScenarios group(String program, NodeSet nodes, int core, int count, ProgramSpec spec) {
    groups.add(new ProcessGroupSpec(groups.size(), program, nodes, core, count, spec));
    return this;
  }

  public TestScenarios putStream(NodeSet nodes, int core, PutStreamSpec.Pattern pattern, int fixed,
      int ring, int size, long ops, long think) {
    return group("put-stream", nodes, core, 1, new PutStreamSpec(pattern, fixed, ring, size, ops, think));
  }

  public TestScenarios getStream(NodeSet nodes, int core, int source, int ring, long ops, int idle,
      long backoff) {
    return group("get-stream", nodes, core, 1, new GetStreamSpec(source, ring, ops, idle, backoff, 0));
  }

  public TestScenarios pingPong(int a, int b, int ring, int size, long ops) {
    return group("ping-pong", NodeSet.of(a, b), 0, 1, new PingPongSpec(ring, size, ops, 100_000));
  }

  // ---- added for the model tests: every timing knob, custom programs, access lists ----

  /** Placeholder spec of a {@code custom} group: its programs come from a {@link CustomPrograms}. */
  public static final ProgramSpec CUSTOM = new ProgramSpec() {
    @Override
    public String toString() {
      return "custom";
    }
  };

  public TestScenarios bandwidth(long bitsPerSecond) {
    bandwidth = bitsPerSecond;
    return this;
  }

  public TestScenarios linkLatency(long ps) {
    linkLatency = ps;
    return this;
  }

  public TestScenarios switchLatency(long ps) {
    switchLatency = ps;
    return this;
  }

  public TestScenarios header(int bytes) {
    header = bytes;
    return this;
  }

  public TestScenarios mmio(long ps) {
    mmio = ps;
    return this;
  }

  public TestScenarios memoryLatency(long ps) {
    memoryLatency = ps;
    return this;
  }

  public TestScenarios memoryBandwidth(long bitsPerSecond) {
    memoryBandwidth = bitsPerSecond;
    return this;
  }

  public TestScenarios moduleLatency(long ps) {
    moduleLatency = ps;
    return this;
  }

  public TestScenarios contextMap(long ps) {
    contextMap = ps;
    return this;
  }

  public TestScenarios pollInterval(long ps) {
    pollInterval = ps;
    return this;
  }

  /** A ring with its own access lists (alignment 8, no notification). */
  public TestScenarios ring(NodeSet nodes, int id, int capacity, int maxElement, NodeSet putAccess,
      NodeSet getAccess) {
    rings.add(new RingSpec(nodes, id, capacity, maxElement, 8, putAccess, getAccess, false));
    return this;
  }

  /**
   * {@code count} processes on {@code core} of each of {@code nodes} whose programs a
   * {@link CustomPrograms} supplies; the group's index is the number of groups added before it.
   */
  public TestScenarios custom(NodeSet nodes, int core, int count) {
    return group("custom", nodes, core, count, CUSTOM);
  }

  /** Index the next group added will get. */
  public int nextGroup() {
    return groups.size();
  }

  public Scenario build() {
    return new Scenario("(test)", seed, "reference", durationPs, topology,
        new NodeSpec(cores, contexts),
        new FabricSpec(bandwidth, linkLatency, switchLatency, mtu, header, switching, flowControl, vcs, vcBuffer,
            separateClasses, datelines, deadlockTimeout, packetOverhead, vcTurnaround, inputSpeedup, switchAllocator,
            routing, new FaultPlan(seed, faults)),
        new TimingSpec(mmio, memoryLatency, memoryBandwidth, moduleLatency, contextMap, pollInterval),
        new ModuleSpec(timeout, retries, holdWhenFull, holdLimit, directLocalPath,
            confirmations >= 0 ? confirmations : faults.isEmpty() ? 0 : ModuleSpec.AUTO_CONFIRMATIONS), rings, groups, Scenario.ActorSpec.defaults(), new Scenario.ReferenceSpec(runAhead), warmup, sampling, endRunOnError,
        MachineSpec.MOST_EVENTS_AT_ONE_INSTANT, new TreeMap<>());
  }
}
