package io.ringfabric.cli;

import io.ringfabric.engine.Progress;
import io.ringfabric.stats.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A sweep's runs, up to {@code --jobs} of them at once, handed back in run order: the sweep writes
 * a run's results only after those of every earlier run, so what it leaves is what running them
 * one at a time leaves. Each run is a machine of its own (its own engine, lanes and actor system);
 * nothing is shared between runs but the JVM's heap and cores.
 */
final class SweepRuns implements AutoCloseable {
  /** How long closing waits for the runs it stopped to reach the end of their window. */
  private static final long STOP_WAIT_SECONDS = 30;

  /** Runs run {@code index} (from 0), counting in {@code progress}. */
  interface Runner {
    RunResult run(int index, Progress progress);
  }

  private final ExecutorService pool;
  private final List<Progress> progress = new ArrayList<>();
  private final List<Future<RunResult>> results = new ArrayList<>();

  private SweepRuns(int jobs) {
    pool = Executors.newFixedThreadPool(jobs, r -> {
      Thread t = new Thread(r, "ringfabric-sweep-run");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Starts {@code count} runs, {@code jobs} at a time in run order. A run that would start after a
   * signal does not start: {@link #await} gives null for it.
   */
  static SweepRuns start(int jobs, int count, Runner runner, Interrupts interrupts) {
    SweepRuns runs = new SweepRuns(Math.max(1, Math.min(jobs, count)));
    for (int i = 0; i < count; i++) {
      int index = i;
      Progress p = new Progress();
      runs.progress.add(p);
      runs.results.add(runs.pool.submit(() -> {
        if (interrupts.interrupted()) {
          return null;
        }
        interrupts.follow(p);
        return runner.run(index, p);
      }));
    }
    return runs;
  }

  /** How far run {@code index} has come. */
  Progress progress(int index) {
    return progress.get(index);
  }

  /**
   * Waits for run {@code index}: its result, or null if it was never started (a signal came
   * first). Its failure is thrown as it was thrown in the run. Each is taken once: the sweep keeps
   * no result after it has written it, however many runs it has.
   */
  RunResult await(int index) {
    try {
      RunResult r = results.get(index).get();
      results.set(index, null);
      return r;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } catch (CancellationException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for sweep run " + (index + 1), e);
    }
  }

  /**
   * Stops what is still running (a run whose result nobody will take: the sweep ended early) at the
   * end of its window, drops what has not started, and waits for the runs to end, so no machine
   * outlives the sweep.
   */
  @Override
  public void close() {
    results.stream().filter(Objects::nonNull).forEach(f -> f.cancel(false));
    progress.forEach(Progress::requestStop);
    pool.shutdown();
    try {
      pool.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
