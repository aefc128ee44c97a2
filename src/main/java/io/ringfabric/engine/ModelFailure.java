package io.ringfabric.engine;

import io.ringfabric.model.Component;
import io.ringfabric.model.Event;
import io.ringfabric.model.FabricDeadlock;
import io.ringfabric.model.TimeStandsStill;

/**
 * A model component threw while handling an event: the run is aborted, and the message names the
 * component, the simulated time and the event so the failure can be found and replayed. A
 * {@link FabricDeadlock} is the machine's state, not a fault: its own message says it all.
 */
public final class ModelFailure extends RuntimeException {
  /** The component threw while posting its first events. */
  public ModelFailure(Component component, Throwable cause) {
    super(component.name() + " failed while starting: " + cause, cause);
  }

  public ModelFailure(Component component, Event event, Throwable cause) {
    super(cause instanceof FabricDeadlock || cause instanceof TimeStandsStill
        ? cause.getMessage() // not a fault of the model: the machine's own state, or a program's
        : component.name() + " failed at " + event.time() + " ps handling " + event.kind()
            + " (from component " + event.source() + ", sequence " + event.sequence() + "): " + cause,
        cause);
  }
}
