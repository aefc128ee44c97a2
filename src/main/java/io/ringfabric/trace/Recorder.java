package io.ringfabric.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * One component's trace records, kept until the engine hands them to the {@link TraceWriter}.
 * Each record gets the component's own running number, the last part of the canonical order.
 */
public final class Recorder {
  private final TraceOptions options;
  private final int componentId;
  private final String component;
  private final int node;
  private final String[] names;
  private List<Entry> buffer = new ArrayList<>();
  private long sequence;

  /** A record and its place in its component's stream. */
  public record Entry(TraceRecord record, long sequence) {}

  /**
   * @param names every component's name, by id: what {@code from} and {@code to} fields say
   */
  public Recorder(TraceOptions options, int componentId, String component, int node, String[] names) {
    this.options = options;
    this.componentId = componentId;
    this.component = component;
    this.node = node;
    this.names = names;
  }

  public boolean packets() {
    return options.level() != TraceLevel.OPS;
  }

  public boolean all() {
    return options.level() == TraceLevel.ALL;
  }

  /** The name of component {@code id}. */
  public String name(int id) {
    return names[id];
  }

  /** Records one thing; fields as in {@link TraceRecord} (null, 0 or -1 where they do not apply). */
  public void record(long t, String kind, String op, String from, String to, long bytes,
      String status, long wait, long dur, int ring, String port, String detail) {
    if (!options.keeps(t, node)) {
      return;
    }
    buffer.add(new Entry(new TraceRecord(t, kind, op, component, componentId, node, from, to, bytes,
        status, wait, dur, ring, port, detail), sequence++));
  }

  /** Hands over every record kept so far. */
  public List<Entry> drain() {
    if (buffer.isEmpty()) {
      return List.of();
    }
    List<Entry> out = buffer;
    buffer = new ArrayList<>();
    return out;
  }
}
