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
 *
 * <p>A component may work out some of the events it sends itself instead of posting them (a core
 * whose processes take turns polling, {@link CoreSharing}): it takes their sequence numbers when
 * it would have sent them, handles each in {@link #catchUp} just before the first delivered event
 * that comes after it, and sets itself a {@link #remindAt reminder} for the moment it must stop.
 * Such an event counts, digests and traces as a delivered one, so fingerprints do not show which
 * events an engine delivered; {@link #eventsDelivered} does.
 */
public abstract class Component implements Serializable {
  private final int id;
  private final String name;
  private transient EventSink sink; // the engine running it: attached again after a restore
  private long sequence;
  private long now;
  private long handled;
  private long delivered;
  private long runEndPs = SimTime.CLOCK_END;
  private long mostAtOneInstant = Long.MAX_VALUE;
  private long atThisInstant; // events delivered at now() after the first
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

  /** The run handles no event after {@code durationPs}: a component working events out stops there. */
  public final void runUntil(long durationPs) {
    this.runEndPs = durationPs;
  }

  /** The time after which the run handles no event ({@link SimTime#CLOCK_END} unless told). */
  protected final long runEndPs() {
    return runEndPs;
  }

  /**
   * The run ends, naming this component, when it is delivered more than {@code events} events at
   * one instant: a loop that takes no simulated time would otherwise never end.
   */
  public final void endLoopsAfter(long events) {
    this.mostAtOneInstant = events;
  }

  /** Posts the component's first events, at time 0. */
  public final void start() {
    now = 0;
    onStart();
  }

  /** Handles one event; the engine guarantees key order per component. */
  public final void deliver(Event event) {
    delivered++;
    // cheap: time moves on at almost every event; only a stuck instant counts up
    if (event.time() != now) {
      atThisInstant = 0;
    } else if (++atThisInstant >= mostAtOneInstant) {
      throw stuck(event);
    }
    catchUp(event);
    if (event.kind() == MessageKind.REMINDER) {
      remind(event);
      return;
    }
    count(event.time(), event.source(), event.sequence(), event.kind());
    handle(event);
  }

  /** Out of {@link #deliver}, which every event runs, so that it stays small enough to inline. */
  private TimeStandsStill stuck(Event event) {
    String why = looping(event);
    return new TimeStandsStill(name + " handled more than " + String.format(java.util.Locale.ROOT, "%,d", mostAtOneInstant)
        + " events at " + SimTime.spaced(now) + " without simulated time moving on: "
        + (why == null ? "a loop that takes no time" : why) + "; the run ends (most-events-at-one-instant = "
        + mostAtOneInstant + ")");
  }

  private void count(long time, int source, long sequence, MessageKind kind) {
    now = time;
    handled++;
    digest = mix(digest, eventKey(time, source, sequence, kind));
    if (recorder != null && recorder.all()) {
      recorder.message(time, source, kind);
    }
  }

  /**
   * Handles, before {@code next} is delivered, the events this component worked out instead of
   * posting whose key comes before next's. None by default.
   */
  protected void catchUp(Event next) {}

  /** A reminder this component set itself has come (after {@link #catchUp} to it). */
  protected void remind(Event reminder) {}

  /**
   * An event this component sent itself at {@code sequence} and did not post is handled now: it
   * counts, digests and traces as if delivered. The caller does what handling it means.
   */
  protected final void handledUnposted(long time, long sequence, MessageKind kind) {
    if (time < now) {
      throw new IllegalStateException(name + " handled " + kind + " at " + time + " ps after " + now + " ps");
    }
    count(time, id, sequence, kind);
  }

  /**
   * {@link #handledUnposted} for a series of pairs worked out alike: pair {@code i} (from 0) is
   * {@code first} with sequence number {@code sequence + 2i}, then {@code second} with the next,
   * both at {@code time + i * step}, each pair's numbers taken as the one before it is handled, so
   * pair 0's must be the last taken. Handles as many pairs as come before {@code next} in key
   * order, at most {@code most}, and takes the numbers of the pair after the last handled; returns
   * how many it handled.
   */
  protected final long handledUnpostedPairs(long time, long step, long sequence, long most, Event next,
      MessageKind first, MessageKind second) {
    if (this.sequence != sequence + 2 || step <= 0 || time < now) {
      throw new IllegalStateException(name + " worked out pairs from sequence " + sequence + " every " + step
          + " ps from " + time + " ps, but its next sequence is " + this.sequence + " and its time " + now + " ps");
    }
    long pairs = 0;
    long t = time;
    long s = sequence;
    long d = digest;
    boolean traced = recorder != null && recorder.all();
    while (pairs < most && Event.before(t, id, s + 1, next)) {
      d = mix(mix(d, eventKey(t, id, s, first)), eventKey(t, id, s + 1, second));
      if (traced) {
        recorder.message(t, id, first);
        recorder.message(t, id, second);
      }
      pairs++;
      t += step;
      s += 2;
    }
    if (pairs > 0) {
      digest = d;
      handled += 2 * pairs;
      now = t - step;
      this.sequence = s + 2;
    }
    return pairs;
  }

  /** The sequence number of an event sent to itself now that is worked out, not posted (yet). */
  protected final long takeSequence() {
    return sequence++;
  }

  /** Posts an event to itself at {@code time} with the sequence number it took when it was sent. */
  protected final void postTaken(long time, long sequence, Message message) {
    if (time < now) {
      throw new IllegalStateException(name + " posted " + message.kind() + " into the past");
    }
    sink.post(new Event(time, id, sequence, id, message));
  }

  /**
   * Asks to be {@link #remind reminded} at {@code time}, after every event of its own at that
   * time; the reminder's kind must be {@link MessageKind#REMINDER}.
   */
  protected final void remindAt(long time, Message reminder) {
    if (reminder.kind() != MessageKind.REMINDER || time < now) {
      throw new IllegalStateException(name + " set a reminder of kind " + reminder.kind() + " at " + time + " ps");
    }
    sink.post(new Event(time, id, Long.MAX_VALUE, id, reminder));
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

  /** What goes round a loop that takes no time, {@code event} being its latest turn; null: not known. */
  protected String looping(Event event) {
    return null;
  }

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

  /** Events of the machine this component handled, delivered or worked out. */
  public final long eventsHandled() {
    return handled;
  }

  /** Events an engine delivered to this component, reminders included. */
  public final long eventsDelivered() {
    return delivered;
  }

  /** Digest of every handled event's key and kind, in order. */
  public final long eventDigest() {
    return digest;
  }

  /**
   * An event's key and kind in one word, for the digest: one mixing step an event, not one a field.
   * The digest is a chain, each step waiting for the one before, and every event a core works out
   * instead of delivering is digested too: 194 million events for 38 million delivered in 448 us of
   * a 64x64 torus, at 21 ns an event with four steps on this project's host and 5 ns with one. The
   * fields' products do not wait for the chain.
   */
  static long eventKey(long time, int source, long sequence, MessageKind kind) {
    return time * 0x9E3779B97F4A7C15L ^ sequence * 0xC2B2AE3D27D4EB4FL ^ ((long) source << 8 | kind.ordinal());
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
