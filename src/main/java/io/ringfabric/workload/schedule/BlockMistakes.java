package io.ringfabric.workload.schedule;

import java.util.List;

/** The messages for what is wrong with a rank block as a whole, once it is read. */
final class BlockMistakes {
  /** How many dependencies of a long cycle its message lists. */
  static final int CYCLE_LISTED = 10;

  private BlockMistakes() {}

  /** A label a dependency on {@code line} named that the block did not define before it. */
  static ScheduleFormatException undefinedLabel(String file, RankScheduleBuilder block, List<RankSchedule> ranks,
      String undefined, int undefinedLine) {
    String where = file + ":" + undefinedLine + ": label '" + undefined + "' ";
    int r = block.rank();
    int later = block.indexOf(undefined);
    if (later >= 0) {
      return new ScheduleFormatException(where + "is used before it is defined (on line " + block.line(later)
          + "); define a label before a dependency names it");
    }
    for (int other = ranks.size() - 1; other >= 0; other--) {
      if (ranks.get(other).indexOf(undefined) >= 0) {
        return new ScheduleFormatException(where + "belongs to rank " + other + ", not rank " + r
            + ": a dependency links operations of one rank (messages link ranks)");
      }
    }
    return new ScheduleFormatException(where + "is not defined in rank " + r);
  }

  /** Names the cycle from the dependency written last in the file, and gives that line. */
  static ScheduleFormatException cycle(String file, RankScheduleBuilder block, int[] cycle) {
    int first = 0;
    for (int k = 1; k < cycle.length; k++) {
      if (block.edgeLine(cycle[k]) > block.edgeLine(cycle[first])) {
        first = k;
      }
    }
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < Math.min(cycle.length, CYCLE_LISTED); k++) {
      int e = cycle[(first + k) % cycle.length];
      s.append(k == 0 ? "" : ", ").append(block.label(block.edgeFrom(e)))
          .append(block.edgeOnStart(e) ? " irequires " : " requires ").append(block.label(block.edgeTo(e)));
    }
    if (cycle.length > CYCLE_LISTED) {
      s.append(", ... ").append(cycle.length - CYCLE_LISTED).append(" more back to ")
          .append(block.label(block.edgeFrom(cycle[first])));
    }
    return new ScheduleFormatException(file + ":" + block.edgeLine(cycle[first]) + ": dependency cycle in rank "
        + block.rank() + ": " + s + " (none of them can start)");
  }
}
