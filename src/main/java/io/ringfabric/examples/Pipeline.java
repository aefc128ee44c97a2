package io.ringfabric.examples;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Op;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import io.ringfabric.workload.ProgramSettings;
import java.nio.ByteBuffer;

/**
 * A pipeline of stages, stage s on node s: stage 0 makes {@code items} items and PUTs each into
 * stage 1's ring; every later stage GETs items from its own ring, works on each for {@code work}
 * time, stamps it and PUTs it into the next stage's ring; the last stage checks that items come
 * in order, each stamped by every stage before it, and records each item's time through the
 * pipeline. An item out of order stops the process with an error.
 *
 * <p>Run one process on each of nodes 0 .. stages-1. Settings: {@code stages}, {@code items},
 * {@code ring}, {@code work}, {@code empty-backoff}.
 */
public final class Pipeline implements Program {
  private final int stages;
  private final int items;
  private final int ring;
  private final long work;
  private final long backoff;
  private int handled;
  private byte[] item;
  private boolean putNext; // what to do when a sleep or a compute ends: PUT the item, or GET

  public Pipeline(ProgramSettings s) {
    this.stages = s.intValue("stages", 4);
    this.items = s.intValue("items", 20);
    this.ring = s.intValue("ring", 0);
    this.work = s.durationPs("work", 500_000);
    this.backoff = s.durationPs("empty-backoff", 100_000);
    if (stages < 2 || stages > s.nodes()) {
      throw new IllegalArgumentException(s.path() + ".stages: must be between 2 and the node count ("
          + s.nodes() + "), not " + stages);
    }
  }

  @Override
  public void onStart(ProcessApi api) {
    if (api.node() == 0) {
      produce(api);
    } else {
      api.get(api.node(), ring);
    }
  }

  /** An item: its number, when it entered the pipeline, then one byte per stage that handled it. */
  private void produce(ProcessApi api) {
    if (handled == items) {
      api.finish();
      return;
    }
    item = new byte[12 + stages];
    ByteBuffer.wrap(item).putInt(handled).putLong(api.now());
    item[12] = 1;
    api.put(1, ring, item);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    if (c.op() == Op.PUT) {
      if (!c.ok()) { // the next stage's ring is full: offer the item again shortly
        putNext = true;
        api.sleep(backoff);
        return;
      }
      handled++;
      if (api.node() == 0) {
        produce(api);
      } else if (handled == items) {
        api.finish();
      } else {
        api.get(api.node(), ring);
      }
      return;
    }
    if (c.status() == Status.EMPTY) {
      putNext = false;
      api.sleep(backoff);
      return;
    }
    if (!c.ok()) {
      throw new IllegalStateException("the GET of an item ended in " + c.status());
    }
    item = c.data();
    ByteBuffer b = ByteBuffer.wrap(item);
    int number = b.getInt();
    long entered = b.getLong();
    for (int stage = 0; stage < api.node(); stage++) {
      if (item[12 + stage] != 1) {
        throw new IllegalStateException("item " + number + " skipped stage " + stage);
      }
    }
    if (number != handled) {
      throw new IllegalStateException("item " + number + " came when item " + handled + " was due");
    }
    item[12 + api.node()] = 1;
    if (api.node() == stages - 1) {
      api.recordRoundTrip(api.now() - entered);
      handled++;
      if (handled == items) {
        api.finish();
      } else {
        api.get(api.node(), ring);
      }
      return;
    }
    putNext = true;
    api.compute(work);
  }

  @Override
  public void onWake(ProcessApi api) {
    if (putNext) {
      api.put(api.node() + 1, ring, item);
    } else {
      api.get(api.node(), ring);
    }
  }
}
