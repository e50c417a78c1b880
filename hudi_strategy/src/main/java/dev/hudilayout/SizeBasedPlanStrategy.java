package dev.hudilayout;

import dev.hudilayout.hudi.LinePlanStrategy;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;

import java.util.List;
import java.util.stream.Stream;

/**
 * Hudi's size-based clustering plan (groups of small files up to {@code max.bytes.per.group}), with
 * what every plan strategy of ours adds around a plan: {@code hoodie.hudilayout.when=pays}, and the
 * refusals that keep bucket-indexed tables and kept indexes whole. The Python layout sets it for a
 * layout with {@code when="pays"} and neither of the other plans.
 *
 * <p>Use with {@code hoodie.clustering.plan.strategy.class=dev.hudilayout.SizeBasedPlanStrategy}.
 */
public class SizeBasedPlanStrategy<T> extends LinePlanStrategy<T> {

  public SizeBasedPlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected Stream<HoodieClusteringGroup> groupsFor(String partition, List<FileSlice> slices) {
    return hudiGroups(partition, slices);
  }
}
