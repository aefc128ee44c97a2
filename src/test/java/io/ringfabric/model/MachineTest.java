package io.ringfabric.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ringfabric.config.BuiltMachine;
import org.junit.jupiter.api.Test;

/**
 * A machine's own bookkeeping: rings laid out one after another in each node's memory, and a
 * component read back from a checkpoint put in place of the one built, if it is one of its kind.
 * Here a star of 2 nodes with 2 cores each: components 0..9 are the nodes', 10 the centre switch.
 */
class MachineTest {
  private static Machine machine() {
    return BuiltMachine.of(TestScenarios.of("star", 2).cores(2).ring(NodeSet.all(), 0, 4096, 256).build()).machine();
  }

  @Test
  void eachNodesRingsLieOneAfterAnotherFromTheSameAddress() {
    Machine m = machine();
    assertEquals(3, m.switchCount());
    RingBuffer first = m.memory(1).rings().get(0);
    assertEquals(0x8000_0000L, first.baseAddress());
    RingBuffer added = m.createRing(1, 7, 1024, 64, 8, NodeSet.all(), NodeSet.all());
    assertEquals(0x8000_0000L + 4096, added.baseAddress());
    assertEquals(0x8000_0000L + 4096 + 1024, m.createRing(1, 8, 512, 64, 8, NodeSet.all(), NodeSet.all()).baseAddress());
    assertSame(added, m.memory(1).rings().get(1));
    assertEquals(1, m.memory(0).rings().size(), "node 0's memory is its own");
  }

  @Test
  void aSavedComponentTakesThePlaceOfItsLikeAndNothingElse() {
    Machine m = machine();
    Machine saved = machine();
    Core core = saved.core(1, 1);
    Memory memory = saved.memory(1);
    MessagingModule module = saved.module(0);
    Switch centre = saved.fabricSwitch(2);
    Core firstCore = saved.core(0, 0); // component 0
    for (Component c : new Component[] {firstCore, core, memory, module, centre}) {
      m.restore(c);
      assertSame(c, m.component(c.id()));
    }
    assertSame(firstCore, m.core(0, 0));
    assertSame(core, m.core(1, 1));
    assertSame(memory, m.memory(1));
    assertSame(module, m.module(0));
    assertSame(centre, m.fabricSwitch(2));
    assertEquals(10, centre.id());
    for (int id : new int[] {-1, 11, 2}) { // 2 is node 0's module, not a core
      Component stranger = new Component(id, "stranger") {
        @Override
        protected void handle(Event event) {}
      };
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.restore(stranger));
      assertEquals("component " + id + " of the checkpoint (stranger) is not one of this machine's", e.getMessage());
    }
  }
}
