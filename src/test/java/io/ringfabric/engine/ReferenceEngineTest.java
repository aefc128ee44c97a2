package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.model.Component;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Message;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.run.Bench;
import io.ringfabric.run.Simulation;
import io.ringfabric.stats.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reference engine lets a part run a lookahead past the parts it shares links with. Whatever
 * its run-ahead, the results are the same to the byte; a component that sends another node
 * something sooner than that least delay between nodes, which could land where that part has
 * already gone, ends the run naming itself instead of being handled out of order; and of two
 * components that fail, the run ends with the earlier failure, whichever part the sweep took first.
 */
class ReferenceEngineTest {
  @ParameterizedTest(name = "run-ahead {0}")
  @ValueSource(ints = {1, 4})
  void aSendToAnotherNodeSoonerThanTheLookaheadEndsTheRunNamingTheComponent(int runAhead) {
    Machine m = BuiltMachine.of(TestScenarios.torus(2, 2).cores(2).build()).machine();
    int module = m.module(0).id();
    Component[] components = m.components().clone();
    components[module] = new ComponentActorTest.Hasty(module, "node 0 module", m.module(1).id());
    ModelFailure failure = assertThrows(ModelFailure.class,
        () -> ReferenceEngine.run(m, components, 1_000_000, runAhead));
    long lookahead = m.leastDelays().betweenNodes();
    assertEquals("node 0 module failed at 1000 ps handling DOORBELL (from component " + module
        + ", sequence 0): java.lang.IllegalStateException: sent DOORBELL to part 1 at 1001 ps, 1 ps"
        + " after the event it handled: sooner than the " + lookahead
        + " ps between nodes that the engines rely on (LeastDelays)", failure.getMessage());
  }

  /** A stand-in that throws when its one event, posted to itself at the start, comes at {@code atPs}. */
  static final class FailsAt extends Component {
    static final Message DOORBELL = () -> MessageKind.DOORBELL;
    private final long atPs;

    FailsAt(int id, String name, long atPs) {
      super(id, name);
      this.atPs = atPs;
    }

    @Override
    protected void onStart() {
      send(id(), atPs, DOORBELL);
    }

    @Override
    protected void handle(Event event) {
      throw new IllegalStateException("planted");
    }
  }

  /**
   * Node 0's module fails at 5 ns and node 15's at 1 ns, of a 4x4 torus: a sweep takes node 0
   * first, and window by window both failures fall in the first window, yet the run ends with node
   * 15's, the earlier, at any run-ahead.
   */
  @ParameterizedTest(name = "run-ahead {0}")
  @ValueSource(ints = {1, 8})
  void ofTwoFailuresTheRunEndsWithTheEarlierWhicheverPartWasTakenFirst(int runAhead) {
    Machine m = BuiltMachine.of(TestScenarios.torus(4, 4).build()).machine();
    Component[] components = m.components().clone();
    int first = m.module(0).id();
    int last = m.module(15).id();
    components[first] = new FailsAt(first, "node 0 module", 5_000);
    components[last] = new FailsAt(last, "node 15 module", 1_000);
    ModelFailure failure = assertThrows(ModelFailure.class,
        () -> ReferenceEngine.run(m, components, 1_000_000_000, runAhead));
    assertEquals("node 15 module failed at 1000 ps handling DOORBELL (from component " + last
        + ", sequence 0): java.lang.IllegalStateException: planted", failure.getMessage());
  }

  /** A stand-in that handles an event of its own every 10 ns from 10 ns on, and keeps the time of the last. */
  static final class Ticker extends Component {
    static final Message TICK = () -> MessageKind.DOORBELL;
    long last = -1;

    Ticker(int id, String name) {
      super(id, name);
    }

    @Override
    protected void onStart() {
      send(id(), 10_000, TICK);
    }

    @Override
    protected void handle(Event event) {
      last = event.time();
      send(id(), 10_000, TICK);
    }
  }

