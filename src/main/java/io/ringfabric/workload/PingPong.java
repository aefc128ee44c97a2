package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;

/**
 * Runs a {@link PingPongSpec} on one of its two nodes. The first node PUTs the ball into the
 * partner's ring, then GETs from its own ring until the ball comes back, and records the time
 * from its PUT's start to the GET that caught the return; the second node GETs from its own ring
 * and PUTs each ball straight back.
 *
 * <p>A PUT or GET that ended TIMEOUT is tried again at once, the PUT with the same ball: a lost
 * packet does not end the game, and nothing bounds how often, as nothing bounds the GETs that find
 * the ring EMPTY (the run's time limit ends a game whose partner is cut off). Any other error (no
 * such node or ring, access denied, a ball too large or a full ring) ends the process.
 */
public final class PingPong implements Program {
  private final PingPongSpec spec;
  private final int partner;
  private final boolean first;
  private long rounds;
  private long servedAt;
  /** The ball in flight, kept to PUT it again after a TIMEOUT. */
  private byte[] ball;

  public PingPong(PingPongSpec spec, int partner, boolean first) {
    this.spec = spec;
    this.partner = partner;
    this.first = first;
  }

  @Override
  public void onStart(ProcessApi api) {
    if (first) {
      serve(api);
    } else {
      api.get(api.node(), spec.ring());
    }
  }

  @Override
  public long plannedOps() {
    return spec.ops();
  }

  @Override
  public long issuedOps() {
    return rounds;
  }

  private void serve(ProcessApi api) {
    if (rounds >= spec.ops()) {
      api.finish();
      return;
    }
    servedAt = api.now();
    send(api, Payloads.stamped(api.node(), api.context(), rounds, spec.size()));
  }

  private void send(ProcessApi api, byte[] element) {
    ball = element;
    api.put(partner, spec.ring(), element);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.status() == Status.TIMEOUT) {
      if (c.op() == Op.PUT) {
        api.put(partner, spec.ring(), ball);
      } else {
        api.get(api.node(), spec.ring());
      }
      return;
    }
    if (c.op() == Op.PUT) {
      if (!c.ok()) {
        api.finish(); // the partner's ring refused the ball: nothing more to measure
        return;
      }
      if (!first) {
        rounds++;
        if (rounds >= spec.ops()) {
          api.finish();
          return;
        }
      }
      api.get(api.node(), spec.ring());
      return;
    }
    if (c.status() == Status.EMPTY) {
      api.sleep(spec.emptyBackoffPs());
      return;
    }
    if (!c.ok()) {
      api.finish();
      return;
    }
    if (first) {
      api.recordRoundTrip(api.now() - servedAt);
      rounds++;
      serve(api);
    } else {
      send(api, c.data());
    }
  }

  @Override
  public void onWake(ProcessApi api) {
    api.get(api.node(), spec.ring());
  }
}
