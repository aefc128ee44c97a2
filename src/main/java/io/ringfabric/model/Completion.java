package io.ringfabric.model;


/**
 * An action's outcome as the process's poll saw it.
 *
 * @param node the node named in the action
 * @param data the element a successful GET returned (null otherwise)
 * @param latencyPs from the doorbell to the module setting the status, as every latency row
 *     counts it (not to the poll or interrupt that told the process: that wait is the core's)
 */
public record Completion(Op op, int node, int ring, Status status, byte[] data, long latencyPs) {
  public boolean ok() {
    return status == Status.DONE;
  }
}
