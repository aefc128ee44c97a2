package io.ringfabric.workload;

import io.ringfabric.model.Completion;
import io.ringfabric.model.Measured;
import io.ringfabric.model.ProcessApi;
import io.ringfabric.model.Program;
import io.ringfabric.model.Status;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Runs a {@link PutStreamSpec}.
 *
 * <p>Closed loop: PUT, wait for the completion, think, PUT again, {@code ops} times.
 *
 * <p>Open loop (Poisson arrivals): the arrival times are drawn ahead, one at a time, so no event
 * is needed per arrival. Whenever the process is free to start a PUT (at the start, after a
 * completion and its think time) it moves every arrival up to now into its backlog; if the backlog
 * holds a request, the oldest one's PUT starts; if not, the process sleeps until the next arrival.
 * It finishes when {@code ops} arrivals have been served.
 *
 * <p>Each PUT's target is drawn first, then its size, both from the process's random stream; the
 * open loop's arrival stream is seeded by one draw from it at the start.
 *
 * <p>Every request's latency, from its arrival to the poll that saw its PUT complete, backlog wait
 * included, goes to a {@link LatencySink}. In the closed loop a request arrives when the program
 * decides to PUT, so this is the PUT's latency plus the payload store. With {@code on-full =
 * retry} a request answered FULL is sent again after the backoff and its latency runs to its last
 * PUT's end. A PUT that ends in an error has its latency, doorbell to the module setting the
 * status as for {@code put}, in a measure of that ending ({@code put-full}, {@code put-timeout}):
 * the module's PUT latency counts only DONE, so a fast FULL pulls nothing down.
 */
public final class PutStream implements Program {

  /** Where request latencies go. */
  @FunctionalInterface
  interface LatencySink extends Serializable {
    void record(ProcessApi api, long ps);
  }

  /**
   * Where request latencies go: {@code latencyNs.request}, from a request's arrival (its PUT's
   * start in the closed loop) to its completion, backlog wait included.
   */
  static final LatencySink REQUEST_LATENCY = (api, ps) -> api.recordLatency("request", ps);

  private final PutStreamSpec spec;
  private final LatencySink requests;
  /** PUTs started. */
  private long issued;
  /** When the request whose PUT is in flight arrived. */
  private long arrivedAt;

  // open loop only
  private ArrivalModel.Arrivals arrivals;
  /**
   * The arrivals' next time, kept here too: a completion that finds no new arrival then reads
   * nothing but this program (with hundreds of processes a node, each other object is a cache miss).
   */
  private long nextArrival;
  /** The PUT in flight's target and element, kept to send it again after a FULL (on-full = retry). */
  private int target;
  private byte[] payload;
  private boolean retrying;
  private long doneAfterWarmup;
  private long arrivalSeed;
  private long startedAt;
  /** Arrivals moved into the backlog so far (served ones included). */
  private long arrived;
  /** Arrival times of the requests waiting, oldest first. */
  private final ArrayDeque<Long> backlog = new ArrayDeque<>();

  public PutStream(PutStreamSpec spec) {
    this(spec, REQUEST_LATENCY);
  }

  PutStream(PutStreamSpec spec, LatencySink requests) {
    this.spec = spec;
    this.requests = requests;
  }

  @Override
  public void onStart(ProcessApi api) {
    if (spec.arrival() instanceof ArrivalModel.Poisson poisson) {
      arrivalSeed = api.random().nextLong();
      startedAt = api.now();
      arrivals = new ArrivalModel.Arrivals(arrivalSeed, poisson.meanIntervalPs(), startedAt);
      nextArrival = arrivals.peek();
    }
    next(api);
  }

  @Override
  public long doneAfterWarmup() {
    return spec.arrival() instanceof ArrivalModel.Poisson ? doneAfterWarmup : -1;
  }

  @Override
  public long plannedOps() {
    return spec.ops();
  }

  @Override
  public long issuedOps() {
    return issued;
  }

  /** Replays the arrival stream from its seed: the arrivals not yet drawn when the run ended count too. */
  @Override
  public long arrivalsBetween(long fromPs, long toPs) {
    if (!(spec.arrival() instanceof ArrivalModel.Poisson poisson)) {
      return -1;
    }
    if (arrivals == null) {
      return 0; // never started
    }
    ArrivalModel.Arrivals replay = new ArrivalModel.Arrivals(arrivalSeed, poisson.meanIntervalPs(), startedAt);
    long n = 0;
    for (long i = 0; i < spec.ops() && replay.peek() <= toPs; i++) {
      n += replay.take() >= fromPs ? 1 : 0;
    }
    return n;
  }

  @Override
  public void onComplete(ProcessApi api, Completion completion) {
    if (completion.ok()) {
      doneAfterWarmup += Measured.counts(api.now(), api.warmupEndPs());
    }
    if (!completion.ok()) { // a fast FULL must not pull the PUT latency down: each ending has its own
      api.recordLatency("put-" + completion.status().name().toLowerCase(Locale.ROOT).replace('_', '-'),
          completion.latencyPs(), completion.statusAtPs());
    }
    if (completion.status() == Status.FULL && spec.retryOnFull()) {
      retrying = true;
      api.sleep(spec.retryBackoffPs());
      return;
    }
    requests.record(api, api.now() - arrivedAt);
    if (spec.thinkPs() > 0) {
      api.sleep(spec.thinkPs());
    } else {
      next(api);
    }
  }

  @Override
  public void onWake(ProcessApi api) {
    if (retrying) {
      retrying = false;
      api.put(target, spec.ring(), payload);
      return;
    }
    next(api);
  }

  /** Requests waiting in the backlog (open loop; always 0 for the closed loop). */
  int backlog() {
    return backlog.size();
  }

  private void next(ProcessApi api) {
    if (arrivals == null) {
      if (issued >= spec.ops()) {
        api.finish();
        return;
      }
      put(api, api.now());
      return;
    }
    long now = api.now();
    while (arrived < spec.ops() && nextArrival <= now) {
      backlog.addLast(arrivals.take());
      nextArrival = arrivals.peek();
      arrived++;
    }
    if (!backlog.isEmpty()) {
      put(api, backlog.removeFirst());
    } else if (arrived >= spec.ops()) {
      api.finish();
    } else {
      api.sleep(nextArrival - now);
    }
  }

  private void put(ProcessApi api, long arrival) {
    target = spec.target().target(api.node(), api.nodes(), issued, api.random());
    int size = spec.payload().draw(api.random());
    payload = Payloads.stamped(api.node(), api.context(), issued, size);
    issued++;
    arrivedAt = arrival;
    api.put(target, spec.ring(), payload);
  }
}
