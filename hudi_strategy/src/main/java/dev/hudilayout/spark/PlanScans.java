package dev.hudilayout.spark;

import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import scala.Option;
import scala.collection.JavaConverters;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The file scans of a query's executed plan, through adaptive execution's stages and subqueries. */
public final class PlanScans {
  private PlanScans() {
  }

  /** Every file scan in {@code plan}. */
  public static List<FileSourceScanExec> fileScans(SparkPlan plan) {
    List<FileSourceScanExec> out = new ArrayList<>();
    Deque<SparkPlan> todo = new ArrayDeque<>();
    todo.push(plan);
    while (!todo.isEmpty()) {
      SparkPlan node = todo.pop();
      if (node instanceof FileSourceScanExec) {
        out.add((FileSourceScanExec) node);
      } else if (node instanceof AdaptiveSparkPlanExec) {
        todo.push(((AdaptiveSparkPlanExec) node).executedPlan());
      } else if (node instanceof QueryStageExec) {
        todo.push(((QueryStageExec) node).plan());
      }
      JavaConverters.seqAsJavaList(node.children()).forEach(todo::push);
      JavaConverters.seqAsJavaList(node.subqueries()).forEach(todo::push);
    }
    return out;
  }

  /** The files {@code scan} read: its {@code numFiles} metric, or -1 when it has none. */
  public static long filesRead(FileSourceScanExec scan) {
    Option<SQLMetric> metric = scan.metrics().get("numFiles");
    return metric.isDefined() ? metric.get().value() : -1;
  }
}
