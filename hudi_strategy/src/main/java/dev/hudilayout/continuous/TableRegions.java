package dev.hudilayout.continuous;

import dev.hudilayout.hudi.ColumnStatsBounds;
import dev.hudilayout.hudi.LatestSlices;
import dev.hudilayout.hudi.TableClients;
import dev.hudilayout.layout.grid.RegionTree;

import org.apache.hudi.common.model.FileSlice;
import org.apache.hudi.common.table.HoodieTableMetaClient;
import org.apache.hudi.common.util.collection.Pair;
import org.apache.hudi.config.HoodieWriteConfig;
import org.apache.hudi.metadata.HoodieTableMetadata;
import org.apache.spark.api.java.JavaSparkContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A continuous table's partitions with a recorded region tree and their files, as the layout report
 * reads them ({@code report.RegionsJson}): every partition's slices from one listing, then one read
 * of the column-stats index for all of their files, on the columns of every partition's tree and of
 * the old layout it is moving from.
 */
public final class TableRegions {
  /** The newest recorded tree of every partition that has one, by partition path. */
  public final Map<String, RecordedGrids.Tree> grids;
  /** Per partition moving to new sort columns, the newest tree on the columns it moves from. */
  private final Map<String, RecordedGrids.Tree> old;
  private final CommitHistory history;
  private final Map<String, List<FileSlice>> slicesOf;
  /** What the index holds for every partition's files, on {@link #columns}. */
  private final ColumnStatsBounds.FileStats stats;
  private final List<String> columns;

  private TableRegions(Map<String, RecordedGrids.Tree> grids, Map<String, RecordedGrids.Tree> old,
                       CommitHistory history, Map<String, List<FileSlice>> slicesOf, ColumnStatsBounds.FileStats stats,
                       List<String> columns) {
    this.grids = grids;
    this.old = old;
    this.history = history;
    this.slicesOf = slicesOf;
    this.stats = stats;
    this.columns = columns;
  }

  /** The table at {@code basePath}; {@link #grids} empty (and nothing else read) when no continuous clustering laid it out. */
  public static TableRegions read(JavaSparkContext jsc, String basePath) {
    HoodieTableMetaClient meta = TableClients.meta(jsc.hadoopConfiguration(), basePath);
    Map<String, RecordedGrids.Tree> grids = RecordedGrids.newest(meta);
    if (grids.isEmpty()) {
      return new TableRegions(grids, Map.of(), null, Map.of(), null, List.of());
    }
    HoodieWriteConfig config = HoodieWriteConfig.newBuilder().withPath(basePath)
        .forTable(meta.getTableConfig().getTableName()).build();
    CommitHistory history = CommitHistory.read(meta);
    Map<String, RecordedGrids.Tree> old = oldLayouts(grids, history);
    List<String> columns = columnsRead(grids, old);
    try (HoodieTableMetadata metadata = LatestSlices.reader(meta, config)) {
      Map<String, List<FileSlice>> slicesOf = LatestSlices.of(meta, metadata, grids.keySet(), false);
      List<Pair<String, String>> indexed = new ArrayList<>();
      for (String partition : grids.keySet()) {
        indexed.addAll(Regions.files(partition, slicesOf.get(partition)));
      }
      return new TableRegions(grids, old, history, slicesOf,
          ColumnStatsBounds.FileStats.read(metadata, indexed, columns), columns);
    } catch (Exception e) {
      throw e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e);
    }
  }

  /** Per partition moving to new sort columns, the newest tree on the columns it moves from, when on the timeline. */
  private static Map<String, RecordedGrids.Tree> oldLayouts(Map<String, RecordedGrids.Tree> grids,
                                                           CommitHistory history) {
    Map<String, RecordedGrids.Tree> old = new TreeMap<>();
    grids.forEach((partition, tree) -> {
      RecordedGrids.Tree from = tree.movingFrom.isEmpty() ? null
          : RecordedGrids.newestOn(history.replacesNewestFirst(), partition, tree.movingFrom);
      if (from != null) {
        old.put(partition, from);
      }
    });
    return old;
  }

  /** The columns the index is read on: each partition's tree's, then its old layout's, each once, in that order. */
  private static List<String> columnsRead(Map<String, RecordedGrids.Tree> grids, Map<String, RecordedGrids.Tree> old) {
    List<String> columns = new ArrayList<>();
    for (Map.Entry<String, RecordedGrids.Tree> grid : grids.entrySet()) {
      List<String> read = new ArrayList<>(grid.getValue().columns);
      if (old.containsKey(grid.getKey())) {
        read.addAll(old.get(grid.getKey()).columns);
      }
      for (String column : read) {
        if (!columns.contains(column)) {
          columns.add(column);
        }
      }
    }
    return columns;
  }

  /** The partition's files sorted by the regions of {@code tree}, its newest recorded tree. */
  public Regions onTree(String partition, RegionTree tree) {
    return Regions.of(tree, stats.restrictedTo(columns, grids.get(partition).columns), slicesOf.get(partition),
        history);
  }

  /** The newest tree on the columns {@code partition} is moving from, or null when it is not moving (or that tree is gone). */
  public RecordedGrids.Tree movingFrom(String partition) {
    return old.get(partition);
  }

  /** {@code files} sorted by the regions of {@code from}, an old layout's tree. */
  public Regions onOld(RecordedGrids.Tree from, List<FileSlice> files) {
    return Regions.of(RegionTree.parse(from.tree), stats.restrictedTo(columns, from.columns), files, history);
  }

  /** Bytes written into {@code partition} by writes on the active timeline. */
  public long ingested(String partition) {
    return history.ingested(partition);
  }

  /** Bytes written into {@code partition} by clusterings on the active timeline. */
  public long rewritten(String partition) {
    return history.rewritten(partition);
  }
}
