package io.ringfabric.stats;

import io.ringfabric.model.SimTime;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Merges the parts' links and rings into results.json's {@code links} and {@code rings}. */
final class FabricMerge {
  private FabricMerge() {}

  /**
   * Each part's links' busy times, in part order.
   *
   * @throws IllegalArgumentException unless there is one per tally, with as many times as links
   */
  static long[][] busyInPartOrder(List<PartTally> parts, List<LinkBusy> busy) {
    long[][] byPart = new long[parts.size()][];
    for (LinkBusy b : busy) {
      if (b.part() < 0 || b.part() >= parts.size() || byPart[b.part()] != null) {
        throw new IllegalArgumentException("link busy times of part " + b.part()
            + " are unexpected or came twice; there are " + parts.size() + " parts");
      }
      int links = parts.get(b.part()).links().size();
      if (b.busyPs().length != links) {
        throw new IllegalArgumentException("part " + b.part() + " has " + links + " links but "
            + b.busyPs().length + " busy times");
      }
      byPart[b.part()] = b.busyPs();
    }
    for (int part = 0; part < byPart.length; part++) {
      if (byPart[part] == null) {
        throw new IllegalArgumentException("no link busy times of part " + part);
      }
    }
    return byPart;
  }

  /**
   * Links between switches, switch by switch and port by port (parts in order give switches in
   * id order): the first of equally busy links is named the busiest, and the utilisations add up
   * in that order, so the mean is the same to the last bit.
   */
  static RunResult.Links links(List<PartTally> parts, long[][] busy, long measuredPs) {
    int count = 0;
    double sum = 0;
    double max = 0;
    String maxName = "";
    long packets = 0;
    long queued = 0;
    long waitPs = 0;
    long maxWait = 0;
    int maxQueue = 0;
    long stalls = 0;
    long stallPs = 0;
    Map<String, Double> byLink = new LinkedHashMap<>();
    for (int part = 0; part < parts.size(); part++) {
      List<PartTally.Link> links = parts.get(part).links();
      for (int i = 0; i < links.size(); i++) {
        PartTally.Link link = links.get(i);
        double u = measuredPs == 0 ? 0 : (double) busy[part][i] / measuredPs;
        count++;
        sum += u;
        byLink.put(link.name(), Results.round(u));
        if (u > max) {
          max = u;
          maxName = link.name();
        }
        packets += link.packets();
        queued += link.waited();
        waitPs += link.waitPs();
        maxWait = Math.max(maxWait, link.maxWaitPs());
        maxQueue = Math.max(maxQueue, link.maxQueue());
        stalls += link.creditStalls();
        stallPs += link.creditStallPs();
      }
    }
    return new RunResult.Links(count, count == 0 ? 0 : Results.round(sum / count),
        Results.round(max), maxName, packets, queued,
        queued == 0 ? 0 : Results.round(waitPs / 1000.0 / queued), SimTime.toNs(maxWait), maxQueue,
        stalls, stalls == 0 ? 0 : Results.round(stallPs / 1000.0 / stalls),
        parts.stream().mapToLong(t -> t.faults().dropped()).sum(),
        parts.stream().mapToLong(t -> t.faults().lostOnDownLinks()).sum(),
        parts.stream().mapToLong(t -> t.faults().corruptDetected()).sum(),
        Collections.unmodifiableMap(byLink));
  }

  /** Rings in node order; the first of equally full rings is named the fullest. */
  static RunResult.Rings rings(List<PartTally> parts) {
    int count = 0;
    long elements = 0;
    long bytes = 0;
    double peak = 0;
    long peakBytes = 0;
    int peakElements = 0;
    String peakRing = "";
    for (PartTally t : parts) {
      for (PartTally.Ring r : t.rings()) {
        count++;
        elements += r.elements();
        bytes += r.payloadBytes();
        double occupancy = (double) r.peakUsedBytes() / r.capacity();
        if (occupancy > peak) {
          peak = occupancy;
          peakBytes = r.peakUsedBytes();
          peakElements = r.peakElements();
          peakRing = "node " + r.node() + " ring " + r.id();
        }
      }
    }
    return new RunResult.Rings(count, elements, bytes, Results.round(peak), peakBytes, peakElements,
        peakRing);
  }
}
