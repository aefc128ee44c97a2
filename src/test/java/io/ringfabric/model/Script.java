package io.ringfabric.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A test program that runs a fixed list of steps, then finishes, and logs every completion it
 * sees. A step either chooses the process's next action (put, get, sleep, ...) or runs inline
 * ({@link #inline}) and lets the next step run in the same callback.
 */
public final class Script implements Program {
  /** One completion as the process saw it, with the payload it had PUT (null for a GET). */
  public record Done(Op op, int node, int ring, Status status, byte[] sent, byte[] data, long seenAt,
      long latencyPs) {}

  private interface Step {
    /** Returns true if the step chose the process's next action. */
    boolean run(ProcessApi api);
  }

  private final List<Step> steps = new ArrayList<>();
  private final List<Done> log = new ArrayList<>();
  private int next;
  private byte[] lastSent;
  private int context = -1;
  private String name;
  private boolean started;

  public static Script of() {
    return new Script();
  }

  public Script put(int node, int ring, byte[] payload) {
    steps.add(api -> {
      lastSent = payload.clone();
      api.put(node, ring, payload);
      return true;
    });
    return this;
  }

  public Script get(int node, int ring) {
    steps.add(api -> {
      lastSent = null;
      api.get(node, ring);
      return true;
    });
    return this;
  }

  public Script sleep(long ps) {
    steps.add(api -> {
      api.sleep(ps);
      return true;
    });
    return this;
  }

  /** Sleeps until simulated time {@code ps} (at once if it has passed). */
  public Script sleepUntil(long ps) {
    steps.add(api -> {
      api.sleep(Math.max(0, ps - api.now()));
      return true;
    });
    return this;
  }

  public Script compute(long ps) {
    steps.add(api -> {
      api.compute(ps);
      return true;
    });
    return this;
  }

  /** Runs {@code action} with the API and goes on to the next step in the same callback. */
  public Script inline(Consumer<ProcessApi> action) {
    steps.add(api -> {
      action.accept(api);
      return false;
    });
    return this;
  }

  /** Runs {@code action}, which must choose the next action itself (or misbehave on purpose). */
  public Script raw(Consumer<ProcessApi> action) {
    steps.add(api -> {
      action.accept(api);
      return true;
    });
    return this;
  }

  @Override
  public void onStart(ProcessApi api) {
    started = true;
    context = api.context();
    name = api.name();
    advance(api);
  }

  @Override
  public void onComplete(ProcessApi api, Completion c) {
    log.add(new Done(c.op(), c.node(), c.ring(), c.status(), lastSent, c.data(), api.now(), c.latencyPs()));
    advance(api);
  }

  @Override
  public void onWake(ProcessApi api) {
    advance(api);
  }

  private void advance(ProcessApi api) {
    while (next < steps.size()) {
      if (steps.get(next++).run(api)) {
        return;
      }
    }
    api.finish();
  }

  public List<Done> log() {
    return log;
  }

  /** The context the OS mapped into the process (-1 until it started). */
  public int context() {
    return context;
  }

  public String name() {
    return name;
  }

  public boolean started() {
    return started;
  }

  /** Steps that have run (or started running). */
  public int stepsRun() {
    return next;
  }
}
