package dev.hudilayout.faults;

import org.apache.spark.TaskContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * Fault injection for the reliability tests (test classpath only, enabled with
 * {@code spark.plugins=dev.hudilayout.faults.FailOncePlugin}): the first task whose Spark job
 * group or description contains {@code spark.hudilayout.test.failOnce.match}, and whose stage has
 * {@code spark.hudilayout.test.failOnce.partitions} partitions if that is set (the clustering's
 * write stage has one per output file), throws, once per
 * {@code spark.hudilayout.test.failOnce.marker} file, which it creates and fills with the stage,
 * partition and job description of the task it failed. Spark then retries the task (run with
 * {@code local[N,maxFailures]}).
 */
public final class FailOncePlugin implements SparkPlugin {

  @Override
  public DriverPlugin driverPlugin() {
    return null;
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return new ExecutorPlugin() {
      private String match;
      private int partitions;
      private Path marker;

      @Override
      public void init(PluginContext ctx, Map<String, String> extraConf) {
        match = ctx.conf().get("spark.hudilayout.test.failOnce.match", "");
        partitions = Integer.parseInt(ctx.conf().get("spark.hudilayout.test.failOnce.partitions", "0"));
        marker = Paths.get(ctx.conf().get("spark.hudilayout.test.failOnce.marker"));
      }

      @Override
      public void onTaskStart() {
        TaskContext task = TaskContext.get();
        String group = String.valueOf(task.getLocalProperty("spark.jobGroup.id"));
        String description = String.valueOf(task.getLocalProperty("spark.job.description"));
        if (match.isEmpty() || !(group.contains(match) || description.contains(match))
            || (partitions > 0 && task.numPartitions() != partitions)) {
          return;
        }
        String what = "stage=" + task.stageId() + " partition=" + task.partitionId() + "/" + task.numPartitions()
            + " attempt=" + task.attemptNumber() + " group=" + group + " description=" + description;
        try {
          Files.write(marker, what.getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.CREATE_NEW);
        } catch (FileAlreadyExistsException e) {
          return;
        } catch (IOException e) {
          throw new IllegalStateException("cannot write fault marker " + marker, e);
        }
        throw new IllegalStateException("injected task failure (once): " + what);
      }
    };
  }
}