  /**
   * On a ring of two, node 1's module fails at 50 ns while a sweep of 4 lookaheads (180 ns each)
   * from 10 ns is taking node 0 to 730 ns, node 1 first as far as that needs: node 0 goes no
   * further than the failure, its last event at 50 ns (it went on to 720 ns when the sweep did not
   * look at the failure again after taking node 1).
   */
  @Test
  void afterAFailureNoPartGoesPastItsTime() {
    Machine m = BuiltMachine.of(TestScenarios.of("ring", 2).build()).machine();
    Component[] components = m.components().clone();
    int ticker = m.module(0).id();
    int failing = m.module(1).id();
    Ticker t = new Ticker(ticker, "node 0 module");
    components[ticker] = t;
    components[failing] = new FailsAt(failing, "node 1 module", 50_000);
    ModelFailure failure = assertThrows(ModelFailure.class,
        () -> ReferenceEngine.run(m, components, 1_000_000_000, 4));
    assertTrue(failure.getMessage().startsWith("node 1 module failed at 50000 ps"), failure.getMessage());
    assertEquals(50_000, t.last);
  }

  /**
   * A send to a part that shares no link with the sender's, however late, ends the run naming the
   * component: the sweep lets a part go as far as its linked parts allow, so an event from any
   * other could land where it has already gone.
   */
  @Test
  void aSendToAPartThatSharesNoLinkEndsTheRunNamingTheComponent() {
    Machine m = BuiltMachine.of(TestScenarios.torus(4, 4).build()).machine();
    Component[] components = m.components().clone();
    int module = m.module(0).id();
    components[module] = new ComponentActorTest.Hasty(module, "node 0 module", m.module(10).id(),
        10 * m.leastDelays().betweenNodes());
    ModelFailure failure = assertThrows(ModelFailure.class,
        () -> ReferenceEngine.run(m, components, 1_000_000_000, 4));
    assertEquals("node 0 module failed at 1000 ps handling DOORBELL (from component " + module
        + ", sequence 0): java.lang.IllegalStateException: sent DOORBELL to part 10, which shares no"
        + " link with part 0: only packets and their credits cross between parts, one link at a time"
        + " (Share.linkedParts)", failure.getMessage());
  }

  /**
   * Every other generated scenario (each topology kind, routing, credits, faults, every program)
   * and the bench's 16x16 torus give the same results.json and fingerprint window by window (a
   * run-ahead of 1), at the default and at the most.
   */
  @Test
  void everyRunAheadGivesTheSameResults() {
    List<Scenario> scenarios = new java.util.ArrayList<>();
    List<EngineEquivalenceTest.Case> cases = EngineEquivalenceTest.scenarios().toList();
    for (int i = 0; i < cases.size(); i += 2) {
      scenarios.add(cases.get(i).scenario());
    }
    scenarios.add(Bench.scenario(256, 10));
    for (Scenario s : scenarios) {
      RunResult inStep = run(s, 1);
      assertTrue(inStep.events() > 0);
      for (int runAhead : new int[] {Scenario.ReferenceSpec.defaults().runAhead(), 64}) {
        RunResult ahead = run(s, runAhead);
        assertEquals(inStep.fingerprint(), ahead.fingerprint(), s.topology() + ", run-ahead " + runAhead);
        assertEquals(EngineEquivalenceTest.comparable(inStep), EngineEquivalenceTest.comparable(ahead));
      }
    }
  }

  /** The engine's one thread's CPU time comes with the run, for bench --series --cpu-time: at most its wall time. */
  @Test
  void theRunTellsItsThreadsCpuTime() {
    Machine m = BuiltMachine.of(Bench.scenario(64, 20)).machine();
    EngineRun run = ReferenceEngine.run(m, Long.MAX_VALUE);
    assertTrue(run.cpuNanos() > 0, "cpu " + run.cpuNanos());
    assertTrue(run.cpuNanos() <= run.wallNanos() + 10_000_000L, "cpu " + run.cpuNanos() + " ns, wall " + run.wallNanos());
  }

  private static RunResult run(Scenario s, int runAhead) {
    return Simulation.run(BuiltMachine.of(s.with(ReferenceEngine.NAME, s.actors()).with(new Scenario.ReferenceSpec(runAhead))),
        ReferenceEngine.NAME);
  }
}
