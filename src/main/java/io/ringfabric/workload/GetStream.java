package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;

/**
 * Runs a {@link GetStreamSpec}: GET until enough elements came back or the ring stayed empty for
 * {@code idle-limit} GETs in a row, backing off after each EMPTY. Any other error (a missing
 * ring, denied access) ends the process: retrying would fail the same way.
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
        emptyInARow++;
        if (spec.idleLimit() > 0 && emptyInARow >= spec.idleLimit()) {
          api.finish();
        } else if (spec.waitForNotification()) {
          api.waitForArrival();
        } else {
          api.sleep(spec.emptyBackoffPs());
        }
      }
      default -> api.finish();
    }
  }

  @Override
  public void onWake(ProcessApi api) {
    next(api);
  }

  @Override
  public void onArrival(ProcessApi api, int ring) {
    next(api);
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
