package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.Machine;
import io.ringfabric.model.Message;
import io.ringfabric.model.MessageKind;
import io.ringfabric.model.TestScenarios;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A component actor takes the agenda only from a handover, hands it on, and ends the run when its
 * component breaks a least delay the agenda relies on. Node 0 of a 2 x 2 torus with 2 cores, whose
 * module is replaced by one that answers 1 ps after its event, where the model promises 20 ns.
 */
class ComponentActorTest {
  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** A component that wakes itself at 1 ns and then tells {@code target} something {@code delay} later (1 ps unless given). */
  static final class Hasty extends Component {
    // its own, not the test's: other tests use it without starting this test's actor test kit
    static final Message DOORBELL = () -> MessageKind.DOORBELL;
    private final int target;
    private final long delay;

    Hasty(int id, String name, int target) {
      this(id, name, target, 1);
    }

    Hasty(int id, String name, int target, long delay) {
      super(id, name);
      this.target = target;
      this.delay = delay;
    }

    @Override
    protected void onStart() {
      send(id(), 1_000, DOORBELL);
    }

    @Override
    protected void handle(Event event) {
      send(target, delay, DOORBELL);
    }
  }

  @Test
  void aSendSoonerThanTheLeastDelayEndsTheRunNamingTheComponent() {
    Machine m = BuiltMachine.of(TestScenarios.torus(2, 2).cores(2).build()).machine();
    int module = m.module(0).id();
    Component[] components = m.components().clone();
    components[module] = new Hasty(module, "node 0 module", m.core(0, 0).id());
    TestProbe<Coordinator.Command> coordinator = testKit.createTestProbe();
    ActorRef<NodeActor.Command> node = testKit.spawn(
        NodeActor.create(0, m.layout(), components, new IntraNodeLookahead(m.leastDelays()), Checkpoints.NONE), "node-0");
    node.tell(new NodeActor.Begin(coordinator.ref()));

    Coordinator.WindowDone started = coordinator.expectMessageClass(Coordinator.WindowDone.class);
    assertEquals(1_000, started.next());
    Agenda agenda = started.agenda().take(Agenda.COORDINATOR);
    agenda.open(1, 100_000, List.of());
    agenda.passOn(Agenda.COORDINATOR);

    Coordinator.PartFailed failed = coordinator.expectMessageClass(Coordinator.PartFailed.class);
    assertEquals(0, failed.part());
    assertEquals("node 0 module sent DOORBELL 1 ps after DOORBELL at 1000 ps, sooner than the 20000 ps"
        + " the actor engine relies on (IntraNodeLookahead)", failed.message());
    testKit.stop(node);
  }
}
