package io.ringfabric.workload.schedule;

import io.ringfabric.workload.ProgramSpec;

/**
 * {@code workload.schedule}: a schedule's ranks run as processes, rank r on node
 * {@code placement.node(r)}, core {@code core + placement.local(r)} (modulo the node's cores),
 * receiving in ring {@code placement.ring(r)}.
 *
 * @param maxElement the largest element of the rings the ranks receive in (one for all of them)
 * @param backoffPs the wait after an EMPTY ring with nothing else to do, or after a FULL answer
 * @param waitForArrival whether an idle rank waits for its ring's arrival notification instead of
 *     backing off
 */
public record ScheduleSpec(Schedule schedule, Placement placement, int core, int maxElement, long backoffPs,
    boolean waitForArrival) implements ProgramSpec {}
