package io.ringfabric.model;

import java.io.Serializable;

/**
 * Where a component reports the latencies it measures, in picoseconds. The model owns this
 * interface and the statistics outside it decide how to keep the samples (they merge them exactly
 * at the end of a run, so how they are grouped never changes a result). One rule for every
 * sample: it reaches it only if the interval it measures began at or after the warm-up's end.
 */
public interface StatsSink extends Serializable {
  /** A PUT this module initiated completed DONE, {@code latencyPs} after its doorbell. */
  void putDone(long latencyPs);

  /** A GET this module initiated completed DONE, {@code latencyPs} after its doorbell. */
  void getDone(long latencyPs);

  /**
   * A GET this module initiated completed DONE {@code latencyPs} after the doorbell of the PUT
   * that made its element, an element of {@code size} bytes PUT by a process of group
   * {@code group} (-1: none): the message latency.
   */
  void messageDone(long latencyPs, int size, int group);

  /** A program on this core measured one round trip. */
  void roundTrip(long ps);

  /**
   * A program on this core named a measure of its own for the first time: the results list it,
   * even if every sample of it falls in the warm-up.
   */
  void declareMeasure(String name);

  /** A program on this core measured one latency of its own measure {@code name}, declared before. */
  void measure(String name, long ps);

  /** Keeps nothing: for a component whose measurements nobody reads. */
  StatsSink NONE = new StatsSink() {
    @Override
    public void putDone(long latencyPs) {}

    @Override
    public void getDone(long latencyPs) {}

    @Override
    public void messageDone(long latencyPs, int size, int group) {}

    @Override
    public void roundTrip(long ps) {}

    @Override
    public void declareMeasure(String name) {}

    @Override
    public void measure(String name, long ps) {}
  };
}
