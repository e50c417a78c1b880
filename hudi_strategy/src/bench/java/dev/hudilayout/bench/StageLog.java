package dev.hudilayout.bench;

import org.apache.spark.SparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.StageInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records every stage a Spark application completes, with its wall time, so the benchmark can say
 * where a clustering's time went: {@code StageLog.attach(sc)} once, {@link #take(SparkContext)}
 * before a clustering (to drop what ran earlier) and again after it.
 *
 * <p>Each stage is one tab-separated line, in completion order:
 * {@code id, attempt, submitted ms, completed ms, tasks, input rows, shuffle read rows,
 * shuffle write bytes, output rows, failed (true/false), name, description}. The name is Spark's
 * call site ("collect at HoodieSparkEngineContext.java:116"); the description is the job
 * description the code set when it submitted the stage (Hudi sets one per step, for example
 * "Doing partition and writing data"), empty if none. Tabs and line breaks in either become spaces.
 */
public final class StageLog extends SparkListener {
  private static final String DESCRIPTION = "spark.job.description";

  private final Map<Integer, String> descriptions = new ConcurrentHashMap<>();
  private final List<String> completed = new ArrayList<>();

  public static StageLog attach(SparkContext sc) {
    StageLog log = new StageLog();
    sc.addSparkListener(log);
    return log;
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted submitted) {
    Properties props = submitted.properties();
    String description = props == null ? null : props.getProperty(DESCRIPTION);
    if (description != null) {
      descriptions.put(submitted.stageInfo().stageId(), description);
    }
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted done) {
    StageInfo info = done.stageInfo();
    // A stage skipped because its shuffle output existed already is never submitted: no times.
    long start = info.submissionTime().isDefined() ? (Long) info.submissionTime().get() : 0L;
    long end = info.completionTime().isDefined() ? (Long) info.completionTime().get() : start;
    TaskMetrics m = info.taskMetrics();
    long input = m == null ? 0 : m.inputMetrics().recordsRead();
    long shuffleRead = m == null ? 0 : m.shuffleReadMetrics().recordsRead();
    long shuffleWrite = m == null ? 0 : m.shuffleWriteMetrics().bytesWritten();
    long output = m == null ? 0 : m.outputMetrics().recordsWritten();
    String line = String.join("\t",
        Integer.toString(info.stageId()), Integer.toString(info.attemptNumber()),
        Long.toString(start), Long.toString(end), Integer.toString(info.numTasks()),
        Long.toString(input), Long.toString(shuffleRead), Long.toString(shuffleWrite), Long.toString(output),
        Boolean.toString(info.failureReason().isDefined()),
        clean(info.name()), clean(descriptions.remove(info.stageId())));
    synchronized (completed) {
      completed.add(line);
    }
  }

  /** The stages completed since the last call, after the listener bus has delivered every event. */
  public List<String> take(SparkContext sc) {
    try {
      sc.listenerBus().waitUntilEmpty(60_000L);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Spark's listener bus did not drain within a minute", e);
    }
    synchronized (completed) {
      List<String> out = new ArrayList<>(completed);
      completed.clear();
      return out;
    }
  }

  private static String clean(String text) {
    return text == null ? "" : text.replaceAll("[\\t\\r\\n]+", " ").trim();
  }
}
