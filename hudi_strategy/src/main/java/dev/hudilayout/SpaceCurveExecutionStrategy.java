package dev.hudilayout;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.spark.AppliedLayouts;
import dev.hudilayout.spark.CurveRecordPartitioner;
import dev.hudilayout.spark.CurveRowPartitioner;
import dev.hudilayout.spark.SortColumns;

import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.client.WriteStatus;
import org.apache.hudi.client.clustering.run.strategy.SparkSortAndSizeExecutionStrategy;
import org.apache.hudi.common.data.HoodieData;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.HoodieRecord;
import org.apache.hudi.common.schema.HoodieSchema;
import org.apache.hudi.config.HoodieClusteringConfig;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.BulkInsertPartitioner;
import org.apache.hudi.table.HoodieTable;
import org.apache.hudi.table.action.HoodieWriteMetadata;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

import java.util.Collections;
import java.util.Map;

/**
 * hudi-layout's clustering execution strategy. Hudi loads it by name from
 * {@code hoodie.clustering.execution.strategy.class=dev.hudilayout.SpaceCurveExecutionStrategy}
 * and it honours Hudi's own layout keys: sort columns, {@code hoodie.layout.optimize.strategy}
 * (linear, z-order, hilbert), {@code hoodie.layout.optimize.curve.build.method} (direct, sample)
 * and the sample size. Hudi's sort-and-size machinery reads the groups and writes the files; this
 * class decides where each row goes, and records that on the replacecommit.
 */
public class SpaceCurveExecutionStrategy<T> extends SparkSortAndSizeExecutionStrategy<T> {

  private final transient AppliedLayouts applied = new AppliedLayouts();
  private transient HoodieWriteConfig writerConfig;

  public SpaceCurveExecutionStrategy(HoodieTable table, HoodieEngineContext engineContext,
                                     HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  public HoodieWriteMetadata<HoodieData<WriteStatus>> performClustering(
      HoodieClusteringPlan plan, HoodieSchema schema, String instantTime) {
    // Refuse bad options before a single group is read or written.
    SortColumns.validate(specFor(strategyParams(plan)), schema);
    LayoutSpec.writerSizeFactor(getWriteConfig().getProps());
    HoodieWriteMetadata<HoodieData<WriteStatus>> result = super.performClustering(plan, schema, instantTime);
    return LayoutWriteMetadata.wrap(result, applied.summary(getClass().getName()));
  }

  @Override
  protected BulkInsertPartitioner<Dataset<Row>> getRowPartitioner(Map<String, String> strategyParams,
                                                                  HoodieSchema schema) {
    return new CurveRowPartitioner(specFor(strategyParams), applied);
  }

  @Override
  protected BulkInsertPartitioner<JavaRDD<HoodieRecord<T>>> getRDDPartitioner(Map<String, String> strategyParams,
                                                                              HoodieSchema schema) {
    return new CurveRecordPartitioner<>(specFor(strategyParams), schema,
        getWriteConfig().isConsistentLogicalTimestampEnabled(), applied);
  }

  /**
   * Hudi's sort-and-size strategy caps each output file at {@code getWriteConfig()
   * .getClusteringTargetFileMaxBytes()}; the plan has already fixed how many files each group
   * gets, so execution reads that value only for the cap. This returns the write config with the
   * target scaled by {@link LayoutOptions#WRITER_SIZE_FACTOR}, so a laid-out file is written whole.
   */
  @Override
  protected HoodieWriteConfig getWriteConfig() {
    HoodieWriteConfig base = super.getWriteConfig();
    if (writerConfig == null) {
      double factor = LayoutSpec.writerSizeFactor(base.getProps());
      if (factor == 1.0) {
        writerConfig = base;
      } else {
        HoodieWriteConfig copy = HoodieWriteConfig.newBuilder().withProps(base.getProps()).build();
        long target = base.getClusteringTargetFileMaxBytes();
        copy.setValue(HoodieClusteringConfig.PLAN_STRATEGY_TARGET_FILE_MAX_BYTES,
            String.valueOf((long) Math.min(Long.MAX_VALUE / 2.0, target * factor)));
        writerConfig = copy;
      }
    }
    return writerConfig;
  }

  private LayoutSpec specFor(Map<String, String> strategyParams) {
    return LayoutSpec.from(strategyParams, getWriteConfig().getProps());
  }

  private static Map<String, String> strategyParams(HoodieClusteringPlan plan) {
    if (plan.getStrategy() == null || plan.getStrategy().getStrategyParams() == null) {
      return Collections.emptyMap();
    }
    return plan.getStrategy().getStrategyParams();
  }
}
