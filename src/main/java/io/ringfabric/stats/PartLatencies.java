package io.ringfabric.stats;

import io.ringfabric.model.Component;
import io.ringfabric.model.Machine;
import io.ringfabric.model.StatsSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latencies one part of the machine (a node's cores and module) measured, kept as the model
 * reports them: a recorder per measure, made on its first sample, so a part that measures nothing
 * holds nothing. Recorders add up exactly, so keeping them per part rather than per component
 * changes no result. The breakdowns are sorted maps, so their encoded order depends on the keys
 * alone.
 */
public final class PartLatencies implements StatsSink {
  private LatencyRecorder put;
  private LatencyRecorder get;
  private LatencyRecorder message;
  private LatencyRecorder roundTrips;
  private final Map<Integer, LatencyRecorder> messageBySize = new TreeMap<>();
  private final Map<Integer, LatencyRecorder> messageByGroup = new TreeMap<>();
  private final Map<String, LatencyRecorder> measures = new TreeMap<>();

  /**
   * Gives every part of {@code machine} its own latencies and returns them by part; a standalone
   * switch measures nothing and gets none. Done before the run by whoever reads the results.
   */
  public static PartLatencies[] attach(Machine machine) {
    PartLatencies[] parts = new PartLatencies[machine.layout().parts()];
    for (int node = 0; node < machine.nodes(); node++) {
      PartLatencies part = new PartLatencies();
      parts[node] = part;
      for (int id : machine.layout().componentsOf(node)) {
        machine.component(id).attachStats(part);
      }
    }
    return parts;
  }

  /**
   * The latencies of part {@code part}, as {@link #attach} gave them; for a standalone switch,
   * none.
   *
   * @throws IllegalStateException if the machine's statistics were never attached
   */
  static PartLatencies of(Machine machine, int part) {
    if (part >= machine.nodes()) {
      return new PartLatencies();
    }
    Component module = machine.module(part);
    if (module.stats() instanceof PartLatencies latencies) {
      return latencies;
    }
    throw new IllegalStateException("node " + part + " kept no statistics: PartLatencies.attach "
        + "must be called on a machine before it runs");
  }

  @Override
  public void putDone(long latencyPs) {
    put = recorded(put, latencyPs);
  }

  @Override
  public void getDone(long latencyPs) {
    get = recorded(get, latencyPs);
  }

  @Override
  public void messageDone(long messageLatencyPs, int size, int group) {
    message = recorded(message, messageLatencyPs);
    messageBySize.computeIfAbsent(size, k -> new LatencyRecorder()).record(messageLatencyPs);
    messageByGroup.computeIfAbsent(group, k -> new LatencyRecorder()).record(messageLatencyPs);
  }

  @Override
  public void roundTrip(long ps) {
    roundTrips = recorded(roundTrips, ps);
  }

  @Override
  public void declareMeasure(String name) {
    measures.computeIfAbsent(name, k -> new LatencyRecorder());
  }

  @Override
  public void measure(String name, long ps) {
    measures.get(name).record(ps);
  }

  private static LatencyRecorder recorded(LatencyRecorder recorder, long ps) {
    LatencyRecorder r = recorder == null ? new LatencyRecorder() : recorder;
    r.record(ps);
    return r;
  }

  /** Everything, encoded for a {@link PartTally}. */
  PartTally.Latencies encode() {
    List<PartTally.Named> named = new ArrayList<>();
    measures.forEach((name, rec) -> named.add(new PartTally.Named(name, rec.encode())));
    return new PartTally.Latencies(encoded(put), encoded(get), encoded(message),
        roundTrips == null ? List.of() : List.of(roundTrips.encode()), named, keyed(messageByGroup),
        keyed(messageBySize));
  }

  private static byte[] encoded(LatencyRecorder recorder) {
    return (recorder == null ? new LatencyRecorder() : recorder).encode();
  }

  private static List<PartTally.Keyed> keyed(Map<Integer, LatencyRecorder> recorders) {
    List<PartTally.Keyed> list = new ArrayList<>();
    recorders.forEach((key, rec) -> list.add(new PartTally.Keyed(key, rec.encode())));
    return list;
  }

  /** Doorbell to DONE of the part's PUTs (tests). */
  public LatencyRecorder put() {
    return put == null ? new LatencyRecorder() : put;
  }
}
