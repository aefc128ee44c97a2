package io.ringfabric.model;

/**
 * Every kind of message between components. The ordinal enters run fingerprints, so append new
 * kinds at the end rather than reordering.
 */
public enum MessageKind {
  /** Core to itself: a process resumes (start, after a sleep or a compute). */
  PROCESS_WAKE,
  /** Core to itself: a status poll's register read returned. */
  POLL_DONE,
  /** Core to itself: the core is free to run the next waiting process step. */
  CORE_FREE,
  /** Core to memory: a process stores a payload into its buffer. */
  BUFFER_STORE,
  /** Core to module: context registers written and the doorbell rung. */
  DOORBELL,
  /** Module to core: a context's status register changed to DONE or an error. */
  COMPLETION,
  /** Module to memory: read a PUT's payload from local memory. */
  PAYLOAD_READ,
  /** Memory to module: the payload read finished. */
  PAYLOAD_READY,
  /** Module to memory: write a GET's returned element into local memory. */
  PAYLOAD_WRITE,
  /** Memory to module: the payload write finished. */
  PAYLOAD_WRITTEN,
  /** Module or switch to a switch: a packet reaches an input port. */
  PACKET_ARRIVAL,
  /** Switch to module: a packet has fully arrived at the module. */
  PACKET_DELIVERED,
  /** Module to memory: apply a PUT to a ring. */
  RING_PUT,
  /** Module to memory: apply a GET to a ring. */
  RING_GET,
  /** Memory to module: the ring action's outcome. */
  RING_RESULT,
  /** Memory to core: an element arrived in a ring the process registered for. */
  ARRIVAL_NOTIFICATION,
  /** Module to itself: the earliest response deadline may have passed. */
  TIMEOUT_CHECK,
  /** Module to itself: a PUT held for room in a full ring may have reached its hold limit. */
  HOLD_CHECK,
  /** Switch to the switch upstream: room freed in one of its virtual channels (credit flow control). */
  CREDIT_RETURN,
  /** Switch to itself: the head of a virtual channel may have waited for a credit too long. */
  DEADLOCK_CHECK,
  /** Switch to switch: following channels that wait on each other, to find a cycle. */
  DEADLOCK_PROBE,
  /** Switch to itself: an output link or an input's crossbar path that heads wait for is free. */
  ALLOCATION_DUE,
  /** Switch to switch: a packet damaged on the link, as bytes and the checksum it was sent with. */
  CORRUPT_FRAME,
  /** Module to memory: would a PUT be refused for a reason other than room (it waits behind held PUTs)? */
  RING_CHECK,
  /**
   * A component to itself: take up the events it worked out instead of posting ({@link
   * Component#remindAt}). No event of the machine: engines deliver it, but it enters no
   * fingerprint, event digest or trace, and sets no component's time.
   */
  REMINDER
}
