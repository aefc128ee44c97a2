package io.ringfabric.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * What a switch with {@code fabric.switch-allocator = islip} keeps between its allocations: the
 * output each input accepted last (its turn goes on from the one after), and until when an output
 * whose grant was declined stays idle. The switch's output turns ({@link VirtualChannels#turn})
 * move only when a grant is accepted, as iSLIP's grant pointers do.
 */
final class Islip implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int[] accepted; // by input port: the output it accepted last
  private final long[] idleUntil; // by output port: until when it stays idle, its grant declined
  private final int[] grants; // by output port, within one allocation: the buffer it granted, or -1
  private final int[] grantChannels; // and the channel behind the output that the buffer's head takes
  // And the input port of that buffer: worked out once a grant, not once each time an input looks
  // at it (a division in next's loop was the most sampled line of an 8x8 torus's run).
  private final int[] grantInputs;
  private final boolean[] taken; // by output port, within one allocation: whether its grant was accepted
  private final boolean[] inputGranted; // by input port, within one allocation: whether any output granted it
  private final boolean[] lost; // and whether its head went by another output that granted it too
  private final int perPort;
  private final long cyclePs;

  /**
   * @param perPort input buffers per port (a buffer's port is its index over this)
   * @param cyclePs how long an output whose grant was declined stays idle
   */
  Islip(int ports, int perPort, long cyclePs) {
    accepted = new int[ports];
    Arrays.fill(accepted, ports - 1); // the first turn starts at output 0
    idleUntil = new long[ports];
    grants = new int[ports];
    grantChannels = new int[ports];
    grantInputs = new int[ports];
    taken = new boolean[ports];
    inputGranted = new boolean[ports];
    lost = new boolean[ports];
    this.perPort = perPort;
    this.cyclePs = cyclePs;
  }

  /** Starts an allocation: no output has granted anything yet. */
  void begin() {
    for (int out = 0; out < grants.length; out++) { // one short loop: three Arrays.fill calls cost more
      grants[out] = -1;
      taken[out] = false;
      lost[out] = false;
      inputGranted[out] = false; // ports count inputs and outputs alike
    }
  }

  /** When output {@code out} may grant again (its last grant declined), or 0. */
  long idleUntil(int out) {
    return idleUntil[out];
  }

  /** Output {@code out} grants the head of buffer {@code buffer}, into channel {@code channel} behind it. */
  void grant(int out, int buffer, int channel) {
    grants[out] = buffer;
    grantChannels[out] = channel;
    grantInputs[out] = buffer / perPort;
    inputGranted[buffer / perPort] = true;
  }

  /** Whether any output granted one of input {@code in}'s buffers in this allocation. */
  boolean hasGrant(int in) {
    return inputGranted[in];
  }

  /**
   * The next grant input {@code in} accepts: of the outputs that granted one of its buffers and are
   * not taken yet, the first after the one it accepted last; -1 for none. An input takes as many
   * as it has crossbar paths free ({@code fabric.input-speedup}), each with {@link #take}.
   */
  int next(int in) {
    int n = grants.length;
    int out = accepted[in];
    for (int i = 0; i < n; i++) {
      out = out + 1 == n ? 0 : out + 1; // no division in the loop: allocation asks this per input
      if (grants[out] >= 0 && grantInputs[out] == in && !taken[out] && !lost[out]) {
        return out;
      }
    }
    return -1;
  }

  /**
   * Input {@code in} accepts output {@code out}'s grant: its turn goes on from there. Another
   * output that granted the same head (one with several ways) has lost it: declined.
   */
  void take(int in, int out) {
    taken[out] = true;
    accepted[in] = out;
    for (int o = 0; o < grants.length; o++) {
      if (o != out && grants[o] == grants[out]) {
        lost[o] = true;
      }
    }
  }

  /** Ends the allocation: each output whose grant was not taken stays idle until {@code now +} the cycle. */
  void declineRest(long now) {
    for (int out = 0; out < grants.length; out++) {
      if (grants[out] >= 0 && !taken[out]) {
        idleUntil[out] = now + cyclePs;
      }
    }
  }

  /** The buffer output {@code out} granted in this allocation. */
  int granted(int out) {
    return grants[out];
  }

  /** The channel behind output {@code out} that its grant's head takes. */
  int grantedChannel(int out) {
    return grantChannels[out];
  }

}
