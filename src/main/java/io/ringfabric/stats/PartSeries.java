package io.ringfabric.stats;

import io.ringfabric.model.Machine;
import io.ringfabric.model.MessagingModule;
import io.ringfabric.model.OutputPort;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.SharedSamples;
import java.util.ArrayList;
import java.util.List;

/**
 * One part's time series at the run's end, as plain data for {@link Series}: its module's counts,
 * its share of the packets in the fabric (what its module sent in, less what it took out and what
 * its switch lost), each of its rings and each of its switch's links. Every part's series are cut
 * to the same interval and end, so they add up sample by sample.
 *
 * @param rings by the part's ring order; {@code links} by {@link PartTally#linkedPorts} order
 */
public record PartSeries(long[] puts, long[] gets, long[] bytes, long[] packetsInFabric, List<long[]> rings,
    List<long[]> linkBusyPs) {

  /** The longest interval any of the part's series doubled to (auto): the run's is at least this. */
  static long reachedPs(Machine machine, int part) {
    long reached = machine.fabricSwitch(part).lostSamples().intervalPs();
    for (SharedSamples s : all(machine, part)) {
      reached = Math.max(reached, s.intervalPs());
    }
    for (OutputPort port : PartTally.linkedPorts(machine, part)) {
      reached = Math.max(reached, port.busyIntervalPs());
    }
    return reached;
  }

  /** Part {@code part}'s series up to {@code endPs}, at interval {@code intervalPs}. */
  static PartSeries of(Machine machine, int part, long endPs, long intervalPs) {
    long[] inFabric = machine.fabricSwitch(part).lostSamples().upTo(endPs, intervalPs);
    List<long[]> rings = new ArrayList<>();
    long[] puts = new long[inFabric.length];
    long[] gets = puts.clone();
    long[] bytes = puts.clone();
    if (part < machine.nodes()) {
      MessagingModule module = machine.module(part);
      puts = module.putsDone().upTo(endPs, intervalPs);
      gets = module.getsDone().upTo(endPs, intervalPs);
      bytes = module.bytesDone().upTo(endPs, intervalPs);
      add(inFabric, module.inFabric().upTo(endPs, intervalPs));
      for (RingBuffer r : machine.memory(part).rings()) {
        rings.add(machine.memory(part).occupancy(r.id()).upTo(endPs, intervalPs));
      }
    }
    List<long[]> links = new ArrayList<>();
    for (OutputPort port : PartTally.linkedPorts(machine, part)) {
      links.add(port.busySeries(endPs, intervalPs));
    }
    return new PartSeries(puts, gets, bytes, inFabric, rings, links);
  }

  /** Adds {@code b} into {@code a}, sample by sample. */
  static void add(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      a[i] += b[i];
    }
  }

  private static List<SharedSamples> all(Machine machine, int part) {
    List<SharedSamples> all = new ArrayList<>();
    if (part < machine.nodes()) {
      MessagingModule module = machine.module(part);
      all.addAll(List.of(module.putsDone(), module.getsDone(), module.bytesDone(), module.inFabric()));
      for (RingBuffer r : machine.memory(part).rings()) {
        all.add(machine.memory(part).occupancy(r.id()));
      }
    }
    return all;
  }
}
