package io.ringfabric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.config.Scenario;
import io.ringfabric.stats.RunResult;
import org.junit.jupiter.api.Test;

class BenchTest {
  /** Events per operation are the engine's events over the PUTs and GETs the modules served. */
  @Test
  void aMeasurementCountsTheRequestsServed() {
    Scenario s = Bench.scenario(16, 3);
    RunResult result = Simulation.run(BuiltMachine.of(s), "reference");
    Bench.Measurement m = Bench.measure(s, "reference");
    assertTrue(m.requestsServed() > 0);
    assertEquals(result.module().requestsServed(), m.requestsServed());
    assertEquals(result.events(), m.events());
    assertEquals((double) m.events() / m.requestsServed(), m.eventsPerOperation());
  }
}
