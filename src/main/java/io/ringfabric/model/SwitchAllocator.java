package io.ringfabric.model;

/**
 * {@code fabric.switch-allocator}: how a switch under credit flow control matches the heads of its
 * input channels to its free outputs.
 */
public enum SwitchAllocator {
  /**
   * Each free output in turn goes to the first head that wants it whose input still has a path
   * free: no output stays idle while a head that could take it waits (a maximal matching, what
   * allocators with several iterations or a wavefront approach).
   */
  MAXIMAL,
  /**
   * iSLIP with one iteration, BookSim2's default: each free output grants one head that wants it
   * (in turn), each input accepts one of its grants (in turn, from the output after the one it
   * accepted last), and an output whose grant was declined stays idle for one allocation cycle,
   * the time its link takes to send the largest packet. Under load that idle time is what
   * makes accepted throughput fall past saturation.
   */
  ISLIP;

  /** The name in the configuration: {@code maximal} or {@code islip}. */
  public String configName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
