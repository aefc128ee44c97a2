package io.ringfabric.engine;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MessagingModule;
import io.ringfabric.model.NodeSet;
import io.ringfabric.model.TestScenarios;
import io.ringfabric.workload.PutStreamSpec;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSelection;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The actor tree has the machine's shape: a node actor per node, its components as children. */
class ActorTreeTest {
  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  /** Whether an actor answers at {@code path}; a node spawns its children as it starts, so allow it a moment. */
  private static boolean exists(String path) {
    long until = System.nanoTime() + 3_000_000_000L;
    while (true) {
      ActorSelection sel = testKit.system().classicSystem().actorSelection(path);
      try {
        sel.resolveOne(Duration.ofMillis(200)).toCompletableFuture().get(5, TimeUnit.SECONDS);
        return true;
      } catch (ExecutionException e) {
        if (System.nanoTime() > until) {
          return false;
        }
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }
  }

  @Test
  void aNodeActorHasItsCoresModuleMemoryAndSwitchAsChildren() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.torus(2, 2).cores(3).build());
    Machine m = built.machine();
    ActorRef<NodeActor.Command> node =
        testKit.spawn(NodeActor.create(3, m.layout(), m.components(), new IntraNodeLookahead(m.leastDelays()), Checkpoints.NONE), "node-3");
    String path = node.path().toStringWithoutAddress();
    for (String child : new String[] {"core-0", "core-1", "core-2", "module", "memory", "switch"}) {
      assertEquals(true, exists(path + "/" + child), child);
    }
    assertEquals(false, exists(path + "/core-3"));
    testKit.stop(node);
  }

  @Test
  void aStarCentreIsAPartOfItsOwnWithOneSwitch() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.of("star", 4).build());
    Machine m = built.machine();
    assertEquals(5, m.layout().parts());
    assertEquals("switch-4", Guardian.partName(m.layout(), 4));
    ActorRef<NodeActor.Command> centre =
        testKit.spawn(NodeActor.create(4, m.layout(), m.components(), new IntraNodeLookahead(m.leastDelays()), Checkpoints.NONE), "switch-4");
    String path = centre.path().toStringWithoutAddress();
    assertEquals(true, exists(path + "/switch"));
    assertEquals(false, exists(path + "/module"));
    testKit.stop(centre);
  }

  @Test
  void eachContextIsOwnedByTheCoreOfTheProcessMappedToIt() {
    BuiltMachine built = BuiltMachine.of(TestScenarios.torus(2, 2)
        .putStream(NodeSet.all(), 1, PutStreamSpec.Pattern.NEIGHBOR, 0, 0, 64, 1, 0)
        .putStream(NodeSet.of(2), 3, PutStreamSpec.Pattern.NEIGHBOR, 0, 0, 64, 1, 0)
        .build());
    Machine m = built.machine();
    MessagingModule module = m.module(2);
    assertEquals(m.core(2, 1).id(), module.context(0).ownerCore());
    assertEquals(m.core(2, 3).id(), module.context(1).ownerCore());
    assertEquals(-1, module.context(2).ownerCore());
    assertEquals(-1, m.module(1).context(1).ownerCore());
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> module.context(64));
  }
}
