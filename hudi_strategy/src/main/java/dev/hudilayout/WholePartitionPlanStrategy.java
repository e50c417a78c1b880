package dev.hudilayout;

import dev.hudilayout.hudi.LinePlanStrategy;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieLogFile;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;

import java.util.List;
import java.util.stream.Stream;

/**
 * A clustering plan strategy that puts every eligible file slice of a partition into one group,
 * however many bytes the partition holds ({@code max.bytes.per.group} does not split it). Hudi
 * lays out each group on its own, so with the size-based plan a partition cut into G groups holds
 * G independent curves, and a point query reads files from every one of them; one group per
 * partition is one curve. Output files per partition: ceil(bytes / target.file.max.bytes), as
 * for any group. {@code max.num.groups} then bounds the partitions one plan takes.
 *
 * <p>Use with {@code hoodie.clustering.plan.strategy.class=dev.hudilayout.WholePartitionPlanStrategy}.
 */
public class WholePartitionPlanStrategy<T> extends LinePlanStrategy<T> {

  public WholePartitionPlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected Stream<HoodieClusteringGroup> groupsFor(String partitionPath, List<FileSlice> fileSlices) {
    if (fileSlices.isEmpty()) {
      return Stream.empty();
    }
    HoodieWriteConfig config = getWriteConfig();
    long bytes = 0;
    for (FileSlice slice : fileSlices) {
      bytes += slice.getBaseFile().isPresent()
          ? slice.getBaseFile().get().getFileSize()
          : slice.getLogFiles().mapToLong(HoodieLogFile::getFileSize).sum();
    }
    int files = getNumberOfOutputFileGroups(bytes, config.getClusteringTargetFileMaxBytes());
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
