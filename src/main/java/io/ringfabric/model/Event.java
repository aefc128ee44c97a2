package io.ringfabric.model;

import java.io.Serializable;
import java.util.Comparator;

/**
 * One timestamped message from one component to another.
 *
 * <p>Events are ordered by their key (time, source component, source sequence), never by the
 * order they were posted: that key is what makes every engine and every cluster layout handle
 * a component's events in the same order.
 *
 * @param time simulated time the target handles it, in picoseconds
 * @param source id of the component that sent it
 * @param sequence the source's count of events sent before this one
 * @param target id of the component that handles it
 */
public record Event(long time, int source, long sequence, int target, Message message) implements Serializable {

  /** The canonical order: (time, source, sequence). */
  public static final Comparator<Event> ORDER = (a, b) -> a.before(b) ? -1 : b.before(a) ? 1 : 0;

  /** Whether this event comes strictly before {@code other} in key order. */
  public boolean before(Event other) {
    return before(time, source, sequence, other);
  }

  /** Whether the key (time, source, sequence) comes strictly before {@code other}'s. */
  public static boolean before(long time, int source, long sequence, Event other) {
    if (time != other.time) {
      return time < other.time;
    }
    if (source != other.source) {
      return source < other.source;
    }
    return sequence < other.sequence;
  }

  public MessageKind kind() {
    return message.kind();
  }
}
