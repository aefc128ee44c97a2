package io.ringfabric.stats;

import io.ringfabric.config.BuiltMachine;
import io.ringfabric.model.Component;
import io.ringfabric.model.Core;
import io.ringfabric.model.Machine;
import io.ringfabric.model.MessagingModule;
import io.ringfabric.model.OpCounters;
import io.ringfabric.model.OutputPort;
import io.ringfabric.model.RingBuffer;
import io.ringfabric.model.Switch;
import io.ringfabric.model.Program;
import io.ringfabric.workload.ElementCheck;
import io.ringfabric.workload.schedule.RankProgram;
import io.ringfabric.workload.schedule.RankResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What {@link Results} and {@link Fingerprint} need from one part of a finished machine (a node's
 * cores, module, memory and switch, or a standalone switch), as plain data: a cluster member reads
 * its own parts into tallies and sends them to the member that merges them. Everything is records,
 * lists, numbers, strings and bytes, so Jackson writes and reads it as it is. Links' busy time
 * depends on the run's end, known only once every part's processes are in; {@link LinkBusy} carries
 * it.
 *
 * <p>Latency recorders are {@link LatencyRecorder#encode encoded}. Within the part, everything is
 * in the order the machine keeps it: cores by index, processes in the order they were added, rings
 * in the order they were created, ports by number, components by id.
 *
 * @param part the part's id in the machine's {@link io.ringfabric.model.Layout}
 * @param puts PUTs the part's module initiated; a standalone switch has no module, cores or
 *     memory, so its counts are zero and its recorders and lists empty
 * @param links the ports of the part's switch that drive a link, by port number
 * @param seriesReachedPs the longest interval the part's time series doubled to (auto sampling)
 * @param ranks what the ranks of a schedule that ran on the part did
 */
public record PartTally(
    int part,
    Ops puts,
    Ops gets,
    Latencies latency,
    CoreCounters cores,
    ModuleCounters module,
    List<Outcome> processes,
    List<Ring> rings,
    Checks checks,
    List<Link> links,
    Faults faults,
    List<Digest> components,
    long seriesReachedPs,
    List<RankResult> ranks) {

  /** One op type; {@code errors} by status name, only those that happened, in name order. */
  public record Ops(long issued, long ok, long bytesOk, Map<String, Long> errors, long unknown) {}

  /**
   * The part's latency recorders, encoded: its module's, its cores' round trips (of the cores that
   * measured any), its cores' own measures core by core, and its module's message latency by the
   * process group that PUT the element and by element size. Nothing is merged here: recorders add
   * up in any order, so the merging member adds them all at once, and merging here would cost a
   * whole histogram per recorder kind and part.
   */
  public record Latencies(
      byte[] put,
      byte[] get,
      byte[] message,
      List<byte[]> roundTrips,
      List<Named> measures,
      List<Keyed> messageByGroup,
      List<Keyed> messageBySize) {}

  /** An encoded recorder under a program's own measure name. */
  public record Named(String name, byte[] recorder) {}

  /** An encoded recorder under a group index or an element size. */
  public record Keyed(int key, byte[] recorder) {}

  /** The part's cores, summed. */
  public record CoreCounters(long polls, long pollPs, long busyPs, long notifications) {}

  /** The part's module; {@code served} counts PUTs and GETs applied to rings. */
  public record ModuleCounters(long retries, long lateResponses, long served, long refusedLate, long duplicates,
      long duplicatesDropped, long unanswered, long confirmations) {}

  /** What the faults of {@code fabric.faults} did at the part's switch: packets lost at random or on a down link, frames that failed their checksum here. */
  public record Faults(long dropped, long lostOnDownLinks, long corruptDetected) {}

  /** One process at the end of the run, as {@link Core.ProcessOutcome}. */
  public record Outcome(String name, String state, long endedAt, String failure) {}

  /** One ring at the end of the run; {@code stateHash} and {@code elements} go into the fingerprint. */
  public record Ring(int node, int id, int elements, long payloadBytes, long peakUsedBytes,
      int capacity, int peakElements, long stateHash) {}

  /** The element checks of the part's consumers, merged. */
  public record Checks(long checked, long corrupt, long outOfOrder, long unstamped) {}

  /** One port that drives a link: what does not depend on when the run ended. */
  /** One link, as its output port measured it after the warm-up; credit stalls of the packets that waited for room behind it. */
  public record Link(String name, long packets, long waited, long waitPs, long maxWaitPs, int maxQueue,
      long creditStalls, long creditStallPs) {}

  /** One component's share of the fingerprint. */
  public record Digest(int id, long eventsHandled, long eventDigest) {}

  /** Reads part {@code part} of a finished machine; only that part's components are touched. */
  public static PartTally of(BuiltMachine built, int part) {
    Machine machine = built.machine();
    boolean node = part < machine.nodes();
    List<Core> cores = node ? cores(machine, part) : List.of();
    MessagingModule module = node ? machine.module(part) : null;
    return new PartTally(
        part,
        ops(module == null ? new OpCounters() : module.puts()),
        ops(module == null ? new OpCounters() : module.gets()),
        PartLatencies.of(machine, part).encode(),
        coreCounters(cores),
        module == null ? new ModuleCounters(0, 0, 0, 0, 0, 0, 0, 0) : new ModuleCounters(module.retries(),
            module.lateResponses(), module.servedPuts() + module.servedGets(), module.refusedLate(),
            module.duplicates(), module.duplicatesDropped(), module.unanswered(), module.confirmations()),
        outcomes(cores),
        rings(machine, part),
        checks(node ? built.elementChecks(part) : new ElementCheck()),
        links(machine, part),
        faults(machine.fabricSwitch(part)),
        digests(machine, part),
        PartSeries.reachedPs(machine, part),
        ranks(cores));
  }

  /** The ranks of a schedule that ran on the part's cores, in the order the cores hold them. */
  private static List<RankResult> ranks(List<Core> cores) {
    List<RankResult> list = new ArrayList<>();
    for (Core core : cores) {
      for (Program p : core.programs()) {
        if (p instanceof RankProgram rank) {
          list.add(rank.result());
        }
      }
    }
    return list;
  }

  /**
   * The tallies sorted by part, so a merge does not depend on the order they arrived in.
   *
   * @throws IllegalArgumentException unless they are parts 0 to n-1, each once
   */
  static List<PartTally> inPartOrder(List<PartTally> tallies) {
    List<PartTally> sorted = new ArrayList<>(tallies);
    sorted.sort(Comparator.comparingInt(PartTally::part));
    for (int i = 0; i < sorted.size(); i++) {
      if (sorted.get(i).part() != i) {
        throw new IllegalArgumentException("tallies must be of parts 0 to " + (sorted.size() - 1)
            + ", each once; got parts " + sorted.stream().map(PartTally::part).toList());
      }
    }
    return sorted;
  }

  private static List<Core> cores(Machine machine, int node) {
    List<Core> cores = new ArrayList<>();
    for (int c = 0; c < machine.layout().cores(); c++) {
      cores.add(machine.core(node, c));
    }
    return cores;
  }

  private static Ops ops(OpCounters c) {
    return new Ops(c.issued(), c.ok(), c.bytesOk(), c.errorCounts(), c.unknown());
  }

  private static CoreCounters coreCounters(List<Core> cores) {
    long polls = 0;
    long pollPs = 0;
    long busyPs = 0;
    long notifications = 0;
    for (Core core : cores) {
      polls += core.polls();
      pollPs += core.pollPs();
      busyPs += core.busyPs();
      notifications += core.notifications();
    }
    return new CoreCounters(polls, pollPs, busyPs, notifications);
  }

  private static List<Outcome> outcomes(List<Core> cores) {
    List<Outcome> list = new ArrayList<>();
    for (Core core : cores) {
      for (Core.ProcessOutcome p : core.outcomes()) {
        list.add(new Outcome(p.name(), p.state(), p.endedAt(), p.failure()));
      }
    }
    return list;
  }

  /** The rings of the part's memory (none for a standalone switch). */
  static List<Ring> rings(Machine machine, int part) {
    List<Ring> list = new ArrayList<>();
    if (part < machine.nodes()) {
      for (RingBuffer r : machine.memory(part).rings()) {
        list.add(new Ring(part, r.id(), r.elements(), r.payloadBytes(), r.peakUsedBytes(),
            r.capacity(), r.peakElements(), r.stateHash()));
      }
    }
    return list;
  }

  private static Checks checks(ElementCheck c) {
    return new Checks(c.checked(), c.corrupt(), c.outOfOrder(), c.unstamped());
  }

  private static Faults faults(Switch s) {
    long dropped = 0;
    long lost = 0;
    for (int p = 1; p < s.ports().length; p++) {
      dropped += s.dropped(p);
      lost += s.lostOnDownLink(p);
    }
    return new Faults(dropped, lost, s.corruptDetected());
  }

  private static List<Link> links(Machine machine, int part) {
    List<Link> list = new ArrayList<>();
    Switch s = machine.fabricSwitch(part);
    OutputPort[] ports = s.ports();
    for (int p = 1; p < ports.length; p++) { // the ports linkedPorts gives, in its order
      if (s.hasLink(p)) {
        OutputPort port = ports[p];
        list.add(new Link(port.name(), port.packets(), port.waited(), port.waitPs(),
            port.maxWaitPs(), port.maxQueue(), s.creditStalls(p), s.creditStallPs(p)));
      }
    }
    return list;
  }

  /**
   * The ports of the part's switch that drive a link, by port number; port 0 is left out, as the
   * links between switches are what the results report. Part p's switch is switch p: node n owns
   * switch n, and the standalone switches follow the nodes in both numberings.
   */
  static List<OutputPort> linkedPorts(Machine machine, int part) {
    Switch s = machine.fabricSwitch(part);
    if (machine.layout().partOf(s.id()) != part) {
      throw new IllegalStateException(s.name() + " is not in part " + part);
    }
    return s.linkedPorts();
  }

  /** The part's components' event digests, in id order. */
  static List<Digest> digests(Machine machine, int part) {
    List<Digest> list = new ArrayList<>();
    for (int id : machine.layout().componentsOf(part)) {
      Component c = machine.component(id);
      list.add(new Digest(id, c.eventsHandled(), c.eventDigest()));
    }
    return list;
  }
}
