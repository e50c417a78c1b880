package dev.hudilayout.continuous;

import dev.hudilayout.config.LayoutOptions;
import dev.hudilayout.config.LayoutSpecParser;
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
 * inside one region. A region is laid out again when the rows of its files written after its
 * oldest ones (its pending rows), with its share of the new rows, reach
 * {@link LayoutOptions#CONTINUOUS_MERGE_FRACTION} of the rows of its oldest ones (its base): its
 * files join a group of new rows, and the cell's rows, old and new, are cut into files together.
 * Regions not due keep their base and get the new rows as pending files inside them, merged with
 * pending layers of their size tier when {@link LayoutOptions#CONTINUOUS_MERGE_TIERS} of them fill
 * it ({@link Tiers}): a region so holds its base plus a few layers of growing size. After the
 * first layout (one group), groups hold at most {@code max.bytes.per.group}: new files in chunks,
 * due regions whole (a region larger than the limit alone; a due region with nothing pending waits
 * while no group of new rows has room for it); they never overlap in value space. A point
 * query thus reads the base's files plus the pending layers of the regions it touches, instead of
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
    RecordedGrids.Grid newest = RecordedGrids.newest(getHoodieTable().getMetaClient()).get(partition);
    String recorded = newest == null ? null : newest.grid;
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
    double fraction = LayoutSpecParser.continuousMergeFraction(getWriteConfig().getProps());
    List<String> columns = LayoutSpecParser.parse(getStrategyParams(), getWriteConfig().getProps()).columns();
    Regions sorted = Regions.of(grid, getHoodieTable().getTableMetadata(), partition, slices, columns);
    List<FileSlice> spanning = sorted.outside;
    Map<Long, List<FileSlice>> regions = sorted.inside;
    // A region is due when its pending rows, with its share of the new rows, reach the fraction of
    // its base's; its files then join new rows in a group laid on the grid, so the region's rows
    // (old and new) are laid out again together and leave nothing pending. A region not due may
    // still merge pending layers with its share of the new rows (Tiers): rewriting pending rows
    // only keeps few layers in it between its layouts.
    int tiers = LayoutSpecParser.continuousMergeTiers(getWriteConfig().getProps());
    long newRows = sorted.rows(spanning, sorted.rowsPerByte(slices));
    Map<Long, Regions.Layers> layers = new TreeMap<>();
    long allBase = 0;
    for (Map.Entry<Long, List<FileSlice>> region : regions.entrySet()) {
      Regions.Layers l = sorted.layers(region.getValue());
      layers.put(region.getKey(), l);
      allBase += l.baseRows;
    }
    // Groups of at most max.bytes.per.group: the new files in chunks (every chunk is laid on the
    // same grid, so chunks never overlap a region's layout), each due region whole and each
    // region's merged layers together, packed into the first group with room. A region in a group
    // without new rows leaves its share of them pending until its next plan (so a region with no
    // pending files goes there only with new rows); a region larger than the limit is a group of its own.
    long maxBytes = getWriteConfig().getClusteringMaxBytesInGroup();
    List<Part> parts = new ArrayList<>();
    List<FileSlice> chunk = new ArrayList<>();
    long chunkBytes = 0;
    for (FileSlice f : spanning) {
      if (!chunk.isEmpty() && chunkBytes + Regions.bytes(f) > maxBytes) {
        parts.add(Part.newRows(chunk, chunkBytes, target, this));
        chunk = new ArrayList<>();
        chunkBytes = 0;
      }
      chunk.add(f);
      chunkBytes += Regions.bytes(f);
    }
    if (!chunk.isEmpty()) {
      parts.add(Part.newRows(chunk, chunkBytes, target, this));
    }
    List<Long> due = new ArrayList<>();
    List<Long> merged = new ArrayList<>();
    for (Map.Entry<Long, Regions.Layers> region : layers.entrySet()) {
      Regions.Layers l = region.getValue();
      double share = allBase == 0 ? 0 : (double) newRows * l.baseRows / allBase;
      double pending = l.pendingRows() + share;
      List<FileSlice> files;
      boolean whole = pending > 0 && pending >= fraction * l.baseRows;
      if (whole) {
        files = regions.get(region.getKey());
      } else {
        // new rows in new files: the region's share of them; else (writes on the grid) its newest layer
        long shareRows = Math.round(share);
        List<Integer> join = shareRows > 0 ? Tiers.toMerge(l.pendingRows, shareRows, tiers)
            : Tiers.toMergeNewest(l.pendingRows, tiers);
        if (join.isEmpty()) {
          continue;
        }
        merged.add(region.getKey());
        files = new ArrayList<>();
        for (int i : join) {
          files.addAll(l.pending.get(i));
        }
      }
      // laid out at the size of the region's base files: the size its last layout wrote, which
      // the target gave rows compressed as laid-out files are, not as a write's small files are
      long bytes = Regions.bytes(files);
      long baseBytes = Math.max(1, Regions.bytes(l.base));
      long out = Math.max(1, Math.round((double) bytes * l.base.size() / baseBytes));
      Part home = null;
      for (Part p : parts) {
        if (p.bytes + bytes <= maxBytes) {
          home = p;
          break;
        }
      }
      if (whole && l.pending.isEmpty() && (home == null || home.newFiles == 0)) {
        // due only by its share of the new rows, which no group with room for it holds: laid out
        // alone it would be written again as it is, so it waits for a plan with room
        continue;
      }
      if (home == null) {
        home = new Part();
        parts.add(home);
      }
      if (whole) {
        due.add(region.getKey());
      }
      home.add(files, bytes, out, region.getKey(), whole);
    }
    LOG.info("hudi-layout: continuous plan for partition '{}': {} file(s) in {} region(s), {} new; regions laid "
        + "out again: {}; regions merging pending layers: {}; {} group(s)", partition, slices.size() - spanning.size(),
        regions.size(), spanning.size(), due, merged, parts.size());
    return Pair.of(parts.stream().map(p -> group(p.slices, (int) Math.max(1, Math.min(Integer.MAX_VALUE, p.files)),
        Stage.metadata(Stage.Kind.DELTA, recorded, p.why(fraction, tiers)))), false);
  }

  /** One group of a continuous plan: some new files, some due regions, some regions' pending layers. */
  private static final class Part {
    final List<FileSlice> slices = new ArrayList<>();
    final List<Long> regions = new ArrayList<>();
    final List<Long> layered = new ArrayList<>();
    int newFiles;
    long bytes;
    long files;

    static Part newRows(List<FileSlice> files, long bytes, long target, ContinuousPlanStrategy<?> plan) {
      Part p = new Part();
      p.slices.addAll(files);
      p.newFiles = files.size();
      p.bytes = bytes;
      p.files = plan.getNumberOfOutputFileGroups(bytes, target);
      return p;
    }

    void add(List<FileSlice> regionFiles, long regionBytes, long outputFiles, long region, boolean whole) {
      slices.addAll(regionFiles);
      (whole ? regions : layered).add(region);
      bytes += regionBytes;
      files += outputFiles;
    }

    String why(double fraction, int tiers) {
      return newFiles + " new file(s)" + (regions.isEmpty() ? "" : "; regions " + join(regions)
          + " laid out again: pending rows with their share of the new ones >= " + fraction + " x their base")
          + (layered.isEmpty() ? "" : "; regions " + join(layered) + ": pending layers merged, " + tiers
          + " of one tier");
    }

    private static String join(List<Long> regions) {
      return regions.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
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
