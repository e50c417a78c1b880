package dev.hudilayout.hudi;

import org.apache.hudi.client.clustering.plan.strategy.SparkSizeBasedClusteringPlanStrategy;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;

/**
 * Hudi 1.2's size-based clustering plan strategy, the base of the plugin's plan strategies, with
 * what differs between lines in how a plan is made kept here.
 */
public abstract class LinePlanStrategy<T> extends SparkSizeBasedClusteringPlanStrategy<T> {

  protected LinePlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
    HudiLine.check();
  }

  /**
   * Whether the partitions are planned on the driver, in one process, rather than one Spark task
   * each (Hudi's default, which sends each task a copy of the strategy).
   */
  protected boolean planOnDriver() {
    return false;
  }

  /**
   * Plans the partitions on the driver when {@link #planOnDriver()} says so (Hudi 1.2 asks for the
   * plan's engine context on its own).
   */
  @Override
  protected HoodieEngineContext resolveEngineContextForPlanGeneration() {
    return planOnDriver() ? new HoodieLocalEngineContext(getEngineContext().getStorageConf())
        : super.resolveEngineContextForPlanGeneration();
  }
}
