package io.ringfabric.model;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.PartLatencies;
import io.ringfabric.workload.PutStreamSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GET/PUT context instances: status and sequence, BUSY doorbells, mapping, protection. */
class ContextTest {

  /** A payload whose bytes say which one it is. */
  static byte[] payload(int size, int tag) {
    byte[] p = new byte[size];
    for (int i = 0; i < size; i++) {
      p[i] = (byte) (tag * 37 + i * 11 + 5);
    }
    return p;
  }

  // ---- status and sequence ----

  @Test
  void aDoorbellStartsAnActionWithTheFieldsTheProcessWrote() {
    Context ctx = new Context(4);
    ctx.begin(Op.GET, 9, 2, 0x4000, 128, 1_000);
    assertEquals(List.of(4, 9, 2, 128), List.of(ctx.index(), ctx.targetNode(), ctx.ring(), ctx.length()));
    assertEquals(Op.GET, ctx.op());
    assertEquals(0x4000, ctx.localAddress());
    assertEquals(1, ctx.sequence());
    assertEquals(Status.BUSY, ctx.status());
    ctx.begin(Op.PUT, 1, 0, 0x8000, 8, 2_000);
    assertEquals(2, ctx.sequence(), "each action its own sequence number");
    assertEquals(0x8000, ctx.localAddress());
  }

