package io.ringfabric.model;

import java.io.Serializable;

/**
 * Where an element of a ring came from, for the message latency (from a PUT's doorbell to the GET
 * that took its element): it rides with the PUT's request, stays beside the element in the ring,
 * and rides back with the response of the GET that takes it.
 *
 * @param doorbellAt when the PUT that made the element rang its doorbell
 * @param group the process group of the PUT's process, or -1 for none
 */
public record ElementOrigin(long doorbellAt, int group) implements Serializable {
  /** What a packet or result carries that has no element's origin to carry. */
  public static final ElementOrigin NONE = new ElementOrigin(0, -1);

  /** The same origin, sharing {@link #NONE} when it is that one (decoders make many). */
  public static ElementOrigin of(long doorbellAt, int group) {
    return doorbellAt == 0 && group == -1 ? NONE : new ElementOrigin(doorbellAt, group);
  }
}
