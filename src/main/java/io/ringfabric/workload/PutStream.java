package io.ringfabric.workload;

/** Runs a {@link PutStreamSpec}: PUT, wait for the completion, think, PUT again. */
public final class PutStream implements Program {
  private final PutStreamSpec spec;
  private long issued;

  public PutStream(PutStreamSpec spec) {
    this.spec = spec;
  }

  @Override
  public void onStart(ProcessApi api) {
    next(api);
  }

  @Override
  public void onComplete(ProcessApi api, Completion completion) {
    if (spec.thinkPs() > 0) {
      api.sleep(spec.thinkPs());
    } else {
      next(api);
    }
  }

  @Override
  public void onWake(ProcessApi api) {
    next(api);
  }

  private void next(ProcessApi api) {
    if (issued >= spec.ops()) {
      api.finish();
      return;
    }
    byte[] payload = Payloads.stamped(api.node(), api.context(), issued, spec.size());
    issued++;
    api.put(target(api), spec.ring(), payload);
  }

  private int target(ProcessApi api) {
    int nodes = api.nodes();
    switch (spec.pattern()) {
      case FIXED:
        return spec.fixedNode();
      case NEIGHBOR:
        return (api.node() + 1) % nodes;
      case UNIFORM:
      default:
        if (nodes == 1) {
          return 0;
        }
        int pick = api.random().nextInt(nodes - 1);
        return pick >= api.node() ? pick + 1 : pick;
    }
  }
}
