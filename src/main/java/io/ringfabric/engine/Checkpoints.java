package io.ringfabric.engine;

import io.ringfabric.model.Event;
import java.util.List;

/**
 * What an engine saves of a run at a window boundary, and what a run continued from a saved one
 * starts with. At the start of a window every event before it has been handled and none after
 * it, and both engines and every cluster layout open the same windows; so a part's components
 * and its pending events are the whole of its state there, whatever ran it.
 */
public interface Checkpoints {
  /** Saves nothing and continues nothing. */
  Checkpoints NONE = new Checkpoints() {
    @Override
    public long saveAt() {
      return Long.MAX_VALUE;
    }

    @Override
    public void save(long windowStart, int part, List<Event> pending) {
      throw new IllegalStateException("no checkpoint was asked for");
    }

    @Override
    public boolean resumes() {
      return false;
    }

    @Override
    public List<Event> pending(int part) {
      throw new IllegalStateException("the run continues no checkpoint");
    }
  };

  /** The first window that opens at or after this time is saved before it opens; {@code Long.MAX_VALUE}: none. */
  long saveAt();

  /**
   * Part {@code part}'s events pending before the window that opens at {@code windowStart}; its
   * components are at rest. Called once for each part the engine runs, from any of its threads.
   */
  void save(long windowStart, int part, List<Event> pending);

  /** Whether the machine's components were restored from a checkpoint: they are not started again. */
  boolean resumes();

  /** The events part {@code part} had pending when the checkpoint was saved. */
  List<Event> pending(int part);
}
