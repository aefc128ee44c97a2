package io.ringfabric.model;


/**
 * An action's outcome as the process's poll saw it.
 *
 * @param node the node named in the action
 * @param data the element a successful GET returned (null otherwise)
 * @param latencyPs from the doorbell to the module setting the status, as every latency row
 *     counts it (not to the poll or interrupt that told the process: that wait is the core's)
 * @param statusAtPs when the module set the status: the interval ends there, so it began at
 *     {@code statusAtPs - latencyPs}, which decides whether it counts after the warm-up
 */
public record Completion(Op op, int node, int ring, Status status, byte[] data, long latencyPs, long statusAtPs) {
  public boolean ok() {
    return status == Status.DONE;
  }
}
