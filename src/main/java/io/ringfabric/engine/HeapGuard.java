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
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      long max = pool.getUsage().getMax();
      if (pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported() && max > 0) {
        pool.setCollectionUsageThreshold((long) (max * FULL));
        pools.add(pool);
      }
    }
    emitter = (NotificationEmitter) ManagementFactory.getMemoryMXBean();
    listener = (notification, handback) -> {
      if (MemoryNotificationInfo.MEMORY_COLLECTION_THRESHOLD_EXCEEDED.equals(notification.getType())) {
        onFull.run();
      }
    };
    emitter.addNotificationListener(listener, null, null);
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
