package io.ringfabric.config;

import io.ringfabric.model.NodeSet;
import io.ringfabric.workload.ProgramSpec;

/**
 * One entry of {@code ringfabric.workload.processes}: {@code count} processes running
 * {@code program} on core {@code core} of each node in {@code nodes}.
 *
 * @param index position in the list, used in process names and error messages
 * @param spec the program's own settings, parsed and checked by the program
 * @param interruptCompletion whether a completion raises an interrupt ({@code completion =
 *     interrupt}) instead of the process polling its context for it
 */
public record ProcessGroupSpec(int index, String program, NodeSet nodes, int core, int count,
    ProgramSpec spec, boolean interruptCompletion) {
  /** A group whose processes poll for completions. */
  public ProcessGroupSpec(int index, String program, NodeSet nodes, int core, int count, ProgramSpec spec) {
    this(index, program, nodes, core, count, spec, false);
  }
}
