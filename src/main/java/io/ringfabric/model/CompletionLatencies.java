package io.ringfabric.model;

import io.ringfabric.stats.LatencyRecorder;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latencies of the actions one module's contexts completed DONE: doorbell to completion for
 * PUTs and for GETs, and for GETs the message latency (from the doorbell of the PUT that made the
 * element to the completion of the GET that took it), broken down by element size and by the
 * process group that PUT the element.
 *
 * <p>Apart from {@link InitiatorSide} because it only keeps books: nothing in it feeds back into
 * the simulation, and the results read it after the run. The breakdowns are sorted maps so the
 * order they are encoded in, and so the results, depend on the keys alone.
 */
final class CompletionLatencies {
  private final LatencyRecorder put = new LatencyRecorder();
  private final LatencyRecorder get = new LatencyRecorder();
  private final LatencyRecorder message = new LatencyRecorder();
  private final Map<Integer, LatencyRecorder> messageBySize = new TreeMap<>();
  private final Map<Integer, LatencyRecorder> messageByGroup = new TreeMap<>();

  /** A PUT completed DONE {@code latency} after its doorbell. */
  void putDone(long latency) {
    put.record(latency);
  }

  /**
   * A GET completed DONE {@code latency} after its doorbell, {@code messageLatency} after its
   * element's PUT rang; the element is {@code size} bytes, PUT by a process of {@code group}.
   */
  void getDone(long latency, long messageLatency, int size, int group) {
    get.record(latency);
    message.record(messageLatency);
    messageBySize.computeIfAbsent(size, k -> new LatencyRecorder()).record(messageLatency);
    messageByGroup.computeIfAbsent(group, k -> new LatencyRecorder()).record(messageLatency);
  }

  LatencyRecorder put() {
    return put;
  }

  LatencyRecorder get() {
    return get;
  }

  LatencyRecorder message() {
    return message;
  }

  Map<Integer, LatencyRecorder> messageBySize() {
    return Collections.unmodifiableMap(messageBySize);
  }

  Map<Integer, LatencyRecorder> messageByGroup() {
    return Collections.unmodifiableMap(messageByGroup);
  }
}
