package dev.hudilayout.bench;

import org.apache.spark.SparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the shuffle bytes every task of a Spark application writes, so the benchmark can report
 * what a clustering cost in shuffle as well as in time: {@code ShuffleMeter.attach(sc)} once,
 * then read {@link #bytesWritten(SparkContext)} before and after.
 */
public final class ShuffleMeter extends SparkListener {
  private final AtomicLong written = new AtomicLong();

  public static ShuffleMeter attach(SparkContext sc) {
    ShuffleMeter meter = new ShuffleMeter();
    sc.addSparkListener(meter);
    return meter;
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    TaskMetrics m = end.taskMetrics();
    if (m != null) {
      written.addAndGet(m.shuffleWriteMetrics().bytesWritten());
    }
  }

  /** Shuffle bytes written so far, after the listener bus has delivered every finished task. */
  public long bytesWritten(SparkContext sc) {
    try {
      sc.listenerBus().waitUntilEmpty(60_000L);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Spark's listener bus did not drain within a minute", e);
    }
    return written.get();
  }
}
