package io.ringfabric.cli;

/**
 * Two threads that take turns: one runs while the other waits, handing over each time its slice
 * of the wall clock is up, at the points where it asks ({@link #pacer}). So two runs timed by
 * their own threads' CPU time meet the host's drift (its other tenants, its clock speed) in the
 * same proportion, however the drift moves over a run's seconds: {@code bench --series
 * --lockstep}.
 *
 * <p>Each side's first call waits until both have come that far and it is that side's turn: who
 * goes first is chosen, whichever thread starts first. A side that is done ({@link #done}, also
 * when it failed) hands over for good, and the other one runs on alone.
 */
final class TakingTurns {
  private final long sliceNanos;
  private int turn;
  private int arrived;
  private final boolean[] done = new boolean[2];

  /** Turns of {@code sliceNanos} of the wall clock (0: a turn at each call), side {@code first} first. */
  TakingTurns(long sliceNanos, int first) {
    this.sliceNanos = sliceNanos;
    this.turn = first;
  }

  /** What side {@code side} (0 or 1) calls where it may hand over: its first call waits for the start. */
  Runnable pacer(int side) {
    return new Runnable() {
      private boolean started;
      private long sliceEnd;

      @Override
      public void run() {
        if (!started) {
          started = true;
          arrive(side);
          sliceEnd = System.nanoTime() + sliceNanos;
        } else if (System.nanoTime() >= sliceEnd) {
          handOver(side);
          sliceEnd = System.nanoTime() + sliceNanos;
        }
      }
    };
  }

  /** Side {@code side} is done: the other runs on without turns. */
  synchronized void done(int side) {
    done[side] = true;
    arrived = 2;
    turn = 1 - side;
    notifyAll();
  }

  private synchronized void arrive(int side) {
    arrived++;
    notifyAll();
    await(side);
  }

  private synchronized void handOver(int side) {
    if (!done[1 - side]) {
      turn = 1 - side;
      notifyAll();
    }
    await(side);
  }

  private void await(int side) {
    try {
      while (arrived < 2 || turn != side) {
        wait();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for its turn", e);
    }
  }
}
