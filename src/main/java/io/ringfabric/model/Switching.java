package io.ringfabric.model;

/** {@code fabric.switching}. */
public enum Switching {
  CUT_THROUGH,
  STORE_AND_FORWARD
}
