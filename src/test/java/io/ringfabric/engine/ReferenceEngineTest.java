package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Component;
import io.ringfabric.model.Machine;
import io.ringfabric.model.TestScenarios;
import org.junit.jupiter.api.Test;

/**
 * The reference engine handles each part's events window by window; a component that sends
 * another node something sooner than the least delay between nodes, which would land in a window
 * already handled, ends the run naming itself instead of being handled out of order.
 */
class ReferenceEngineTest {
  @Test
  void aSendToAnotherNodeInsideTheWindowEndsTheRunNamingTheComponent() {
    Machine m = BuiltMachine.of(TestScenarios.torus(2, 2).cores(2).build()).machine();
    int module = m.module(0).id();
    Component[] components = m.components().clone();
    components[module] = new ComponentActorTest.Hasty(module, "node 0 module", m.module(1).id());
    ModelFailure failure = assertThrows(ModelFailure.class,
        () -> ReferenceEngine.run(m, components, 1_000_000));
    long lookahead = m.leastDelays().betweenNodes();
    assertEquals("node 0 module failed at 1000 ps handling DOORBELL (from component " + module
        + ", sequence 0): java.lang.IllegalStateException: sent DOORBELL to part 1 at 1001 ps, inside"
        + " the window that ends at " + (1_000 + lookahead) + " ps: sooner than the " + lookahead
        + " ps between nodes that the engines rely on (LeastDelays)", failure.getMessage());
  }
}
