package io.ringfabric.stats;

import io.ringfabric.model.Machine;
import io.ringfabric.model.OutputPort;
import java.util.List;

/**
 * How long each link of one part was busy up to the run's end. The end is known only after every
 * part's {@link PartTally} is in ({@link Results#simulatedPs}), so a cluster gathers these in a
 * second round.
 *
 * @param part the part's id, as in its {@link PartTally}
 * @param busyPs per port of the tally's {@link PartTally#links}, in the same order, the time the
 *     link spent sending up to the run's end
 */
public record LinkBusy(int part, long[] busyPs) {

  /** Part {@code part}'s links' busy time up to {@code simulatedPs}. */
  public static LinkBusy of(Machine machine, int part, long simulatedPs) {
    List<OutputPort> ports = PartTally.linkedPorts(machine, part);
    long[] busy = new long[ports.size()];
    for (int i = 0; i < busy.length; i++) {
      busy[i] = ports.get(i).busyPsUntil(simulatedPs);
    }
    return new LinkBusy(part, busy);
  }
}
