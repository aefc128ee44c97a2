package io.ringfabric.engine;

import io.ringfabric.model.EngineRun;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LanesTest {
  static final ActorTestKit testKit = ActorTestKit.create();

  @AfterAll
  static void shutdown() {
    testKit.shutdownTestKit();
  }

  static EngineRun run(long events, long last, long wall) {
    return new EngineRun(ActorEngine.NAME, events, last, false, wall, 0, 40, events / 2, 3, false);
  }

  @Test
  void theLanesRunsAddUp() throws Exception {
    List<CompletableFuture<EngineRun>> runs = List.of(new CompletableFuture<>(), new CompletableFuture<>());
    Lanes lanes = new Lanes(List.of(), runs, new int[0][], null);
    runs.get(1).complete(run(10, 900, 5));
    assertEquals(false, lanes.done().isDone());
    runs.get(0).complete(run(30, 700, 7));
    EngineRun all = lanes.done().get();
    assertEquals(40, all.events());
    assertEquals(900, all.lastEventPs());
    assertEquals(7, all.wallNanos());
    assertEquals(40, all.windows());
    assertEquals(20, all.partsWoken());
  }

  @Test
  void theFailureThatStartedItWinsOverItsEchoesWhateverTheOrder() {
    List<CompletableFuture<EngineRun>> runs =
        List.of(new CompletableFuture<>(), new CompletableFuture<>(), new CompletableFuture<>());
    Lanes lanes = new Lanes(List.of(), runs, new int[0][], null);
    runs.get(0).completeExceptionally(new EngineAborted.Echo("node 3 threw (seen by lane 2)"));
    runs.get(1).completeExceptionally(new EngineAborted.Echo("node 3 threw (seen by lane 2)"));
    runs.get(2).completeExceptionally(new EngineAborted("node 3 threw"));
    var e = assertThrows(ExecutionException.class, () -> lanes.done().get());
    assertEquals("node 3 threw", e.getCause().getMessage());
  }

  @Test
  void aCoordinatorThatStopsBeforeTheEndFailsItsLaneInsteadOfHanging() {
    TestProbe<Coordinator.Command> a = testKit.createTestProbe();
    TestProbe<Coordinator.Command> b = testKit.createTestProbe();
    List<CompletableFuture<EngineRun>> runs = List.of(new CompletableFuture<>(), new CompletableFuture<>());
    Lanes lanes = new Lanes(List.of(a.ref(), b.ref()), runs, new int[0][], null);
    runs.get(0).complete(run(1, 1, 1));
    lanes.stopped(a.ref()); // finished first: nothing changes
    a.expectNoMessage(Duration.ofMillis(50));
    lanes.stopped(b.ref());
    Coordinator.Abort told = a.expectMessageClass(Coordinator.Abort.class); // rather than wait for the watchdog
    assertEquals("lane 1", told.from());
    var e = assertThrows(ExecutionException.class, () -> lanes.done().get());
    assertInstanceOf(EngineAborted.class, e.getCause());
    assertTrue(e.getCause().getMessage().startsWith("the coordinator of lane 1 stopped before the run ended"),
        e.getCause().getMessage());
  }
}
