package io.ringfabric.engine;

import com.typesafe.config.Config;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.pekko.dispatch.DispatcherPrerequisites;
import org.apache.pekko.dispatch.ExecutorServiceConfigurator;
import org.apache.pekko.dispatch.ExecutorServiceFactory;

/**
 * The executor of a lane: one thread that, when it runs out of work, watches for more for a
 * short while before it sleeps. A lane that finishes its window first waits for the other lanes'
 * ends of it, which come within tens of microseconds; waking a parked thread costs about as much
 * on a small machine, and it lies on the path of every window ({@code actors.spin-wait}). It
 * yields while it watches, so the JIT compiler and the collector still get the core.
 */
public final class LaneExecutor extends ExecutorServiceConfigurator {
  // What to do when a lane of a run runs out of heap, by the run's id (its lanes' config names
  // it). Left to Pekko, the error stops the actor system, printing raw stack traces, while the
  // run's caller waits; this ends the run with a clear message instead.
  private static final Map<String, Runnable> OUT_OF_MEMORY = new ConcurrentHashMap<>();
  private final long spinNanos;
  private final String run;

  public LaneExecutor(Config config, DispatcherPrerequisites prerequisites) {
    super(config, prerequisites);
    this.spinNanos = config.getConfig("lane-executor").getLong("spin-wait-nanos");
    this.run = config.getConfig("lane-executor").getString("run");
  }

  /** A watch on a run's lanes; closing it ends the watch. */
  interface Watch extends AutoCloseable {
    @Override
    void close();
  }

  /** Until closed, {@code action} runs (on a lane's thread) when a lane of {@code run} runs out of heap. */
  static Watch onOutOfMemory(String run, Runnable action) {
    OUT_OF_MEMORY.put(run, action);
    return () -> OUT_OF_MEMORY.remove(run);
  }

  @Override
  public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threads) {
    return () -> new Lane(id, threads, spinNanos, run);
  }

  /** One thread taking tasks in the order they came. */
  static final class Lane extends AbstractExecutorService {
    // Tasks from other threads, and (without any locking) from the lane's own thread: nearly all
    // of a lane's tasks are its actors waking each other.
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final ArrayDeque<Runnable> own = new ArrayDeque<>();
    private static final int OWN_BEFORE_OTHERS = 64; // own tasks run before looking at the others
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final long spinNanos;
    private final Thread thread;
    private volatile boolean parked;
    private volatile boolean shutdown;
    private final String run;

    Lane(String name, ThreadFactory threads, long spinNanos, String run) {
      this.spinNanos = spinNanos;
      this.run = run;
      this.thread = threads.newThread(this::work);
      thread.setName(name); // the lane's dispatcher, as profiles and thread dumps should show it
      thread.start();
    }

    @Override
    public void execute(Runnable task) {
      if (shutdown) {
        throw new RejectedExecutionException("lane shut down");
      }
      if (Thread.currentThread() == thread) {
        own.addLast(task);
        return;
      }
      tasks.offer(task);
      if (parked) {
        LockSupport.unpark(thread);
      }
    }

    private void work() {
      try {
        int ownRun = 0;
        while (true) {
          Runnable task = null;
          if (ownRun < OWN_BEFORE_OTHERS) {
            task = own.pollFirst();
          }
          if (task != null) {
            ownRun++;
          } else {
            ownRun = 0;
            task = tasks.poll();
            if (task == null) {
              task = own.pollFirst();
            }
          }
          if (task != null) {
            run(task);
          } else if (shutdown) {
            for (Runnable late; (late = tasks.poll()) != null; ) { // came while it looked
              run(late);
            }
            return;
          } else {
            idle();
          }
        }
      } finally {
        terminated.countDown();
      }
    }

    private void run(Runnable task) {
      try {
        task.run();
      } catch (Throwable t) { // never lose the lane: its actors would wait forever
        Runnable full = t instanceof OutOfMemoryError ? OUT_OF_MEMORY.get(run) : null;
        if (full != null) {
          tellOutOfMemory(full);
        } else {
          thread.getUncaughtExceptionHandler().uncaughtException(thread, t);
        }
      }
      Thread.interrupted(); // a task's interrupt is its own; left set, park() would never sleep
    }

    /** Tells the run; if even that finds no heap, a later error on a lane tells it again. */
    private static void tellOutOfMemory(Runnable full) {
      try {
        full.run();
      } catch (OutOfMemoryError again) {
        // nothing more can be done here
      }
    }

    /** Watches the queue for a while, then sleeps until a task comes. */
    private void idle() {
      long until = System.nanoTime() + spinNanos;
      while (tasks.isEmpty() && !shutdown && System.nanoTime() < until) {
        Thread.yield(); // lets the JIT compiler and the collector have the core if they want it
      }
      if (!tasks.isEmpty() || shutdown) {
        return;
      }
      parked = true;
      if (tasks.isEmpty() && !shutdown) { // a task offered before `parked` was set is seen here
        LockSupport.park(this);
      }
      parked = false;
    }

    @Override
    public void shutdown() {
      shutdown = true;
      LockSupport.unpark(thread);
    }

    @Override
    public List<Runnable> shutdownNow() {
      shutdown();
      List<Runnable> left = List.copyOf(tasks);
      tasks.clear();
      return left;
    }

    @Override
    public boolean isShutdown() {
      return shutdown;
    }

    @Override
    public boolean isTerminated() {
      return terminated.getCount() == 0;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
      return terminated.await(timeout, unit);
    }
  }
}
