package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.EngineRun;
import io.ringfabric.model.Layout;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.workload.PutStreamSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The speedup bound is all the work over the sum of each window's busiest lane. */
class WindowWorkTest {

  @Test
  void theBoundIsTheWorkOverEachWindowsBusiestLane() {
    Layout layout = BuiltMachine.of(TestScenarios.torus(4, 2).build()).machine().layout(); // 8 parts
    WindowWork work = new WindowWork(layout);
    int[] first = new int[8];
    for (int p = 0; p < 8; p++) {
      first[p] = layout.componentsOf(p)[0];
    }
    for (int i = 0; i < 12; i++) { // window 1: parts 0 and 1 only, 12 events each
      work.count(first[0]);
      work.count(first[1]);
    }
    work.windowEnds();
    for (int p = 0; p < 8; p++) { // window 2: every part, 3 events each
      for (int i = 0; i < 3; i++) {
        work.count(first[p]);
      }
    }
    work.windowEnds();
    // 48 events; 4 lanes of parts {0,1}, {2,3}, ...: 24 + 6 = 30; 8 and 16 lanes (one part a lane): 12 + 3
    assertEquals(List.of(new WindowWork.Bound(4, 48 / 30.0), new WindowWork.Bound(8, 48 / 15.0),
        new WindowWork.Bound(16, 48 / 15.0)), work.bounds());
  }

  @Test
  void countingTheWindowsChangesNothingInTheRun() {
    var scenario = TestScenarios.torus(4, 4).ring(NodeSet.all(), 0, 4096, 256)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.UNIFORM, 0, 0, 64, 50, 0)
        .getStream(NodeSet.all(), 0, -1, 0, 0, 20, 500_000).build();
    BuiltMachine plain = BuiltMachine.of(scenario);
    BuiltMachine counted = BuiltMachine.of(scenario);
    EngineRun a = ReferenceEngine.run(plain.machine(), scenario.durationPs());
    WindowWork work = new WindowWork(counted.machine().layout());
    EngineRun b = ReferenceEngine.run(counted.machine(), scenario.durationPs(), null, Progress.NONE, work);
    assertEquals(a.events(), b.events());
    assertEquals(a.lastEventPs(), b.lastEventPs());
    for (WindowWork.Bound bound : work.bounds()) {
      assertTrue(bound.speedup() > 1 && bound.speedup() <= bound.lanes(), bound.toString());
    }
  }
}
