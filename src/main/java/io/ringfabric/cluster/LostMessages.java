package io.ringfabric.cluster;

import java.util.function.Function;
import org.apache.pekko.actor.Dropped;
import org.apache.pekko.actor.typed.eventstream.EventStream;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * Messages of the run that this JVM's transport dropped: larger than its frame, or its send queue
 * full. Pekko only logs them and publishes them on the event stream; a receiver left waiting for
 * one would hang the run, so a member that hears of one ends the run naming it.
 */
final class LostMessages {
  private LostMessages() {}

  /** Tells {@code ctx}'s actor, as {@code wrap} makes it, of every message this JVM's transport drops. */
  static <T> void watch(ActorContext<T> ctx, Function<Dropped, T> wrap) {
    ctx.getSystem().eventStream().tell(new EventStream.Subscribe<>(Dropped.class,
        ctx.messageAdapter(Dropped.class, wrap::apply)));
  }

  /** Why the run cannot go on, said by {@code who}; or null for Pekko's own, resent or its own business. */
  static String why(Dropped d, String who) {
    if (!d.message().getClass().getName().startsWith("io.ringfabric.")) {
      return null;
    }
    return who + " could not send a " + d.message().getClass().getName() + " to " + d.recipient().path()
        + ", which the transport dropped: " + d.reason()
        + (d.reason().contains("oversized") ? " (the frame is " + PartPieces.FRAME + ")" : "");
  }
}
