package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.LatencyRecorder;
import io.ringfabric.stats.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a process may ask of its core besides actions: latencies of its own measures and round
 * trips, counted only when they began after the warm-up; and what stops it: a measure name that
 * is not lower-case letters and dashes (or is reserved), a negative sleep or compute, a PUT larger
 * than its buffer.
 */
class ProcessApiTest {
  private static final long WARM_UP = 1_000_000; // 1 us

  /** Runs one process per script on core 0 of node 0 of a two-node line, with a ring that takes 64 KiB elements. */
  private static CustomPrograms.Run run(List<? extends Program> scripts) {
    return run(scripts, false);
  }

  private static CustomPrograms.Run run(List<? extends Program> scripts, boolean endRunOnError) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 1 << 20, Core.BUFFER_BYTES);
    t.warmup = WARM_UP;
    t.endRunOnError = endRunOnError;
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, scripts.size());
    return new CustomPrograms().on(g, (n, k) -> scripts.get(k)).run(t);
  }

  @Test
  void aMarkIsTiedToThePutOrGetChosenInItsCallbackElseToTheLastOneAndIsKeptOnlyWhenTraced() {
    List<Boolean> traced = new ArrayList<>();
    List<Integer> context = new ArrayList<>();
    Script s = Script.of()
        .inline(api -> {
          traced.add(api.traced());
          context.add(api.context());
          api.markAction("before any action");
          api.mark("a moment");
        })
        .raw(api -> {
          api.put(1, 0, new byte[8]);
          api.markAction("chosen");
        })
        .inline(api -> api.markAction("seen"))
        .raw(api -> {
          api.sleep(5);
          api.markAction("after a sleep was chosen");
        });
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 1 << 20, Core.BUFFER_BYTES);
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    BuiltMachine built = BuiltMachine.of(t.build(), new CustomPrograms().on(g, (n, k) -> s));
    TraceLines trace = new TraceLines();
    built.machine().core(0, 0).attachRecorder(trace);
    Simulation.run(built, "reference");
    String op = "0." + context.get(0) + ".1";
    String by = " by " + s.name() + ": ";
    assertEquals(List.of("mark null" + by + "before any action", "mark null" + by + "a moment",
        "mark " + op + by + "chosen", "mark " + op + by + "seen", "mark " + op + by + "after a sleep was chosen"),
        trace.lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList());
    assertEquals(List.of(true), traced);

    traced.clear();
    run(List.of(Script.of().inline(api -> {
      traced.add(api.traced());
      api.mark("nobody keeps this");
    })));
    assertEquals(List.of(false), traced);
  }

  @Test
  void latenciesCountFromTheWarmUpsEndOn() {
    List<String> names = new ArrayList<>();
    List<Long> warmUp = new ArrayList<>();
    Script s = Script.of().sleepUntil(3_000_000).inline(api -> {
      names.add(api.name());
      api.recordLatency("queue-wait", 2_000_000); // a new name, began at the warm-up's end: counted
      api.recordLatency("queue-wait", 2_000_001); // began in the warm-up: not
      api.recordLatency("queue-wait", 1_000_000);
      api.recordLatency("queue-wait", 2_000_000); // a known name, at the warm-up's end: counted
      api.recordLatency("late", 2_000_001); // a new name, not counted, but declared
      api.recordLatency("a-z-za", 10);
      api.recordLatency("za", 10);
      warmUp.add(api.warmupEndPs());
      api.recordRoundTrip(2_000_000);
      api.recordRoundTrip(2_000_001);
    });
    CustomPrograms.Run run = run(List.of(s));
    RunResult r = run.result();
    LatencyRecorder.Summary wait = r.latencyNs().get("queue-wait");
    assertEquals(3, wait.count());
    assertEquals(2_000.0, wait.max());
    assertEquals(1_666.667, wait.mean(), 1e-9); // (2,000 + 1,000 + 2,000) / 3, to the ps
    assertEquals(1, r.latencyNs().get("za").count());
    assertEquals(List.of(WARM_UP), warmUp);
    assertEquals(0, r.latencyNs().get("late").count());
    assertEquals(1, r.latencyNs().get("a-z-za").count());
    assertEquals(1, r.latencyNs().get("roundTrip").count());
    assertEquals(2_000.0, r.latencyNs().get("roundTrip").max());
    assertEquals(run.outcome(0, 0, 0).name(), names.get(0));
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
  }

  @Test
  void aMeasureNameOtherThanLowerCaseLettersAndDashesStopsTheProcess() {
    List<String> bad = List.of("", "Abc", "`x", "{x", "a`", "a{", "aB", "a_b", "message");
    List<Script> scripts = new ArrayList<>();
    for (String name : bad) {
      scripts.add(Script.of().inline(api -> api.recordLatency(name, 5)));
    }
    CustomPrograms.Run run = run(scripts);
    for (int i = 0; i < bad.size(); i++) {
      Core.ProcessOutcome o = run.outcome(0, 0, i);
      assertEquals("FAILED", o.state(), "'" + bad.get(i) + "'");
      // the reserved names in a fixed order: the message is the same on every run
      assertEquals(o.name() + " stopped: recordLatency needs a measure of lower-case letters and dashes other than "
          + "[get, message, put, roundtrip], not '" + bad.get(i) + "'", o.failure());
    }
  }

  @Test
  void aNegativeSleepOrComputeOrAPutLargerThanTheBufferStopsTheProcess() {
    Script zero = Script.of().sleep(0).compute(0).put(1, 0, new byte[Core.BUFFER_BYTES]);
    Script sleep = Script.of().sleep(-1);
    Script compute = Script.of().compute(-2);
    Script big = Script.of().put(1, 0, new byte[Core.BUFFER_BYTES + 1]);
    CustomPrograms.Run run = run(List.of(zero, sleep, compute, big));
    assertEquals("FINISHED", run.outcome(0, 0, 0).state());
    assertEquals(List.of(Status.DONE), zero.log().stream().map(Script.Done::status).toList());
    String[] why = {null, "sleep of a negative time (-1 ps)", "compute of a negative time (-2 ps)",
        "PUT of 65537 bytes, more than its 65536-byte buffer"};
    for (int i = 1; i < 4; i++) {
      Core.ProcessOutcome o = run.outcome(0, 0, i);
      assertEquals("FAILED", o.state());
      assertEquals(o.name() + " stopped: " + why[i], o.failure());
    }
  }

  /** With {@code run.end-on-program-error} a process that fails ends the run; without, the run goes on. */
  @Test
  void aFailedProcessEndsTheRunOnlyWhenAskedTo() {
    for (boolean end : new boolean[] {false, true}) {
      Script failing = Script.of().sleep(-1);
      Script busy = Script.of().sleepUntil(50_000_000).put(1, 0, new byte[8]);
      CustomPrograms.Run run = run(List.of(failing, busy), end);
      Core core = run.machine().core(0, 0);
      assertEquals(end, core.endsRun());
      assertEquals(end ? 0 : 1, busy.log().size(), "the other process's PUT, unless the run ended first");
    }
  }

  /** A core's processes' reads of their status, and its own numbers. */
  @Test
  void aCoreCountsTheStatusReadsOfItsProcesses() {
    Script s = Script.of().put(1, 0, new byte[8]).get(1, 0);
    Script second = Script.of().put(1, 0, new byte[8]);
    CustomPrograms.Run run = run(List.of(s, second));
    Core core = run.machine().core(0, 0);
    assertEquals(0, core.index());
    assertEquals(1, run.machine().core(0, 1).index());
    assertEquals(0, core.node());
    assertTrue(core.polls() > 0, "the process polled for its two statuses");
    assertEquals(core.polls() * 50_000, core.pollPs(), "each read one mmio (50 ns)");
    // each context's process has its 64 KiB buffer, context by context from 0x1000_0000
    assertEquals(0x1000_0000L, run.machine().module(0).context(0).localAddress());
    assertEquals(0x1000_0000L + Core.BUFFER_BYTES, run.machine().module(0).context(1).localAddress());
  }

  /** A context past the buffers that fit below the rings has no buffer: a node has at most 28,672. */
  @Test
  void aContextPastTheLastBufferBelowTheRingsIsRefused() {
    assertEquals(28_672, Core.MAX_CONTEXTS);
    assertEquals(Core.RINGS_AT, Core.BUFFERS_AT + (long) Core.MAX_CONTEXTS * Core.BUFFER_BYTES);
    Core core = run(List.of(Script.of())).machine().core(0, 0);
    core.addProcess("last", Script.of(), 1, Core.MAX_CONTEXTS - 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> core.addProcess("past", Script.of(), 1, Core.MAX_CONTEXTS));
    assertEquals("context 28672 has no buffer below the rings: a node has at most 28672 contexts", e.getMessage());
    assertEquals(2, core.processCount());
  }

  /** An open-loop program's counts add up over the core's processes, 0 included; a closed loop's are -1. */
  @Test
  void aCoreAddsUpItsOpenLoopProcessesCounts() {
    class OpenLoop implements Program {
      final long count;

      OpenLoop(long count) {
        this.count = count;
      }

      @Override
      public void onStart(ProcessApi api) {
        api.finish();
      }

      @Override
      public void onComplete(ProcessApi api, Completion c) {}

      @Override
      public long arrivalsBetween(long fromPs, long toPs) {
        return count;
      }

      @Override
      public long doneAfterWarmup() {
        return count;
      }
    }
    Core none = run(List.of(new OpenLoop(0))).machine().core(0, 0);
    assertEquals(0, none.arrivalsBetween(0, 1));
    assertEquals(0, none.doneAfterWarmup());
    Core some = run(List.of(new OpenLoop(2), Script.of(), new OpenLoop(3))).machine().core(0, 0);
    assertEquals(5, some.arrivalsBetween(0, 1));
    assertEquals(5, some.doneAfterWarmup());
    Core closed = run(List.of(Script.of())).machine().core(0, 0);
    assertEquals(-1, closed.arrivalsBetween(0, 1));
    assertEquals(-1, closed.doneAfterWarmup());
  }

  /** An action counts when its doorbell rings at or after the warm-up's end, not a picosecond before. */
  @Test
  void anActionWhoseDoorbellRingsAtTheWarmUpsEndCounts() {
    Script.Done measured = putAfterWarmUp(0);
    // woken at 10 us, the process stores its 8 bytes (1.6 ns) and writes six registers (50 ns each)
    long doorbell = 10_000_000 + 1_600 + Core.REGISTER_WRITES * 50_000;
    for (long warmup : new long[] {doorbell, doorbell + 1}) {
      Script.Done put = putAfterWarmUp(warmup);
      assertEquals(Status.DONE, put.status());
      assertEquals(measured.seenAt(), put.seenAt(), "the same run but for what it counts");
      assertEquals(measured.latencyPs(), put.latencyPs());
    }
    assertEquals(1, issued(doorbell));
    assertEquals(0, issued(doorbell + 1));
  }

  private static Script.Done putAfterWarmUp(long warmup) {
    Script s = Script.of().sleepUntil(10_000_000).put(1, 0, new byte[8]);
    putRun(warmup, s);
    return s.log().get(0);
  }

  private static long issued(long warmup) {
    return putRun(warmup, Script.of().sleepUntil(10_000_000).put(1, 0, new byte[8])).ops().get("put").issued();
  }

  private static RunResult putRun(long warmup, Script s) {
    TestScenarios t = TestScenarios.of("mesh", 2, 1).ring(NodeSet.all(), 0, 4096, 64);
    t.warmup = warmup;
    int g = t.nextGroup();
    t.custom(NodeSet.of(0), 0, 1);
    return new CustomPrograms().on(g, (n, k) -> s).run(t).result();
  }
}
