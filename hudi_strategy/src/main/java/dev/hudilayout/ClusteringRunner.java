package dev.hudilayout;

import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.spark.SortColumns;

import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieClusteringConfig;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Clusters an existing table now, through Hudi's own write client, with hudi-layout's execution
 * strategy unless the options name another. Options are validated against the table's schema
 * before anything is scheduled, so a wrong column or value leaves the timeline untouched.
 */
public final class ClusteringRunner {
  private ClusteringRunner() {
  }

  /** Schedules a clustering; returns its instant, or null when Hudi found nothing to cluster. */
  public static String schedule(JavaSparkContext jsc, String basePath, Map<String, String> options) {
    try (SparkRDDWriteClient<?> client = client(jsc, basePath, options)) {
      Option<String> instant = client.scheduleClustering(Option.empty());
      return instant.isPresent() ? instant.get() : null;
    }
  }

  /** Executes a scheduled clustering and completes its replacecommit. */
  public static void execute(JavaSparkContext jsc, String basePath, Map<String, String> options, String instant) {
    try (SparkRDDWriteClient<?> client = client(jsc, basePath, options)) {
      client.cluster(instant, true);
    }
  }

  public static String scheduleAndExecute(JavaSparkContext jsc, String basePath, Map<String, String> options) {
    String instant = schedule(jsc, basePath, options);
    if (instant != null) {
      execute(jsc, basePath, options, instant);
    }
    return instant;
  }

  private static SparkRDDWriteClient<?> client(JavaSparkContext jsc, String basePath, Map<String, String> options) {
    Map<String, String> props = new HashMap<>(options);
    props.putIfAbsent(HoodieClusteringConfig.EXECUTION_STRATEGY_CLASS_NAME.key(),
        SpaceCurveExecutionStrategy.class.getName());
    return TableClients.open(jsc, basePath, props, schema -> {
      if (SpaceCurveExecutionStrategy.class.getName().equals(
          props.get(HoodieClusteringConfig.EXECUTION_STRATEGY_CLASS_NAME.key()))) {
        Properties p = new Properties();
        p.putAll(props);
        LayoutSpec spec = LayoutSpec.from(Collections.emptyMap(), p);
        if (schema.isPresent()) {
          SortColumns.validate(spec, schema.get());
        }
      }
    });
  }
}
