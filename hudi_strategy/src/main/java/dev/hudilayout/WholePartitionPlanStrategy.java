package dev.hudilayout;

import dev.hudilayout.hudi.FileFooters;
import dev.hudilayout.hudi.LinePlanStrategy;
import dev.hudilayout.plan.FileSizing;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;

import java.util.List;
import java.util.stream.Stream;

/**
 * A clustering plan strategy that puts every eligible file slice of a partition into one group,
 * however many bytes the partition holds ({@code max.bytes.per.group} does not split it). Hudi
 * lays out each group on its own, so with the size-based plan a partition cut into G groups holds
 * G independent curves, and a point query reads files from every one of them; one group per
 * partition is one curve. Output files per partition: its row bytes in files of the target size
 * ({@link FileSizing}). {@code max.num.groups} then bounds the partitions one plan takes.
 *
 * <p>Use with {@code hoodie.clustering.plan.strategy.class=dev.hudilayout.WholePartitionPlanStrategy}.
 */
public class WholePartitionPlanStrategy<T> extends LinePlanStrategy<T> {

  /** What a file of the table costs on its own, measured once per strategy. */
  private final FileFooters.PlanSizing sizing = new FileFooters.PlanSizing();

  public WholePartitionPlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected Stream<HoodieClusteringGroup> groupsFor(String partitionPath, List<FileSlice> fileSlices) {
    if (fileSlices.isEmpty()) {
      return Stream.empty();
    }
    long target = getWriteConfig().getClusteringTargetFileMaxBytes();
    // the partition's row bytes: base files less their own footer, log files by the rows they add
    FileSizing sized = sizing.of(getHoodieTable(), getWriteConfig(), fileSlices, target);
    long rowBytes = FileFooters.rowBytes(getHoodieTable(), fileSlices, sized).values().stream().mapToLong(Long::longValue)
        .sum();
    int files = (int) Math.min(Integer.MAX_VALUE, sized.outputFiles(rowBytes, 0, target));
    if (fileSlices.size() == 1 && files == 1 && fileSlices.get(0).getLogFiles().count() == 0) {
      // one base file that stays one file: nothing to gain from rewriting it
      return Stream.empty();
    }
    HoodieClusteringGroup group = HoodieClusteringGroup.newBuilder()
        .setSlices(getFileSliceInfo(fileSlices))
        .setNumOutputFileGroups(files)
        .setMetrics(buildMetrics(fileSlices))
        .build();
    return Stream.of(group);
  }
}
