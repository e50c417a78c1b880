package dev.hudilayout.bench;

import org.apache.spark.SparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the shuffle bytes every task of a Spark application writes, so the benchmark can report
 * what a clustering cost in shuffle as well as in time: {@code ShuffleMeter.attach(sc)} once,
 * then read {@link #bytesWritten(SparkContext)} before and after.
 */
public final class ShuffleMeter extends SparkListener {
  private final AtomicLong written = new AtomicLong();
  private final StringBuffer stages = new StringBuffer();

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
  @Override
  public void onStageCompleted(SparkListenerStageCompleted completed) {
    StageInfo info = completed.stageInfo();
    long bytes = info.taskMetrics() == null ? 0 : info.taskMetrics().shuffleWriteMetrics().bytesWritten();
    if (bytes > 0) {
      String name = info.name().length() > 80 ? info.name().substring(0, 80) : info.name();
      stages.append(String.format("stage %d %s: %.1f MB shuffle write%n", info.stageId(), name, bytes / 1e6));
    }
  }

  /** One line per finished stage that wrote shuffle data, since the last call. */
  public String takeStageReport(SparkContext sc) {
    bytesWritten(sc);
    String out = stages.toString();
    stages.setLength(0);
    return out;
  }

  public long bytesWritten(SparkContext sc) {
    try {
      sc.listenerBus().waitUntilEmpty(60_000L);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Spark's listener bus did not drain within a minute", e);
    }
    return written.get();
  }
}
