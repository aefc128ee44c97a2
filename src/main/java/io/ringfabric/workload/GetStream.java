package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;

/**
 * Runs a {@link GetStreamSpec}: GET until enough elements came back or {@code idle-limit} GETs in
 * a row brought none back, backing off (or waiting for an arrival) after each EMPTY.
 *
 * <p>A GET that ended TIMEOUT is tried again at once: a lost packet says nothing of the ring, and
 * the TIMEOUT has already waited out the module's time limits. It counts toward {@code idle-limit}
 * as an EMPTY does, so a consumer cut off from its ring (a link down on the only way) ends too.
 * Any other error (no such node or ring, access denied, an element larger than the buffer) ends
 * the process: retrying would fail the same way.
 *
 * <p>Waiting for arrivals, a process with an {@code idle-limit} waits at most {@code
 * empty-backoff} for one, then GETs again, so that it ends as a backing-off one does once the
 * producers stop; without a limit it waits as long as it takes.
 */
public final class GetStream implements Program {
  private final GetStreamSpec spec;
  private final ElementCheck check;
  private long received;
  private int emptyInARow;

  public GetStream(GetStreamSpec spec, ElementCheck check) {
    this.spec = spec;
    this.check = check;
  }

  @Override
  public void onStart(ProcessApi api) {
    next(api);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    switch (c.status()) {
      case DONE -> {
        emptyInARow = 0;
        received++;
        check.accept(c.node(), c.ring(), c.data());
        if (spec.thinkPs() > 0 && !done()) {
          api.sleep(spec.thinkPs());
        } else {
          next(api);
        }
      }
      case EMPTY -> {
        if (idle(api)) {
          return;
        }
        if (!spec.waitForNotification()) {
          api.sleep(spec.emptyBackoffPs());
        } else if (spec.idleLimit() > 0) {
          api.waitForArrival(spec.emptyBackoffPs());
        } else {
          api.waitForArrival();
        }
      }
      case TIMEOUT -> {
        if (!idle(api)) {
          next(api);
        }
      }
      default -> api.finish();
    }
  }

  /** Counts a GET that brought no element back; finishes the process at the idle limit. */
  private boolean idle(ProcessApi api) {
    emptyInARow++;
    if (spec.idleLimit() > 0 && emptyInARow >= spec.idleLimit()) {
      api.finish();
      return true;
    }
    return false;
  }

  @Override
  public void onWake(ProcessApi api) {
    next(api);
  }

  @Override
  public void onArrival(ProcessApi api, int ring) {
    next(api);
  }

  /** A count of 0 is none: the stream runs until it finds the ring idle. */
  @Override
  public long plannedOps() {
    return spec.ops() > 0 ? spec.ops() : -1;
  }

  @Override
  public long issuedOps() {
    return received;
  }

  private boolean done() {
    return spec.ops() > 0 && received >= spec.ops();
  }

  private void next(ProcessApi api) {
    if (done()) {
      api.finish();
      return;
    }
    api.get(spec.sourceNode() < 0 ? api.node() : spec.sourceNode(), spec.ring());
  }
}
