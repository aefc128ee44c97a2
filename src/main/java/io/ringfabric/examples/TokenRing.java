package io.ringfabric.examples;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import io.ringfabric.workload.ProgramSettings;
import java.nio.ByteBuffer;

/**
 * A token passed around every node in id order, {@code laps} times: each node GETs from its own
 * ring until the token arrives, checks that it comes from the node before it and has made
 * exactly the expected number of hops, and PUTs it into the next node's ring. Node 0 starts the
 * token and records each lap's time. A token out of order stops the process with an error.
 *
 * <p>Run one process on every node. Settings: {@code laps}, {@code ring}, {@code size} (at least
 * 8), {@code empty-backoff}.
 */
public final class TokenRing implements Program {
  private final int laps;
  private final int ring;
  private final int size;
  private final long backoff;
  private final int nodes;
  private int passed;
  private int receivedLaps;
  private long lapStart;
  private byte[] token;

  public TokenRing(ProgramSettings s) {
    this.laps = s.intValue("laps", 3);
    this.ring = s.intValue("ring", 0);
    this.size = Math.max(8, (int) s.bytes("size", 16));
    this.backoff = s.durationPs("empty-backoff", 100_000);
    this.nodes = s.nodes();
  }

  @Override
  public void onStart(ProcessApi api) {
    if (api.node() == 0) {
      lapStart = api.now();
      pass(api, 1);
    } else {
      api.get(api.node(), ring);
    }
  }

  /** Sends the token on, as its {@code hops}-th hop. */
  private void pass(ProcessApi api, long hops) {
    token = new byte[size];
    ByteBuffer.wrap(token).putInt(api.node()).putInt((int) hops);
    api.put((api.node() + 1) % nodes, ring, token);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.op() == Op.PUT) {
      if (!c.ok()) {
        throw new IllegalStateException("the token could not be passed on: " + c.status());
      }
      passed++;
      if (api.node() != 0 && passed == laps) { // node 0 stops when the last lap comes back
        api.finish();
      } else {
        api.get(api.node(), ring);
      }
      return;
    }
    if (c.status() == Status.EMPTY) {
      api.sleep(backoff);
      return;
    }
    if (!c.ok()) {
      throw new IllegalStateException("the GET of the token ended in " + c.status());
    }
    ByteBuffer b = ByteBuffer.wrap(c.data());
    int from = b.getInt();
    int hops = b.getInt();
    int expectedFrom = (api.node() + nodes - 1) % nodes;
    long expectedHops = api.node() == 0 ? (long) (receivedLaps + 1) * nodes : (long) passed * nodes + api.node();
    if (from != expectedFrom || hops != expectedHops) {
      throw new IllegalStateException("token from node " + from + " after " + hops
          + " hops; expected node " + expectedFrom + " after " + expectedHops);
    }
    if (api.node() == 0) {
      receivedLaps++;
      api.recordRoundTrip(api.now() - lapStart);
      lapStart = api.now();
      if (receivedLaps == laps) {
        api.finish();
        return;
      }
    }
    pass(api, hops + 1L);
  }

  @Override
  public void onWake(ProcessApi api) {
    api.get(api.node(), ring);
  }
}
