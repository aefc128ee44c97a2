package io.ringfabric.workload;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks every element a consumer receives: whole and unchanged (its bytes match its stamp),
 * and in order per producer context and ring (each producer's count only grows). One per
 * consuming process; counts are merged at the end of the run.
 */
public final class ElementCheck implements Serializable {
  // Looked up only; never iterated.
  private final Map<Long, Long> lastCount = new HashMap<>();
  private long checked;
  private long unstamped;
  private long corrupt;
  private long outOfOrder;

  /** Checks one element GET returned from {@code ring} on {@code node}. */
  public void accept(int node, int ring, byte[] data) {
    Payloads.Stamp s = Payloads.stampOf(data);
    if (s == null) {
      unstamped++;
      return;
    }
    checked++;
    if (!Payloads.intact(data, s)) {
      corrupt++;
      return;
    }
    long key = ((long) node << 48) ^ ((long) ring << 32) ^ ((long) s.node() << 16) ^ s.context();
    Long before = lastCount.put(key, s.count());
    if (before != null && before >= s.count()) {
      outOfOrder++;
    }
  }

  public void add(ElementCheck other) {
    checked += other.checked;
    unstamped += other.unstamped;
    corrupt += other.corrupt;
    outOfOrder += other.outOfOrder;
  }

  public long checked() {
    return checked;
  }

  /** Elements too short to carry a stamp (under 16 bytes), not checked. */
  public long unstamped() {
    return unstamped;
  }

  public long corrupt() {
    return corrupt;
  }

  public long outOfOrder() {
    return outOfOrder;
  }
}
