package io.ringfabric.stats;

import io.ringfabric.model.Core;
import io.ringfabric.model.Machine;
import io.ringfabric.model.OutputPort;
import java.util.List;

/**
 * What of one part can be counted only up to the run's end: how long each link was busy, and the
 * requests offered to its open-loop processes. The end is known only after every part's {@link
 * PartTally} is in ({@link Results#simulatedPs}), so a cluster gathers these in a second round.
 *
 * @param part the part's id, as in its {@link PartTally}
 * @param busyPs per port of the tally's {@link PartTally#links}, in the same order, the time the
 *     link spent sending from the warm-up's end to the run's end
 * @param offered requests that arrived for the part's open-loop processes from the warm-up's end
 *     to the run's end, or -1 if it has none
 * @param accepted PUTs those processes saw DONE from the warm-up's end on, or -1 with offered
 * @param series the part's time series up to the run's end, or null when sampling is off
 */
public record LinkBusy(int part, long[] busyPs, long offered, long accepted, PartSeries series) {

  /**
   * Part {@code part}'s links' busy time and offered requests up to {@code simulatedPs}, and its
   * series at {@code intervalPs} (0: none).
   */
  public static LinkBusy of(Machine machine, int part, long simulatedPs, long intervalPs) {
    List<OutputPort> ports = PartTally.linkedPorts(machine, part);
    long[] busy = new long[ports.size()];
    for (int i = 0; i < busy.length; i++) {
      busy[i] = ports.get(i).busyPsUntil(simulatedPs);
    }
    long offered = -1;
    long accepted = -1;
    if (part < machine.nodes()) {
      for (int c = 0; c < machine.layout().cores(); c++) {
        Core core = machine.core(part, c);
        long n = core.arrivalsBetween(machine.spec().warmupPs(), simulatedPs);
        offered = n < 0 ? offered : Math.max(offered, 0) + n;
        long done = core.doneAfterWarmup();
        accepted = done < 0 ? accepted : Math.max(accepted, 0) + done;
      }
    }
    return new LinkBusy(part, busy, offered, accepted,
        intervalPs == 0 ? null : PartSeries.of(machine, part, simulatedPs, intervalPs));
  }
}
