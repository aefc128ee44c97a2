package io.ringfabric.stats;

import java.util.List;
import java.util.Map;

/**
 * Everything a run reports; {@code results.json} is this record as JSON, field for field but for
 * the distributions behind {@code latencyNs} ({@link ResultsJson.Omitted}). Times are nanoseconds
 * of simulated time unless a name says otherwise.
 *
 * @param build the build of ringfabric that ran it: version, commit, uncommitted changes
 * @param scenario the scenario in one paragraph
 * @param simulatedNs simulated time from 0 to the end of the run: the last process's end, or
 *     the duration limit
 * @param interrupted whether the run was stopped early (SIGINT or SIGTERM) at the end of the
 *     window under way: the results are those of the run up to {@code simulatedNs}
 * @param events events handled
 * @param series the time series ({@code stats.sample-interval}), or null when sampling is off
 * @param schedule what the ranks of {@code workload.schedule} did, or null when it has none
 * @param latencies the merged recorders that {@code latencyNs} summarises, with its keys in its
 *     order: the whole distributions, for {@code --hgrm} and the HTML report's plot
 */
public record RunResult(
    String fingerprint,
    String engine,
    Build build,
    long seed,
    int nodes,
    String scenario,
    double simulatedNs,
    boolean interrupted,
    long events,
    double wallSeconds,
    double eventsPerSecond,
    Map<String, Ops> ops,
    Map<String, LatencyRecorder.Summary> latencyNs,
    Map<String, Long> bytes,
    Throughput throughput,
    Links links,
    Rings rings,
    Cores cores,
    Module module,
    Processes processes,
    Integrity integrity,
    Series series,
    Schedule schedule,
    @ResultsJson.Omitted Map<String, LatencyRecorder> latencies) {

  /**
   * One op type: doorbells rung, DONE, and each error by name; {@code unknown}: of the TIMEOUTs,
   * those that never had an answer (every copy or answer lost), whose outcome is unknown: the
   * target may have applied them, once at most.
   */
  public record Ops(long issued, long ok, Map<String, Long> errors, long unknown) {
    public Ops(long issued, long ok, Map<String, Long> errors) {
      this(issued, ok, errors, 0);
    }
  }

  /**
   * Actions rung after the warm-up that completed DONE, and their payload, per unit of simulated
   * time after the warm-up: the accepted load.
   *
   * @param offeredOpsPerUs requests that arrived for the open-loop processes after the warm-up,
   *     per microsecond after it, whether they were served or not (the offered load); null when no
   *     process is an open loop
   * @param acceptedOpsPerUs the PUTs those processes saw complete DONE after the warm-up, whenever
   *     they were rung, per microsecond after it (the accepted load); null with the offered load
   */
  public record Throughput(double opsPerUs, double payloadGBps, Double offeredOpsPerUs, Double acceptedOpsPerUs) {}

  /**
   * Links between switches, after the warm-up: busy time over the simulated time after it;
   * packets that started after it, and those of them that waited for a busy link; packets that
   * waited for room in the switch behind a link (credit flow control), and their mean wait; and,
   * over the whole run, packets {@code fabric.faults} lost (at random, or on a down link) and
   * corrupted ones whose receiver's checksum failed.
   *
   * @param maxLink the busiest link's name
   * @param byLink every link's utilisation as {@code meanUtilisation} and {@code maxUtilisation}
   *     count it, by name in the machine's link order: what report.html colours the fabric by.
   *     results.json leaves it out (a 64x64 torus has 16,384 links); the time series keep only
   *     the busiest links', and sampled, so they cannot stand in for it.
   */
  public record Links(
      int count,
      double meanUtilisation,
      double maxUtilisation,
      String maxLink,
      long packets,
      long packetsQueued,
      double meanWaitNs,
      double maxWaitNs,
      int maxQueueDepth,
      long creditStalls,
      double meanCreditStallNs,
      long dropped,
      long lostOnDownLinks,
      long corruptDetected,
      @ResultsJson.Omitted Map<String, Double> byLink) {

    /** Without each link's utilisation: results a test makes up, whose page colours only {@code maxLink}. */
    public Links(int count, double meanUtilisation, double maxUtilisation, String maxLink, long packets,
        long packetsQueued, double meanWaitNs, double maxWaitNs, int maxQueueDepth, long creditStalls,
        double meanCreditStallNs, long dropped, long lostOnDownLinks, long corruptDetected) {
      this(count, meanUtilisation, maxUtilisation, maxLink, packets, packetsQueued, meanWaitNs, maxWaitNs,
          maxQueueDepth, creditStalls, meanCreditStallNs, dropped, lostOnDownLinks, corruptDetected, Map.of());
    }
  }

  /**
   * Ring buffers at the end of the run, and at their fullest.
   *
   * @param bytesRemaining payload bytes still stored
   * @param peakOccupancy fullest ring's peak used bytes over its capacity
   */
  public record Rings(
      int count,
      long elementsRemaining,
      long bytesRemaining,
      double peakOccupancy,
      long peakBytes,
      int peakElements,
      String peakRing) {}

  /** Core time spent polling contexts, against all core time used. */
  public record Cores(long polls, double pollTimeNs, double busyTimeNs, double pollShare) {}

  /**
   * Messaging-module events beyond ops: copies of requests resent after a timeout, answers to
   * copies that came after the action was over, requests refused because they came after the
   * initiator's last deadline, requests applied to rings, arrival notifications raised, copies of
   * requests already served or being served that were not applied again (answered from the record,
   * or, of those, {@code duplicatesDropped} dropped unanswered: their action was still being served
   * or already over for its initiator),
   * actions that ended TIMEOUT with no answer at all (what became of them at the target is
   * unknown: their requests or every answer were lost), and copies sent after an action's last
   * deadline to learn the target's answer (which it gives from its record, or refuses TIMEOUT).
   */
  public record Module(
      long retries, long lateResponses, long refusedLate, long requestsServed, long notifications,
      long duplicatesSuppressed,
      long duplicatesDropped,
      long unanswered,
      long confirmations) {}

  /** What became of the processes; {@code failures} says why each stopped early. */
  public record Processes(
      int total, int finished, int faulted, int failed, int unfinished, List<String> failures) {}

  /** The consumers' check of every element received: whole, unchanged, in order. */
  public record Integrity(long checked, long corrupt, long outOfOrder, long unstamped) {}

  /**
   * A schedule's run ({@code workload.schedule}).
   *
   * @param source the GOAL file, or the pattern and its settings
   * @param completedNs the last rank's end; null unless every rank finished
   * @param unmatched operations that did not complete, messages no receive took, and messages left
   *     in a ring when its rank finished
   * @param unmatchedOps the first few of them, named
   * @param iterations a generated motif's iterations, or null
   * @param perRank each rank, in rank order
   */
  public record Schedule(String source, int ranks, int finishedRanks, Double completedNs, long unmatched,
      List<String> unmatchedOps, Iterations iterations, List<Rank> perRank) {}

  /** One rank: its start, its end (null if it did not finish), its time in PUTs, in GETs and idle, in calcs. */
  public record Rank(int rank, int node, double startNs, Double endNs, double sendNs, double waitNs, double calcNs,
      String failure) {}

  /** A motif's iterations, each from its first op's start on any rank to its last op's end on any. */
  public record Iterations(int count, double p50Ns, double maxNs) {}
}
