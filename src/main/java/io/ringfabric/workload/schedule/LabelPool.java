package io.ringfabric.workload.schedule;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The labels of one rank while it is built: their bytes end to end, where each op's ends, and an
 * open-addressing table from a label to the first op that has it (a rank may have millions).
 */
final class LabelPool {
  private byte[] bytes = new byte[64];
  private int length;
  private int[] ends = new int[16];
  /** Whether every op so far has the label {@code l<index + 1>}, so none need be kept. */
  private boolean defaultLabels = true;
  /** Whether any op has a label: with none (generated), ops are known as {@code l<index + 1>}. */
  private boolean anyLabel;
  /** Op index + 1 of the first op with a label, 0 empty. */
  private int[] table = new int[32];
  private int labelled;

  /** Op {@code op} (the next) has this label, or none (null). */
  void add(int op, String label) {
    if (op == ends.length) {
      ends = Arrays.copyOf(ends, op * 2);
    }
    defaultLabels &= label != null && isDefault(label, op);
    if (label != null) {
      anyLabel = true;
      byte[] b = label.getBytes(StandardCharsets.US_ASCII);
      if (length + b.length > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + b.length));
      }
      System.arraycopy(b, 0, bytes, length, b.length);
      length += b.length;
    }
    ends[op] = length;
    if (label != null && indexOf(label) < 0) {
      insert(label, op);
    }
  }

  /** Whether the labels must be kept: some op has one, and not every op has {@code l<index + 1>}. */
  boolean needed() {
    return anyLabel && !defaultLabels;
  }

  byte[] bytes() {
    return Arrays.copyOf(bytes, length);
  }

  int[] ends(int ops) {
    return Arrays.copyOf(ends, ops);
  }

  /** The first op with this label, or -1. */
  int indexOf(String label) {
    int mask = table.length - 1;
    for (int slot = slot(label.hashCode()); table[slot] != 0; slot = (slot + 1) & mask) {
      int op = table[slot] - 1;
      if (labelEquals(op, label)) {
        return op;
      }
    }
    return -1;
  }

  /** The label op was given, or null. */
  String label(int op) {
    int start = op == 0 ? 0 : ends[op - 1];
    return start == ends[op] ? null : new String(bytes, start, ends[op] - start, StandardCharsets.US_ASCII);
  }

  private static boolean isDefault(String label, int op) {
    if (label.length() < 2 || label.length() > 11 || label.charAt(0) != 'l' || label.charAt(1) == '0') {
      return false;
    }
    long n = 0;
    for (int i = 1; i < label.length(); i++) {
      char c = label.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      n = n * 10 + (c - '0');
    }
    return n == op + 1L;
  }

  private boolean labelEquals(int op, String label) {
    int start = op == 0 ? 0 : ends[op - 1];
    if (ends[op] - start != label.length()) {
      return false;
    }
    for (int i = 0; i < label.length(); i++) {
      if (bytes[start + i] != label.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private void insert(String label, int op) {
    if (2 * (labelled + 1) > table.length) {
      int[] old = table;
      table = new int[old.length * 2];
      for (int entry : old) {
        if (entry != 0) {
          place(hashOf(entry - 1), entry);
        }
      }
    }
    place(label.hashCode(), op + 1);
    labelled++;
  }

  /** String.hashCode of op's label, from its bytes (labels are ASCII). */
  private int hashOf(int op) {
    int h = 0;
    for (int i = op == 0 ? 0 : ends[op - 1]; i < ends[op]; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  /**
   * Where a hash starts its probe: Fibonacci hashing spreads Schedgen's labels l1, l2, ..., whose
   * String hashes are nearly consecutive and would form long runs under a plain mask.
   */
  private int slot(int hash) {
    return (hash * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(table.length - 1);
  }

  private void place(int hash, int entry) {
    int mask = table.length - 1;
    int slot = slot(hash);
    while (table[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    table[slot] = entry;
  }
}
