package dev.hudilayout.continuous;

/**
 * Where one continuous plan's time went, in milliseconds: reading the timeline, listing the
 * planned partitions' file slices, and reading their column stats. The plan's partitions are
 * planned on several threads, so each addition is synchronized.
 */
final class PlanTimes {
  private long timelineMillis;
  private long listingMillis;
  private long columnStatsMillis;

  synchronized void timeline(long startNanos) {
    timelineMillis += since(startNanos);
  }

  synchronized void listing(long startNanos) {
    listingMillis += since(startNanos);
  }

  synchronized void columnStats(long startNanos) {
    columnStatsMillis += since(startNanos);
  }

  /** "timeline T ms, listing L ms, column stats C ms", for the plan's log line. */
  synchronized String summary() {
    return "timeline " + timelineMillis + " ms, listing " + listingMillis + " ms, column stats " + columnStatsMillis + " ms";
  }

  private static long since(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
