package io.ringfabric.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The lane's thread: runs every task once, in order, wakes for tasks from other threads, stops. */
class LaneExecutorTest {

  static LaneExecutor.Lane lane(long spinNanos, List<Throwable> uncaught) {
    return new LaneExecutor.Lane("test-lane", task -> {
      Thread t = new Thread(task);
      t.setUncaughtExceptionHandler((thread, e) -> uncaught.add(e));
      return t;
    }, spinNanos, "test-lane");
  }

  @Test
  void aLaneOutOfHeapTellsItsRunsWatchInsteadOfTheUncaughtHandler() throws Exception {
    List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
    LaneExecutor.Lane lane = lane(0, uncaught);
    CountDownLatch told = new CountDownLatch(1);
    try (LaneExecutor.Watch watch = LaneExecutor.onOutOfMemory("test-lane", told::countDown)) {
      lane.execute(() -> {
        throw new OutOfMemoryError("planted");
      });
      assertTrue(told.await(5, TimeUnit.SECONDS), "the run's watch was told");
    }
    CountDownLatch ran = new CountDownLatch(1);
    lane.execute(() -> {
      throw new OutOfMemoryError("no watch now");
    });
    lane.execute(ran::countDown);
    assertTrue(ran.await(5, TimeUnit.SECONDS), "the lane goes on");
    assertEquals(1, uncaught.size(), "without a watch the error goes to the uncaught handler");
    assertEquals("no watch now", uncaught.get(0).getMessage());
    lane.shutdown();
  }

  @Test
  void tasksFromItsOwnThreadAndFromOthersAllRunInTheOrderEachSideGaveThem() throws Exception {
    LaneExecutor.Lane lane = lane(0, new ArrayList<>());
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch done = new CountDownLatch(1);
    lane.execute(() -> {
      ran.add("outside-0");
      for (int i = 1; i <= 3; i++) {
        int n = i;
        lane.execute(() -> ran.add("inside-" + n)); // queued from the lane's own thread
      }
      lane.execute(done::countDown);
    });
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(List.of("outside-0", "inside-1", "inside-2", "inside-3"), ran);
    assertEquals("test-lane", threadName(lane));
    lane.shutdown();
    assertTrue(lane.awaitTermination(5, TimeUnit.SECONDS));
  }

  @Test
  void aLaneAsleepWakesForATaskFromAnotherThreadWithOrWithoutWatching() throws Exception {
    for (long spin : new long[] {0, 50_000}) {
      LaneExecutor.Lane lane = lane(spin, new ArrayList<>());
      for (int round = 0; round < 200; round++) { // each round the lane has run dry first
        CountDownLatch ran = new CountDownLatch(1);
        if (round % 50 == 0) {
          Thread.sleep(5); // long enough to be parked, not only watching
        }
        lane.execute(ran::countDown);
        assertTrue(ran.await(5, TimeUnit.SECONDS), "round " + round + ", spin " + spin);
      }
      lane.shutdown();
      assertTrue(lane.awaitTermination(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void aTaskThatThrowsIsReportedAndTheLaneGoesOn() throws Exception {
    List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
    LaneExecutor.Lane lane = lane(0, uncaught);
    lane.execute(() -> {
      throw new IllegalStateException("boom");
    });
    CountDownLatch after = new CountDownLatch(1);
    lane.execute(after::countDown);
    assertTrue(after.await(5, TimeUnit.SECONDS));
    assertEquals(1, uncaught.size());
    assertEquals("boom", uncaught.get(0).getMessage());
    lane.shutdown();
    assertTrue(lane.awaitTermination(5, TimeUnit.SECONDS));
  }

  @Test
  void aShutDownLaneFinishesWhatItHadAndRefusesMore() throws Exception {
    LaneExecutor.Lane lane = lane(50_000, new ArrayList<>());
    CountDownLatch hold = new CountDownLatch(1);
    CountDownLatch second = new CountDownLatch(1);
    lane.execute(() -> await(hold));
    lane.execute(second::countDown);
    lane.shutdown();
    assertThrows(RejectedExecutionException.class, () -> lane.execute(() -> { }));
    hold.countDown();
    assertTrue(second.await(5, TimeUnit.SECONDS));
    assertTrue(lane.awaitTermination(5, TimeUnit.SECONDS));
    assertTrue(lane.isTerminated());
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String threadName(LaneExecutor.Lane lane) throws Exception {
    AtomicReference<String> name = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(1);
    lane.execute(() -> {
      name.set(Thread.currentThread().getName());
      done.countDown();
    });
    assertTrue(done.await(5, TimeUnit.SECONDS));
    return name.get();
  }
}
