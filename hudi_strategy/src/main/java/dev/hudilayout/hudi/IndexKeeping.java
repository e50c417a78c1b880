package dev.hudilayout.hudi;

import dev.hudilayout.config.KeptIndexes;

import org.apache.hudi.avro.model.HoodieClusteringPlan;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.Option;
import org.apache.hudi.config.HoodieWriteConfig;

/**
 * The facts {@link KeptIndexes#refusal} decides on, read from a table and a clustering's config:
 * the table's metadata partitions, and which of them the config keeps on, as Hudi reads its keys
 * on this line ({@link HudiLine#keptMetadata}). Checked by the plugin's plan strategies before their
 * plan is saved and by the execution strategy before it reads a row, so a clustering run through
 * Hudi's own SQL procedures or services with a config that would drop an index is refused, not
 * left to delete it.
 */
public final class IndexKeeping {
  private IndexKeeping() {
  }

  /** Refuses a clustering of {@code meta}'s table with {@code config} that would make Hudi delete some of its metadata. */
  public static void refuse(HoodieWriteConfig config, HoodieTableMetaClient meta) {
    String error = KeptIndexes.refusal(meta.getTableConfig().getMetadataPartitions(), HudiLine.get().keptMetadata(config));
    if (error != null) {
      throw new IllegalArgumentException(error);
    }
  }

  /**
   * {@code plan}, unless a clustering of it with {@code config} would drop some of the table's
   * metadata: refused before the plan is saved.
   */
  public static Option<HoodieClusteringPlan> unlessDropped(HoodieWriteConfig config, HoodieTableMetaClient meta,
                                                           Option<HoodieClusteringPlan> plan) {
    if (plan.isPresent()) {
      refuse(config, meta);
    }
    return plan;
  }
}
