package io.ringfabric.trace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the trace writer puts in a record's detail and operation id, read back. */
final class RecordDetails {
  private RecordDetails() {}

  private static final Pattern ACTION = Pattern.compile("^(put|get)\\b.*?\\bnode (\\d+)");
  private static final Pattern RING_STATE =
      Pattern.compile("ring (\\d+) holds (\\d+) elements?, (\\d+) of (\\d+) B");

  /** "put" or "get" from a doorbell's detail ({@code "put 64 B to node 9 ring 0"}), or null. */
  static String action(String detail) {
    if (detail == null) {
      return null;
    }
    Matcher m = ACTION.matcher(detail);
    return m.find() ? m.group(1) : detail.startsWith("put") ? "put" : detail.startsWith("get") ? "get" : null;
  }

  /** The target node in a doorbell's detail, or -1. */
  static int targetNode(String detail) {
    if (detail == null) {
      return -1;
    }
    Matcher m = ACTION.matcher(detail);
    if (!m.find()) {
      return -1;
    }
    try {
      return Integer.parseInt(m.group(2));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * A ring's state from an applied/refused detail ({@code "ring 0 holds 12 elements, 1234 of 4096
   * B"}): {ring, elements, used bytes, capacity}, or null.
   */
  static long[] ringState(String detail) {
    if (detail == null) {
      return null;
    }
    Matcher m = RING_STATE.matcher(detail);
    if (!m.find()) {
      return null;
    }
    try {
      return new long[] {
        Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
        Long.parseLong(m.group(4))
      };
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The context part {@code node.context} of an operation id {@code node.context.sequence}. */
  static String contextOf(String op) {
    int dot = op.lastIndexOf('.');
    return dot < 0 ? op : op.substring(0, dot);
  }
}
