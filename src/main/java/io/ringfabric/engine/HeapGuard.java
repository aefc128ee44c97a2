package io.ringfabric.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryNotificationInfo;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * Calls back when the heap is all but full after a collection, so an actor run can end with a
 * clear message while there is still room to write one. Left to the real OutOfMemoryError, the
 * error strikes on whichever thread allocates next: often one of Pekko's own, which then prints
 * raw stack traces and stops the actor system while the lanes spin in collections for minutes.
 * The reference engine needs none: its one thread gets the error and unwinds.
 */
final class HeapGuard implements LaneExecutor.Watch {
  /** Of a pool's maximum, what may stay in use after a collection before the run is ended. */
  static final double FULL = 0.90;
  private final NotificationEmitter emitter;
  private final NotificationListener listener;
  private final List<MemoryPoolMXBean> pools = new ArrayList<>();

  private HeapGuard(Runnable onFull) {
    for (MemoryPoolMXBean pool : oldGeneration()) {
      pool.setCollectionUsageThreshold((long) (pool.getUsage().getMax() * FULL));
      pools.add(pool);
    }
    emitter = (NotificationEmitter) ManagementFactory.getMemoryMXBean();
    listener = (notification, handback) -> {
      if (MemoryNotificationInfo.MEMORY_COLLECTION_THRESHOLD_EXCEEDED.equals(notification.getType())) {
        onFull.run();
      }
    };
    emitter.addNotificationListener(listener, null, null);
  }

  /**
   * The pools that hold what survives: a young pool (a survivor space) is often nearly full right
   * after a collection, which says nothing about the heap running out. By name where the collector
   * names it (G1, Parallel, Serial), else the largest pool that can be watched.
   */
  private static List<MemoryPoolMXBean> oldGeneration() {
    List<MemoryPoolMXBean> watchable = new ArrayList<>();
    List<MemoryPoolMXBean> old = new ArrayList<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported()
          && pool.getUsage().getMax() > 0) {
        watchable.add(pool);
        if (pool.getName().contains("Old") || pool.getName().contains("Tenured")) {
          old.add(pool);
        }
      }
    }
    if (old.isEmpty() && !watchable.isEmpty()) {
      watchable.sort((a, b) -> Long.compare(b.getUsage().getMax(), a.getUsage().getMax()));
      old.add(watchable.get(0));
    }
    return old;
  }

  /** Watches the heap until closed; {@code onFull} may run on another thread, more than once. */
  static HeapGuard watch(Runnable onFull) {
    return new HeapGuard(onFull);
  }

  @Override
  public void close() {
    for (MemoryPoolMXBean pool : pools) {
      pool.setCollectionUsageThreshold(0);
    }
    try {
      emitter.removeNotificationListener(listener);
    } catch (ListenerNotFoundException e) {
      // already gone
    }
  }
}
