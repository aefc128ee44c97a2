package io.ringfabric.model;

/** The action a context performs when its doorbell rings. */
public enum Op {
  PUT,
  GET;

  /** Lower-case name as results and reports spell it. */
  public String label() {
    return this == PUT ? "put" : "get";
  }
}
