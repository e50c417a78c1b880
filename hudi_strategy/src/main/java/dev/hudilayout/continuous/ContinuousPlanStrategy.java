package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpec;
import dev.hudilayout.layout.AlignedCells;

import org.apache.hudi.avro.model.HoodieClusteringGroup;
import org.apache.hudi.client.clustering.plan.strategy.SparkSizeBasedClusteringPlanStrategy;
import org.apache.hudi.common.engine.HoodieEngineContext;
import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.model.HoodieFileGroupId;
import org.apache.hudi.common.table.view.TableFileSystemView;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.table.HoodieTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The continuous layout's plan: skipping that holds while a partition keeps growing.
 *
 * <p>The first clustering of a partition lays all of it out on a grid chosen from its sample and
 * records the grid on its replacecommit ({@code hudilayout.continuous.grid.<partition>}). Every later plan
 * reads that grid and each base file's [min, max] per sort column from the column-stats index,
 * and sorts the partition's files into:
 * <ul>
 *   <li>files inside one cell of the grid (a region): laid out before;</li>
 *   <li>files spanning several cells, with log files, or without column stats: new rows.</li>
 * </ul>
 * New rows are laid on the recorded grid, each cell cut on its own, so every output file lies
 * inside one region. A region is laid out again when the bytes of its files written after its
 * oldest ones (its pending rows), with its share of the new rows, reach
 * {@link LayoutOptions#CONTINUOUS_MERGE_FRACTION} of the bytes of its oldest ones (its base): its
 * files join the new rows' group, and the cell's rows, old and new, are cut into files together.
 * Regions not due keep their files and get the new rows as pending files inside them. A point
 * query thus reads the base's files plus the pending files of the regions it touches, instead of
 * a file set per round.
 *
 * <p>Every plan takes files of any size (the small-file limit does not apply: the grid decides).
 * Use with {@code hoodie.clustering.plan.strategy.class=dev.hudilayout.continuous.ContinuousPlanStrategy}.
 */
public class ContinuousPlanStrategy<T> extends SparkSizeBasedClusteringPlanStrategy<T> {
  private static final Logger LOG = LoggerFactory.getLogger(ContinuousPlanStrategy.class);

  public ContinuousPlanStrategy(HoodieTable table, HoodieEngineContext engineContext, HoodieWriteConfig writeConfig) {
    super(table, engineContext, writeConfig);
  }

  @Override
  protected Stream<FileSlice> getFileSlicesEligibleForClustering(String partition) {
    // the parent keeps files under the small-file limit; here every file of the partition counts,
    // except file groups a pending compaction or clustering holds
    Set<HoodieFileGroupId> held = new HashSet<>();
    TableFileSystemView view = getHoodieTable().getFileSystemView();
    view.getPendingCompactionOperations().forEach(op -> held.add(op.getValue().getFileGroupId()));
    view.getPendingLogCompactionOperations().forEach(op -> held.add(op.getValue().getFileGroupId()));
    view.getFileGroupsInPendingClustering().forEach(p -> held.add(p.getKey()));
    return getHoodieTable().getSliceView().getLatestFileSlicesStateless(partition)
        .filter(slice -> !held.contains(slice.getFileGroupId()));
  }

  @Override
  protected Pair<Stream<HoodieClusteringGroup>, Boolean> buildClusteringGroupsForPartition(
      String partition, List<FileSlice> slices) {
    if (slices.isEmpty()) {
      return Pair.of(Stream.empty(), false);
    }
    long target = getWriteConfig().getClusteringTargetFileMaxBytes();
    String recorded = Regions.recordedGrid(getHoodieTable().getMetaClient(), partition);
    if (recorded == null) {
      long bytes = Regions.bytes(slices);
      int files = getNumberOfOutputFileGroups(bytes, target);
      if (slices.size() == 1 && files == 1 && slices.get(0).getLogFiles().count() == 0) {
        return Pair.of(Stream.empty(), false);
      }
      return Pair.of(Stream.of(group(slices, files,
          Stage.metadata(Stage.Kind.FULL, null, "no grid recorded for the partition"))), false);
    }
    AlignedCells grid = AlignedCells.parse(recorded);
    double fraction = LayoutSpec.continuousMergeFraction(getWriteConfig().getProps());
    List<String> columns = LayoutSpec.from(getStrategyParams(), getWriteConfig().getProps()).columns();
    Regions sorted = Regions.of(grid, getHoodieTable().getTableMetadata(), partition, slices, columns);
    List<FileSlice> spanning = sorted.outside;
    Map<Long, List<FileSlice>> regions = sorted.inside;
    // A region is due when its pending bytes, with its share of the new rows, reach the fraction of
    // its base; its files then join the new rows in one group laid on the grid, so the region's
    // rows (old and new) are laid out again together and leave nothing pending.
    long spanningBytes = Regions.bytes(spanning);
    long allBase = 0;
    Map<Long, long[]> basePending = new TreeMap<>();
    for (Map.Entry<Long, List<FileSlice>> region : regions.entrySet()) {
      long[] bp = Regions.basePending(region.getValue());
      basePending.put(region.getKey(), bp);
      allBase += bp[0];
    }
    List<FileSlice> taken = new ArrayList<>(spanning);
    List<Long> due = new ArrayList<>();
    // output files: the new rows at the target size, and each region laid out again at the size of
    // its base files (the size its last layout wrote, which the target gave rows compressed as
    // laid-out files are, not as the small files of a write are)
    long files = spanning.isEmpty() ? 0 : getNumberOfOutputFileGroups(spanningBytes, target);
    for (Map.Entry<Long, long[]> region : basePending.entrySet()) {
      long base = region.getValue()[0];
      double pending = region.getValue()[1] + (allBase == 0 ? 0 : (double) spanningBytes * base / allBase);
      if (pending > 0 && pending >= fraction * base) {
        List<FileSlice> regionFiles = regions.get(region.getKey());
        due.add(region.getKey());
        taken.addAll(regionFiles);
        long baseFiles = region.getValue()[2];
        files += Math.max(1, Math.round((double) (base + region.getValue()[1]) * baseFiles / Math.max(1, base)));
      }
    }
    LOG.info("hudi-layout: continuous plan for partition '{}': {} file(s) in {} region(s), {} new; regions laid "
        + "out again: {}", partition, slices.size() - spanning.size(), regions.size(), spanning.size(), due);
    if (taken.isEmpty()) {
      return Pair.of(Stream.empty(), false);
    }
    String why = spanning.size() + " new file(s)" + (due.isEmpty() ? "" : "; regions " + due.stream().map(String::valueOf).collect(Collectors.joining(","))
        + " laid out again: pending bytes with their share of the new ones >= " + fraction + " x their base");
    return Pair.of(Stream.of(group(taken, (int) Math.max(1, Math.min(Integer.MAX_VALUE, files)),
        Stage.metadata(Stage.Kind.DELTA, recorded, why))), false);
  }

  private HoodieClusteringGroup group(List<FileSlice> slices, int files, Map<String, String> stage) {
    return HoodieClusteringGroup.newBuilder()
        .setSlices(getFileSliceInfo(slices))
        .setNumOutputFileGroups(files)
        .setMetrics(buildMetrics(slices))
        .setExtraMetadata(stage)
        .build();
  }

}