  @Test
  void everyContextIsIdleWithSequenceZeroBeforeAnyActionAndMappedInScenarioOrder() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1).contexts(3)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 2, PutStreamSpec.Pattern.FIXED, 1, 0, 64, 1, 0)
        .putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 1, 0, 64, 1, 0);
    BuiltMachine built = BuiltMachine.of(t.build());
    Machine m = built.machine();
    MessagingModule module = m.module(0);
    assertEquals(3, module.contextCount());
    for (int i = 0; i < 3; i++) {
      Context c = module.context(i);
      assertEquals(i, c.index());
      assertEquals(Status.IDLE, c.status());
      assertEquals(0, c.sequence());
      assertEquals(0, c.resultLength());
      assertNull(c.op());
    }
    assertEquals(m.layout().core(0, 2), module.context(0).ownerCore(), "first group, first context");
    assertEquals(0, module.context(0).ownerProcess());
    assertEquals(m.layout().core(0, 1), module.context(1).ownerCore());
    assertEquals(-1, module.context(2).ownerCore(), "the third context stays unmapped");
    assertEquals(-1, m.module(1).context(0).ownerCore(), "node 1 runs no process");
  }

  /** Samples one context's registers every {@code interval} until {@code until}. */
  private static final class Sampler implements Program {
    record Sample(long at, Status status, long sequence, int resultLength, Op op, int target, int ring) {}

    final AtomicReference<Machine> machine;
    final int node;
    final int context;
    final long interval;
    final long until;
    final List<Sample> samples = new ArrayList<>();

    Sampler(AtomicReference<Machine> machine, int node, int context, long interval, long until) {
      this.machine = machine;
      this.node = node;
      this.context = context;
      this.interval = interval;
      this.until = until;
    }

    private void sample(ProcessApi api) {
      Context c = machine.get().module(node).context(context);
      samples.add(new Sample(api.now(), c.status(), c.sequence(), c.resultLength(), c.op(), c.targetNode(), c.ring()));
      if (api.now() >= until) {
        api.finish();
      } else {
        api.sleep(interval);
      }
    }

    @Override
    public void onStart(ProcessApi api) {
      sample(api);
    }

    @Override
    public void onWake(ProcessApi api) {
      sample(api);
    }

    @Override
    public void onComplete(ProcessApi api, Completion completion) {
      throw new AssertionError("the sampler rings no doorbell");
    }
  }

  @Test
  void statusGoesIdleBusyDoneAndToEachErrorWithTheSequenceCountingDoorbells() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1)
        .ring(NodeSet.all(), 0, 4096, 256);
    int actor = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    int observer = t.nextGroup();
    t.custom(NodeSet.of(0), 1, 1);
    byte[] element = payload(64, 1);
    Script script = Script.of()
        .put(2, 0, element)          // DONE
        .get(2, 0)                   // DONE, 64 bytes back
        .get(2, 0)                   // EMPTY
        .put(2, 9, payload(8, 2))    // NO_SUCH_RING
        .put(4, 0, payload(8, 3))    // NO_SUCH_NODE: a 4-node line has nodes 0..3
        .put(2, 0, payload(300, 4)); // TOO_LARGE: max element 256
    AtomicReference<Machine> holder = new AtomicReference<>();
    Sampler sampler = new Sampler(holder, 0, 0, 10_000, 30_000_000);
    CustomPrograms programs = new CustomPrograms()
        .on(actor, (n, k) -> script)
        .on(observer, (n, k) -> sampler);
    BuiltMachine built = BuiltMachine.of(t.build(), programs);
    Machine m = built.machine();
    holder.set(m);
    var r = Simulation.run(built, "reference");

    assertEquals(0, script.context(), "the actor's group comes first, so it has context 0");
    assertEquals(List.of(Status.DONE, Status.DONE, Status.EMPTY, Status.NO_SUCH_RING,
        Status.NO_SUCH_NODE, Status.TOO_LARGE),
        script.log().stream().map(Script.Done::status).collect(Collectors.toList()));
    assertArrayEquals(element, script.log().get(1).data());

    // What the observer saw, one entry per change of (status, sequence).
    List<Sampler.Sample> changes = new ArrayList<>();
    for (Sampler.Sample s : sampler.samples) {
      Sampler.Sample last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
      if (last == null || last.status() != s.status() || last.sequence() != s.sequence()) {
        changes.add(s);
      }
    }
    List<String> settled = changes.stream().filter(s -> s.status() != Status.BUSY)
        .map(s -> s.status() + "/" + s.sequence()).collect(Collectors.toList());
    assertEquals(List.of("IDLE/0", "DONE/1", "DONE/2", "EMPTY/3", "NO_SUCH_RING/4", "NO_SUCH_NODE/5",
        "TOO_LARGE/6"), settled);
    List<Long> busy = changes.stream().filter(s -> s.status() == Status.BUSY)
        .map(Sampler.Sample::sequence).collect(Collectors.toList());
    assertEquals(List.of(1L, 2L, 3L, 4L, 6L), busy,
        "BUSY, with the new sequence, while every action that crosses the fabric is in flight");
    // BUSY always comes right after the previous settled state, with the sequence one higher
    for (int i = 1; i < changes.size(); i++) {
      Sampler.Sample a = changes.get(i - 1);
      Sampler.Sample b = changes.get(i);
      if (b.status() == Status.BUSY) {
        assertTrue(a.status() != Status.BUSY);
        assertEquals(a.sequence() + 1, b.sequence());
      } else if (a.status() == Status.BUSY) {
        assertEquals(a.sequence(), b.sequence(), "an action settles under its own sequence");
      }
    }
    // the registers hold what the process wrote, and result-length what the GET returned
    Sampler.Sample getDone = changes.stream()
        .filter(s -> s.status() == Status.DONE && s.sequence() == 2).findFirst().orElseThrow();
    assertEquals(Op.GET, getDone.op());
    assertEquals(2, getDone.target());
    assertEquals(64, getDone.resultLength());
    Sampler.Sample empty = changes.stream().filter(s -> s.status() == Status.EMPTY).findFirst().orElseThrow();
    assertEquals(0, empty.resultLength());
    Sampler.Sample noRing = changes.stream().filter(s -> s.status() == Status.NO_SUCH_RING).findFirst().orElseThrow();
    assertEquals(Op.PUT, noRing.op());
    assertEquals(9, noRing.ring());
    // a BUSY phase lasts about as long as a round trip: 2 hops there and back is over 1 us
    long firstBusy = sampler.samples.stream().filter(s -> s.status() == Status.BUSY && s.sequence() == 1).count();
    assertTrue(firstBusy * 10_000 >= 1_000_000, "PUT to 2 hops away stays BUSY over 1 us, saw " + firstBusy);

    Context c = m.module(0).context(0);
    assertEquals(Status.TOO_LARGE, c.status());
    assertEquals(6, c.sequence());
    assertEquals(Status.IDLE, m.module(0).context(1).status(), "the observer's own context never moved");
    assertEquals(0, m.module(0).context(1).sequence());
    assertEquals(4, r.ops().get("put").issued());
    assertEquals(1, r.ops().get("put").ok());
    assertEquals(Map.of("NO_SUCH_NODE", 1L, "NO_SUCH_RING", 1L, "TOO_LARGE", 1L), r.ops().get("put").errors());
    assertEquals(2, r.ops().get("get").issued());
    assertEquals(1, r.ops().get("get").ok());
    assertEquals(Map.of("EMPTY", 1L), r.ops().get("get").errors());
  }

  @Test
  void aRunCutShortLeavesTheActionInFlightAndTheContextBusy() {
    // map 2 us, store 12.8 ns, 6 register writes 300 ns: doorbell at 2312.8 ns; a PUT 3 hops away
    // needs about 1.7 us more, so at 3 us it is in flight.
    TestScenarios t = TestScenarios.of("mesh", 4, 1).duration(3_000_000)
        .ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.of(0), 0, PutStreamSpec.Pattern.FIXED, 3, 0, 64, 1, 0);
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    Context c = run.machine().module(0).context(0);
    assertEquals(Status.BUSY, c.status());
    assertEquals(1, c.sequence());
    assertEquals(Op.PUT, c.op());
    assertEquals(3, c.targetNode());
    assertEquals(64, c.length());
    assertEquals("POLLING", run.outcome(0, 0, 0).state());
    assertEquals(1, run.result().processes().unfinished());
    assertEquals(1, run.result().ops().get("put").issued());
    assertEquals(0, run.result().ops().get("put").ok());
    assertEquals(3000.0, run.result().simulatedNs());
  }

  // ---- a doorbell while BUSY ----

  private static Packet putResponse(int sourceNode, int context, long sequence, Status status) {
    return Packet.Header.response(Packet.Type.PUT_RESPONSE, new Packet.ActionId(sourceNode, context, sequence),
        0, status, ElementOrigin.NONE).split(null, 256)[0];
  }

  @Test
  void aDoorbellWhileBusyIsCountedAsBusySendsNothingAndLeavesTheActionInFlightAlone() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    PartLatencies latencies = PartLatencies.attach(m)[0];
    MessagingModule module = m.module(0);
    Layout l = m.layout();
    int core = l.core(0, 0);
    int memory = l.memory(0);
    int sw = l.switchComponent(0);
    assertEquals(0, module.mapFreeContext(core, 0));
    List<Event> out = new ArrayList<>();
    module.attach(out::add);
    module.start();
    assertTrue(out.isEmpty());

    module.deliver(new Event(1_000_000, core, 0, module.id(),
        new MessagingModule.Doorbell(0, Op.PUT, 2, 0, 0x1000, 64)));
    assertEquals(Status.BUSY, module.context(0).status());
    assertEquals(1, module.context(0).sequence());
    assertEquals(1, out.size(), "the payload read");
    Event read = out.get(0);
    assertEquals(MessageKind.PAYLOAD_READ, read.kind());
    assertEquals(memory, read.target());
    assertEquals(1_020_000, read.time(), "after the module's 20 ns of work");
    assertEquals(new Memory.PayloadRead(0, 1, 0x1000, 64), read.message());

    // second doorbell, to another target, while the first is in flight: refused
    module.deliver(new Event(1_005_000, core, 1, module.id(),
        new MessagingModule.Doorbell(0, Op.PUT, 3, 0, 0x1000, 32)));
    assertEquals(1, out.size(), "a BUSY doorbell sends nothing");
    assertEquals(Map.of("BUSY", 1L), module.puts().errorCounts());
    assertEquals(2, module.puts().issued());
    assertEquals(1, module.context(0).sequence(), "a refused doorbell does not count as an action");
    assertEquals(2, module.context(0).targetNode(), "nor change the registers of the action in flight");
    assertEquals(64, module.context(0).length());

    byte[] data = payload(64, 9);
    module.deliver(new Event(1_100_000, memory, 0, module.id(), new MessagingModule.PayloadReady(0, 1, data)));
    assertEquals(3, out.size(), "the timeout check and the request");
    Event request = out.get(2);
    assertEquals(MessageKind.TIMEOUT_CHECK, out.get(1).kind());
    assertEquals(1_120_000 + 100_000_000, out.get(1).time(), "the time limit runs from the request leaving");
    assertEquals(MessageKind.PACKET_ARRIVAL, request.kind());
    assertEquals(sw, request.target());
    assertEquals(1_120_000, request.time(), "cut-through: the head reaches the switch at once");
    Packet p = ((Switch.PacketArrival) request.message()).packet();
    assertEquals(Packet.Type.PUT_REQUEST, p.type());
    assertEquals(2, p.targetNode());
    assertEquals(1, p.sequence());
    assertArrayEquals(data, p.chunk());
    assertEquals(1_120_000 + 3 * 100_000_000L, p.giveUpAt(), "the last deadline: two retries after the first");

    // a GET doorbell on the same busy context: refused too, counted under GET
    module.deliver(new Event(1_200_000, core, 2, module.id(),
        new MessagingModule.Doorbell(0, Op.GET, 2, 0, 0x1000, 0)));
    assertEquals(3, out.size());
    assertEquals(Map.of("BUSY", 1L), module.gets().errorCounts());
    assertEquals(Op.PUT, module.context(0).op());

    // the first action completes normally
    module.deliver(new Event(2_000_000, sw, 0, module.id(),
        new MessagingModule.PacketDelivered(putResponse(0, 0, 1, Status.DONE))));
    assertEquals(4, out.size());
    Event completion = out.get(3);
    assertEquals(MessageKind.COMPLETION, completion.kind());
    assertEquals(core, completion.target());
    assertEquals(2_020_000, completion.time());
    Core.Completion cc = (Core.Completion) completion.message();
    assertEquals(Status.DONE, cc.status());
    assertEquals(1, cc.sequence());
    assertEquals(Status.DONE, module.context(0).status());
    assertEquals(1, module.puts().ok());
    assertEquals(1, latencies.put().count());
    assertEquals(1020.0, latencies.put().summary().max(), "doorbell at 1000 ns, DONE at 2020 ns");

    // a duplicate response is late and ignored
    module.deliver(new Event(2_100_000, sw, 1, module.id(),
        new MessagingModule.PacketDelivered(putResponse(0, 0, 1, Status.DONE))));
    assertEquals(4, out.size());
    assertEquals(1, module.lateResponses());

    // once settled, the next doorbell is accepted with the next sequence
    module.deliver(new Event(3_000_000, core, 3, module.id(),
        new MessagingModule.Doorbell(0, Op.PUT, 1, 0, 0x1000, 16)));
    assertEquals(Status.BUSY, module.context(0).status());
    assertEquals(2, module.context(0).sequence());
    assertEquals(new Memory.PayloadRead(0, 2, 0x1000, 16), out.get(4).message());
    assertEquals(3, module.puts().issued(), "two accepted PUTs and the refused one");
    assertEquals(1, out.stream().filter(e -> e.kind() == MessageKind.PACKET_ARRIVAL).count(),
        "one request in all: none for either refused doorbell");
  }

  /**
   * A process rings its doorbell only from a callback, and a callback runs only once its action
   * in flight, if any, has completed: so no process's doorbell ever finds its context BUSY (which
   * would leave it waiting for ever for a completion the module never sends). Checked where the
   * callbacks are likeliest to overlap: completions by interrupt and by poll, several processes
   * on a core, lost packets with retries and confirmations, waits for arrivals whose limit and
   * arrival coincide, and ping-pong balls PUT again after a TIMEOUT.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "completion = {0}, seed {1}")
  @org.junit.jupiter.params.provider.CsvSource({"interrupt, 1", "interrupt, 2", "poll, 1", "poll, 2"})
  void noDoorbellOfAProcessEverFindsItsContextBusy(String completion, int seed) {
    String hocon = """
        ringfabric {
          seed = %d
          topology { kind = torus, dims = [3, 3] }
          fabric.faults = [ { links = all, drop-rate = 5e-2 } ]
          module { timeout = 2us, retries = 1 }
          defaults.group.completion = %s
          rings = [ { id = 0, capacity = 2KiB, notify = true }, { id = 1 } ]
          workload.processes = [
            { program = get-stream, core = 0, count = 2, source { node = self, ring = 0 }, wait = notification, empty-backoff = 300ns }
            { program = get-stream, nodes = [4], core = 1, source { node = 0, ring = 0 } }
            { program = put-stream, core = 2, count = 3, target { pattern = uniform, ring = 0 }, size = 64, ops = 60 }
            { program = ping-pong, nodes = [2, 6], core = 3, ring = 1, ops = 20 }
          ]
        }
        """.formatted(seed, completion);
    BuiltMachine built = BuiltMachine.of(io.ringfabric.config.ScenarioLoader.parse(hocon, "t.conf", List.of()));
    var r = Simulation.run(built, "reference");
    assertTrue(r.ops().get("put").errors().getOrDefault("TIMEOUT", 0L) > 0, "packets were lost");
    assertEquals(0L, r.ops().get("put").errors().getOrDefault("BUSY", 0L));
    assertEquals(0L, r.ops().get("get").errors().getOrDefault("BUSY", 0L));
    assertEquals(0, r.processes().unfinished(), "every process finished");
    assertEquals(List.of(), r.processes().failures());
  }

  /** The DONE actions a module samples over time, added up: how many, or their bytes. */
  private static long total(SharedSamples series) {
    long sum = 0;
    for (long v : series.upTo(10_000_000, series.intervalPs())) {
      sum += v;
    }
    return sum;
  }

  /**
   * What node 0's initiator records of a PUT answered DONE, a GET refused BUSY meanwhile, and a
   * second PUT answered FULL; only the DONE one is sampled as done, with its 64 bytes.
   */
  @Test
  void anInitiatorRecordsEachActionsDoorbellRequestResponseAndCompletion() {
    Machine m = BuiltMachine.of(TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 4096, 256).build()).machine();
    MessagingModule module = m.module(0);
    Layout l = m.layout();
    int core = l.core(0, 0);
    int sw = l.switchComponent(0);
    assertEquals(0, module.mapFreeContext(core, 0));
    module.attach(e -> { });
    TraceLines trace = new TraceLines();
    module.attachRecorder(trace);
    module.start();
    module.deliver(new Event(1_000_000, core, 0, module.id(), new MessagingModule.Doorbell(0, Op.PUT, 2, 0, 0x1000, 64)));
    module.deliver(new Event(1_005_000, core, 1, module.id(), new MessagingModule.Doorbell(0, Op.GET, 3, 1, 0x1000, 0)));
    module.deliver(new Event(1_100_000, l.memory(0), 0, module.id(), new MessagingModule.PayloadReady(0, 1, new byte[64])));
    module.deliver(new Event(2_000_000, sw, 0, module.id(), new MessagingModule.PacketDelivered(putResponse(0, 0, 1, Status.DONE))));
    module.deliver(new Event(3_000_000, core, 2, module.id(), new MessagingModule.Doorbell(0, Op.PUT, 1, 0, 0x1000, 16)));
    module.deliver(new Event(3_100_000, l.memory(0), 1, module.id(), new MessagingModule.PayloadReady(0, 2, new byte[16])));
    module.deliver(new Event(4_000_000, sw, 1, module.id(), new MessagingModule.PacketDelivered(putResponse(0, 0, 2, Status.FULL))));
    assertEquals(List.of(
        "1000.0 doorbell 0.0.1 from " + core + ", 64 B: put 64 B to node 2 ring 0",
        "1005.0 doorbell null from " + core + ", 0 B, refused BUSY: get from node 3 ring 1",
        "1120.0 request 0.0.1 to " + l.module(2) + ", 64 B, attempt 1",
        "2000.0 response 0.0.1 from " + l.module(2) + ", 0 B DONE",
        "2020.0 completed 0.0.1 DONE, 64 B, 1020.0 ns after its doorbell: put 64 B to node 2 ring 0",
        "3000.0 doorbell 0.0.2 from " + core + ", 16 B: put 16 B to node 1 ring 0",
        "3120.0 request 0.0.2 to " + l.module(1) + ", 16 B, attempt 1",
        "4000.0 response 0.0.2 from " + l.module(1) + ", 0 B FULL",
        "4020.0 completed 0.0.2 FULL, 16 B, 1020.0 ns after its doorbell: put 16 B to node 1 ring 0"),
        trace.lines.stream().filter(s -> !s.contains(" sent ") && !s.contains(" received ")).toList());
    assertEquals(1, total(module.putsDone()));
    assertEquals(64, total(module.bytesDone()), "the DONE PUT's bytes, not the FULL one's");
  }

  @Test
  void inAWholeMachineTheBusyDoorbellsSendNothingAndBothAcceptedPutsLandOnce() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 4096, 256).build());
    Machine m = built.machine();
    Layout l = m.layout();
    int core = l.core(0, 0);
    int module = l.module(0);
    assertEquals(0, m.module(0).mapFreeContext(core, 0));
    EventHarness h = new EventHarness(m, core);
    byte[] data = payload(100, 3);
    long buffer = 0x4000;
    h.queue.add(new Event(0, core, 0, l.memory(0), new Memory.BufferStore(buffer, data)));
    h.queue.add(new Event(100_000, core, 1, module, new MessagingModule.Doorbell(0, Op.PUT, 2, 0, buffer, 100)));
    h.queue.add(new Event(150_000, core, 2, module, new MessagingModule.Doorbell(0, Op.PUT, 2, 0, buffer, 100)));
    h.queue.add(new Event(600_000, core, 3, module, new MessagingModule.Doorbell(0, Op.GET, 2, 0, buffer, 100)));
    h.queue.add(new Event(10_000_000, core, 4, module, new MessagingModule.Doorbell(0, Op.PUT, 2, 0, buffer, 100)));
    h.runToEnd();

    MessagingModule mm = m.module(0);
    assertEquals(3, mm.puts().issued());
    assertEquals(2, mm.puts().ok());
    assertEquals(Map.of("BUSY", 1L), mm.puts().errorCounts());
    assertEquals(1, mm.gets().issued());
    assertEquals(Map.of("BUSY", 1L), mm.gets().errorCounts());
    assertEquals(0, mm.gets().ok());
    assertEquals(2, mm.context(0).sequence());
    assertEquals(Status.DONE, mm.context(0).status());
    long requests = h.posted.stream()
        .filter(e -> e.source() == module && e.kind() == MessageKind.PACKET_ARRIVAL).count();
    assertEquals(2, requests, "one request per accepted doorbell");
    long firstWindow = h.posted.stream().filter(e -> e.source() == module
        && e.kind() == MessageKind.PACKET_ARRIVAL && e.time() < 10_000_000).count();
    assertEquals(1, firstWindow);
    assertEquals(2, m.module(2).servedPuts());
    List<byte[]> ring = m.memory(2).rings().get(0).snapshot();
    assertEquals(2, ring.size());
    assertArrayEquals(data, ring.get(0));
    assertArrayEquals(data, ring.get(1));
    List<Core.Completion> completions = h.keptEvents.stream()
        .filter(e -> e.kind() == MessageKind.COMPLETION)
        .map(e -> (Core.Completion) e.message()).collect(Collectors.toList());
    assertEquals(2, completions.size());
    assertEquals(1, completions.get(0).sequence());
    assertEquals(Status.DONE, completions.get(0).status());
    assertEquals(2, completions.get(1).sequence());
    assertEquals(Status.DONE, completions.get(1).status());
    assertTrue(h.keptEvents.stream().allMatch(e -> e.kind() == MessageKind.COMPLETION));
  }

  // ---- protection and process failures ----

  @Test
  void touchingAnotherContextFaultsOnlyThatProcessAndTheOthersFinishWithTheirPutsLanded() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1)
        .ring(NodeSet.all(), 0, 4096, 256);
    int group = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 3);
    t.putStream(NodeSet.of(0), 1, PutStreamSpec.Pattern.FIXED, 1, 0, 64, 5, 0);
    AtomicBoolean ranOn = new AtomicBoolean();
    List<Script> scripts = new ArrayList<>();
    CustomPrograms programs = new CustomPrograms().on(group, (n, k) -> {
      Script s = Script.of();
      if (k == 1) {
        s.inline(api -> api.touchContext(api.context())) // its own: allowed
            .raw(api -> {
              api.touchContext(0); // context 0 is #0's
              ranOn.set(true);
              api.finish();
            });
      } else {
        for (int i = 0; i < 5; i++) {
          s.put(1, 0, payload(64, k * 10 + i));
        }
      }
      scripts.add(s);
      return s;
    });
    CustomPrograms.Run run = programs.run(t);

    Core.ProcessOutcome faulted = run.outcome(0, 0, 1);
    assertEquals("FAULTED", faulted.state());
    assertTrue(faulted.failure().contains("node 0 core 0 custom[0]#1"), faulted.failure());
    assertTrue(faulted.failure().contains("PROTECTION_FAULT"), faulted.failure());
    assertTrue(faulted.failure().contains("context 0"), faulted.failure());
    assertFalse(ranOn.get(), "a faulting access does not return to the program");
    // The core maps #0, #1, #2 first (2 us each, first come first served), then runs #0's start
    // (payload store 12.8 ns + 6 register writes 300 ns + its first poll 50 ns), then #1's.
    assertEquals(6_362_800, faulted.endedAt(), "#1 faults as soon as it first runs");
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
    assertEquals("FINISHED", run.outcome(0, 0, 2).state());
    assertEquals("FINISHED", run.outcome(0, 1, 0).state());
    assertNull(run.outcome(0, 0, 0).failure());

    var p = run.result().processes();
    assertEquals(4, p.total());
    assertEquals(3, p.finished());
    assertEquals(1, p.faulted());
    assertEquals(0, p.failed());
    assertEquals(List.of(faulted.failure()), p.failures());

    MessagingModule module = run.machine().module(0);
    assertEquals(Status.DONE, module.context(0).status(), "the touched context is unharmed");
    assertEquals(5, module.context(0).sequence());
    assertEquals(Status.IDLE, module.context(1).status());
    assertEquals(0, module.context(1).sequence());
    assertEquals(15, run.result().ops().get("put").ok());
    assertEquals(Map.of(), run.result().ops().get("put").errors());
    List<byte[]> stored = run.ring(1, 0).snapshot();
    assertEquals(15, stored.size());
    for (int k : new int[] {0, 2}) {
      List<byte[]> mine = new ArrayList<>();
      for (byte[] e : stored) {
        for (int i = 0; i < 5; i++) {
          if (Arrays.equals(e, payload(64, k * 10 + i))) {
            mine.add(e);
          }
        }
      }
      assertEquals(5, mine.size(), "process #" + k);
      for (int i = 0; i < 5; i++) {
        assertArrayEquals(payload(64, k * 10 + i), mine.get(i), "process #" + k + " element " + i + " in order");
      }
    }
  }

  @Test
  void touchingAContextThatDoesNotExistIsAProtectionFaultToo() {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).contexts(4).ring(NodeSet.all(), 0, 4096, 256);
    int group = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    CustomPrograms.Run run = new CustomPrograms()
        .on(group, (n, k) -> Script.of().raw(api -> {
          api.touchContext(4);
          api.finish();
        })).run(t);
    assertEquals("FAULTED", run.outcome(0, 0, 0).state());
    assertTrue(run.outcome(0, 0, 0).failure().contains("PROTECTION_FAULT"));
    assertEquals(1, run.result().processes().faulted());
  }

  @Test
  void misbehavingProgramsFailWithAMessageNamingTheProcessAndTheOthersCarryOn() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1).ring(NodeSet.all(), 0, 4096, 256);
    int group = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 6);
    CustomPrograms programs = new CustomPrograms().on(group, (n, k) -> switch (k) {
      case 0 -> Script.of().raw(api -> { }); // chooses nothing
      case 1 -> Script.of().raw(api -> api.sleep(-5));
      case 2 -> Script.of().raw(api -> {
        api.sleep(10);
        api.sleep(20);
      });
      case 3 -> Script.of().raw(api -> {
        throw new IllegalStateException("boom");
      });
      case 4 -> Script.of().put(1, 0, new byte[Core.BUFFER_BYTES + 1]);
      default -> Script.of().put(1, 0, payload(64, 1)).compute(1_000).put(1, 0, payload(64, 2));
    });
    CustomPrograms.Run run = programs.run(t);
    String[] expected = {"returned without choosing", "negative time (-5 ps)", "chose two next actions",
        "boom", "PUT of 65537 bytes, more than its 65536-byte buffer"};
    for (int k = 0; k < 5; k++) {
      Core.ProcessOutcome o = run.outcome(0, 0, k);
      assertEquals("FAILED", o.state(), "process #" + k);
      assertTrue(o.failure().startsWith("node 0 core 0 custom[0]#" + k + " stopped"), o.failure());
      assertTrue(o.failure().contains(expected[k]), o.failure());
    }
    assertEquals("FINISHED", run.outcome(0, 0, 5).state());
    assertEquals(5, run.result().processes().failed());
    assertEquals(5, run.result().processes().failures().size());
    assertEquals(2, run.result().ops().get("put").issued(), "the oversized PUT rang no doorbell");
    assertEquals(2, run.result().ops().get("put").ok());
    List<byte[]> stored = run.ring(1, 0).snapshot();
    assertEquals(2, stored.size());
    assertArrayEquals(payload(64, 1), stored.get(0));
    assertArrayEquals(payload(64, 2), stored.get(1));
  }

  @Test
  void whenEveryContextIsMappedTheNextProcessFailsToStartAndTheOthersRun() {
    TestScenarios t = TestScenarios.of("mesh", 4, 1).contexts(2).ring(NodeSet.all(), 0, 4096, 256);
    int first = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    t.custom(NodeSet.of(0), 1, 1);
    t.custom(NodeSet.of(0), 2, 1);
    t.custom(NodeSet.of(1), 0, 1); // another node has contexts of its own
    List<Script> scripts = new ArrayList<>();
    CustomPrograms programs = new CustomPrograms();
    for (int g = first; g < first + 4; g++) {
      int tag = g;
      programs.on(g, (n, k) -> {
        Script s = Script.of().put(2, 0, payload(40, tag * 10)).put(2, 0, payload(40, tag * 10 + 1));
        scripts.add(s);
        return s;
      });
    }
    CustomPrograms.Run run = programs.run(t);
    Core.ProcessOutcome third = run.outcome(0, 2, 0);
    assertEquals("FAILED", third.state());
    assertTrue(third.failure().contains("node 0 core 2 custom[" + (first + 2) + "]#0"), third.failure());
    assertTrue(third.failure().contains("every context of node 0's module is mapped"), third.failure());
    assertFalse(scripts.get(2).started(), "it never ran");
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
    assertEquals("FINISHED", run.outcome(0, 1, 0).state());
    assertEquals("FINISHED", run.outcome(1, 0, 0).state());
    var p = run.result().processes();
    assertEquals(4, p.total());
    assertEquals(1, p.failed());
    assertEquals(3, p.finished());
    assertEquals(List.of(third.failure()), p.failures());
    assertEquals(6, run.result().ops().get("put").ok());
    assertEquals(6, run.ring(2, 0).elements());
    assertEquals(6 * 40, run.ring(2, 0).payloadBytes());
  }
}
