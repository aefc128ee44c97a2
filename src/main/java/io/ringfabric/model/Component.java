package io.ringfabric.model;

import java.io.Serializable;

/**
 * A part of the machine that reacts to one event at a time and sends events to other parts,
 * each with a delay. It knows nothing of threads or engines: an engine calls {@link #deliver}
 * in key order and routes what it {@link #send}s.
 *
 * <p>Each component numbers its own outgoing events, so the key (time, source, sequence) of
 * every event is fixed by the model alone, whatever runs it. It also keeps a digest of the
 * events it handled, in order, for the run's fingerprint.
 */
public abstract class Component implements Serializable {
  private final int id;
  private final String name;
  private transient EventSink sink; // the engine running it: attached again after a restore
  private long sequence;
  private long now;
  private long handled;
  private long digest = 0x52494E4746414252L;
  /** Where this component's measured latencies go; by default nowhere. */
  protected StatsSink stats = StatsSink.NONE;
  /** Where this component's trace records go; null when the run is not traced. */
  protected transient TraceSink recorder;

  protected Component(int id, String name) {
    this.id = id;
    this.name = name;
  }

  public final int id() {
    return id;
  }

  /** Readable name, e.g. {@code "node 3 module"}. */
  public final String name() {
    return name;
  }

  /** Connects the component to an engine; must happen before {@link #start}. */
  public final void attach(EventSink sink) {
    this.sink = sink;
  }

  /** Reports this component's measured latencies to {@code stats}; before the run. */
  public final void attachStats(StatsSink stats) {
    this.stats = stats;
  }

  public final StatsSink stats() {
    return stats;
  }

  /** Traces this component's doings into {@code recorder} (null: no trace). */
  public final void attachRecorder(TraceSink recorder) {
    this.recorder = recorder;
  }

  public final TraceSink recorder() {
    return recorder;
  }

  /** Posts the component's first events, at time 0. */
  public final void start() {
    now = 0;
    onStart();
  }

  /** Handles one event; the engine guarantees key order per component. */
  public final void deliver(Event event) {
    now = event.time();
    handled++;
    digest = mix(mix(mix(mix(digest, event.time()), event.source()), event.sequence()),
        event.kind().ordinal());
    if (recorder != null && recorder.all()) {
      recorder.message(event.time(), event.source(), event.kind());
    }
    handle(event);
  }

  /** The simulated time of the event being handled (0 during {@link #start}). */
  protected final long now() {
    return now;
  }

  /** Sends {@code message} to {@code target}, to be handled {@code delay} picoseconds from now. */
  protected final void send(int target, long delay, Message message) {
    if (delay < 0) {
      throw new IllegalStateException(name + " sent " + message.kind() + " into the past");
    }
    sink.post(new Event(now + delay, id, sequence++, target, message));
  }

  protected void onStart() {}

  protected abstract void handle(Event event);

  /**
   * Whether this component asks for the run to end (a process failed and
   * {@code on-program-error = end-run}). Engines end the run at the end of the window in which it
   * asked, so every engine handles the same events.
   */
  public boolean endsRun() {
    return false;
  }

  /** The time of the last event this component handled (0 before its first). */
  public final long lastEventPs() {
    return now;
  }

  public final long eventsHandled() {
    return handled;
  }

  /** Digest of every handled event's key and kind, in order. */
  public final long eventDigest() {
    return digest;
  }

  /** One step of a 64-bit mixing function (a SplitMix64 finaliser over the running value). */
  static long mix(long h, long v) {
    long z = h ^ (v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2));
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public String toString() {
    return name;
  }
}
