package io.ringfabric.engine;

import io.ringfabric.model.Layout;
import java.util.ArrayList;
import java.util.List;

/**
 * The work of each window of a run, part by part, as the actor engine opens the windows: from it,
 * how much faster the run could go on more lanes. With the parts dealt into {@code L} contiguous
 * blocks, as the actor engine deals them, a window takes as long as its busiest lane; the bound
 * is all the events over the sum of each window's busiest lane. It ignores what a window costs
 * to open and close, so real speedups are lower, most of all when windows hold little work.
 */
public final class WindowWork {
  /** The lane counts the bound is given for. */
  public static final int[] LANES = {4, 8, 16};
  private final Layout layout;
  private final long[] inWindow; // events of the window so far, by part
  private final int[] touched; // parts with events in the window
  private int touchedCount;
  private final long[] busiest = new long[LANES.length];
  private final long[][] laneSums = new long[LANES.length][];
  private long total;

  /** The speedup bound on {@code lanes} lanes. */
  public record Bound(int lanes, double speedup) {}

  public WindowWork(Layout layout) {
    this.layout = layout;
    this.inWindow = new long[layout.parts()];
    this.touched = new int[layout.parts()];
    for (int k = 0; k < LANES.length; k++) {
      laneSums[k] = new long[LANES[k]];
    }
  }

  /** An event for component {@code target} is handled in the current window. */
  void count(int target) {
    int part = layout.partOf(target);
    if (inWindow[part]++ == 0) {
      touched[touchedCount++] = part;
    }
    total++;
  }

  /** The current window is over. */
  void windowEnds() {
    for (int k = 0; k < LANES.length; k++) {
      long[] sums = laneSums[k];
      for (int i = 0; i < touchedCount; i++) {
        int part = touched[i];
        sums[Lanes.laneOf(part, inWindow.length, Math.min(LANES[k], inWindow.length))] += inWindow[part];
      }
      long max = 0;
      for (int l = 0; l < sums.length; l++) {
        max = Math.max(max, sums[l]);
        sums[l] = 0;
      }
      busiest[k] += max;
    }
    for (int i = 0; i < touchedCount; i++) {
      inWindow[touched[i]] = 0;
    }
    touchedCount = 0;
  }

  /** The bound for each of {@link #LANES}, once the run is over. */
  public List<Bound> bounds() {
    List<Bound> bounds = new ArrayList<>();
    for (int k = 0; k < LANES.length; k++) {
      bounds.add(new Bound(LANES[k], busiest[k] == 0 ? 1 : (double) total / busiest[k]));
    }
    return bounds;
  }
}
