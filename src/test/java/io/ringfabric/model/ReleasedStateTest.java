package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.workload.PutStreamSpec.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A target module keeps of the operations it served only what a copy of a request could still
 * need: one record per initiating context it heard from (its last action, to answer a retry
 * alike), and no PUT's payload once the PUT was applied or refused.
 */
class ReleasedStateTest {

  @ParameterizedTest(name = "ring-full = {0}")
  @ValueSource(booleans = {false, true})
  void afterManyOperationsTargetsHoldOneRecordPerContextAndNoPayloads(boolean hold) {
    TestScenarios t = TestScenarios.torus(4, 4).seed(7)
        .ring(NodeSet.all(), 0, 2048, 600)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000)
        .putStream(NodeSet.all(), 1, Pattern.UNIFORM, 0, 0, 40, 60, 0)
        .putStream(NodeSet.all(), 2, Pattern.UNIFORM, 0, 0, 300, 60, 0);
    if (hold) {
      t.holdWhenFull = true;
    }
    CustomPrograms.Run run = CustomPrograms.runBuiltIn(t);
    long served = run.result().module().requestsServed();
    assertTrue(served > 16 * 100, "many operations were served: " + served);
    int records = 0;
    long held = 0;
    for (int n = 0; n < run.machine().nodes(); n++) {
      int[] state = run.machine().module(n).servedState();
      assertEquals(0, state[1], "node " + n + " keeps no payload of a finished PUT");
      records += state[0];
      held += run.machine().module(n).heldPuts();
    }
    assertTrue(records < served / 4, records + " records for " + served + " operations served");
    assertEquals(hold, held > 0, "PUTs were held for room exactly when ring-full = hold: " + held);
  }
}
