package dev.hudilayout.bench;

import com.sun.management.GarbageCollectionNotificationInfo;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The driver's heap as the benchmark reports it: the heap in use right after each garbage
 * collection, the most since {@link #start} (what the JVM could not free, an upper bound of the
 * live objects), and once more after a collection {@link #peak} asks for, so a clustering too short
 * to collect still gets a figure. The peaks of the heap pools themselves count garbage too (a pool
 * fills before it is collected), so they follow the heap's size, not what a clustering keeps.
 */
public final class HeapAfterGc {
  private static final AtomicLong PEAK = new AtomicLong();
  private static boolean installed;

  private HeapAfterGc() {
  }

  /** Starts a new peak (installing the listener the first time). */
  public static synchronized void start() {
    if (!installed) {
      Set<String> heapPools = new HashSet<>();
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        if (pool.getType() == MemoryType.HEAP) {
          heapPools.add(pool.getName());
        }
      }
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        if (gc instanceof NotificationEmitter) {
          ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
              GarbageCollectionNotificationInfo info =
                  GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
              long used = 0;
              for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                if (heapPools.contains(pool.getKey())) {
                  used += pool.getValue().getUsed();
                }
              }
              PEAK.accumulateAndGet(used, Math::max);
            }
          }, null, null);
        }
      }
      installed = true;
    }
    PEAK.set(0);
  }

  /** The most heap in use after a collection since {@link #start}, a full collection now included. */
  public static long peak() {
    System.gc();
    MemoryUsage now = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    return PEAK.accumulateAndGet(now.getUsed(), Math::max);
  }
}
