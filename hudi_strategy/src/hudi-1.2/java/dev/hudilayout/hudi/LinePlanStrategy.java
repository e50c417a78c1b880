package dev.hudilayout.hudi;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.client.clustering.plan.strategy.SparkSizeBasedClusteringPlanStrategy;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.engine.HoodieLocalEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;
import org.apache.hudi.table.action.cluster.ClusteringPlanActionExecutor;
import org.apache.hudi.util.Lazy;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

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

  /**
   * The clustering groups of one partition's eligible file slices: what the plugin's plan
   * strategies decide, asked by Hudi for every planned partition.
   */
  protected abstract Stream<HoodieClusteringGroup> groupsFor(String partition, List<FileSlice> slices);

  /**
   * Makes the plan. {@code hudiPlan} runs Hudi's planning (which asks {@link #groupsFor} per
   * partition); {@code partitions} gives the partitions this plan looks at (all of them, or those
   * written since the last plan, as Hudi selects them), listed when first asked. By default
   * Hudi's plan as is.
   */
  protected Option<HoodieClusteringPlan> plan(Supplier<List<String>> partitions,
                                              Supplier<Option<HoodieClusteringPlan>> hudiPlan) {
    return hudiPlan.get();
  }

  /**
   * What the plan just made sampled of the table's columns for auto (the continuous plan), which
   * {@code when=pays} then weighs the plan with instead of sampling again; null when it sampled none.
   */
  protected RecordedWorkload.Sampled sampledTable() {
    return null;
  }

  /**
   * Partitions this plan looks at besides those Hudi selects (by default those written since the
   * last clustering), unless the user named the partitions: none by default.
   */
  protected List<String> alsoPlan() {
    return List.of();
  }

  @Override
  public final Option<HoodieClusteringPlan> generateClusteringPlan(ClusteringPlanActionExecutor executor,
                                                                  Lazy<List<String>> partitions) {
    Lazy<List<String>> looked = partitions == null ? null : Lazy.lazily(() -> withAlso(partitions.get()));
    return IndexKeeping.unlessDropped(getWriteConfig(), getHoodieTable().getMetaClient(),
        PaidPlans.unlessUnpaid(getEngineContext(), getWriteConfig(), getHoodieTable(), this::sampledTable,
        BucketTables.unlessBucketIndexed(getEngineContext(), getWriteConfig(),
            plan(looked == null ? null : looked::get, () -> super.generateClusteringPlan(executor, looked)))));
  }

  /** {@code selected} and {@link #alsoPlan()}'s partitions, as {@link PlanPartitions#withAlso} joins them. */
  private List<String> withAlso(List<String> selected) {
    HoodieWriteConfig config = getWriteConfig();
    return PlanPartitions.withAlso(config, selected, this::alsoPlan,
        also -> getRegexPatternMatchedPartitions(config, also));
  }

  /** Hudi's own groups of one partition's slices, as its size-based plan makes them. */
  protected final Stream<HoodieClusteringGroup> hudiGroups(String partition, List<FileSlice> slices) {
    return super.buildClusteringGroupsForPartition(partition, slices).getLeft();
  }

  @Override
  protected final Pair<Stream<HoodieClusteringGroup>, Boolean> buildClusteringGroupsForPartition(
      String partition, List<FileSlice> slices) {
    return Pair.of(groupsFor(partition, slices), Boolean.FALSE);
  }
}
