package io.ringfabric.workload.schedule;

import java.io.IOException;
import java.io.Writer;

/**
 * Writes a {@link Schedule} as GOAL text that LogGOPSim's txt2bin reads: no indentation, a
 * {@code label: op} line per operation (labels as given, {@code l<N>} when generated), options in
 * the order {@code tag cpu nic} ({@code tag} always, {@code cpu} and {@code nic} when not 0), each
 * rank's dependencies after its operations, and {@code // iteration K} where an iteration of a
 * generated motif of more than one begins. The lines are as many as Schedgen writes for the same
 * pattern. A dependency names its ops by label, so it must be on the first op of a label
 * (as every parsed or generated schedule's are).
 */
public final class GoalWriter {
  private GoalWriter() {}

  public static void write(Schedule s, Writer out) throws IOException {
    out.write("num_ranks " + s.numRanks() + "\n");
    for (int r = 0; r < s.numRanks(); r++) {
      RankSchedule rank = s.rank(r);
      out.write("\nrank " + r + " {\n");
      int iteration = -1;
      StringBuilder line = new StringBuilder(64);
      for (int i = 0; i < rank.size(); i++) {
        if (rank.iteration(i) != iteration && rank.iterationCount() > 1) {
          iteration = rank.iteration(i);
          out.write("// iteration " + iteration + "\n");
        }
        line.setLength(0);
        String label = rank.label(i);
        if (label != null) {
          line.append(label).append(": ");
        }
        operation(rank, i, line);
        out.append(line).append('\n');
      }
      for (int i = 0; i < rank.size(); i++) {
        for (int k = 0; k < rank.requiresCount(i); k++) {
          out.write(rank.label(i) + " requires " + rank.label(rank.requires(i, k)) + "\n");
        }
        for (int k = 0; k < rank.irequiresCount(i); k++) {
          out.write(rank.label(i) + " irequires " + rank.label(rank.irequires(i, k)) + "\n");
        }
      }
      out.write("}\n");
    }
    out.flush();
  }

  private static void operation(RankSchedule rank, int i, StringBuilder line) {
    OpKind kind = rank.kind(i);
    if (kind == OpKind.CALC) {
      line.append("calc ").append(rank.calcNs(i));
    } else {
      line.append(kind.word()).append(' ').append(rank.bytes(i)).append('b')
          .append(kind == OpKind.SEND ? " to " : " from ").append(rank.peer(i))
          .append(" tag ").append(rank.tag(i));
    }
    if (rank.cpu(i) != 0) {
      line.append(" cpu ").append(rank.cpu(i));
    }
    if (kind != OpKind.CALC && rank.nic(i) != 0) {
      line.append(" nic ").append(rank.nic(i));
    }
  }
}
