package dev.hudilayout;

import dev.hudilayout.config.LayoutSpecParser;
import dev.hudilayout.hudi.BucketTables;
import dev.hudilayout.hudi.FileFooters;
import dev.hudilayout.hudi.HudiLine;
import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.layout.LayoutSpec;
import dev.hudilayout.spark.SortColumns;

import org.apache.hudi.client.SparkRDDWriteClient;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieClusteringConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.exception.HoodieWriteConflictException;
import org.apache.hudi.table.HoodieTable;
import org.apache.hudi.table.action.cluster.strategy.ClusteringExecutionStrategy;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Clusters an existing table now, through Hudi's own write client, with hudi-layout's execution
 * strategy unless the options name another. Options (the strategy class, and for ours every
 * layout option, sort columns checked against the table's schema) are validated before anything
 * is scheduled, so a wrong class, column or value leaves the timeline untouched.
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

  /**
   * Executes a scheduled clustering and completes its replacecommit. A clustering that gives way
   * to writers ({@link TableClients#givesWay}) and loses a conflict to one is rolled back and its
   * plan removed, so its file groups return to the next plan; the error says so.
   */
  public static void execute(JavaSparkContext jsc, String basePath, Map<String, String> options, String instant) {
    try (SparkRDDWriteClient<?> client = client(jsc, basePath, options)) {
      try {
        client.cluster(instant, true);
      } catch (RuntimeException e) {
        if (!TableClients.givesWay(options) || !lostToWriter(e)) {
          throw e;
        }
        HudiLine.get().purgeClustering(client, instant);
        throw new IllegalStateException("hudi-layout: clustering " + instant + " gave way to a concurrent write "
            + "and was rolled back (" + HoodieWriteConflictException.class.getSimpleName() + "); its file groups "
            + "go to the next plan", e);
      }
    }
  }

  private static boolean lostToWriter(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof HoodieWriteConflictException) {
        return true;
      }
    }
    return false;
  }

  public static String scheduleAndExecute(JavaSparkContext jsc, String basePath, Map<String, String> options) {
    String instant = schedule(jsc, basePath, options);
    if (instant != null) {
      execute(jsc, basePath, options, instant);
    }
    return instant;
  }

  /**
   * Hudi loads the execution strategy only when it executes a plan, so a wrong class name would
   * fail after the plan is on the timeline; a pending plan keeps its file groups out of every
   * later plan until it is rolled back. Checked here the way Hudi will load it: by name through
   * Hudi's class loader, then its (table, engine context, write config) constructor.
   */
  private static void checkStrategyClass(String name) {
    String key = HoodieClusteringConfig.EXECUTION_STRATEGY_CLASS_NAME.key();
    Class<?> c;
    try {
      c = Class.forName(name, false, HoodieWriteConfig.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s'. No such class on the classpath (is its jar on spark.jars?)", key, name), e);
    }
    if (!ClusteringExecutionStrategy.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s' is not a clustering execution strategy (a subclass of %s)",
          key, name, ClusteringExecutionStrategy.class.getName()));
    }
    try {
      c.getConstructor(HoodieTable.class, HoodieEngineContext.class, HoodieWriteConfig.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(String.format(
          "Invalid value for %s: '%s' has no public constructor (HoodieTable, HoodieEngineContext, "
              + "HoodieWriteConfig), which Hudi calls", key, name), e);
    }
  }

  private static SparkRDDWriteClient<?> client(JavaSparkContext jsc, String basePath, Map<String, String> options) {
    HudiLine.check();
    Map<String, String> props = new HashMap<>(options);
    props.putIfAbsent(HoodieClusteringConfig.EXECUTION_STRATEGY_CLASS_NAME.key(),
        SpaceCurveExecutionStrategy.class.getName());
    return TableClients.open(jsc, basePath, props, schema -> {
      String strategy = props.get(HoodieClusteringConfig.EXECUTION_STRATEGY_CLASS_NAME.key());
      checkStrategyClass(strategy);
      if (SpaceCurveExecutionStrategy.class.getName().equals(strategy)) {
        Properties p = new Properties();
        p.putAll(props);
        LayoutSpec spec = LayoutSpecParser.parse(Collections.emptyMap(), p);
        if (schema.isPresent()) {
          SortColumns.validate(spec, schema.get().kinds());
        }
        BucketTables.refuse(jsc.hadoopConfiguration(), basePath, props);
        FileFooters.refuse(jsc.hadoopConfiguration(), basePath, props);
      }
    });
  }
}
